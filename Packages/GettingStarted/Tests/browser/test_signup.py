"""The sign-up form in a real browser: the date formats itself as typed and pasted, Enter moves to the next field
and submits from the last, a click outside puts the keyboard away, the password shows and hides, errors sit beside
their fields with focus on the first, and the JSON is shown without the password; axe-core at two widths, two schemes."""

import json

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from atelier_browser import axe_violations, wait


def active_id(browser):
    return browser.execute_script("return document.activeElement && document.activeElement.id")


def paste(browser, element_id, text):
    browser.execute_script(
        """
        const field = document.getElementById(arguments[0]);
        field.focus();
        const data = new DataTransfer();
        data.setData('text', arguments[1]);
        const event = new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true});
        if (field.dispatchEvent(event)) { field.value = arguments[1]; }
        """,
        element_id,
        text,
    )


def test_typing_enter_to_next_click_outside_and_the_json(host, browser):
    browser.get(host.url + "/signup")
    assert axe_violations(browser) == []
    first = browser.find_element(By.ID, "firstName")
    first.click()
    first.send_keys("Ana <b>", Keys.ENTER)
    assert active_id(browser) == "lastName"
    browser.switch_to.active_element.send_keys("Lim", Keys.ENTER)
    assert active_id(browser) == "dateOfBirth"
    dob = browser.switch_to.active_element
    assert dob.get_attribute("inputmode") == "numeric"
    dob.send_keys("0302")
    assert dob.get_attribute("value") == "03/02/"
    dob.send_keys("1990")
    assert dob.get_attribute("value") == "03/02/1990"
    # Deleting the year's first digit takes the slash before it too, and typing brings it back.
    dob.send_keys(Keys.BACKSPACE * 4)
    assert dob.get_attribute("value") == "03/02"
    dob.send_keys(Keys.BACKSPACE)
    assert dob.get_attribute("value") == "03/0"
    dob.send_keys("21")
    assert dob.get_attribute("value") == "03/02/1"
    # An edit in the middle is left as typed: nothing after the caret shifts.
    dob.send_keys("990", Keys.HOME, Keys.ARROW_RIGHT, "1")
    assert dob.get_attribute("value") == "013/02/1990"
    browser.execute_script("document.getElementById('dateOfBirth').value = ''")
    for pasted, shown in (("1990-02-03", "03/02/1990"), ("03.02.1990", "03/02/1990"), ("3-2-1990", "03/02/1990")):
        browser.execute_script("document.getElementById('dateOfBirth').value = ''")
        paste(browser, "dateOfBirth", pasted)
        assert dob.get_attribute("value") == shown, pasted
    dob.send_keys(Keys.ENTER)
    assert active_id(browser) == "password"
    # A click on the page outside any field puts the keyboard away.
    browser.find_element(By.CSS_SELECTOR, "h1.page-title").click()
    assert active_id(browser) in ("", None)
    password = browser.find_element(By.ID, "password")
    toggle = browser.find_element(By.ID, "password-toggle")
    password.send_keys("hunter2")
    assert password.get_attribute("type") == "password"
    toggle.click()
    assert password.get_attribute("type") == "text" and toggle.get_attribute("aria-pressed") == "true"
    toggle.click()
    assert password.get_attribute("type") == "password" and toggle.get_attribute("aria-pressed") == "false"
    password.send_keys(Keys.ENTER)  # Enter in the last field saves
    shown = wait(browser, lambda d: d.find_elements(By.ID, "signup-json"), message="no JSON after Save")[0].text
    assert json.loads(shown) == {"dateOfBirth": "1990-02-03", "firstName": "Ana <b>", "lastName": "Lim", "password": "••••••••"}
    assert list(json.loads(shown)) == sorted(json.loads(shown))
    assert "hunter2" not in browser.page_source
    assert browser.find_element(By.ID, "firstName").get_attribute("value") == "Ana <b>"
    assert axe_violations(browser) == []


def test_errors_beside_each_field_keep_what_was_typed(host, browser):
    browser.get(host.url + "/signup")
    browser.find_element(By.ID, "firstName").send_keys("Ana")
    paste(browser, "dateOfBirth", "29.02.2023")
    browser.find_element(By.ID, "password").send_keys("abc")
    browser.find_element(By.ID, "save").click()
    wait(browser, lambda d: d.find_elements(By.ID, "lastName-error"), message="no errors shown")
    assert browser.find_element(By.ID, "lastName-error").text == "Enter your last name."
    assert browser.find_element(By.ID, "dateOfBirth-error").text == "That day does not exist in the calendar."
    assert browser.find_element(By.ID, "password-error").text == "Use at least 5 characters for the password."
    assert active_id(browser) == "lastName"
    assert browser.find_element(By.ID, "firstName").get_attribute("value") == "Ana"
    assert browser.find_element(By.ID, "dateOfBirth").get_attribute("value") == "29/02/2023"
    assert axe_violations(browser) == []


def test_each_field_is_checked_as_it_is_left_and_save_keeps_the_password(host, browser):
    # Checked in the browser by the server's rules and words, as each field is left; Save is not sent while a field is
    # wrong, so the typed password is never lost; a field put right loses its message as it is typed.
    browser.get(host.url + "/signup")
    first = browser.find_element(By.ID, "firstName")
    first.click()
    browser.find_element(By.ID, "lastName").click()  # nothing typed yet: leaving an empty field says nothing
    assert not browser.find_elements(By.ID, "firstName-error")
    browser.find_element(By.ID, "dateOfBirth").send_keys("31022020")
    browser.find_element(By.ID, "password").click()
    wait(browser, lambda d: d.find_elements(By.ID, "dateOfBirth-error"), message="the date was not checked as it was left")
    assert browser.find_element(By.ID, "dateOfBirth-error").text == "That day does not exist in the calendar."
    assert browser.find_element(By.ID, "dateOfBirth").get_attribute("aria-invalid") == "true"
    browser.find_element(By.ID, "password").send_keys("secret word")
    browser.find_element(By.ID, "save").click()
    time.sleep(0.3)
    assert browser.current_url.endswith("/signup") and "Ready to send" not in browser.page_source, "Save was sent"
    assert browser.find_element(By.ID, "password").get_attribute("value") == "secret word", "the password was lost"
    assert browser.find_element(By.ID, "firstName-error").text == "Enter your first name."
    assert active_id(browser) == "firstName"
    first.send_keys("Ana")
    wait(browser, lambda d: not d.find_elements(By.ID, "firstName-error"), message="the message stayed once put right")
    browser.find_element(By.ID, "lastName").send_keys("Lim")
    date = browser.find_element(By.ID, "dateOfBirth")
    date.clear()
    date.send_keys("1990-02-03")  # typed with dashes: left as typed, and read as 3 February 1990
    assert date.get_attribute("value") == "1990-02-03"
    assert axe_violations(browser) == []
    browser.find_element(By.ID, "save").click()
    wait(browser, lambda d: "Ready to send" in d.page_source, message="a right form was not sent")
    assert "--signup-endpoint" not in browser.page_source


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height", [(375, 812), (1100, 900)])
def test_axe_clean_with_big_enough_targets(host, browser, scheme, width, height):
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get(host.url + "/signup")
    assert axe_violations(browser) == []
    for element in browser.find_elements(By.CSS_SELECTOR, "main button, main input"):
        if element.is_displayed():
            assert element.size["height"] >= 44 and element.size["width"] >= 44, (element.get_attribute("id"), element.size)
