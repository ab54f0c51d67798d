"""Every page of the host, checked with axe-core's WCAG 2.2 A and AA rules in the real browser."""

import pytest
from selenium.webdriver.common.by import By

from atelier_browser import axe_violations, wait


@pytest.mark.parametrize("path", ["/", "/inbox", "/diagnostics", "/tasks", "/tasks/new", "/tasks/1", "/downloads", "/news", "/accounts/login", "/accounts/signup", "/signup", "/countdown", "/no-such-page"])
def test_page_is_axe_clean(host, browser, path):
    browser.get(host.url + path)
    assert axe_violations(browser) == []


def test_a_form_showing_errors_is_axe_clean(host, browser):
    browser.get(host.url + "/tasks/new")
    browser.find_element(By.NAME, "name").clear()
    browser.find_element(By.CSS_SELECTOR, "form.task-form button[type=submit], form button[type=submit]").click()
    # The refused form comes back as a new page: wait for it rather than read the page being left.
    wait(browser, lambda d: "Give the task a name." in d.page_source, message="the refused form did not come back")
    assert axe_violations(browser) == []
