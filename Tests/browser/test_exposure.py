"""A host listening beyond loopback asks every browser for its access token; one on loopback answers only to
loopback names (no DNS rebinding)."""

import json
import re
import shutil
import tempfile
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from atelier_browser import Host, axe_violations, wait


@pytest.fixture
def exposed():
    data_dir = tempfile.mkdtemp(prefix="atelier-exposed-")
    running = Host(data_dir, options=["--host", "0.0.0.0"])
    advice = "".join(running.process.stdout.readline() for _ in range(3))
    yield running, advice
    running.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


def status(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_an_exposed_host_prints_its_token_and_opens_only_with_it(exposed, browser):
    host, advice = exposed
    assert "It can be reached from the network" in advice
    token = re.search(r"\?token=([A-Za-z0-9_-]{43})", advice).group(1)
    port = host.url.rsplit(":", 1)[1]
    base = f"http://127.0.0.1:{port}"
    # Without the token nothing of the host is served: not a page, the inbox, the live events or the diagnostics.
    for path in ["/", "/tasks", "/inbox", "/events", "/diagnostics", "/static/app.0123456789abcdef.js"]:
        code, body = status(base + path)
        assert code == 401, path
        assert "Access token needed" in body
    code, _ = status(base + "/tasks", {"Authorization": f"Bearer {token}"})
    assert code == 200
    # A person who opens the bare address is asked for the token, pastes it, and is in, with no token in the address.
    browser.get(base + "/tasks")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Access token needed"
    for width, height in [(375, 812), (1100, 900)]:
        browser.set_window_size(width, height)
        assert axe_violations(browser) == []
        for control in browser.find_elements(By.CSS_SELECTOR, "main input, main button"):
            assert control.size["height"] >= 44 and control.size["width"] >= 44, control.get_attribute("outerHTML")
    browser.find_element(By.ID, "token").send_keys("wrong-token-0000000000")
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "h1").text == "Wrong access token")
    browser.find_element(By.ID, "token").send_keys(token)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(browser, lambda d: d.current_url == base + "/")
    assert "token" not in browser.current_url
    browser.get(base + "/tasks")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "main h1").text == "Tasks")


def test_the_token_from_the_config_file_is_the_one_asked_for(browser):
    data_dir = tempfile.mkdtemp(prefix="atelier-token-")
    config = f"{data_dir}/config.json"
    with open(config, "w") as file:
        json.dump({"accessToken": "kept-token-from-the-config-file"}, file)
    host = Host(data_dir, options=["--host", "0.0.0.0", "--config", config])
    try:
        advice = "".join(host.process.stdout.readline() for _ in range(2))
        assert "?token=kept-token-from-the-config-file" in advice
        port = host.url.rsplit(":", 1)[1]
        browser.get(f"http://127.0.0.1:{port}/?token=kept-token-from-the-config-file")
        wait(browser, lambda d: d.current_url == f"http://127.0.0.1:{port}/")
        assert browser.find_elements(By.CSS_SELECTOR, "a.tile")
    finally:
        host.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_on_loopback_a_page_by_another_name_is_refused(host):
    port = host.url.rsplit(":", 1)[1]
    code, body = status(f"http://127.0.0.1:{port}/", {"Host": f"rebound.example:{port}"})
    assert code == 403
    assert "answers only to addresses of this machine" in body
    assert status(f"http://localhost:{port}/")[0] == 200
