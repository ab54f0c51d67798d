"""Every page of the host, checked with axe-core's WCAG 2.2 A and AA rules in the real browser."""

import pytest
from selenium.webdriver.common.by import By

from atelier_browser import axe_violations, light_in_dark, wait


PAGES = ["/", "/inbox", "/diagnostics", "/tasks", "/tasks/new", "/tasks/1", "/downloads", "/news", "/accounts/login",
         "/accounts/signup", "/signup", "/countdown", "/no-such-page"]

# Everything a person taps: buttons, fields, and links that stand alone (in the header, as buttons, as list rows).
CONTROLS = ("main button, main input:not([type=hidden]), main select, main textarea, main a.button, main .row a, "
            "main a.row, header a, .flash button, nav a")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height", [(375, 812), (1100, 900)])
@pytest.mark.parametrize("path", PAGES)
def test_page_is_axe_clean_in_both_schemes_at_both_widths(host, browser, path, scheme, width, height):
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get(host.url + path)
    assert axe_violations(browser) == []
    if scheme == "dark":
        # The page follows the system's appearance: without dark styles this fails (light background, dark text).
        assert light_in_dark(browser) == []
    # Cards and lists that follow each other keep a gap between them.
    touching = browser.execute_script(
        "return Array.from(document.querySelectorAll('main .card, main .list')).filter(e => e.offsetParent !== null)"
        ".map(e => [e, e.nextElementSibling]).filter(([a, b]) => b && b.offsetParent !== null && b.matches('.card, .list'))"
        ".filter(([a, b]) => b.getBoundingClientRect().top - a.getBoundingClientRect().bottom < 8)"
        ".map(([a, b]) => a.className + ' / ' + b.className)")
    assert touching == []
    if width < 500:
        # Touch targets: at least 44 by 44 CSS pixels on a phone-sized screen (a checkbox's target is its label).
        small = browser.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0])).filter(e => e.offsetParent !== null)"
            ".map(e => [e.outerHTML.slice(0, 90), (e.type === 'checkbox' && e.closest('label') || e).getBoundingClientRect()])"
            ".filter(([_, r]) => r.width < 44 || r.height < 44).map(([html, r]) => `${html} ${r.width}x${r.height}`)",
            CONTROLS,
        )
        assert small == []


def test_a_form_showing_errors_is_axe_clean(host, browser):
    browser.get(host.url + "/tasks/new")
    browser.find_element(By.NAME, "name").clear()
    browser.find_element(By.CSS_SELECTOR, "form.task-form button[type=submit], form button[type=submit]").click()
    # The refused form comes back as a new page: wait for it rather than read the page being left.
    wait(browser, lambda d: "Give the task a name." in d.page_source, message="the refused form did not come back")
    assert axe_violations(browser) == []
