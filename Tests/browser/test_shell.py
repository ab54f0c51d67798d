"""The shell: the launcher and live notifications."""

import re
import os
import shutil
import subprocess
import tempfile
import time
import urllib.parse

import pytest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from atelier_browser import Host, atelier_binary, free_port, wait


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


@pytest.mark.parametrize("language, twelve", [("en-US", True), ("de-DE", False)])
def test_every_time_reads_in_one_style_the_readers_clock(host, browser, language, twelve):
    # One clock across the host: an assignment's due date, a task's start (a day alone reads as the day), its end and
    # its own due date, a countdown's end, the news line, a toast and the inbox all write a time the same way, in the
    # reader's 12- or 24-hour convention; no sentence shows a raw moment.
    agent = browser.execute_script("return navigator.userAgent")
    browser.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": language})
    browser.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": language})
    clock = r"\d{1,2}:\d{2} (am|pm)" if twelve else r"\d{2}:\d{2}"
    moment = rf"\d{{1,2}} ({MONTHS}) \d{{4}}, {clock}"
    try:
        assignment = host.cli("assignments", "add", "--module", "Databases", "--level", "5", "--name", "Report",
                              "--value", "10", "--due", "2030-01-15T17:00").strip()
        host.cli("assignments", "task", "add", assignment, "--name", "Outline", "--start", "2029-12-01")
        host.cli("assignments", "task", "add", assignment, "--name", "Write", "--start", "2029-12-02T09:30",
                 "--end", "2029-12-03T17:45", "--due", "2029-12-04T18:00")
        host.cli("countdown", "start", "25m", "--label", "Tea", "--scheduler", "none")
        browser.get(host.url + f"/assignments/{assignment}")
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
        task_lines = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".task-row .row-sub")]
        assert "from 1 December 2029 · not given" in task_lines, task_lines
        write = next(line for line in task_lines if line.startswith("from 2 December"))
        assert re.fullmatch(rf"from {moment} · until {moment} · due {moment}", write), write
        times = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "main time[data-format='datetime']")]
        assert times and all(re.fullmatch(moment, t) for t in times), times
        assert "⟦" not in browser.find_element(By.TAG_NAME, "body").text
        browser.get(host.url + "/countdown")
        sub = browser.find_element(By.CSS_SELECTOR, "[data-countdown-sub]").text
        assert re.fullmatch(rf"25 min · ends at {clock}", sub), sub
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
        host.cli("notify", "Reminder: Report", "Due ⟦2030-01-15T17:00:00Z⟧ · 40% done")
        # Read once it has faded in (an element still transparent reads as no text).
        toast = wait(browser, lambda d: [t.text for t in d.find_elements(By.CSS_SELECTOR, "#toasts .toast") if t.text],
                     message="no toast")
        assert re.fullmatch(rf"Reminder: Report — Due {moment} · 40% done", toast[0]), toast[0]
        browser.get(host.url + "/inbox")
        body = browser.find_element(By.CSS_SELECTOR, "#notices .row-sub").text
        assert re.fullmatch(rf"Due {moment} · 40% done", body), body
    finally:
        browser.execute_cdp_cmd("Emulation.setLocaleOverride", {})


def test_the_cli_writes_times_in_the_briefs_words_in_the_machines_clock(host):
    host.cli("assignments", "add", "--module", "Databases", "--level", "5", "--name", "Report", "--value", "10",
             "--due", "2030-01-15T17:00")
    for lang, expected in (("en_US.UTF-8", "15 January 2030, 5:00 pm"), ("C.UTF-8", "15 January 2030, 17:00")):
        listed = subprocess.run([atelier_binary(), "assignments", "list", "--data-dir", host.data_dir],
                                capture_output=True, text=True, env=dict(os.environ, LANG=lang, LC_ALL="", LC_TIME=""))
        assert expected in listed.stdout and "2030-01-15T17:00" not in listed.stdout, (lang, listed.stdout)
    listed = subprocess.run([atelier_binary(), "assignments", "list", "--json", "--data-dir", host.data_dir],
                            capture_output=True, text=True)
    assert '"due" : "2030-01-15T17:00"' in listed.stdout or '"due":"2030-01-15T17:00"' in listed.stdout, listed.stdout


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


def device(browser, width, height):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def box(browser, element):
    return browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", element)


def test_on_a_phone_every_app_is_one_tap_away_in_the_tab_bar(host, browser):
    # 390 x 844, an iPhone: a tab bar at the foot of every screen holds every app and the inbox (with its badge), each
    # tab at least 44 pt and inside the screen, the current one marked; the bar at the top names the current app; the
    # tab bar covers nothing at the end of a page; one tap on a tab opens its app. No two apps wear the same icon; the
    # first Tab reaches a skip link that leads past the header.
    host.cli("notify", "Essay due", "Hand it in")
    device(browser, 390, 844)
    browser.get(host.url + "/")
    tiles = browser.find_elements(By.CSS_SELECTOR, "a.tile")
    apps = [(t.get_attribute("data-tile"), t.find_element(By.CSS_SELECTOR, ".tile-icon").text,
             t.find_element(By.CSS_SELECTOR, ".tile-title").text) for t in tiles]
    icons = [icon for _, icon, _ in apps]
    assert len(set(icons)) == len(icons) == 7, apps
    width = browser.execute_script("return document.documentElement.clientWidth")
    for feature, icon, title in apps:
        browser.get(host.url + "/" + feature)
        bar = browser.find_element(By.CSS_SELECTOR, "nav.features")
        bar_box = box(browser, bar)
        assert abs(bar_box["bottom"] - 844) <= 1 and bar_box["left"] == 0 and bar_box["right"] == width, (feature, bar_box)
        tabs = bar.find_elements(By.CSS_SELECTOR, "a.tab")
        assert [t.get_attribute("data-feature-link") for t in tabs] == [f for f, _, _ in apps] + ["inbox"]
        for tab in tabs:
            tab_box = box(browser, tab)
            assert tab.is_displayed() and tab_box["width"] >= 44 and tab_box["height"] >= 44, (feature, tab_box)
            assert tab_box["left"] >= 0 and tab_box["right"] <= width, (feature, tab_box)
        current = bar.find_elements(By.CSS_SELECTOR, "a.tab[aria-current=page]")
        assert [c.get_attribute("data-feature-link") for c in current] == [feature]
        title_box = box(browser, browser.find_element(By.CSS_SELECTOR, ".current-app"))
        assert browser.find_element(By.CSS_SELECTOR, ".current-app").get_attribute("textContent") == title
        assert title_box["top"] >= 0 and title_box["bottom"] <= 60, (feature, title_box)
        assert bar.find_element(By.CSS_SELECTOR, ".inbox-link [data-unread]").text == "1"
        # The end of the page scrolls clear of the tab bar.
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        last = browser.execute_script(
            "var all = document.querySelectorAll('main *'); for (var i = all.length - 1; i >= 0; i--) {"
            " var r = all[i].getBoundingClientRect(); if (r.height > 0 && all[i].offsetParent) return r.bottom; } return 0")
        assert last <= bar_box["top"] + 1, (feature, "the tab bar covers the end of the page", last, bar_box)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width, (feature, "scrolls sideways")
    # One tap from an app to another.
    browser.find_element(By.CSS_SELECTOR, 'nav.features a[data-feature-link="news"]').click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-feature") == "news")
    browser.find_element(By.CSS_SELECTOR, "nav.features a.inbox-link").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".current-app").get_attribute("textContent") == "Inbox")
    # The large title, as on iOS: at the top the page's own title names it and the bar does not repeat it; scrolled
    # under the bar, the bar names it.
    for index in range(30):
        host.cli("tasks", "add", f"Task {index}")
    browser.get(host.url + "/tasks")
    wait(browser, lambda d: d.execute_script("return document.documentElement.classList.contains('large-title')"))
    wait(browser, lambda d: d.execute_script("return getComputedStyle(document.querySelector('.current-app')).opacity") == "0")
    browser.execute_script("window.scrollTo(0, 600)")
    wait(browser, lambda d: d.execute_script("return getComputedStyle(document.querySelector('.current-app')).opacity") == "1",
         message="the bar did not name the app once its title scrolled away")
    browser.find_element(By.TAG_NAME, "body").send_keys("\t")
    skip = browser.switch_to.active_element
    assert skip.text == "Skip to content" and skip.is_displayed()
    skip.send_keys("\n")
    wait(browser, lambda d: d.execute_script("return location.hash") == "#main")


@pytest.mark.parametrize("width,height", [(820, 1180), (1180, 820)])
def test_on_an_ipad_every_app_is_in_sight_with_its_name_and_the_header_is_one_row(host, browser, width, height):
    # Upright, the tab bar at the foot names every app; sideways, the header's strip holds them all in one row.
    device(browser, width, height)
    browser.get(host.url + "/assignments")
    header = box(browser, browser.find_element(By.CSS_SELECTOR, ".topbar"))
    assert header["height"] <= 61, header
    tabs = browser.find_elements(By.CSS_SELECTOR, "nav.features a.tab")
    assert len(tabs) == 8
    rows = set()
    for tab in tabs:
        tab_box = box(browser, tab)
        label = tab.find_element(By.CSS_SELECTOR, ".tab-label")
        assert tab.is_displayed() and label.is_displayed() and tab_box["left"] >= 0 and tab_box["right"] <= width, \
            (tab.text, tab_box)
        rows.add(round(tab_box["top"]))
    assert len(rows) == 1, rows
    assert browser.find_element(By.CSS_SELECTOR, "nav.features a[aria-current=page]").text.endswith("Assignments")


def test_a_toast_never_stands_between_a_person_and_a_control(host, browser):
    # Two notices arrive while an iPad's task list is open: every control on the screen still takes its tap, the one
    # under a toast included, and a toast the pointer comes near steps back.
    device(browser, 820, 1180)
    for index in range(12):
        host.cli("tasks", "add", f"Task {index}")
    browser.get(host.url + "/tasks")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    host.cli("notify", "Countdown finished", "Tea is ready")
    host.cli("notify", "Reminder", "Hand in the essay")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#toasts .toast")) == 2, message="no toasts")
    browser.execute_script("window.scrollTo(0, 240)")  # rows under the toasts
    toasts = [box(browser, t) for t in browser.find_elements(By.CSS_SELECTOR, "#toasts .toast")]
    blocked = browser.execute_script("""
        var out = [], header = document.querySelector('.topbar').getBoundingClientRect().bottom;
        var bar = document.querySelector('nav.features').getBoundingClientRect().top;
        document.querySelectorAll('main a, main button:not([tabindex="-1"])').forEach(function (el) {
          var r = el.getBoundingClientRect();
          var x = r.left + r.width / 2, y = r.top + r.height / 2;
          if (!r.width || y < header || y > bar) return;
          var hit = document.elementFromPoint(x, y);
          if (!hit || !(hit === el || el.contains(hit))) out.push(el.outerHTML.slice(0, 80));
        });
        return out;""")
    assert blocked == [], blocked
    under = browser.execute_script("""
        var t = document.querySelector('#toasts .toast').getBoundingClientRect();
        return Array.from(document.querySelectorAll('main a, main button')).filter(function (a) {
          var r = a.getBoundingClientRect(); return r.top < t.bottom && r.bottom > t.top; }).length""")
    assert under > 0, ("no control under the toasts to prove it", toasts)
    toast = browser.find_element(By.CSS_SELECTOR, "#toasts .toast")
    ActionChains(browser).move_to_element(toast).perform()
    wait(browser, lambda d: "yielding" in toast.get_attribute("class"), message="the toast did not step back")


def test_an_ipad_split_view_scrolls_its_list_and_its_detail_each_on_its_own(host, browser):
    assignment = None
    for index in range(30):
        assignment = host.cli("assignments", "add", "--module", "Module", "--level", "4", "--name", f"Filler {index}",
                              "--value", "1", "--due", f"2031-01-{1 + index % 28:02d}T10:00").strip()
    for index in range(12):
        host.cli("assignments", "task", "add", assignment, "--name", f"Step {index}", "--start", "2030-12-01", "--days", "1")
    device(browser, 820, 1180)
    browser.get(host.url + f"/assignments/{assignment}")
    master = browser.find_element(By.ID, "master")
    detail = browser.find_element(By.CSS_SELECTOR, "section.detail")
    first_row = box(browser, browser.find_element(By.CSS_SELECTOR, ".assignment-row"))
    assert browser.execute_script("return arguments[0].scrollHeight > arguments[0].clientHeight", detail), "no scroll"
    browser.execute_script("arguments[0].scrollTop = 600", detail)
    time.sleep(0.2)
    assert browser.execute_script("return window.scrollY") == 0
    assert box(browser, browser.find_element(By.CSS_SELECTOR, ".assignment-row"))["top"] == first_row["top"], \
        "the list moved with the detail"
    browser.execute_script("arguments[0].scrollTop = 400", master)
    time.sleep(0.2)
    assert browser.execute_script("return arguments[0].scrollTop", detail) >= 590, "the detail moved with the list"
    # Neither pane runs under the tab bar.
    bar = box(browser, browser.find_element(By.CSS_SELECTOR, "nav.features"))
    assert box(browser, detail)["bottom"] <= bar["top"] + 1 and box(browser, master)["bottom"] <= bar["top"] + 1


def test_a_form_on_a_phone_is_a_sheet_with_one_bar_and_its_caret_after_the_text(host, browser):
    device(browser, 390, 844)
    browser.get(host.url + "/tasks/1")
    assert not browser.find_element(By.CSS_SELECTOR, ".topbar").is_displayed()
    bar = box(browser, browser.find_element(By.CSS_SELECTOR, ".form-bar"))
    assert bar["top"] == 0 and bar["height"] <= 60, bar
    name = browser.find_element(By.ID, "name")
    assert browser.switch_to.active_element == name
    wait(browser, lambda d: d.execute_script(
        "var f = document.getElementById('name'); return f.selectionStart === f.value.length && f.value.length > 0"),
        message="the caret is not after the name")
    first_field = box(browser, browser.find_element(By.CSS_SELECTOR, "main .card"))
    assert first_field["top"] <= 80, ("chrome above the form", first_field)


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
