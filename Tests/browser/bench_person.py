"""What a person waits for, measured in headless Chromium at iPhone size (390x844, touch) against a real host:
`Scripts/bench-person` runs it against the debug and the release build. Prints one line per figure:

    bench person-tap app=tasks build=debug p50_ms=… p95_ms=…          a tap until the next page has loaded
    bench person-live source=api gap_s=0.2 build=debug p50_ms=… p95_ms=…  a change until it is on an open page
    bench person-burst tasks=1000 build=debug reads=… last_ms=…     a script's burst: the page's reads, the last row's wait
    bench person-idle build=debug reads_per_s=… syscalls_per_s=…    an idle host with no page open, over 30 s
    bench person-offline build=debug p50_ms=… p95_ms=…              a visited page opened with the host stopped

A tap is timed from the tap to the new page's `loadEventEnd` (the navigation's own clock, which starts at the tap);
a change from just before it is made (the API request sent, the CLI started) until the page shows it (a
MutationObserver in the page notes the moment)."""

import argparse
import http.server
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import atelier_browser  # noqa: E402

TASKS = 300
ASSIGNMENTS = 30
ROUNDS = 10
# A tap is cheap to repeat: 30 of each, so that p95 is the 29th of 30 rather than (with 10) the slowest one.
TAP_ROUNDS = 30


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def figures(values):
    return f"p50_ms={statistics.median(values):.0f} p95_ms={percentile(values, 0.95):.0f}"


class Feed(http.server.BaseHTTPRequestHandler):
    body = json.dumps({"headlines": [
        {"headline": f"Story {i}: a headline of ordinary length", "updated": 1_800_000_000 - i * 3600,
         "introduction": "An introductory paragraph. It says what the story is about."} for i in range(40)]}).encode()

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args):
        pass


def api(host, method, path, body=None):
    request = urllib.request.Request(
        host.url + "/api/v1" + path, method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", "Authorization": "Bearer local"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


def seed(host):
    for i in range(TASKS):
        api(host, "POST", "/tasks", {"name": f"Task {i} with a name of ordinary length",
                                     "day": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}"})
    for i in range(ASSIGNMENTS):
        api(host, "POST", "/assignments", {"module": f"Module {i % 6}", "level": 4 + i % 4, "name": f"Essay {i}",
                                           "value": 20, "due": f"2027-{1 + i % 12:02d}-{1 + i % 28:02d}T17:00"})
    api(host, "POST", "/news/refresh")


def phone():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True, "mobile": True}})
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")),
                              options=options)
    driver.set_page_load_timeout(30)
    return driver


def loaded(driver):
    """Waits for the page to have loaded and the service worker to control it; returns the navigation's timing."""
    deadline = time.time() + 20
    while time.time() < deadline:
        timing = driver.execute_script(
            "var n = performance.getEntriesByType('navigation')[0];"
            "return n && n.loadEventEnd > 0 ? n.loadEventEnd : null")
        if timing:
            return timing
        time.sleep(0.01)
    raise RuntimeError("page did not load: " + driver.current_url)


def controlled(driver):
    deadline = time.time() + 20
    while time.time() < deadline:
        if driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
            return
        time.sleep(0.05)
    raise RuntimeError("the service worker never took the page")


SHOWN = """var v = window.Atelier && window.Atelier.lastVisit;
return [performance.timeOrigin, document.documentElement.dataset.visits || '0',
        v ? v.shown - v.started : null]"""


def tap(driver, selector):
    """Taps the first element matching `selector` (scrolled into view) and waits for the page it opens; returns the
    milliseconds from the tap until it is shown: for a page opened in place (app-visit.js), the click event's moment
    to the first frame drawn after the new page was put in place; for a page the browser loads, the navigation's
    start to loadEventEnd."""
    origin, visits, _ = driver.execute_script(SHOWN)
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    deadline = time.time() + 20
    while True:
        now_origin, now_visits, shown = driver.execute_script(SHOWN)
        if now_origin != origin:
            return loaded(driver)
        if now_visits != visits and shown is not None:
            return shown
        if time.time() > deadline:
            raise RuntimeError(f"tapping {selector} opened nothing")
        time.sleep(0.005)


def bench_taps(host, driver, build):
    driver.get(host.url + "/")
    loaded(driver)
    controlled(driver)
    tiles = driver.execute_script(
        "return Array.from(document.querySelectorAll('main a.tile[data-tile]'))"
        ".map(function (a) { return a.getAttribute('href'); })")
    tiles = list(dict.fromkeys(tiles))
    # Every page visited once, so what a person who has used the app has is there (the shell, each app's files).
    for path in tiles:
        driver.get(host.url + path)
        loaded(driver)
    for path in tiles:
        times = []
        for _ in range(TAP_ROUNDS):
            driver.get(host.url + "/")
            loaded(driver)
            times.append(tap(driver, f'main a[href="{path}"]'))
        print(f"bench person-tap app={path.strip('/')} build={build} {figures(times)}", flush=True)
    inside = [("task-edit", "/tasks", "#task-list li[id^=task-] a[href^='/tasks/']"),
              ("news-story", "/news", "main a[href^='/news/']"),
              ("assignment-detail", "/assignments", "#assignment-list a[href*='selected='], #assignment-list a[href^='/assignments/']")]
    for name, page, selector in inside:
        times = []
        for _ in range(TAP_ROUNDS):
            driver.get(host.url + page)
            loaded(driver)
            times.append(tap(driver, selector))
        print(f"bench person-tap app={name} build={build} {figures(times)}", flush=True)


# Notes, in the page, when a row or toast holding a text first shows.
WATCH = """
window.benchSeen = window.benchSeen || {};
if (!window.benchObserver) {
  window.benchObserver = new MutationObserver(function () {
    (window.benchWanted || []).forEach(function (text) {
      if (window.benchSeen[text]) return;
      var where = document.querySelectorAll('#task-list li, #toasts .toast');
      for (var i = 0; i < where.length; i++) {
        if (where[i].textContent.indexOf(text) >= 0) { window.benchSeen[text] = Date.now(); return; }
      }
    });
  });
  window.benchObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
}
"""


def shown(driver, text, timeout=20):
    driver.execute_script(WATCH + "window.benchWanted = (window.benchWanted || []).concat([arguments[0]]);", text)
    deadline = time.time() + timeout
    while time.time() < deadline:
        seen = driver.execute_script("return window.benchSeen[arguments[0]] || null", text)
        if seen:
            return seen / 1000
        time.sleep(0.005)
    raise RuntimeError(f"{text!r} never showed on the page")


def change(host, source, text):
    # Sorted to the top of the list (its first page is 25 rows): each source's tasks on a day later than those before.
    if source == "api":
        api(host, "POST", "/tasks", {"name": text, "day": "2030-01-01"})
    elif source == "cli":
        host.cli("tasks", "add", text, "--date", "2031-01-01")
    else:
        host.cli("notify", text)


def bench_live(host, driver, build):
    driver.get(host.url + "/tasks")
    loaded(driver)
    time.sleep(1)
    for source in ("api", "cli", "notice"):
        for gap in (10, 1, 0.2):
            times = []
            for i in range(ROUNDS):
                time.sleep(gap)
                text = f"{source} change {gap} {i} {time.time():.3f}"
                driver.execute_script(WATCH + "window.benchWanted = (window.benchWanted || []).concat([arguments[0]]);", text)
                start = time.time()
                change(host, source, text)
                times.append((shown(driver, text) - start) * 1000)
            print(f"bench person-live source={source} gap_s={gap} build={build} {figures(times)}", flush=True)


def bench_burst(host, driver, build):
    """A script adds a thousand tasks, one API request each: how many times the open page reads its list meanwhile, and
    how long after the last was added it is on the page."""
    driver.get(host.url + "/tasks")
    loaded(driver)
    time.sleep(1)
    driver.execute_script(WATCH + """
      window.benchReads = 0;
      if (!window.benchFetch) {
        window.benchFetch = window.fetch;
        window.fetch = function (address) {
          if (String(address).indexOf('/tasks/rows') >= 0) window.benchReads += 1;
          return window.benchFetch.apply(this, arguments);
        };
      }""")
    last = None
    for i in range(1000):
        last = f"burst task {999 - i:03d}"  # each sorts before the last, so every add changes the first page
        start = time.time()
        api(host, "POST", "/tasks", {"name": last, "day": "2032-01-01"})
    waited = (shown(driver, last) - start) * 1000
    time.sleep(1)
    reads = driver.execute_script("return window.benchReads")
    print(f"bench person-burst tasks=1000 build={build} reads={reads} last_ms={waited:.0f}", flush=True)


def transactions(statements):
    """How many times the databases were read or written: each BEGIN … COMMIT once, each statement outside one once."""
    count, open_ = 0, set()
    for line in statements:
        database, _, sql = line.partition("\t")
        if sql.startswith("BEGIN"):
            open_.add(database)
            count += 1
        elif sql.startswith(("COMMIT", "ROLLBACK")):
            open_.discard(database)
        elif database not in open_:
            count += 1
    return count


def bench_idle(binary, build, seconds=30):
    """A host with every feature and no page open: how many times a second its databases are read (a transaction, or a
    statement outside one; the host logs each statement when ATELIER_STATEMENT_LOG is set) and how many statements
    that is, and, where strace is at hand, how many system calls its threads make."""
    data = tempfile.mkdtemp(prefix="atelier-idle-")
    log = os.path.join(data, "statements.log")
    os.environ["ATELIER_STATEMENT_LOG"] = log
    try:
        host = atelier_browser.Host(data, options=["--countdown-scheduler", "none"])
    finally:
        del os.environ["ATELIER_STATEMENT_LOG"]
    try:
        time.sleep(5)  # what starting does (migrations, the first catch-up) is over
        before = sum(1 for _ in open(log))
        syscalls = None
        if shutil.which("strace"):
            threads = [argument for tid in os.listdir(f"/proc/{host.process.pid}/task") for argument in ("-p", tid)]
            trace = subprocess.run(["timeout", "-s", "INT", str(seconds), "strace", "-f", "-c", *threads],
                                   capture_output=True, text=True)
            total = [line for line in trace.stderr.splitlines() if line.strip().endswith("total")]
            syscalls = int(total[0].split()[2]) if total else None
        else:
            time.sleep(seconds)
        lines = open(log).read().splitlines()[before:]
        reads = transactions(lines) / seconds
        extra = f" syscalls_per_s={syscalls / seconds:.1f}" if syscalls is not None else ""
        print(f"bench person-idle build={build} seconds={seconds} reads_per_s={reads:.2f} "
              f"statements_per_s={len(lines) / seconds:.2f}{extra}", flush=True)
        for line in lines:
            print(f"  statement: {line}", flush=True)
    finally:
        host.stop()
        shutil.rmtree(data, ignore_errors=True)


def bench_offline(host, driver, build):
    for path in ("/tasks", "/news", "/assignments"):
        driver.get(host.url + path)
        loaded(driver)
    controlled(driver)
    host.stop()
    times = []
    for i in range(ROUNDS):
        path = ("/tasks", "/news", "/assignments")[i % 3]
        driver.get(host.url + path)
        times.append(loaded(driver))
        assert driver.find_elements(By.CSS_SELECTOR, "[data-offline-mark]"), "the page was not the kept copy"
    print(f"bench person-offline build={build} {figures(times)}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--only", default="tap,live,burst,idle,offline")
    arguments = parser.parse_args()
    os.environ["ATELIER_BIN"] = arguments.bin
    only = arguments.only.split(",")
    if "idle" in only:
        bench_idle(arguments.bin, arguments.build)
    feed = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Feed)
    threading.Thread(target=feed.serve_forever, daemon=True).start()
    data = tempfile.mkdtemp(prefix="atelier-person-")
    host = atelier_browser.Host(data, options=[
        "--news-feed", f"http://127.0.0.1:{feed.server_address[1]}/feed.json", "--news-analytics", "off",
        "--news-refresh-minutes", "0", "--countdown-scheduler", "none"])
    driver = phone()
    try:
        seed(host)
        if "tap" in only:
            bench_taps(host, driver, arguments.build)
        if "live" in only:
            bench_live(host, driver, arguments.build)
        if "burst" in only:
            bench_burst(host, driver, arguments.build)
        if "offline" in only:
            bench_offline(host, driver, arguments.build)
    finally:
        driver.quit()
        host.stop()
        feed.shutdown()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
