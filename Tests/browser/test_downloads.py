"""The downloader in a real browser: start downloads from the page, watch progress live, cancel one, let one
finish, open the viewer, and check that a downloaded page's script is shown as text and never runs."""

import http.server
import shutil
import signal
import subprocess
import tempfile
import threading
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from atelier_browser import Host, atelier_binary, tap, wait

PAGE = (
    b"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Browser Test Page</title></head>"
    b"<body><h1>Hello from loopback</h1><p>Some words.</p></body></html>"
)
SCRIPT_PAGE = (
    b"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Scripted</title></head><body>"
    b"<h1>Has a script</h1><script>window.__pwned = true; document.title = 'pwned';</script>"
    b"<img src='/pixel.png' onerror='window.__pwned = true'><p>Plain words.</p></body></html>"
)


RANGED_SIZE = 100 * 1024


def ranged_byte(offset):
    return 65 + offset % 26


RANGED = bytes(ranged_byte(offset) for offset in range(RANGED_SIZE))


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    requests = []  # (path, Range header or None), in the order they came

    def log_message(self, *args):
        pass

    def do_GET(self):
        Handler.requests.append((self.path, self.headers.get("Range")))
        if self.path.startswith("/ranged-slow"):
            # 100 KB, 1 KB every 50 ms (about five seconds), with an ETag, honouring `Range: bytes=N-`.
            start = 0
            wanted = self.headers.get("Range")
            if wanted and wanted.startswith("bytes=") and self.headers.get("If-Range") in (None, '"ranged-slow"'):
                start = int(wanted[6:].split("-")[0])
            self.send_response(206 if start else 200)
            self.send_header("Content-Type", "text/html")
            self.send_header("ETag", '"ranged-slow"')
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Content-Length", str(RANGED_SIZE - start))
            if start:
                self.send_header("Content-Range", f"bytes {start}-{RANGED_SIZE - 1}/{RANGED_SIZE}")
            self.end_headers()
            try:
                for offset in range(start, RANGED_SIZE, 1024):
                    self.wfile.write(RANGED[offset:offset + 1024])
                    self.wfile.flush()
                    time.sleep(0.05)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif self.path == "/page.html":
            self.send_body(PAGE)
        elif self.path == "/moved":
            self.send_response(301)
            self.send_header("Location", "/page.html")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/script.html":
            self.send_body(SCRIPT_PAGE)
        elif self.path.startswith("/slow"):
            # 200 chunks of 1 KB, 50 ms apart: about ten seconds, with a known total.
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(200 * 1024))
            self.end_headers()
            try:
                for _ in range(200):
                    self.wfile.write(b"x" * 1024)
                    self.wfile.flush()
                    time.sleep(0.05)
            except (BrokenPipeError, ConnectionResetError):
                pass
        else:
            self.send_error(404)

    def send_body(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def origin():
    Handler.requests = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def start(browser, url):
    field = browser.find_element(By.ID, "url")
    field.clear()
    field.send_keys(url)
    browser.find_element(By.ID, "start").click()


def row_for(browser, url):
    # A downloading row is written again with each step of progress: a row read mid-update is read again.
    for _ in range(50):
        try:
            for element in browser.find_elements(By.CSS_SELECTOR, "#download-list .download-row"):
                if element.find_element(By.CSS_SELECTOR, ".download-url").get_attribute("title") == url:
                    return element
            break
        except StaleElementReferenceException:
            time.sleep(0.02)
    raise AssertionError(f"no row for {url}")


def in_row(browser, url, selector, read=lambda element: element.text):
    """What `read` finds in the row for `url`'s element `selector`, read again if the row was written again meanwhile."""
    return wait(browser, lambda d: (read(row_for(d, url).find_element(By.CSS_SELECTOR, selector)),))[0]


def state(browser, url):
    return row_for(browser, url).find_element(By.CSS_SELECTOR, ".download-state").text


def test_start_progress_cancel_complete_and_view(host, browser, origin):
    browser.get(host.url + "/downloads")
    slow = origin + "/slow"
    start(browser, slow)
    wait(browser, lambda d: state(d, slow) == "Downloading", message="the slow download did not start")

    # Progress arrives live: the bytes line changes without a reload and the bar moves.
    first = in_row(browser, slow, ".download-bytes")
    wait(browser, lambda d: row_for(d, slow).find_element(By.CSS_SELECTOR, ".download-bytes").text != first,
         message="progress did not update")
    assert "of 205 KB" in in_row(browser, slow, ".download-bytes")
    value = in_row(browser, slow, "progress", lambda element: element.get_attribute("value"))
    wait(browser, lambda d: row_for(d, slow).find_element(By.CSS_SELECTOR, "progress").get_attribute("value") != value,
         message="the progress bar did not move")

    row_for(browser, slow).find_element(By.CSS_SELECTOR, ".download-cancel").click()
    wait(browser, lambda d: state(d, slow) == "Cancelled", message="the row never said Cancelled")

    page = origin + "/page.html"
    start(browser, page)
    wait(browser, lambda d: state(d, page) == "Completed", message="the page never completed")
    row_for(browser, page).find_element(By.CSS_SELECTOR, "a.download-url").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".viewer-title").text == "Browser Test Page")
    source = browser.find_element(By.ID, "source").text
    assert "<title>Browser Test Page</title>" in source
    assert "Hello from loopback" in browser.find_element(By.CSS_SELECTOR, ".readable-text").text


def test_on_a_phone_a_row_reads_on_one_line_with_its_progress_across_and_the_flash_fades(host, browser, origin):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        browser.get(host.url + "/downloads")
        slow = origin + "/slow?" + "long-query-part=" + "x" * 60
        start(browser, slow)
        wait(browser, lambda d: state(d, slow) == "Downloading", message="the slow download did not start")

        def layout(d):
            row = row_for(d, slow)
            address = row.find_element(By.CSS_SELECTOR, ".download-url")
            return d.execute_script(
                "var row = arguments[0], address = arguments[1];"
                "return {height: address.getBoundingClientRect().height,"
                " line: parseFloat(getComputedStyle(address).lineHeight),"
                " host: address.querySelector('.url-host').textContent,"
                " bar: row.querySelector('progress').getBoundingClientRect().width,"
                " row: row.getBoundingClientRect().width}", row, address)

        measured = wait(browser, layout)
        assert measured["height"] <= measured["line"] + 2, "the address wraps onto more lines"
        assert measured["host"] == origin
        assert measured["bar"] >= 0.5 * measured["row"], measured
        flash = browser.find_element(By.CSS_SELECTOR, ".flash")
        assert "Started" in flash.text
        # Nothing, not even the flash quoting the long address, makes the page wider than the phone.
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".flash"), timeout=12, message="the flash never left")
        wait(browser, lambda d: row_for(d, slow).find_element(By.CSS_SELECTOR, ".download-cancel").click() or True)
        wait(browser, lambda d: state(d, slow) == "Cancelled", message="the row never said Cancelled")
        page = origin + "/page.html"
        start(browser, page)
        wait(browser, lambda d: state(d, page) == "Completed", message="the page never completed")
        assert row_for(browser, page).find_element(By.CSS_SELECTOR, ".download-retry").text == "Download again"
        assert row_for(browser, slow).find_element(By.CSS_SELECTOR, ".download-retry").text == "Retry"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_non_http_address_is_refused_at_the_field(host, browser):
    browser.get(host.url + "/downloads")
    start(browser, "ftp://example.com/file")
    error = wait(browser, lambda d: d.find_element(By.ID, "url-error"))
    assert "Only http and https" in error.text
    assert not browser.find_elements(By.CSS_SELECTOR, "#download-list .download-row")


def test_a_downloaded_script_is_text_and_never_runs(host, browser, origin):
    browser.get(host.url + "/downloads")
    scripted = origin + "/script.html"
    start(browser, scripted)
    wait(browser, lambda d: state(d, scripted) == "Completed", message="the scripted page never completed")
    row_for(browser, scripted).find_element(By.CSS_SELECTOR, "a.download-url").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".viewer-title").text == "Scripted")
    assert "window.__pwned = true" in browser.find_element(By.ID, "source").text
    time.sleep(0.5)
    assert browser.execute_script("return window.__pwned === undefined")
    assert browser.title != "pwned"
    assert not browser.find_elements(By.CSS_SELECTOR, "img[src='/pixel.png']")
    assert not browser.find_elements(By.CSS_SELECTOR, "article.viewer script")


def test_a_download_from_the_cli_shows_up_live_in_the_open_page(host, browser, origin):
    browser.get(host.url + "/downloads")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    page = origin + "/page.html"
    output = host.cli("download", page)
    assert "Completed" in output or "100%" in output, output
    wait(browser, lambda d: state(d, page) == "Completed", message="the CLI's download never appeared in the page")


def test_a_finished_download_is_announced_on_any_open_page(host, browser, origin):
    # Started here, then the person moves on to the task list: the completion toast reaches that page too.
    browser.get(host.url + "/downloads")
    slow = origin + "/slow"
    start(browser, slow)
    wait(browser, lambda d: state(d, slow) == "Downloading", message="the slow download did not start")
    browser.get(host.url + "/tasks")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    # The notice "Download finished" (which also reaches the inbox and subscribed devices) is the one toast.
    toast = wait(browser, lambda d: "Download finished" in d.find_element(By.ID, "toasts").text and d.find_element(By.ID, "toasts").text,
                 timeout=30, message="no toast on the task list when the download finished")
    assert slow.split("://", 1)[1] in toast
    time.sleep(1)
    assert [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#toasts .toast")] == [f"Download finished — {slow.split('://', 1)[1]}"]


def test_the_whole_row_opens_the_viewer_and_a_queued_row_stands_still(host, browser, origin):
    browser.get(host.url + "/downloads")
    page = origin + "/page.html"
    start(browser, page)
    wait(browser, lambda d: state(d, page) == "Completed", message="the page never completed")
    # A click on the row's status, away from the address text, opens the viewer (a click at that point, as a person's
    # would be: the address link covers the row).
    ActionChains(browser).move_to_element(row_for(browser, page).find_element(By.CSS_SELECTOR, ".download-state")).click().perform()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".viewer-title"), message="the row did not open the viewer")
    # Two slow downloads from one server: the second waits for a slot (two per server) — the third is queued.
    browser.get(host.url + "/downloads")
    urls = [origin + f"/slow?{number}" for number in range(3)]
    for url in urls:
        start(browser, url)
        # Start loads the page again: wait for it (and the new row) before typing the next address.
        wait(browser, lambda d, url=url: row_for(d, url) and d.find_element(By.ID, "url"), message=f"{url} was not added")
    wait(browser, lambda d: state(d, urls[2]) == "Queued", message="the third download was not queued")
    queued = row_for(browser, urls[2])
    assert not queued.find_elements(By.CSS_SELECTOR, "progress")
    assert "Waiting for a free slot" in queued.text


def start_cli_download(data_dir, url):
    return subprocess.Popen([atelier_binary(), "download", url, "--data-dir", data_dir],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def test_a_cli_download_killed_mid_transfer_shows_interrupted_within_5_s_and_resumes(host, browser, origin):
    browser.get(host.url + "/downloads")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    url = origin + "/ranged-slow"
    cli = start_cli_download(host.data_dir, url)
    try:
        wait(browser, lambda d: state(d, url) == "Downloading", message="the CLI's download did not show")
        time.sleep(1)  # some bytes on disk
        cli.send_signal(signal.SIGKILL)
        cli.wait()
        killed = time.monotonic()
        wait(browser, lambda d: state(d, url) == "Interrupted", timeout=8, message="the row never said Interrupted")
        assert time.monotonic() - killed < 5, time.monotonic() - killed
    finally:
        if cli.poll() is None:
            cli.kill()
    row = row_for(browser, url)
    row.find_element(By.CSS_SELECTOR, ".download-retry").click()
    wait(browser, lambda d: state(d, url) == "Completed", timeout=20, message="Resume did not complete the download")
    # The resume asked only for the bytes still missing.
    ranges = [wanted for path, wanted in Handler.requests if path == "/ranged-slow"]
    assert len(ranges) == 2 and ranges[0] is None and ranges[1].startswith("bytes=") and ranges[1] != "bytes=0-", ranges
    assert "100 KB" in row_for(browser, url).text or "102 KB" in row_for(browser, url).text, row_for(browser, url).text


def test_a_host_started_during_a_cli_download_leaves_it_to_the_cli(browser, origin):
    data_dir = tempfile.mkdtemp(prefix="atelier-owner-")
    url = origin + "/ranged-slow"
    cli = start_cli_download(data_dir, url)
    host = None
    try:
        time.sleep(1.5)  # the CLI's download is under way
        host = Host(data_dir)
        browser.get(host.url + "/downloads")
        wait(browser, lambda d: state(d, url) in ("Downloading", "Completed"), message="the CLI's download did not show")
        assert cli.wait(timeout=30) == 0, cli.stderr.read()
        wait(browser, lambda d: state(d, url) == "Completed", message="the page did not show the CLI's download done")
        time.sleep(1)
        # One GET for the one byte range: the host did not fetch the download the CLI was running.
        assert [request for request in Handler.requests if request[0] == "/ranged-slow"] == [("/ranged-slow", None)]
    finally:
        if cli.poll() is None:
            cli.kill()
        if host:
            host.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_download_reads_one_address_and_its_kind_and_a_remove_offers_undo(host, browser, origin):
    # On a phone: a redirected download shows the address it was read from in its row and its viewer alike; the
    # messages quote addresses whole, short enough for the screen; the list stands apart from the form; after Start
    # focus is on no button (a stray Enter must not cancel); the row says what kind of file it is, never a media type;
    # Remove offers Undo, which puts the download and its file back.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    browser.get(host.url + "/downloads")
    moved, final = origin + "/moved", origin + "/page.html"
    start(browser, moved)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#download-list .download-row"), message="no row")
    assert browser.switch_to.active_element.tag_name != "button", "focus is on a button after Start"
    flash = browser.find_element(By.CSS_SELECTOR, ".flash")
    assert flash.text.startswith("Started downloading 127.0.0.1:"), flash.text
    lines = browser.execute_script(
        "var s = arguments[0].querySelector('span'); return Math.round(s.getBoundingClientRect().height / "
        "parseFloat(getComputedStyle(s).lineHeight))", flash)
    assert lines == 1, "the message breaks the address"
    form = browser.find_element(By.CSS_SELECTOR, "form.download-form").rect
    listed = browser.find_element(By.ID, "download-list").rect
    assert listed["y"] - (form["y"] + form["height"]) >= 12, "the list touches the form"
    wait(browser, lambda d: state(d, final) == "Completed", message="the redirected download did not complete")
    row = row_for(browser, final)
    assert row.find_element(By.CSS_SELECTOR, ".download-bytes").text.endswith(" · Web page")
    assert "text/html" not in browser.find_element(By.ID, "main").text
    browser.get(row.find_element(By.CSS_SELECTOR, "a.download-url").get_attribute("href"))
    assert final in browser.find_element(By.ID, "main").text and moved not in browser.find_element(By.ID, "main").text
    browser.back()
    tap(browser, row_for(browser, final).find_element(By.CSS_SELECTOR, ".download-remove"))
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#download-list .download-row"), message="not removed")
    undo = browser.find_element(By.XPATH, "//div[contains(@class, 'flash')]//button[normalize-space()='Undo']")
    tap(browser, undo)
    wait(browser, lambda d: state(d, final) == "Completed", message="Undo did not put the download back")
    browser.get(row_for(browser, final).find_element(By.CSS_SELECTOR, "a.download-url").get_attribute("href"))
    assert browser.find_element(By.CSS_SELECTOR, ".viewer-title").text == "Browser Test Page", "the file did not come back"
