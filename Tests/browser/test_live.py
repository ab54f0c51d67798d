"""One change feed, seen from open pages: a change made elsewhere — another browser, a script through the JSON API —
is on an open page at once, the page reading just the rows it names; changes that come close together are never held
back behind one another."""

import json
import time
import urllib.request

from selenium.webdriver.common.by import By

from atelier_browser import new_browser, wait

# Notes, in the page, every address it fetches and when each task name first shows.
WATCH = """
window.reads = [];
var original = window.fetch;
window.fetch = function (address) { window.reads.push(String(address)); return original.apply(this, arguments); };
window.shownAt = {};
new MutationObserver(function () {
  document.querySelectorAll('#task-list .task-name').forEach(function (name) {
    var text = name.textContent.trim();
    if (!(text in window.shownAt)) window.shownAt[text] = Date.now();
  });
}).observe(document.body, { childList: true, subtree: true, characterData: true });
"""


def live(driver, url):
    driver.get(url)
    wait(driver, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    time.sleep(0.5)  # the whole read every page makes once its stream is open is over
    driver.execute_script(WATCH)


def add(host, name, day="2031-01-01"):
    request = urllib.request.Request(
        host.url + "/api/v1/tasks", method="POST", data=json.dumps({"name": name, "day": day}).encode(),
        headers={"Content-Type": "application/json", "Authorization": "Bearer local"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())["id"]


def test_another_browsers_tick_shows_on_an_open_page_which_reads_that_row_alone(host, browser):
    other = new_browser()
    try:
        live(browser, host.url + "/tasks")
        other.get(host.url + "/tasks")
        first = other.find_element(By.CSS_SELECTOR, "#task-list .task-row")
        task_id = first.get_attribute("data-task-id")
        name = first.find_element(By.CSS_SELECTOR, ".task-name").text
        other.execute_script("arguments[0].scrollIntoView({block: 'center'})", first)
        first.find_element(By.CSS_SELECTOR, ".check").click()
        wait(browser, lambda d: "done" in d.find_element(By.ID, f"task-{task_id}").get_attribute("class"),
             timeout=5, message=f"{name} was not shown done on the other page")
        reads = [r for r in browser.execute_script("return window.reads") if "/tasks/rows" in r]
        assert reads and all(f"ids={task_id}" in r for r in reads), reads
        # The row moved below the open tasks, as a fresh page would show it.
        order = [e.get_attribute("id") for e in browser.find_elements(By.CSS_SELECTOR, "#task-list > li[id^=task-]")]
        browser.refresh()
        assert order == [e.get_attribute("id") for e in browser.find_elements(By.CSS_SELECTOR, "#task-list > li[id^=task-]")]
    finally:
        other.quit()


def test_changes_close_together_each_show_at_once_never_held_back(host, browser):
    live(browser, host.url + "/tasks")
    waits = []
    for index in range(8):
        name = f"Quick change {index}"
        made = time.time()
        add(host, name)
        wait(browser, lambda d: d.execute_script("return window.shownAt[arguments[0]] || null", name),
             timeout=10, message=f"{name} never showed")
        shown = browser.execute_script("return window.shownAt[arguments[0]]", name) / 1000
        waits.append(shown - made)
        time.sleep(0.2)
    # Each is on the page well within a second (a page that held changes back waited up to 5 s).
    assert max(waits) < 1.0, [f"{w:.2f}" for w in waits]
    reads = [r for r in browser.execute_script("return window.reads") if "/tasks/rows" in r]
    assert all("ids=" in r for r in reads), reads
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#task-list .task-name")]
    assert names[:8] == [f"Quick change {index}" for index in range(8)][::-1] or \
        sorted(names[:8]) == sorted(f"Quick change {index}" for index in range(8)), names[:10]
