"""The task list in a real browser: add, sort, swipe or tick to complete, edit, persist, and stay safe."""

import datetime
import time

from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from atelier_browser import wait


def names(browser):
    # The list may be refreshed live at any moment; read it again if it was replaced mid-read.
    for _ in range(20):
        try:
            return [element.text for element in browser.find_elements(By.CSS_SELECTOR, "#task-list .task-name")]
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise AssertionError("the list kept changing")


def row(browser, name):
    for element in browser.find_elements(By.CSS_SELECTOR, "#task-list .task-row"):
        if element.find_element(By.CSS_SELECTOR, ".task-name").text == name:
            return element
    raise AssertionError(f"no row named {name!r} in {names(browser)}")


def set_date(browser, iso):
    field = browser.find_element(By.ID, "day")
    browser.execute_script("arguments[0].value = arguments[1]", field, iso)


def add_task(browser, host, name, iso):
    browser.get(host.url + "/tasks")
    browser.find_element(By.CSS_SELECTOR, "a.add-button").click()
    wait(browser, lambda d: d.current_url.endswith("/tasks/new"))
    browser.find_element(By.ID, "name").send_keys(name)
    set_date(browser, iso)
    browser.find_element(By.CSS_SELECTOR, ".form-bar button[type=submit]").click()
    wait(browser, lambda d: name in names(d), message=f"{name} was not added")


def background(element):
    content = element.find_element(By.CSS_SELECTOR, ".swipe-content")
    return content.value_of_css_property("background-color")


def test_the_launch_screen_shows_once_per_launch_never_on_a_switch_between_apps(host, browser):
    browser.get(host.url + "/tasks")
    screen = browser.find_elements(By.CSS_SELECTOR, ".launch-screen")
    assert screen and "Made by the Atelier team" in screen[0].get_attribute("textContent")
    browser.find_element(By.CSS_SELECTOR, 'nav.features a[data-feature-link="downloads"]').click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-feature") == "downloads")
    browser.find_element(By.CSS_SELECTOR, 'nav.features a[data-feature-link="tasks"]').click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-feature") == "tasks")
    assert not browser.find_elements(By.CSS_SELECTOR, ".launch-screen"), "the launch screen came back on a switch"


def test_add_sort_complete_edit_and_persist(host, browser):
    browser.get(host.url + "/")
    browser.find_element(By.CSS_SELECTOR, 'a.tile[data-tile="tasks"]').click()
    wait(browser, lambda d: len(names(d)) == 5, message="example tasks missing")
    assert browser.find_elements(By.CSS_SELECTOR, ".launch-screen"), "the launch screen was not shown"

    future = (datetime.date.today() + datetime.timedelta(days=400)).isoformat()
    add_task(browser, host, "Write the report", future)
    assert names(browser)[0] == "Write the report"  # most recent date on top
    open_background = background(row(browser, "Write the report"))

    # Swipe right-to-left to reveal the toggle, then press it.
    target = row(browser, "Write the report")
    ActionChains(browser).click_and_hold(target.find_element(By.CSS_SELECTOR, ".row-meta")).move_by_offset(-60, 0) \
        .move_by_offset(-100, 0).release().perform()
    wait(browser, lambda d: "swiped" in row(d, "Write the report").get_attribute("class"), message="swipe did not open")
    row(browser, "Write the report").find_element(By.CSS_SELECTOR, ".swipe-toggle").click()
    wait(browser, lambda d: row(d, "Write the report").get_attribute("data-done") == "true", message="not marked done")
    done_names = [n for n in names(browser)]
    open_count = len([e for e in browser.find_elements(By.CSS_SELECTOR, "#task-list .task-row") if e.get_attribute("data-done") == "false"])
    assert done_names.index("Write the report") >= open_count, "a done task must sit below every open task"
    assert background(row(browser, "Write the report")) != open_background, "the done colour did not change"

    # The visible circle does the same for mouse and keyboard users: mark it not done again.
    row(browser, "Write the report").find_element(By.CSS_SELECTOR, "button.check").click()
    wait(browser, lambda d: row(d, "Write the report").get_attribute("data-done") == "false")
    assert names(browser)[0] == "Write the report"

    # Edit its date to the past: it moves down among the open tasks.
    row(browser, "Write the report").find_element(By.CSS_SELECTOR, ".task-link").click()
    wait(browser, lambda d: d.find_elements(By.ID, "day"))
    set_date(browser, "2001-01-01")
    browser.find_element(By.CSS_SELECTOR, ".form-bar button[type=submit]").click()
    wait(browser, lambda d: d.current_url.split("#")[0].endswith("/tasks") and "Write the report" in names(d))
    order = names(browser)
    open_rows = [e for e in browser.find_elements(By.CSS_SELECTOR, "#task-list .task-row") if e.get_attribute("data-done") == "false"]
    assert order.index("Write the report") == len(open_rows) - 1, order

    browser.refresh()
    assert names(browser) == order, "the list changed after a reload"


def test_empty_name_is_refused_and_typing_is_kept(host, browser):
    browser.get(host.url + "/tasks/new")
    browser.find_element(By.ID, "details").send_keys("notes I typed")
    browser.find_element(By.CSS_SELECTOR, ".form-bar button[type=submit]").click()
    error = wait(browser, lambda d: d.find_elements(By.ID, "name-error"))
    assert error[0].text == "Give the task a name."
    assert browser.find_element(By.ID, "details").get_attribute("value") == "notes I typed"


def test_a_script_typed_as_a_name_is_shown_as_text_and_never_runs(host, browser):
    payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1;alert(1)</script>'
    add_task(browser, host, payload, "2999-12-31")
    browser.refresh()
    assert payload in names(browser)
    assert browser.execute_script("return window.__pwned === undefined")
    try:
        browser.switch_to.alert
        raise AssertionError("an alert opened")
    except NoAlertPresentException:
        pass


def test_the_list_updates_live_when_the_cli_adds_a_task(host, browser):
    host.cli("tasks", "add", "Already there", "--date", "2999-05-01")
    browser.get(host.url + "/tasks")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    browser.execute_script("document.querySelectorAll('.task-row').forEach(function (row) { row.keptNode = true; })")
    host.cli("tasks", "add", "Added from the terminal", "--date", "2999-06-01")
    wait(browser, lambda d: "Added from the terminal" in names(d), message="the page did not update live")
    assert names(browser)[0] == "Added from the terminal"
    # Only the new row is new: the row that did not change is the same node (its swipe state and focus are kept).
    kept = browser.execute_script(
        "var rows = {}; document.querySelectorAll('.task-row').forEach(function (r) {"
        " rows[r.querySelector('.task-name').textContent.trim()] = r.keptNode === true; }); return rows;")
    assert kept["Added from the terminal"] is False and kept["Already there"] is True


def test_an_edit_page_shows_what_the_cli_changed(host, browser):
    # The host keeps tasks it read for their edit pages; a change made by another process must still show.
    browser.get(host.url + "/tasks/1")
    before = browser.find_element(By.ID, "name").get_attribute("value")
    host.cli("tasks", "edit", "1", "--name", "Renamed from the terminal")

    def renamed(driver):
        driver.get(host.url + "/tasks/1")
        return driver.find_element(By.ID, "name").get_attribute("value") == "Renamed from the terminal"

    wait(browser, renamed, timeout=5, message=f"the edit page still shows {before!r}")


def test_cli_errors_name_the_problem_and_print_no_other_commands_usage(host):
    import subprocess

    from atelier_browser import atelier_binary

    def fails(*args):
        result = subprocess.run([atelier_binary(), "tasks", *args, "--data-dir", host.data_dir],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode != 0, result.stdout
        assert "Usage" not in result.stdout + result.stderr and "USAGE" not in result.stdout + result.stderr, result.stderr
        return result.stderr.strip()

    assert fails("add", "") == "Error: Give the task a name."
    assert fails("done", "999") == "Error: There is no task 999. `atelier tasks list` shows the tasks and their ids."
    assert fails("add", "x", "--date", "someday").startswith("Error: “someday” is not a date. Use a date as YYYY-MM-DD")
    assert fails("edit", "1").startswith("Error: Nothing to change")


def test_searching_filters_the_list_as_it_is_typed_and_stays_live(host, browser):
    # Search, as on iOS: each keystroke narrows the list to the tasks whose name or description holds the text
    # (ignoring case, in any script); the address keeps it; a task added elsewhere that matches appears, one that does
    # not stays out; nothing matching says so; Escape shows every task again.
    host.cli("tasks", "add", "Feed the zebra")
    host.cli("tasks", "add", "Call Ünal", "--details", "About the ZEBRA crossing")
    browser.get(host.url + "/tasks")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    field = browser.find_element(By.CSS_SELECTOR, "input[type=search][data-search]")
    field.send_keys("zebra")
    wait(browser, lambda d: sorted(names(d)) == ["Call Ünal", "Feed the zebra"], message="the list was not filtered")
    assert "q=zebra" in browser.current_url
    host.cli("tasks", "add", "Zebra stripes")
    host.cli("tasks", "add", "Paint the fence")
    wait(browser, lambda d: sorted(names(d)) == ["Call Ünal", "Feed the zebra", "Zebra stripes"],
         message="a matching task added elsewhere did not appear")
    field.clear()
    field.send_keys("ünal")
    wait(browser, lambda d: names(d) == ["Call Ünal"], message="a name in another script did not match")
    field.send_keys("zzz")
    wait(browser, lambda d: "No tasks match “ünalzzz”." in d.find_element(By.ID, "task-list").text)
    browser.refresh()
    assert browser.find_element(By.CSS_SELECTOR, "input[data-search]").get_attribute("value") == "ünalzzz"
    assert "No tasks match" in browser.find_element(By.ID, "task-list").text
    browser.find_element(By.CSS_SELECTOR, "input[data-search]").send_keys(Keys.ESCAPE)
    wait(browser, lambda d: "Paint the fence" in names(d) and "Water the plants" in names(d),
         message="Escape did not show every task again")
    assert "q=" not in browser.current_url
