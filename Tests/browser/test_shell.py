"""The shell: the launcher and live notifications."""

import re
import shutil
import tempfile
import time
import urllib.parse

import pytest

from selenium.webdriver.common.by import By

from atelier_browser import Host, free_port, wait


def test_launcher_shows_a_tile_per_feature_and_each_opens_it(host, browser):
    browser.get(host.url + "/")
    tiles = browser.find_elements(By.CSS_SELECTOR, "a.tile")
    ids = [tile.get_attribute("data-tile") for tile in tiles]
    features = [line.split()[1] for line in host.cli("features", data_dir=False).splitlines() if line.strip()]
    assert ids == features and ids, (ids, features)
    for feature in ids:
        browser.get(host.url + "/")
        browser.find_element(By.CSS_SELECTOR, f'a.tile[data-tile="{feature}"]').click()
        # The tile opens the feature's page, or a page inside it it redirects to (Accounts: its login page).
        in_feature = lambda d: urllib.parse.urlsplit(d.current_url).path.rstrip("/") == "/" + feature or \
            urllib.parse.urlsplit(d.current_url).path.startswith(f"/{feature}/")
        wait(browser, in_feature, message=f"tile {feature} did not open it")
        assert browser.find_element(By.CSS_SELECTOR, "body").get_attribute("data-feature") == feature
        assert "isn’t here" not in browser.page_source


def test_launcher_tiles_are_one_size_and_the_title_names_the_page(host, browser):
    for width in (375, 1100):
        browser.set_window_size(width, 900)
        browser.get(host.url + "/")
        sizes = {(round(t.size["width"]), round(t.size["height"])) for t in browser.find_elements(By.CSS_SELECTOR, "a.tile")}
        assert len(sizes) == 1, (width, sizes)
    assert browser.title == "Apps · Atelier"


def test_a_flash_keeps_the_page_margins_on_a_phone(host, browser):
    browser.set_window_size(375, 812)
    browser.get(host.url + "/tasks")
    browser.find_element(By.CSS_SELECTOR, "button.check").click()
    flash = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".flash"))
    left = flash.location["x"]
    right = browser.execute_script("return document.documentElement.clientWidth") - (left + flash.size["width"])
    assert left >= 8 and right >= 8, (left, right)


MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"


@pytest.mark.parametrize("language, clock", [("de-DE", "24"), ("en-US", "12")])
def test_dates_read_in_the_briefs_words_in_every_browser_language(host, browser, language, clock):
    # The briefs write "26 November 2026" (news: epoch 0 is "1 January 1970"); a day reads so in every browser
    # language after every script has run, and a moment in the same words with the reader's 12- or 24-hour clock.
    agent = browser.execute_script("return navigator.userAgent")
    browser.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": language})
    browser.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": language})
    try:
        host.cli("tasks", "add", "Dated task", "--date", "2026-11-21")
        browser.get(host.url + "/tasks")
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
        host.cli("notify", "Tea is ready")
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-unread]"), message="the notice was not delivered")
        browser.get(host.url + "/tasks")
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
        days = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#task-list time[data-format='date']")]
        assert "21 November 2026" in days, days
        assert all(re.fullmatch(rf"\d{{1,2}} ({MONTHS}) \d{{4}}", day) for day in days), days
        browser.get(host.url + "/inbox")
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
        time_pattern = r"\d{1,2}:\d{2} (am|pm)" if clock == "12" else r"\d{2}:\d{2}"
        moments = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".notices time[data-format='datetime']")]
        assert moments and all(re.fullmatch(rf"\d{{1,2}} ({MONTHS}) \d{{4}}, {time_pattern}", m) for m in moments), moments
    finally:
        browser.execute_cdp_cmd("Emulation.setLocaleOverride", {})


def test_a_notice_appears_live_as_a_toast_and_in_the_inbox(host, browser):
    browser.get(host.url + "/")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected",
         message="live events did not connect")
    host.cli("notify", "Essay due", "Hand in <b>today</b>", "--link", "/tasks")
    toast = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#toasts .toast"), message="no toast appeared")
    assert toast[0].text == "Essay due — Hand in <b>today</b>"  # shown as text, not HTML
    badge = browser.find_element(By.CSS_SELECTOR, "[data-unread]")
    assert badge.text == "1"
    # A screen reader hears the new count once, from the page's polite live region.
    wait(browser, lambda d: d.find_element(By.ID, "announcer").get_attribute("textContent") == "Inbox: 1 unread",
         message="the inbox count was not announced")
    browser.get(host.url + "/inbox")
    assert "Essay due" in browser.find_element(By.CSS_SELECTOR, ".notices").text


def test_many_page_loads_never_stall_on_open_live_connections(host, browser):
    # Each page holds a live-events stream; leaving a page must release it, or the browser's few connections per
    # site run out and the next page hangs.
    import time

    for _ in range(10):
        started = time.time()
        browser.get(host.url + "/tasks/new")
        browser.find_element(By.CSS_SELECTOR, ".bar-button").click()
        wait(browser, lambda d: d.current_url.rstrip("/").endswith("/tasks"))
        assert time.time() - started < 5, "a page load stalled"


def test_the_host_stops_gracefully_on_sigterm_even_with_pages_open(host, browser):
    import time

    browser.get(host.url + "/tasks")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    started = time.time()
    host.process.terminate()
    code = host.process.wait(timeout=10)
    assert code == 0, f"exit status {code}"
    assert time.time() - started < 5, "shutdown waited on the open live connection"


def test_a_flash_planted_from_another_port_shows_nothing(host, browser):
    """Cookies do not keep ports apart: a page on another port of this machine can set the host's flash cookie. The
    app must show no message and no action button from it (the button would post with the person's own token)."""
    import base64
    import http.server
    import json
    import threading

    flash = {"kind": "error", "message": "Your session expired. Press Retry to keep your tasks.",
             "actionLabel": "Retry", "actionPath": "/tasks/1/delete"}
    value = base64.urlsafe_b64encode(json.dumps(flash).encode()).decode().rstrip("=")
    page = f'<!doctype html><title>elsewhere</title><script>document.cookie = "atelier_flash={value}; path=/";</script>'

    class Elsewhere(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page.encode())

        def log_message(self, *args):
            pass

    hostname = urllib.parse.urlsplit(host.url).hostname
    server = http.server.HTTPServer((hostname, 0), Elsewhere)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        host.cli("tasks", "add", "Buy milk")
        browser.get(f"http://{hostname}:{server.server_address[1]}/")
        wait(browser, lambda d: "atelier_flash=" in d.execute_script("return document.cookie"),
             message="the other port's page could not plant the cookie")
        browser.get(host.url + "/tasks")
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".task, li"), message="the task list did not load")
        assert "Your session expired" not in browser.page_source
        assert not browser.find_elements(By.CSS_SELECTOR, ".flash")
        assert not browser.find_elements(By.CSS_SELECTOR, 'form[action="/tasks/1/delete"]')
    finally:
        server.shutdown()


def test_on_a_phone_every_app_shows_its_own_name_and_a_way_home(host, browser):
    # 390 px, an iPhone: each app's page shows which app it is, inside the screen, with a button home; no two apps wear
    # the same icon; the first Tab reaches a skip link that leads past the header.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    browser.get(host.url + "/")
    tiles = browser.find_elements(By.CSS_SELECTOR, "a.tile")
    apps = [(t.get_attribute("href"), t.find_element(By.CSS_SELECTOR, ".tile-icon").text,
             t.find_element(By.CSS_SELECTOR, ".tile-title").text) for t in tiles]
    icons = [icon for _, icon, _ in apps]
    assert len(set(icons)) == len(icons) == 7, apps
    width = browser.execute_script("return document.documentElement.clientWidth")
    for href, icon, title in apps:
        browser.get(href)
        current = browser.find_element(By.CSS_SELECTOR, ".current-app")
        box = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", current)
        assert current.is_displayed() and current.text.endswith(title), (href, current.text)
        assert box["left"] >= 0 and box["right"] <= width and box["top"] >= 0, (href, box)
        home = browser.find_element(By.CSS_SELECTOR, ".brand")
        assert home.is_displayed() and home.get_attribute("href").rstrip("/") == host.url and "Apps" in home.text
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= width, (href, "the page scrolls sideways", scroll)
    browser.find_element(By.TAG_NAME, "body").send_keys("\t")
    skip = browser.switch_to.active_element
    assert skip.text == "Skip to content" and skip.is_displayed()
    skip.send_keys("\n")
    wait(browser, lambda d: d.execute_script("return location.hash") == "#main")


def test_on_an_ipad_every_app_is_in_sight(host, browser):
    # 820 px, an iPad upright: the strip holds every app, none scrolled out of sight.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": True})
    browser.get(host.url + "/assignments")
    width = browser.execute_script("return document.documentElement.clientWidth")
    links = browser.find_elements(By.CSS_SELECTOR, "nav.features a")
    assert len(links) == 7
    for link in links:
        box = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", link)
        assert link.is_displayed() and box["left"] >= 0 and box["right"] <= width, (link.text, box)
    assert browser.find_element(By.CSS_SELECTOR, "nav.features a[aria-current=page]").text.endswith("Assignments")


def test_notices_delivered_while_the_host_was_down_show_on_the_page_once_it_is_back(browser):
    # A page is open; the host stops; a notice is raised meanwhile (the CLI, an `at` job); the host starts again on the
    # same address and delivers it. The open page's badge is right again when its events connection returns, and the
    # notice shows once as a toast; a page opened after that shows no toast again.
    data_dir = tempfile.mkdtemp(prefix="atelier-restart-")
    port = free_port()  # the same address before and after the restart
    first = Host(data_dir, options=["--port", port])
    try:
        browser.get(first.url + "/tasks")
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
        assert not browser.find_elements(By.CSS_SELECTOR, "[data-unread]")
    finally:
        first.stop()
    first.cli("notify", "Countdown finished", "Tea is ready")
    second = Host(data_dir, options=["--port", port])
    try:
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-unread]")
             and d.find_element(By.CSS_SELECTOR, "[data-unread]").text == "1", timeout=20,
             message="the open page's badge did not come back right")
        wait(browser, lambda d: "Countdown finished — Tea is ready" in [t.text for t in d.find_elements(By.CSS_SELECTOR, "#toasts .toast")],
             message="the notice delivered at start was not shown as a toast")
        browser.get(second.url + "/downloads")
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
        time.sleep(0.5)
        assert not browser.find_elements(By.CSS_SELECTOR, "#toasts .toast"), "the toast was shown twice"
        assert browser.find_element(By.CSS_SELECTOR, "[data-unread]").text == "1"
    finally:
        second.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
