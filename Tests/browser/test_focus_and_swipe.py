"""Where focus and the eye land after an action, one swipe row open at a time, and the inbox count for screen readers."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from atelier_browser import wait


def task_rows(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#task-list .task-row")


def swipe_open(browser, row):
    """Swipes `row` (a task row, or any element inside a row) to the left."""
    handle = row.find_elements(By.CSS_SELECTOR, ".row-meta") or [row]
    ActionChains(browser).click_and_hold(handle[0]).move_by_offset(-60, 0).move_by_offset(-100, 0).release().perform()


def is_open(row):
    return "swiped" in row.get_attribute("class")


def test_after_a_toggle_focus_is_on_that_row_and_the_row_is_below_the_header(host, browser):
    browser.set_window_size(375, 640)
    browser.get(host.url + "/tasks")
    wait(browser, lambda d: len(task_rows(d)) == 5)
    last = task_rows(browser)[-1]
    task_id = last.get_attribute("id")
    check = last.find_element(By.CSS_SELECTOR, "button.check")
    label = check.get_attribute("aria-label")
    done_before = last.get_attribute("data-done")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); window.stillThisPage = true", check)
    check.click()
    # The row is updated in place, moved to its sorted place, and the page is not loaded again.
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".flash") and d.execute_script(
        "var row = document.getElementById(arguments[0]); return row && row.dataset.done !== arguments[1]",
        task_id, done_before), message="the toggle did not update its row")
    assert browser.execute_script("return window.stillThisPage === true"), "the page was loaded again"
    # What the toggle did is announced to screen readers, as the flash shows it.
    wait(browser, lambda d: d.find_element(By.ID, "announcer").get_attribute("textContent").startswith("Marked "),
         message="the toggle was not announced")
    active = browser.switch_to.active_element
    assert active.get_attribute("class") == "check", (active.get_attribute("outerHTML")[:300], browser.current_url)
    assert active.find_element(By.XPATH, "ancestor::li").get_attribute("id") == task_id
    assert active.get_attribute("aria-label") != label  # it now offers the opposite
    header_bottom = browser.execute_script("return document.querySelector('.topbar').getBoundingClientRect().bottom")
    row_top = browser.execute_script("return document.getElementById(arguments[0]).getBoundingClientRect().top", task_id)
    assert row_top >= header_bottom - 1, (row_top, header_bottom)


def test_one_swipe_row_is_open_at_a_time_and_escape_or_a_tap_elsewhere_closes_it(host, browser):
    browser.get(host.url + "/tasks")
    wait(browser, lambda d: len(task_rows(d)) == 5)
    first, second = task_rows(browser)[0], task_rows(browser)[1]
    swipe_open(browser, first)
    wait(browser, lambda d: is_open(first), message="the first row did not open")
    swipe_open(browser, second)
    wait(browser, lambda d: is_open(second) and not is_open(first), message="opening a second row left the first open")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    wait(browser, lambda d: not is_open(second), message="Escape did not close the open row")
    swipe_open(browser, first)
    wait(browser, lambda d: is_open(first))
    browser.find_element(By.CSS_SELECTOR, ".page-title, h1").click()
    wait(browser, lambda d: not is_open(first), message="a tap elsewhere did not close the open row")


def test_the_inbox_link_says_how_many_notices_are_unread(host, browser):
    browser.get(host.url + "/tasks")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    link = browser.find_element(By.CSS_SELECTOR, ".inbox-link")
    assert link.get_attribute("aria-label") == "Inbox"
    host.cli("notify", "Tea is ready")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".inbox-link").get_attribute("aria-label") == "Inbox, 1 unread",
         message="the live count is not in the link's name")
    browser.get(host.url + "/tasks")
    assert browser.find_element(By.CSS_SELECTOR, ".inbox-link").get_attribute("aria-label") == "Inbox, 1 unread"


def test_the_inbox_lists_notices_live_and_takes_one_out_with_undo(host, browser):
    # On a phone: each notice is a row of at least 44 pt that opens what it is about; a new one appears in the open
    # inbox; × (or a swipe) takes one out, with Undo, and the badge follows.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    host.cli("notify", "Essay due", "Hand in the design report", "--link", "/assignments")
    host.cli("notify", "Countdown finished", "Tea is ready", "--link", "/countdown")
    browser.get(host.url + "/inbox")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")

    def titles():
        return browser.execute_script(
            "return Array.from(document.querySelectorAll('#notices .row-title')).map(e => e.textContent)")

    wait(browser, lambda d: titles() == ["Countdown finished", "Essay due"])
    host.cli("notify", "Reminder", "Water the plants")
    wait(browser, lambda d: titles() == ["Reminder", "Countdown finished", "Essay due"], message="no live notice")
    link = browser.find_element(By.CSS_SELECTOR, "#notices a.notice-link")
    size = link.size
    assert size["height"] >= 44 and size["width"] >= 200, size
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-unread]").text == "3")
    browser.find_element(By.CSS_SELECTOR, "button[aria-label='Remove “Essay due”']").click()
    wait(browser, lambda d: titles() == ["Reminder", "Countdown finished"], message="the notice was not taken out")
    flash = browser.find_element(By.CSS_SELECTOR, ".flash")
    assert flash.text.startswith("Removed “Essay due”.")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-unread]").text == "2")
    flash.find_element(By.XPATH, ".//button[normalize-space()='Undo']").click()
    wait(browser, lambda d: titles() == ["Reminder", "Countdown finished", "Essay due"], message="Undo did not put it back")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-unread]").text == "3")
    row = browser.find_elements(By.CSS_SELECTOR, "#notices .notice")[0]
    swipe_open(browser, row.find_element(By.CSS_SELECTOR, ".row-title"))
    wait(browser, lambda d: "swiped" in d.find_elements(By.CSS_SELECTOR, "#notices .notice")[0].get_attribute("class"))
    browser.find_elements(By.CSS_SELECTOR, "#notices .notice")[0].find_element(By.CSS_SELECTOR, ".swipe-delete").click()
    wait(browser, lambda d: titles() == ["Countdown finished", "Essay due"], message="the swipe did not take it out")
