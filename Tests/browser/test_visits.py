"""A tap on a link to another Atelier page opens it in place (app-visit.js): no new document, the address, title,
history and the app's own files as a page load gives them, live updates for the page now shown, each app's script
working on a page it was not loaded with, Back and Forward where the page was, and the device's copy when the host
cannot be reached."""

import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from atelier_browser import axe_violations, tap, wait
from test_installable import controlled


def document_id(browser):
    return browser.execute_script("return performance.timeOrigin")


def visits(browser):
    return int(browser.execute_script("return document.documentElement.dataset.visits || '0'"))


def opened(browser, path, count):
    """Waits until the page at `path` is shown after `count` pages opened in place."""
    wait(browser, lambda d: d.current_url.split("#")[0].endswith(path) and visits(d) == count,
         message=f"{path} was not opened in place")


def connected(browser):
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")


def open_from_launcher(host, browser, path):
    """Opens the launcher, waits for its live stream, and taps the tile for `path`: the first page opened in place."""
    browser.get(host.url + "/")
    connected(browser)
    tap(browser, browser.find_element(By.CSS_SELECTOR, f'main a[href="{path}"]'))
    opened(browser, path, 1)


def first_in_sight(browser):
    """The first task row in sight, and where its top is on the screen."""
    return browser.execute_script(
        "var row = Array.from(document.querySelectorAll('#task-list > li[id]'))"
        ".find(r => r.getBoundingClientRect().bottom > 0);"
        "return row ? [row.id, Math.round(row.getBoundingClientRect().top)] : null")


def add_tasks(host, names):
    for name in names:
        request = urllib.request.Request(
            host.url + "/api/v1/tasks", method="POST", data=json.dumps({"name": name, "day": "2026-01-05"}).encode(),
            headers={"Content-Type": "application/json", "Authorization": "Bearer local"})
        urllib.request.urlopen(request, timeout=10).read()


def test_a_tile_opens_its_app_in_place_with_its_title_files_and_live_rows(host, browser):
    browser.get(host.url + "/")
    connected(browser)
    first = document_id(browser)
    tap(browser, browser.find_element(By.CSS_SELECTOR, 'main a[href="/tasks"]'))
    opened(browser, "/tasks", 1)
    assert document_id(browser) == first, "a new document was made"
    assert browser.title == "Tasks · Atelier"
    assert browser.find_element(By.CSS_SELECTOR, "main h1").text == "Tasks"
    # The app's own stylesheet is in force, the launcher's page is gone, the tab bar marks the app.
    assert browser.execute_script(
        "return Array.from(document.styleSheets).some(s => (s.href || '').indexOf('/static/tasks/') >= 0)")
    assert browser.find_element(By.CSS_SELECTOR, 'a.tab.active[data-feature-link="tasks"]')
    assert not browser.find_elements(By.CSS_SELECTOR, "main a.tile")
    # A task added by another client reaches the page now shown: its events are listened to.
    host.cli("tasks", "add", "Buy stamps")
    wait(browser, lambda d: "Buy stamps" in d.find_element(By.ID, "task-list").text,
         message="a change did not reach the page opened in place")
    assert axe_violations(browser) == []


def test_back_and_forward_open_their_pages_where_they_were_scrolled(host, browser):
    browser.set_window_size(390, 844)
    add_tasks(host, [f"Errand {index:02d}" for index in range(40)])
    open_from_launcher(host, browser, "/tasks")
    link = browser.find_element(By.XPATH, "//a[contains(., 'Errand 20')]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    scrolled = browser.execute_script("return window.scrollY")
    assert scrolled > 500, scrolled
    link.click()
    wait(browser, lambda d: "/tasks/" in d.current_url and visits(d) == 2, message="the task did not open in place")
    assert browser.execute_script("return window.scrollY") < 100, "the task's page did not open at its top"
    browser.back()
    opened(browser, "/tasks", 3)
    # Where the list was: the task tapped is in sight again, far down the list.
    in_sight = ("var link = Array.from(document.querySelectorAll('#task-list a')).find(a => a.textContent.indexOf("
                "'Errand 20') >= 0); var box = link && link.getBoundingClientRect();"
                "return !!box && box.top >= 0 && box.bottom <= window.innerHeight")
    wait(browser, lambda d: d.execute_script(in_sight) and d.execute_script("return window.scrollY") > scrolled / 2,
         message="Back did not come back where the list was")
    # And the focus is on the task it left by, as a screen reader's cursor would be.
    assert "Errand 20" in browser.execute_script("return document.activeElement.textContent")
    browser.back()
    opened(browser, "/", 4)
    assert browser.find_elements(By.CSS_SELECTOR, "main a.tile")
    browser.forward()
    opened(browser, "/tasks", 5)
    assert browser.title == "Tasks · Atelier"


def test_back_to_a_list_scrolled_past_its_first_page_brings_its_rows_and_the_place_again(host, browser):
    browser.set_window_size(390, 844)
    add_tasks(host, [f"Errand {index:02d}" for index in range(100)])
    open_from_launcher(host, browser, "/tasks")
    rows = "return document.querySelectorAll('#task-list .task-row').length"
    pages = "return document.getElementById('task-list').dataset.pages"
    assert browser.execute_script(rows) == 25
    # Scrolled on to the rows of the second and third pages ("Show more" as they come into view), then back up to
    # a task of the second page.
    for expected in (50, 75):
        browser.execute_script("document.getElementById('task-more').scrollIntoView()")
        wait(browser, lambda d: d.execute_script(rows) == expected, message=f"scrolling did not load {expected} rows")
    link = browser.find_element(By.XPATH, "//a[contains(., 'Errand 40')]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    left = first_in_sight(browser)
    assert browser.execute_script(rows) == 75 and browser.execute_script(pages) == "3"
    link.click()
    wait(browser, lambda d: "/tasks/" in d.current_url and visits(d) == 2, message="the task did not open in place")
    browser.back()
    opened(browser, "/tasks", 3)
    # The rows loaded before are there again, and the task tapped is in sight where it was.
    assert browser.execute_script(rows) == 75 and browser.execute_script(pages) == "3"
    in_sight = ("var link = Array.from(document.querySelectorAll('#task-list a')).find(a => a.textContent.indexOf("
                "'Errand 40') >= 0); var box = link && link.getBoundingClientRect();"
                "return !!box && box.top >= 0 && box.bottom <= window.innerHeight")
    wait(browser, lambda d: d.execute_script(in_sight), message="Back did not come back where the list was")
    assert first_in_sight(browser) == left
    # Scrolling on still brings the next rows, after the ones read again.
    browser.execute_script("document.getElementById('task-more').scrollIntoView()")
    wait(browser, lambda d: d.execute_script(rows) == 100, message="scrolling on did not load the next rows")


def test_an_apps_script_works_on_a_page_opened_in_place(host, browser):
    open_from_launcher(host, browser, "/signup")
    # The sign-up script, loaded for this page: a date that does not exist is said beside its field as it is left.
    field = browser.find_element(By.ID, "dateOfBirth")
    field.send_keys("31022000")
    assert field.get_attribute("value") == "31/02/2000", "the date did not format itself as typed"
    field.send_keys(Keys.TAB)
    wait(browser, lambda d: "That day does not exist" in d.find_element(By.ID, "dateOfBirth").find_element(
        By.XPATH, "ancestor::*[contains(@class, 'field')][1]").text, message="the field's problem was not said")
    # On to the countdown through the tab bar: its clock counts down, the Sign-up script's start does nothing there.
    tap(browser, browser.find_element(By.CSS_SELECTOR, 'a.tab[data-feature-link="countdown"]'))
    opened(browser, "/countdown", 2)
    assert not browser.execute_script(
        "return Array.from(document.styleSheets).some(s => (s.href || '').indexOf('/static/signup/') >= 0)"), \
        "the sign-up stylesheet stayed"
    host.cli("countdown", "start", "2m", "--label", "Tea", "--scheduler", "none")
    clock = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".countdown-row[data-deadline] .countdown-clock"))
    first = clock.text
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".countdown-row[data-deadline] .countdown-clock").text
         not in ("", first), timeout=5, message="the countdown's clock did not tick")
    # Back to the form, opened in place again: its script starts there again.
    browser.back()
    opened(browser, "/signup", 3)
    field = browser.find_element(By.ID, "dateOfBirth")
    assert field.get_attribute("value") == "31/02/2000", "what was typed was not kept"
    field.clear()
    field.send_keys("31122000")
    assert field.get_attribute("value") == "31/12/2000"


def test_a_visited_page_opened_in_place_with_the_host_gone_is_the_devices_copy(host, browser):
    host.cli("tasks", "add", "Water the plants")
    controlled(browser, host.url + "/")
    connected(browser)
    tap(browser, browser.find_element(By.CSS_SELECTOR, 'main a[href="/tasks"]'))
    opened(browser, "/tasks", 1)
    browser.back()
    opened(browser, "/", 2)
    host.stop()
    tap(browser, browser.find_element(By.CSS_SELECTOR, 'main a[href="/tasks"]'))
    mark = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-offline-mark]"), timeout=15)
    assert mark.text.startswith("Offline — showing what you saw at "), mark.text
    assert "Water the plants" in browser.find_element(By.ID, "main").text
    # A page never opened says so, from a load of its own.
    tap(browser, browser.find_element(By.CSS_SELECTOR, 'a.tab[data-feature-link="assignments"]'))
    wait(browser, lambda d: "You are offline" in d.find_element(By.TAG_NAME, "h1").text, timeout=15)


def test_its_own_tab_opens_a_page_afresh_in_the_same_entry_and_a_fragment_is_the_browsers(host, browser):
    open_from_launcher(host, browser, "/tasks")
    length = browser.execute_script("return history.length")
    host.cli("tasks", "add", "Post the letter")
    tap(browser, browser.find_element(By.CSS_SELECTOR, 'a.tab[data-feature-link="tasks"]'))
    opened(browser, "/tasks", 2)
    assert browser.execute_script("return history.length") == length, "the same page made a second history entry"
    # The skip link moves to the content; Back from it stays on this page, which is not read again.
    browser.execute_script("document.querySelector('.skip-link').click()")
    wait(browser, lambda d: d.current_url.endswith("/tasks#main"))
    browser.back()
    wait(browser, lambda d: d.current_url.endswith("/tasks"))
    browser.execute_script("return new Promise(r => setTimeout(r, 300))")
    assert visits(browser) == 2, "Back from #main read the page again"
    browser.back()
    opened(browser, "/", 3)


def test_back_forward_and_reload_keep_what_was_typed_and_where_the_page_was(host, browser):
    browser.set_window_size(390, 844)
    add_tasks(host, [f"Errand {index:02d}" for index in range(40)])
    open_from_launcher(host, browser, "/signup")
    browser.find_element(By.ID, "firstName").send_keys("Ada")
    tap(browser, browser.find_element(By.CSS_SELECTOR, 'a.tab[data-feature-link="tasks"]'))
    opened(browser, "/tasks", 2)
    browser.execute_script("window.scrollTo(0, 900)")
    wait(browser, lambda d: d.execute_script("return window.scrollY") == 900)
    left = first_in_sight(browser)
    browser.back()
    opened(browser, "/signup", 3)
    assert browser.find_element(By.ID, "firstName").get_attribute("value") == "Ada", "what was typed was lost"
    # Forward comes back where the list was left, and so does a reload of it.
    browser.forward()
    opened(browser, "/tasks", 4)
    # The same row at the same place on the screen (the rows above it are drawn only when seen, so the offset
    # alone would not say it).
    wait(browser, lambda d: first_in_sight(d) == left, message="Forward lost the scroll")
    browser.refresh()
    wait(browser, lambda d: first_in_sight(d) == left, message="a reload lost the scroll")
