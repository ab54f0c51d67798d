"""Accounts in a real browser: the login screen with every message of the brief, sign up → Home → edit the number
→ the image grid (two columns, measured) → Back, swiping back with a pointer drag, broken images as placeholders, and
axe-core at phone and desktop widths in light and dark mode."""

import http.server
import json
import shutil
import tempfile
import threading

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from atelier_browser import Host, axe_violations, tap, wait, wait_for_focus


def login_problem(browser):
    elements = browser.find_elements(By.ID, "login-problem")
    return elements[0].text if elements else None


def submit_login(browser, email, password):
    for name, value in (("email", email), ("password", password)):
        field = browser.find_element(By.ID, name)
        field.clear()
        field.send_keys(value)
    browser.find_element(By.ID, "login-button").click()


def active_id(browser):
    return browser.execute_script("return document.activeElement && document.activeElement.id")


def targets_are_big_enough(browser, selector):
    for element in browser.find_elements(By.CSS_SELECTOR, selector):
        if element.is_displayed():
            size = element.size
            assert size["height"] >= 44 and size["width"] >= 44, (element.tag_name, element.text, size)


def sign_up(host, browser, email="ana@example.com"):
    browser.get(host.url + "/accounts/signup")
    for name, value in (("email", email), ("password", "secret!word"), ("firstName", "Ana <b>"), ("lastName", "Lim"),
                        ("mobile", "012 345 6789")):
        browser.find_element(By.ID, name).send_keys(value)
    browser.find_element(By.CSS_SELECTOR, "#gender option[value=female]").click()
    browser.find_element(By.ID, "signup-button").click()
    wait(browser, lambda d: d.find_elements(By.ID, "mobile-number"), message="Home not shown after sign up")


def test_the_login_screen_shows_every_message_of_the_brief(host, browser):
    sign_up(host, browser)
    browser.find_element(By.ID, "logout").click()
    wait(browser, lambda d: d.find_elements(By.ID, "login-button"), message="logout did not return to login")
    assert axe_violations(browser) == []
    targets_are_big_enough(browser, "main a, main button, main input")

    browser.find_element(By.ID, "login-button").click()
    wait(browser, lambda d: login_problem(d) == "All fields are required", message="empty form not refused")
    wait_for_focus(browser, "email")
    assert axe_violations(browser) == []

    submit_login(browser, "ana@", "secret!word")
    wait(browser, lambda d: login_problem(d) == "Email is not valid", message="bad email not refused")
    assert browser.find_element(By.ID, "email").get_attribute("value") == "ana@"
    assert browser.find_element(By.ID, "password").get_attribute("value") == ""

    submit_login(browser, "ana@example.com", "short!")
    wait(browser, lambda d: login_problem(d) == "Password should contain one special character and minimum 8 characters required",
         message="short password not refused")
    wait_for_focus(browser, "password")

    submit_login(browser, "ana@example.com", "wrong!password")
    wait(browser, lambda d: login_problem(d) == "Email or password is incorrect", message="wrong pair not refused")
    submit_login(browser, "nobody@example.com", "wrong!password")
    wait(browser, lambda d: login_problem(d) == "Email or password is incorrect", message="unknown email told apart")
    assert axe_violations(browser) == []

    submit_login(browser, "ANA@example.com ", "secret!word")
    wait(browser, lambda d: d.find_elements(By.ID, "mobile-number"), message="login did not go Home")


def test_after_logout_the_browsers_back_shows_the_login_page_not_home(host, browser):
    # Home is private: it is sent with Cache-Control: no-store, so Back after Logout asks the host again (and is sent
    # to the login page) instead of showing the name and number from the browser's page cache.
    sign_up(host, browser, email="back@example.com")
    assert "012" in browser.find_element(By.ID, "mobile-number").text
    browser.find_element(By.ID, "logout").click()
    wait(browser, lambda d: d.find_elements(By.ID, "login-button"), message="logout did not return to login")
    browser.back()
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    wait(browser, lambda d: d.find_elements(By.ID, "login-button"), message="Back after Logout did not show the login page")
    assert not browser.find_elements(By.ID, "mobile-number"), "Back after Logout showed Home's number again"


def test_an_account_deleted_from_the_command_line_signs_its_open_home_page_out(host, browser):
    sign_up(host, browser, email="gone@example.com")
    wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    host.cli("accounts", "delete", "gone@example.com")
    wait(browser, lambda d: d.find_elements(By.ID, "login-button"), timeout=15,
         message="the open Home page still shows the deleted account")
    assert not browser.find_elements(By.ID, "mobile-number")


def test_sign_up_home_edit_number_images_and_back(host, browser):
    browser.get(host.url + "/accounts/signup")
    assert axe_violations(browser) == []
    browser.find_element(By.ID, "signup-button").click()
    wait(browser, lambda d: "Please complete the form" in d.page_source, message="empty sign-up not refused")
    wait_for_focus(browser, "email")
    assert axe_violations(browser) == []
    sign_up(host, browser)
    assert browser.find_element(By.ID, "first-name").text == "Ana <b>"
    assert browser.find_element(By.ID, "mobile-number").text == "012-345 6789"
    assert axe_violations(browser) == []

    # Edit opens a modal dialog with the number; a bad number is refused inside it, a good one saved.
    edit = browser.find_element(By.ID, "edit-mobile")
    edit.click()
    wait(browser, lambda d: d.execute_script("return document.getElementById('mobile-dialog').open"), message="dialog not open")
    assert browser.switch_to.active_element.get_attribute("id") == "dialog-mobile"
    assert axe_violations(browser) == []
    field = browser.find_element(By.ID, "dialog-mobile")
    field.clear()
    field.send_keys("011-123 4567")
    browser.find_element(By.ID, "save-mobile").click()
    wait(browser, lambda d: "Mobile number is not valid" in d.page_source, message="bad number not refused")
    assert browser.execute_script("return document.getElementById('mobile-dialog').open")
    field = browser.find_element(By.ID, "dialog-mobile")
    assert field.get_attribute("value") == "011-123 4567"
    field.clear()
    field.send_keys("+60 11-1234 5678", Keys.ENTER)
    wait(browser, lambda d: "Number was edited successfully" in d.page_source, message="number not saved")
    assert browser.find_element(By.ID, "mobile-number").text == "011-1234 5678"
    assert active_id(browser) == "edit-mobile", "focus did not come back to Edit after saving"
    # Cancel closes the dialog and gives focus back to Edit.
    browser.find_element(By.ID, "edit-mobile").click()
    browser.find_element(By.ID, "cancel-mobile").click()
    assert not browser.execute_script("return document.getElementById('mobile-dialog').open")
    assert browser.switch_to.active_element.get_attribute("id") == "edit-mobile"

    # The grid: two columns at desktop and phone widths, images loaded, light and dark mode clean.
    browser.find_element(By.ID, "show-images").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".image-tile")) == 12, message="grid not shown")
    for width, height in ((1100, 900), (375, 812)):
        browser.set_window_size(width, height)
        tiles = browser.find_elements(By.CSS_SELECTOR, ".image-tile")
        first, second, third = (tile.rect for tile in tiles[:3])
        assert first["y"] == second["y"] and second["x"] > first["x"] + first["width"] - 1
        assert third["x"] == first["x"] and third["y"] > first["y"]
        assert first["width"] == pytest.approx(second["width"], abs=1)
        wait(browser, lambda d: d.execute_script("return document.querySelector('.image-tile img').naturalWidth") > 0,
             message="first image not loaded")
        targets_are_big_enough(browser, ".accounts-images a")
        assert axe_violations(browser) == []
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    assert axe_violations(browser) == []
    browser.get(host.url + "/accounts/home")
    assert axe_violations(browser) == []
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    browser.find_element(By.ID, "show-images").click()
    wait(browser, lambda d: d.find_elements(By.ID, "images-back"), message="grid not shown")
    browser.find_element(By.ID, "images-back").click()
    wait(browser, lambda d: d.find_elements(By.ID, "mobile-number"), message="Back did not return Home")


def test_swipe_back_with_a_pointer_drag_and_with_the_keyboard(host, browser):
    sign_up(host, browser)
    browser.get(host.url + "/accounts/images")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".image-tile"), message="grid not shown")
    # A drag that starts away from the edge is a scroll or a selection, not Back.
    actions = ActionBuilder(browser)
    actions.pointer_action.move_to_location(300, 400).pointer_down().move_to_location(500, 405).pointer_up()
    actions.perform()
    assert browser.current_url.endswith("/accounts/images")
    # From the left edge to the right: Back.
    actions = ActionBuilder(browser)
    actions.pointer_action.move_to_location(4, 400).pointer_down().move_to_location(80, 402).move_to_location(200, 405).pointer_up()
    actions.perform()
    wait(browser, lambda d: d.current_url.endswith("/accounts/home"), message="edge swipe did not go back")
    browser.get(host.url + "/accounts/images")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    wait(browser, lambda d: d.current_url.endswith("/accounts/home"), message="Escape did not go back")
    browser.get(host.url + "/accounts/images")
    ActionChains(browser).key_down(Keys.ALT).send_keys(Keys.ARROW_LEFT).key_up(Keys.ALT).perform()
    wait(browser, lambda d: d.current_url.endswith("/accounts/home"), message="Alt+Left did not go back")


class ImageServer:
    """Serves a Picsum list on loopback whose second image is missing, and the first image itself."""

    PNG = bytes.fromhex(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201"
        "e5270ee60000000049454e44ae426082"
    )

    def __init__(self):
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path == "/list.json":
                    body, kind = json.dumps(server.listing()).encode(), "application/json"
                elif self.path == "/good.png":
                    body, kind = ImageServer.PNG, "image/png"
                else:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def listing(self):
        return [
            {"id": "1", "author": "Good", "width": 1, "height": 1, "url": self.base, "download_url": self.base + "/good.png"},
            {"id": "2", "author": "Missing", "width": 1, "height": 1, "url": self.base, "download_url": self.base + "/missing.png"},
        ]

    def stop(self):
        self.httpd.shutdown()


def test_a_broken_image_shows_a_placeholder_tile(browser):
    images = ImageServer()
    data_dir = tempfile.mkdtemp(prefix="atelier-accounts-")
    host = Host(data_dir, options=["--accounts-images", images.base + "/list.json"])
    try:
        sign_up(host, browser)
        browser.get(host.url + "/accounts/images")
        wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".image-tile")) == 2, message="list not shown")
        wait(browser, lambda d: "broken" in d.find_elements(By.CSS_SELECTOR, ".image-tile")[1].get_attribute("class"),
             message="missing image not marked")
        tiles = browser.find_elements(By.CSS_SELECTOR, ".image-tile")
        assert "broken" not in tiles[0].get_attribute("class")
        assert browser.execute_script("return document.querySelector('.image-tile img').naturalWidth") == 1
        assert not tiles[1].find_element(By.TAG_NAME, "img").is_displayed()
        assert tiles[1].size["height"] > 100
        assert axe_violations(browser) == []
    finally:
        host.stop()
        images.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_the_cli_lists_accounts_without_hashes_and_deletes_one(host, browser):
    sign_up(host, browser)
    listed = host.cli("accounts", "list")
    assert "ana@example.com  Ana <b> Lim" in listed
    assert "$2" not in listed
    accounts = json.loads(host.cli("accounts", "list", "--json"))
    assert [(a["email"], a["firstName"], a["mobile"]) for a in accounts] == [("ana@example.com", "Ana <b>", "+60123456789")]
    assert all("passwordHash" not in a and "$2" not in json.dumps(a) for a in accounts)
    assert "Deleted the account ana@example.com." in host.cli("accounts", "delete", "ANA@example.com")
    # The host sees the CLI's change as soon as its file watch sees the write.
    def signed_out(d):
        d.get(host.url + "/accounts/home")
        return d.find_elements(By.ID, "login-button")

    wait(browser, signed_out, message="the deleted account's session lived on")
    assert host.cli("accounts", "list").strip() == "No accounts."


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height", [(375, 812), (1100, 900)])
def test_every_screen_is_axe_clean_with_big_enough_targets(host, browser, scheme, width, height):
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    sign_up(host, browser)
    screens = ["/accounts/home", "/accounts/home?edit=mobile", "/accounts/images"]
    for path in screens:
        browser.get(host.url + path)
        assert axe_violations(browser) == [], path
        targets_are_big_enough(browser, "main a, main button, main input, main select, main summary")
    browser.get(host.url + "/accounts/home")
    browser.find_element(By.ID, "logout").click()
    wait(browser, lambda d: d.find_elements(By.ID, "login-button"), message="logout did not return to login")
    for path in ["/accounts/login", "/accounts/signup"]:
        browser.get(host.url + path)
        assert axe_violations(browser) == [], path
        targets_are_big_enough(browser, "main a, main button, main input, main select")


def test_swipe_back_with_a_finger(host, browser):
    sign_up(host, browser)
    browser.set_window_size(375, 812)
    browser.get(host.url + "/accounts/images")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".image-tile"), message="grid not shown")
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    for kind, x in (("touchStart", 6), ("touchMove", 60), ("touchMove", 140), ("touchMove", 220), ("touchEnd", None)):
        points = [] if x is None else [{"x": x, "y": 400}]
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    wait(browser, lambda d: d.current_url.endswith("/accounts/home"), message="a finger's edge swipe did not go back")


def test_sign_up_checks_each_field_as_it_is_left_and_never_loses_the_password(host, browser):
    # On a phone: a field left with a wrong value says so beside it at once, in the brief's words; Sign up with a
    # problem left is not sent, shows it on its field and focuses it, and everything typed stays, the password too.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    browser.get(host.url + "/accounts/signup")

    def problem(name):
        box = browser.find_element(By.ID, name).find_element(By.XPATH, "./ancestor::div[contains(@class, 'field')]")
        errors = box.find_elements(By.CSS_SELECTOR, ".field-error")
        return errors[0].text if errors else None

    browser.find_element(By.ID, "email").send_keys("ana@", Keys.TAB)
    wait(browser, lambda d: problem("email") == "Email is not valid", message="the email was not checked as it was left")
    browser.find_element(By.ID, "password").send_keys("short", Keys.TAB)
    wait(browser, lambda d: problem("password") is not None and "8" in problem("password"),
         message="the password was not checked as it was left")
    password = browser.find_element(By.ID, "password")
    password.clear()
    password.send_keys("secret!word", Keys.TAB)
    wait(browser, lambda d: problem("password") is None, message="the password's problem stayed once it was right")
    email = browser.find_element(By.ID, "email")
    email.send_keys("example.com", Keys.TAB)
    wait(browser, lambda d: problem("email") is None)
    browser.find_element(By.ID, "mobile").send_keys("012 345 6789")
    tap(browser, browser.find_element(By.ID, "signup-button"))
    wait(browser, lambda d: problem("gender") == "Please select a gender", message="Sign up was not held back")
    assert browser.current_url.endswith("/accounts/signup")
    assert browser.switch_to.active_element.get_attribute("id") == "gender"
    assert browser.find_element(By.ID, "password").get_attribute("value") == "secret!word", "the password was lost"
    browser.find_element(By.CSS_SELECTOR, "#gender option[value=female]").click()
    tap(browser, browser.find_element(By.ID, "signup-button"))
    wait(browser, lambda d: d.find_elements(By.ID, "mobile-number"), message="Home not shown after sign up")
