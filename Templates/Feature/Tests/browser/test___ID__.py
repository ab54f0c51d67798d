"""__TITLE__ in a real browser: add an entry through the page, see it listed, and nothing for axe-core to flag."""

from selenium.webdriver.common.by import By

from atelier_browser import axe_violations, wait


def test_add_an_entry_and_the_page_is_accessible(host, browser):
    browser.get(host.url + "/__ID__")
    assert axe_violations(browser) == []
    field = browser.find_element(By.ID, "title")
    field.send_keys("From the browser")
    browser.find_element(By.CSS_SELECTOR, "form.__ID__-add button[type=submit]").click()
    wait(browser, lambda d: "From the browser" in d.find_element(By.ID, "__ID__-list").text, message="entry not listed")
    assert axe_violations(browser) == []


def test_a_refused_title_keeps_focusable_error_and_stays_accessible(host, browser):
    browser.get(host.url + "/__ID__")
    browser.execute_script("document.getElementById('title').removeAttribute('required')")
    browser.find_element(By.ID, "title").send_keys("   ")
    browser.find_element(By.CSS_SELECTOR, "form.__ID__-add button[type=submit]").click()
    wait(browser, lambda d: "Give the entry a title." in d.page_source, message="no error shown")
    assert axe_violations(browser) == []
