"""Assignments in a real browser: an assignment with three tasks, percentages, the progress and gauges, the mark, a
deleted task, the same selection after a reload and a host restart, and axe-core clean at both widths and schemes."""

import shutil
import tempfile
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from atelier_browser import Host, axe_violations, free_port, wait, wait_for_focus

CONTROLS = ("main button, main input:not([type=hidden]), main select, main textarea, main a.button, main .row a, "
            "main a.row, main summary, header a, .flash button, nav a")


def fill(browser, field_id, value):
    field = browser.find_element(By.ID, field_id)
    if field.get_attribute("type") == "datetime-local":
        # Chromium's date-time field takes keys in the locale's order; setting the value is what a picker does.
        browser.execute_script("arguments[0].value = arguments[1]", field, value)
    else:
        field.clear()
        field.send_keys(value)


def save(browser):
    browser.find_element(By.CSS_SELECTOR, "form button.bar-button[type=submit]").click()


def add_assignment(browser, host, name="Coursework", due="2030-01-15T17:00"):
    browser.get(host.url + "/assignments/new")
    fill(browser, "module", "Mobile Development")
    Select(browser.find_element(By.ID, "level")).select_by_value("6")
    fill(browser, "name", name)
    fill(browser, "value", "40")
    fill(browser, "due", due)
    save(browser)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#detail-title"), message="the new assignment is not shown")
    return browser.current_url.rsplit("/", 1)[-1]


def add_task(browser, name, days):
    browser.find_element(By.LINK_TEXT, "Add Task").click()
    wait(browser, lambda d: d.find_elements(By.ID, "lengthKind"), message="no task form")
    fill(browser, "name", name)
    fill(browser, "start", "2030-01-01T09:00")
    Select(browser.find_element(By.ID, "lengthKind")).select_by_value("days")
    assert browser.find_element(By.ID, "amount").is_displayed()
    assert not browser.find_element(By.ID, "end").is_displayed()
    fill(browser, "amount", days)
    save(browser)
    wait(browser, lambda d: name in d.find_element(By.ID, "detail-pane").text, message=f"task {name} not listed")


def overall(browser):
    return browser.find_element(By.CSS_SELECTOR, ".overall-text").text


def test_three_tasks_progress_mark_delete_and_the_same_selection_after_reload_and_restart(host, browser):
    add_assignment(browser, host, name="Other", due="2030-03-01T12:00")
    assignment = add_assignment(browser, host)
    assert browser.find_element(By.CSS_SELECTOR, f"#assignment-{assignment} a").get_attribute("aria-current") == "page"
    for name, days in (("Research", "1"), ("Draft", "1"), ("Polish", "1")):
        add_task(browser, name, days)
    assert overall(browser) == "0% done"
    tasks = browser.find_elements(By.CSS_SELECTOR, ".task-row")
    assert len(tasks) == 3
    # Done on the first: one of three equal tasks is 33 %.
    tasks[0].find_element(By.XPATH, ".//button[normalize-space()='Done']").click()
    wait(browser, lambda d: overall(d) == "33% done", message="progress did not reach 33%")
    # 50 % on the second: (100 + 50 + 0) / 3 = 50 %.
    row = browser.find_elements(By.CSS_SELECTOR, ".task-row")[1]
    field = row.find_element(By.CSS_SELECTOR, "input[name=percent]")
    field.clear()
    field.send_keys("50")
    row.find_element(By.XPATH, ".//button[normalize-space()='Set %']").click()
    wait(browser, lambda d: overall(d) == "50% done", message="progress did not reach 50%")
    ring = browser.find_element(By.CSS_SELECTOR, f"#assignment-{assignment} .ring-label").text
    assert ring == "50% done"
    assert "left" in browser.find_element(By.CSS_SELECTOR, ".gauge-text").text
    # The mark (R10).
    fill(browser, f"mark-{assignment}", "68")
    browser.find_element(By.XPATH, "//button[normalize-space()='Save Mark']").click()
    wait(browser, lambda d: "set to 68%" in d.page_source, message="mark not saved")
    # Delete the third task from its own page: (100 + 50) / 2 = 75 %; Undo puts it back, as it was.
    browser.find_elements(By.CSS_SELECTOR, ".task-row .task-link")[2].click()
    wait(browser, lambda d: d.find_elements(By.XPATH, "//button[normalize-space()='Delete Task']"), message="no Delete")
    browser.find_element(By.XPATH, "//button[normalize-space()='Delete Task']").click()
    wait(browser, lambda d: overall(d) == "75% done", message="progress after deleting a task")
    assert "Deleted the task “Polish”." in browser.find_element(By.CSS_SELECTOR, ".flash").text
    browser.find_element(By.XPATH, "//div[contains(@class, 'flash')]//button[normalize-space()='Undo']").click()
    wait(browser, lambda d: overall(d) == "50% done", message="Undo did not put the task back")
    assert [r.find_element(By.CSS_SELECTOR, ".task-link").text for r in browser.find_elements(By.CSS_SELECTOR, ".task-row")] \
        == ["Research", "Draft", "Polish"]
    # A swipe to the left deletes it at once, as on iOS, with the same Undo.
    row = browser.find_elements(By.CSS_SELECTOR, ".task-row")[2]
    ActionChains(browser).click_and_hold(row.find_element(By.CSS_SELECTOR, ".percent-text")).move_by_offset(-60, 0) \
        .move_by_offset(-100, 0).release().perform()
    wait(browser, lambda d: "swiped" in d.find_elements(By.CSS_SELECTOR, ".task-row")[2].get_attribute("class"))
    browser.find_elements(By.CSS_SELECTOR, ".task-row")[2].find_element(By.CSS_SELECTOR, ".swipe-delete").click()
    wait(browser, lambda d: overall(d) == "75% done", message="progress after a swipe's delete")
    assert browser.find_element(By.XPATH, "//div[contains(@class, 'flash')]//button[normalize-space()='Undo']")
    assert axe_violations(browser) == []
    # Enough assignments for the master list to scroll; open the archive and scroll the list, then reload the bare
    # list address.
    for index in range(30):
        host.cli("assignments", "add", "--module", "Module", "--level", "4", "--name", f"Filler {index}", "--value", "1",
                 "--due", f"2031-01-{1 + index % 28:02d}T10:00")
    browser.get(host.url + "/assignments/" + assignment)
    browser.execute_script("document.getElementById('archive').open = true")
    stored = "return fetch('/assignments').then(r => r.text()).then(t => t.includes('id=\"archive\" open'))"
    wait(browser, lambda d: d.execute_script(stored), message="the open archive was not stored")
    browser.execute_script("document.getElementById('master').scrollTop = 600")
    scrolled = "return fetch('/assignments').then(r => r.text()).then(t => t.includes('data-scroll=\"600\"'))"
    wait(browser, lambda d: d.execute_script(scrolled), message="the scroll position was not stored")
    browser.get(host.url + "/assignments")
    assert browser.find_element(By.ID, "detail-title").text == "Coursework"
    assert browser.find_element(By.ID, "archive").get_attribute("open") is not None
    # Restored at 600, once the rows' dates and times left are written (they change the rows' heights).
    assert abs(browser.execute_script("return document.getElementById('master').scrollTop") - 600) <= 2
    # The host restarts on the same data: the browser finds the same selection.
    host.stop()
    again = Host(host.data_dir)
    try:
        browser.get(again.url + "/assignments")
        assert browser.find_element(By.ID, "detail-title").text == "Coursework"
        assert browser.find_element(By.CSS_SELECTOR, f"#assignment-{assignment} a").get_attribute("aria-current") == "page"
        assert overall(browser) == "75% done"
        assert abs(browser.execute_script("return document.getElementById('master').scrollTop") - 600) <= 60
    finally:
        again.stop()


def test_a_refused_form_keeps_what_was_typed_and_focuses_the_first_field_to_change(host, browser):
    browser.get(host.url + "/assignments/new")
    fill(browser, "module", "Databases")
    fill(browser, "name", "Report")
    fill(browser, "value", "140")
    save(browser)
    wait(browser, lambda d: "Choose level 4, 5, 6 or 7." in d.page_source, message="no message for the level")
    assert browser.find_element(By.ID, "module").get_attribute("value") == "Databases"
    assert browser.find_element(By.ID, "value").get_attribute("value") == "140"
    wait_for_focus(browser, "level")
    assert axe_violations(browser) == []


def refreshed_from_elsewhere(host, browser):
    """Waits for the events connection, adds an assignment from the CLI, and waits for the page's live refresh."""
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    host.cli("assignments", "add", "--module", "Other", "--level", "4", "--name", "Elsewhere", "--value", "5",
             "--due", "2031-01-15T17:00")
    wait(browser, lambda d: "Elsewhere" in d.find_element(By.CSS_SELECTOR, ".master").text,
         message="the live refresh did not come")
    time.sleep(0.5)


def test_a_refused_mark_keeps_its_message_and_value_through_the_live_refresh(host, browser):
    # A mark of 101 is refused with a message beside the field and the typed value; the live refresh that follows when
    # the events connection opens (and one after a change elsewhere) must not wipe either.
    assignment = add_assignment(browser, host, name="Refused mark")
    fill(browser, f"mark-{assignment}", "101")
    browser.find_element(By.XPATH, "//button[normalize-space()='Save Mark']").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#mark-form .field-error, .mark-form .field-error"),
         message="the mark was not refused")
    refreshed_from_elsewhere(host, browser)
    field = browser.find_element(By.ID, f"mark-{assignment}")
    assert field.get_attribute("value") == "101", "the typed mark was wiped by the refresh"
    assert browser.find_elements(By.CSS_SELECTOR, ".mark-form .field-error"), "the refusal's message was wiped"


def test_a_refused_task_percent_keeps_its_message_and_value_through_the_live_refresh(host, browser):
    # The other form inside the live detail pane: a task's percent.
    add_assignment(browser, host, name="Refused percent")
    add_task(browser, "Only", "1")
    row = browser.find_element(By.CSS_SELECTOR, ".task-row").get_attribute("id")
    field_id = row.replace("task-", "percent-")
    fill(browser, field_id, "101")
    browser.find_element(By.CSS_SELECTOR, f"#{row} button[aria-label^='Set %']").click()
    wait(browser, lambda d: d.find_elements(By.ID, f"{field_id}-error"), message="the percent was not refused")
    refreshed_from_elsewhere(host, browser)
    assert browser.find_element(By.ID, field_id).get_attribute("value") == "101", "the typed percent was wiped"
    assert browser.find_elements(By.ID, f"{field_id}-error"), "the refusal's message was wiped"


def test_focus_stays_on_the_task_row_after_set_percent_done_and_delete(host, browser):
    add_assignment(browser, host, name="Focus kept")
    for name in ("First", "Second", "Third"):
        add_task(browser, name, "1")
    rows = browser.find_elements(By.CSS_SELECTOR, ".task-row")
    second = rows[1].get_attribute("id")

    def focus_row():
        return browser.execute_script("var a = document.activeElement; var r = a && a.closest('.task-row'); return r && r.id")

    fill(browser, second.replace("task-", "percent-"), "40")
    browser.find_element(By.CSS_SELECTOR, f"#{second} button[aria-label^='Set %']").click()
    wait(browser, lambda d: "is 40% done" in d.page_source, message="the percent was not saved")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    time.sleep(0.5)  # the refresh on connect
    assert focus_row() == second, "focus left the row after Set %"
    browser.find_element(By.CSS_SELECTOR, f"#{second} button[aria-label^='Done']").click()
    wait(browser, lambda d: "is done." in d.page_source, message="Done was not saved")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    time.sleep(0.5)
    assert focus_row() == second, "focus left the row after Done"
    browser.find_element(By.CSS_SELECTOR, f"#{second} .task-link").click()
    wait(browser, lambda d: d.find_element(By.XPATH, "//button[normalize-space()='Delete Task']")).click()
    wait(browser, lambda d: "Deleted the task" in d.page_source, message="the task was not deleted")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    time.sleep(0.5)
    assert browser.execute_script("return !!document.activeElement.closest('.task-list')"), \
        "focus did not land on the task list after Delete"


def test_on_a_phone_save_stays_in_sight_at_the_end_of_a_long_form(host, browser):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        browser.get(host.url + "/assignments/new")
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        time.sleep(0.2)
        save = browser.find_element(By.CSS_SELECTOR, "form button.bar-button[type=submit]")
        box = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", save)
        header = browser.execute_script("return document.querySelector('.topbar').getBoundingClientRect().bottom")
        assert browser.execute_script("return window.scrollY") > 200, "the form is not long enough to test"
        assert box["top"] >= header - 1 and box["bottom"] <= 844, (box, header)
        hit = browser.execute_script(
            "var r = arguments[0].getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === arguments[0]", save)
        assert hit, "Save is covered"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_half_typed_new_assignment_survives_a_restart_as_a_draft(browser):
    data_dir = tempfile.mkdtemp(prefix="atelier-draft-")
    port = free_port()  # the same address before and after the restart
    first = Host(data_dir, options=["--port", port])
    try:
        browser.get(first.url + "/assignments/new")
        fill(browser, "module", "Mobile Development")
        fill(browser, "name", "Half typed")
        Select(browser.find_element(By.ID, "level")).select_by_value("5")
    finally:
        first.stop()
    second = Host(data_dir, options=["--port", port])
    try:
        browser.get(second.url + "/assignments/new")
        wait(browser, lambda d: d.find_element(By.ID, "name").get_attribute("value") == "Half typed",
             message="the draft did not come back after the restart")
        assert browser.find_element(By.ID, "module").get_attribute("value") == "Mobile Development"
        assert Select(browser.find_element(By.ID, "level")).first_selected_option.get_attribute("value") == "5"
        fill(browser, "value", "40")
        fill(browser, "due", "2030-01-15T17:00")
        save(browser)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#detail-title"), message="the draft was not saved")
        browser.get(second.url + "/assignments/new")
        assert browser.find_element(By.ID, "name").get_attribute("value") == "", "the saved draft came back"
    finally:
        second.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_phone_shows_the_list_then_the_detail_with_back(host, browser):
    assignment = add_assignment(browser, host)
    browser.set_window_size(375, 812)
    browser.get(host.url + "/assignments/" + assignment)
    assert not browser.find_element(By.ID, "master").is_displayed()
    browser.find_element(By.CSS_SELECTOR, ".back-button").click()
    wait(browser, lambda d: d.find_element(By.ID, "master").is_displayed(), message="Back did not show the list")
    assert not browser.find_element(By.ID, "detail-pane").is_displayed()
    browser.find_element(By.CSS_SELECTOR, f"#assignment-{assignment} a").click()
    wait(browser, lambda d: d.find_element(By.ID, "detail-title").is_displayed(), message="the detail did not open")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height", [(375, 812), (1100, 900)])
def test_every_page_is_axe_clean_with_44_pixel_targets(host, browser, scheme, width, height):
    host.cli("assignments", "add", "--module", "Old", "--level", "4", "--name", "Past", "--value", "5", "--mark", "70",
             "--due", "2000-01-01T09:00")
    assignment = host.cli("assignments", "add", "--module", "Mobile Development", "--level", "5", "--name", "Report",
                          "--value", "10", "--due", "2030-01-01T10:00").strip()
    host.cli("assignments", "task", "add", assignment, "--name", "Research", "--start", "2020-12-01", "--days", "2")
    host.cli("assignments", "task", "add", assignment, "--name", "Write", "--start", "2029-12-01", "--hours", "6",
             "--percent", "100")
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    for path in ("/assignments", f"/assignments/{assignment}", "/assignments/new", f"/assignments/{assignment}/edit",
                 f"/assignments/{assignment}/tasks/new", f"/assignments/{assignment}/delete"):
        browser.get(host.url + path)
        assert axe_violations(browser) == [], path
        if width < 500:
            small = browser.execute_script(
                "return Array.from(document.querySelectorAll(arguments[0])).filter(e => e.offsetParent !== null)"
                ".map(e => [e.outerHTML.slice(0, 90), e.getBoundingClientRect()])"
                ".filter(([_, r]) => r.width < 44 || r.height < 44).map(([html, r]) => `${html} ${r.width}x${r.height}`)",
                CONTROLS,
            )
            assert small == [], path
            wide = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{path} scrolls sideways by {wide}px"


@pytest.mark.parametrize("width,height", [(390, 844), (820, 1180)])
def test_a_task_says_its_state_in_full_inside_its_row(host, browser, width, height):
    # RS1's longest state, "Behind schedule (should be about 100%)", wraps inside the task's row on a phone and an iPad
    # upright instead of running past it; a task begun before its start reads as on track, never "Not started".
    assignment = host.cli("assignments", "add", "--module", "Mobile Development", "--level", "5", "--name", "Report",
                          "--value", "10", "--due", "2030-01-01T10:00").strip()
    host.cli("assignments", "task", "add", assignment, "--name", "Research the whole literature", "--start", "2020-12-01",
             "--days", "2")
    host.cli("assignments", "task", "add", assignment, "--name", "Write", "--start", "2029-12-01", "--hours", "6",
             "--percent", "40")
    host.cli("assignments", "task", "add", assignment, "--name", "Polish", "--start", "2029-12-01", "--hours", "6")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    try:
        browser.get(host.url + f"/assignments/{assignment}")
        rows = browser.find_elements(By.CSS_SELECTOR, ".task-row")
        pills = {r.find_element(By.CSS_SELECTOR, ".task-link").text: r.find_element(By.CSS_SELECTOR, ".status-pill")
                 for r in rows}
        assert pills["Research the whole literature"].text == "Behind schedule (should be about 100%)"
        assert pills["Write"].text == "On track", "40% done before its start"
        assert pills["Polish"].text == "Not started"
        for row in rows:
            card = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", row)
            for part in row.find_elements(By.CSS_SELECTOR, ".status-pill, .percent-form button, .percent-form input:not([type=hidden])"):
                box = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", part)
                assert box["left"] >= card["left"] and box["right"] <= card["right"] + 0.5, (part.text, box, card)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_searching_the_assignments_filters_both_sections_as_it_is_typed(host, browser):
    host.cli("assignments", "add", "--module", "Databases", "--level", "5", "--name", "Normalisation", "--value", "20",
             "--due", "2030-01-01T10:00")
    host.cli("assignments", "add", "--module", "Mobile Development", "--level", "6", "--name", "Coursework",
             "--value", "40", "--due", "2030-02-01T10:00", "--notes", "Covers normalisation too")
    host.cli("assignments", "add", "--module", "Databases", "--level", "5", "--name", "Old quiz", "--value", "5",
             "--mark", "70", "--due", "2000-01-01T09:00")
    browser.get(host.url + "/assignments")
    browser.execute_script("document.getElementById('archive').open = true")

    def shown(list_id):
        return browser.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent)", f"#{list_id} .row-title")

    field = browser.find_element(By.CSS_SELECTOR, "input[type=search][data-search]")
    field.send_keys("databases")
    wait(browser, lambda d: shown("assignment-list") == ["Normalisation"] and shown("archive-list") == ["Old quiz"],
         message="the sections were not filtered")
    field.clear()
    field.send_keys("normalisation")
    wait(browser, lambda d: shown("assignment-list") == ["Normalisation", "Coursework"] and shown("archive-list") == [],
         message="the notes were not searched")
    assert "Nothing archived matches “normalisation”." in browser.find_element(By.ID, "archive-list").text
