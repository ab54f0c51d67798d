"""The news reader in a real browser, fetching from a feed server on loopback: list → story → back → Reload, the
designer's typography as computed by the browser, the dates, the analytics hits, and axe-core at two widths."""

import http.cookiejar
import http.server
import json
import re
import shutil
import tempfile
import threading
import time
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from atelier_browser import Host, axe_violations, wait

FEED = {
    "headlines": [
        {"headline": "Older story", "updated": 1546300800, "introduction": "From the first day of 2019."},
        {"headline": "Leap day <b>story</b>", "updated": 951782400, "introduction": "An introduction.", "extra": 1},
        {"headline": "Newest story", "updated": 1700000000, "introduction": "The most recent one."},
    ],
    "ignored": True,
}


class FeedServer:
    """Serves /feed.json and records every request (the analytics hits among them)."""

    def __init__(self):
        self.hits = []
        self.delay = 0
        self.feed = json.dumps(FEED).encode()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                server.hits.append(self.path)
                if self.path.startswith("/feed.json"):
                    time.sleep(server.delay)
                body = server.feed if self.path.startswith("/feed.json") else b"ok"
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def analytics(self):
        return [dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(p).query)) for p in self.hits if p.startswith("/analytics")]

    def stop(self):
        self.httpd.shutdown()


@pytest.fixture
def news():
    feed = FeedServer()
    data_dir = tempfile.mkdtemp(prefix="atelier-news-")
    # The host runs on Los Angeles time, where each of the feed's dates is still the day before at 00:00 UTC: the
    # dates shown must be UTC's whatever the machine's zone.
    host = Host(data_dir, options=[
        "--news-feed", feed.url + "/feed.json",
        "--news-analytics", feed.url + "/analytics",
        "--news-refresh-minutes", "0",
    ], env={"TZ": "America/Los_Angeles"})
    yield host, feed
    host.stop()
    feed.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


def style(browser, selector, prop):
    element = browser.find_element(By.CSS_SELECTOR, selector)
    return browser.execute_script("return getComputedStyle(arguments[0]).getPropertyValue(arguments[1])", element, prop)


def test_list_story_back_and_reload(news, browser):
    host, feed = news
    browser.get(host.url + "/news")
    assert "No headlines yet." in browser.find_element(By.CSS_SELECTOR, ".news-status").text
    assert axe_violations(browser) == []

    browser.find_element(By.CSS_SELECTOR, "#news-reload button").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 3, message="headlines not listed")
    titles = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".news-row .news-headline")]
    assert titles == ["Newest story", "Older story", "Leap day <b>story</b>"]
    # Dates read as the brief writes them ("1 January 1970"), after the page's script, in any browser language.
    dates = [(e.get_attribute("datetime"), e.text) for e in browser.find_elements(By.CSS_SELECTOR, ".news-row .news-date")]
    assert [day for day, _ in dates] == ["2023-11-14", "2019-01-01", "2000-02-29"]
    assert [text for _, text in dates] == ["14 November 2023", "1 January 2019", "29 February 2000"], dates

    # The designer's typography, as the browser computes it (light mode).
    assert style(browser, ".news-row .news-headline", "color") == "rgb(0, 0, 0)"
    assert style(browser, ".news-row .news-headline", "font-weight") == "700"
    assert style(browser, ".news-row .news-date", "color") == "rgb(61, 61, 61)"
    assert style(browser, ".news-row .news-date", "font-weight") == "300"
    assert "system-ui" in style(browser, ".news-row .news-headline", "font-family")
    assert float(style(browser, ".news-row .news-headline", "font-size").rstrip("px")) > float(
        style(browser, ".news-row .news-date", "font-size").rstrip("px"))
    assert axe_violations(browser) == []

    browser.find_elements(By.CSS_SELECTOR, ".news-row a")[2].click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "article.news-article"), message="story not shown")
    assert browser.find_element(By.CSS_SELECTOR, "h1.news-headline").text == "Leap day <b>story</b>"
    assert browser.find_element(By.CSS_SELECTOR, ".news-article .news-date").text == "29 February 2000"
    assert browser.find_element(By.CSS_SELECTOR, ".news-intro").text == "An introduction."
    assert style(browser, "h1.news-headline", "color") == "rgb(0, 0, 0)"
    assert style(browser, "h1.news-headline", "font-weight") == "700"
    assert style(browser, ".news-intro", "color") == "rgb(0, 0, 0)"
    assert style(browser, ".news-intro", "font-weight") == "400"
    assert axe_violations(browser) == []

    lists_shown = lambda: sum(1 for h in feed.analytics() if h.get("screen") == "headlines")
    wait(browser, lambda d: any(h.get("screen") == "article" for h in feed.analytics()), message="no article display hit")
    before = lists_shown()
    browser.back()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 3, message="back did not list")
    # The list shown again by Back (from the page cache or loaded anew) is a screen shown: one more display hit.
    wait(browser, lambda d: lists_shown() == before + 1,
         message=f"no display hit for the list shown by Back: {feed.analytics()}")
    browser.find_element(By.CSS_SELECTOR, "#news-reload button").click()
    wait(browser, lambda d: "up to date" in d.page_source, message="no reload message")

    # Analytics: one load per fetch (two Reloads), and a display for each screen shown, with its time.
    def hits():
        return feed.analytics()
    wait(browser, lambda d: sum(1 for h in hits() if h.get("event") == "load") == 2, message=f"load hits: {hits()}")
    wait(browser, lambda d: any(h.get("screen") == "article" for h in hits()), message=f"display hits: {hits()}")
    displays = [h for h in hits() if h.get("event") == "display"]
    assert {h["screen"] for h in displays} == {"headlines", "article"}
    assert all(h["time"].isdigit() and int(h["time"]) < 60000 for h in displays)
    assert all(list(h.keys()) == ["event", "time", "screen"] for h in displays)


def test_touch_targets_sizes_and_both_colour_schemes(news, browser):
    host, _ = news
    host.cli("news", "headlines", "--refresh", "--feed", news[1].url + "/feed.json", "--analytics", "off")
    browser.set_window_size(375, 812)
    browser.get(host.url + "/news")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 3, message="CLI refresh not shown")
    def targets_are_big_enough(selector):
        for element in browser.find_elements(By.CSS_SELECTOR, selector):
            if element.is_displayed():
                size = element.size
                assert size["height"] >= 44 and size["width"] >= 44, (element.text, size)

    targets_are_big_enough(".news a, .news button")
    assert axe_violations(browser) == []
    # The story at phone width: its Back button is a full target, and the date and introduction are at the body's
    # normal size (the headline alone is large).
    story = browser.find_element(By.CSS_SELECTOR, ".news-row a").get_attribute("href")
    browser.get(story)
    targets_are_big_enough(".news-article a, .news-article button")
    normal = browser.execute_script("return getComputedStyle(document.body).fontSize")
    assert style(browser, ".news-article .news-date", "font-size") == normal
    assert style(browser, ".news-intro", "font-size") == normal
    assert float(style(browser, "h1.news-headline", "font-size").rstrip("px")) > float(normal.rstrip("px"))
    assert axe_violations(browser) == []
    # Dark mode, at phone width and at desktop width, on both screens.
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    for width, height in ((375, 812), (1100, 900)):
        browser.set_window_size(width, height)
        browser.get(host.url + "/news")
        assert browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        assert axe_violations(browser) == []
        browser.get(story)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "article.news-article"), message="story not shown")
        assert axe_violations(browser) == []


def test_a_live_update_adds_the_new_story_and_keeps_focus(news, browser):
    host, feed = news
    browser.get(host.url + "/news")
    browser.find_element(By.CSS_SELECTOR, "#news-reload button").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 3, message="headlines not listed")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected",
         message="live stream not connected")
    link = browser.find_elements(By.CSS_SELECTOR, ".news-row a")[1]
    href = link.get_attribute("href")
    browser.execute_script("arguments[0].focus()", link)
    browser.execute_script("document.querySelectorAll('.news-row').forEach(function (row) { row.keptNode = true; })")

    # Another process (the CLI) fetches a feed with one more story: the open page shows it without a reload.
    updated = dict(FEED, headlines=[{"headline": "Breaking", "updated": 1800000000, "introduction": "New."}] + FEED["headlines"])
    feed.feed = json.dumps(updated).encode()
    host.cli("news", "headlines", "--refresh", "--feed", feed.url + "/feed.json", "--analytics", "off")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 4, message="live update did not arrive")
    assert browser.find_elements(By.CSS_SELECTOR, ".news-row .news-headline")[0].text == "Breaking"
    assert browser.execute_script("return document.activeElement.href") == href
    # Updated in place: the new story is inserted; the three that did not change are the same nodes as before.
    kept = browser.execute_script("return Array.from(document.querySelectorAll('.news-row')).map(function (r) { return r.keptNode === true; })")
    assert kept == [False, True, True, True]

    # A story above the focused one leaves the feed: only its row is taken out; no other row is moved or replaced
    # (a moved node would lose focus), and the focus never leaves the link.
    browser.execute_script(
        "window.rowsTakenOut = []; new MutationObserver(function (changes) { changes.forEach(function (c) {"
        " c.removedNodes.forEach(function (n) { if (n.classList && n.classList.contains('news-row')) window.rowsTakenOut.push(n.textContent); });"
        " }); }).observe(document.querySelector('.news-list'), { childList: true });"
        "document.activeElement.addEventListener('blur', function () { window.focusLost = true; });")
    updated["headlines"] = [h for h in updated["headlines"] if h["headline"] != "Newest story"]
    feed.feed = json.dumps(updated).encode()
    host.cli("news", "headlines", "--refresh", "--feed", feed.url + "/feed.json", "--analytics", "off")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 3, message="removal did not arrive")
    assert [r.strip() for r in browser.execute_script("return window.rowsTakenOut")] == ["Newest story14 November 2023"]
    assert browser.execute_script("return window.focusLost === undefined")
    assert browser.execute_script("return document.activeElement.href") == href


def test_pull_to_refresh_reloads_on_a_touch_screen(news, browser):
    host, feed = news
    browser.set_window_size(375, 812)
    browser.get(host.url + "/news")
    fetches = lambda: sum(1 for p in feed.hits if p.startswith("/feed.json"))
    assert fetches() == 0
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})

    def touch(kind, y):
        points = [] if kind == "touchEnd" else [{"x": 180, "y": y}]
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    # A short pull shows the hint and does nothing.
    touch("touchStart", 150)
    touch("touchMove", 190)
    assert browser.find_element(By.ID, "news-pull").is_displayed()
    touch("touchEnd", 190)
    assert not browser.find_element(By.ID, "news-pull").is_displayed()
    assert fetches() == 0
    # A pull past 80 px asks to be released, and releasing reloads the headlines from the feed.
    touch("touchStart", 150)
    for y in (190, 230, 260):
        touch("touchMove", y)
    assert browser.find_element(By.ID, "news-pull").text == "Release to reload"
    touch("touchEnd", 260)
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 3, message="pull did not reload")
    assert fetches() == 1
    assert "Headlines updated: 3 new." in browser.find_element(By.TAG_NAME, "body").text


def test_reload_shows_it_is_working_and_a_second_tap_joins_it(news, browser):
    host, feed = news
    browser.get(host.url + "/news")
    # What each submit would do is recorded at the window, after the page's own handlers, and the navigation held
    # back there, so the page stays to be looked at (a real Reload leaves it for the answer).
    gone = browser.execute_script(
        "window.submits = [];"
        "window.addEventListener('submit', function (e) { window.submits.push(!e.defaultPrevented); e.preventDefault(); });"
        "var form = document.getElementById('news-reload');"
        "form.requestSubmit(); form.requestSubmit();"
        "return window.submits;")
    assert gone == [True, False], "a second tap while the first works must join it, not send another"
    wait(browser, lambda d: not d.find_element(By.CSS_SELECTOR, "#news-reload button").is_enabled())
    button = browser.find_element(By.CSS_SELECTOR, "#news-reload button")
    assert button.get_attribute("aria-busy") == "true" and button.text == "Reloading…"
    # The shell's spinner on every button that waits.
    assert browser.execute_script("return getComputedStyle(arguments[0], '::after').content", button) != "none"
    # A real Reload ends on the list with its answer, the button ready again.
    browser.get(host.url + "/news")
    browser.find_element(By.CSS_SELECTOR, "#news-reload button").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 3, message="the reload did not finish")
    assert browser.find_element(By.CSS_SELECTOR, "#news-reload button").get_attribute("aria-busy") is None
    wait(browser, lambda d: d.switch_to.active_element.text == "Reload", message="focus did not come back to Reload")


def test_back_to_headlines_returns_to_the_story_left_scrolled_and_focused(news, browser):
    host, feed = news
    feed.feed = json.dumps({"headlines": [
        {"headline": f"Story {n}", "updated": 1_700_000_000 - n * 86_400, "introduction": f"Introduction {n}."}
        for n in range(40)]}).encode()
    host.cli("news", "headlines", "--refresh", "--feed", feed.url + "/feed.json", "--analytics", "off")
    browser.set_window_size(390, 700)
    browser.get(host.url + "/news")
    link = browser.find_elements(By.CSS_SELECTOR, ".news-row .news-link")[30]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    assert (scrolled := browser.execute_script("return window.scrollY")) > 500
    link.click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "article.news-article"), message="story not shown")
    browser.find_element(By.CSS_SELECTOR, ".news-back a").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".news-row"), message="Back to headlines did not list")
    wait(browser, lambda d: d.execute_script("return document.activeElement.textContent").strip().startswith("Story 30"),
         message="the focus is not on the story left")
    assert abs(browser.execute_script("return window.scrollY") - scrolled) < 100


@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Asia/Kolkata", "UTC"])
def test_dates_are_utc_whatever_the_machine_zone(zone):
    # The fixture's host runs on Los Angeles time (UTC-8); these are ahead of UTC, where 1700000000 (22:13 UTC on
    # 14 November 2023) is already the 15th.
    feed = FeedServer()
    data_dir = tempfile.mkdtemp(prefix="atelier-news-zone-")
    host = Host(data_dir, options=["--news-analytics", "off", "--news-refresh-minutes", "0"], env={"TZ": zone})
    try:
        host.cli("news", "headlines", "--refresh", "--feed", feed.url + "/feed.json", "--analytics", "off")
        with urllib.request.urlopen(host.url + "/news", timeout=10) as response:
            page = response.read().decode("utf-8")
        dates = re.findall(r'<time class="news-date" datetime="([0-9-]+)" data-format="date">([^<]+)</time>', page)
        assert dates == [
            ("2023-11-14", "14 November 2023"),
            ("2019-01-01", "1 January 2019"),
            ("2000-02-29", "29 February 2000"),
        ]
    finally:
        host.stop()
        feed.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_shutdown_does_not_wait_for_a_reload_in_flight():
    # A Reload is waiting on a feed that answers in 8 seconds when the host is told to stop: the host stops the fetch
    # and exits at once, instead of waiting for the fetch's 10-second deadline.
    feed = FeedServer()
    feed.delay = 8
    data_dir = tempfile.mkdtemp(prefix="atelier-news-stop-")
    host = Host(data_dir, options=["--news-feed", feed.url + "/feed.json", "--news-analytics", "off", "--news-refresh-minutes", "0"])
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        page = opener.open(host.url + "/news", timeout=10).read().decode("utf-8")
        token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page).group(1)
        reload = threading.Thread(target=lambda: _quietly(lambda: opener.open(
            host.url + "/news/reload", data=urllib.parse.urlencode({"_csrf": token}).encode(), timeout=30)))
        reload.start()
        deadline = time.time() + 5
        while not any(p.startswith("/feed.json") for p in feed.hits) and time.time() < deadline:
            time.sleep(0.05)
        assert feed.hits, "the Reload did not start a fetch"
        started = time.time()
        host.process.terminate()
        host.process.wait(timeout=15)
        assert time.time() - started < 3, f"the host took {time.time() - started:.1f} s to stop"
        reload.join(timeout=15)
    finally:
        host.stop()
        feed.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def _quietly(action):
    try:
        action()
    except Exception:
        pass


def test_on_a_phone_what_reload_found_is_in_sight(news, browser):
    # After Reload the page comes back at Reload, and its result ("Headlines are up to date.") shows where a person
    # sees it: inside the screen, under nothing — not behind the header or the tab bar.
    host, _ = news
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    browser.get(host.url + "/news")
    browser.find_element(By.CSS_SELECTOR, "#news-reload button").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".flash"), message="Reload said nothing")
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    time.sleep(0.3)  # the browser's scroll to #news-reload
    flash = browser.find_element(By.CSS_SELECTOR, ".flash")
    assert flash.text.startswith("Headlines "), flash.text
    shown = browser.execute_script("""
        var r = arguments[0].getBoundingClientRect();
        var header = document.querySelector('.topbar').getBoundingClientRect().bottom;
        var bar = document.querySelector('nav.features').getBoundingClientRect().top;
        var style = getComputedStyle(arguments[0]);
        return r.top >= header && r.bottom <= bar && style.visibility === "visible" && parseFloat(style.opacity) > 0.9 &&
          parseInt(style.zIndex, 10) > 20;""", flash)
    assert shown, "the result of Reload is hidden"


def test_searching_the_headlines_filters_them_as_it_is_typed(news, browser):
    host, _ = news
    browser.get(host.url + "/news")
    browser.find_element(By.CSS_SELECTOR, "#news-reload button").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".news-row")) == 3, message="no headlines")
    field = browser.find_element(By.CSS_SELECTOR, "input[type=search][data-search]")
    field.send_keys("LEAP")
    wait(browser, lambda d: [r.text.split("\n")[0] for r in d.find_elements(By.CSS_SELECTOR, ".news-row")] == ["Leap day <b>story</b>"],
         message="the headlines were not filtered")
    field.send_keys(" nothing")
    wait(browser, lambda d: "No stories match “LEAP nothing”." in d.find_element(By.ID, "news-live").text)
    field.clear()
    field.send_keys("first day")  # in an introduction
    wait(browser, lambda d: [r.text.split("\n")[0] for r in d.find_elements(By.CSS_SELECTOR, ".news-row")] == ["Older story"])
