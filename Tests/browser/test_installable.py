"""The host as an installable app, in headless Chromium: installable by Chromium's own rules, its icons the sizes the
manifest says, a visited page opening from the device's copy when the host cannot be reached (marked as such), an
unvisited one saying it is offline, a form sent then keeping what was typed, and the service worker showing a push."""

import json
import re
import shutil
import struct
import tempfile
import time
import urllib.request

import websocket

from selenium.webdriver.common.by import By

from atelier_browser import Host, axe_violations, free_port, light_in_dark, wait


def controlled(browser, url):
    """Opens `url` until the service worker controls the page (its first load installs the worker)."""
    browser.get(url)
    browser.execute_async_script(
        "var done = arguments[0]; navigator.serviceWorker.ready.then(function () { done(true); });")
    wait(browser, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
         message="the service worker did not take the page")


def network_off(browser):
    """Takes the network away with CDP's `Network.emulateNetworkConditions`, from the page and from the service
    worker (a target of its own: the page's emulation does not reach the worker's fetches). Returns the worker's
    DevTools connections, which keep it offline while they are open."""
    offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    address = browser.capabilities["goog:chromeOptions"]["debuggerAddress"]
    targets = json.loads(urllib.request.urlopen(f"http://{address}/json/list", timeout=10).read())
    connections = []
    for target in targets:
        if target["type"] != "service_worker":
            continue
        connection = websocket.create_connection(target["webSocketDebuggerUrl"], suppress_origin=True, timeout=10)
        for number, (method, params) in enumerate((("Network.enable", {}), ("Network.emulateNetworkConditions", offline))):
            connection.send(json.dumps({"id": number + 1, "method": method, "params": params}))
            while json.loads(connection.recv()).get("id") != number + 1:
                pass
        connections.append(connection)
    assert connections, "no service worker to take offline"
    return connections


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_host_is_installable_with_its_icons_and_a_shortcut_per_app(host, browser):
    controlled(browser, host.url + "/")
    assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
    manifest = json.loads(urllib.request.urlopen(host.url + "/manifest.webmanifest", timeout=10).read())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    purposes = set()
    for icon in manifest["icons"]:
        width, height = png_size(urllib.request.urlopen(host.url + icon["src"], timeout=10).read())
        assert f"{width}x{height}" == icon["sizes"], icon
        purposes.add(icon["purpose"])
    assert {"any", "maskable"} <= purposes and {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    touch = browser.find_element(By.CSS_SELECTOR, 'link[rel="apple-touch-icon"]').get_attribute("href")
    assert png_size(urllib.request.urlopen(touch, timeout=10).read()) == (180, 180)
    apps = [link.get_attribute("data-feature-link") for link in browser.find_elements(By.CSS_SELECTOR, "[data-feature-link]")
            if link.get_attribute("data-feature-link") != "inbox"]
    assert [shortcut["url"].strip("/") for shortcut in manifest["shortcuts"]] == apps
    icons = [shortcut["icons"][0]["src"] for shortcut in manifest["shortcuts"]]
    assert len(set(icons)) == len(apps)
    for src in icons:
        assert urllib.request.urlopen(host.url + src, timeout=10).read().startswith(b"<svg")


def test_a_visited_page_opens_offline_marked_and_an_unvisited_one_says_it_is_offline(host, browser):
    host.cli("tasks", "add", "Water the plants")
    controlled(browser, host.url + "/tasks")
    browser.get(host.url + "/tasks")
    assert "Water the plants" in browser.find_element(By.ID, "main").text
    host.stop()
    browser.get(host.url + "/tasks")
    mark = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-offline-mark]"))
    assert mark.text.startswith("Offline — showing what you saw at "), mark.text
    assert "Water the plants" in browser.find_element(By.ID, "main").text
    assert axe_violations(browser) == []
    browser.get(host.url + "/assignments")
    assert "You are offline" in browser.find_element(By.TAG_NAME, "h1").text
    assert "was not opened on this device before" in browser.find_element(By.ID, "main").text
    for scheme in ("light", "dark"):
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        assert axe_violations(browser) == []
        if scheme == "dark":
            assert light_in_dark(browser) == []


def test_with_the_network_off_a_visited_list_opens_marked_and_an_unvisited_page_says_offline(host, browser):
    host.cli("tasks", "add", "Feed the cat")
    controlled(browser, host.url + "/tasks")
    browser.get(host.url + "/tasks")
    connections = network_off(browser)
    try:
        browser.get(host.url + "/tasks")
        mark = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-offline-mark]"))
        assert mark.text.startswith("Offline — showing what you saw at ")
        assert "Feed the cat" in browser.find_element(By.ID, "main").text
        browser.get(host.url + "/news")
        assert "You are offline" in browser.find_element(By.TAG_NAME, "h1").text
    finally:
        for connection in connections:
            connection.close()


def test_a_form_sent_when_the_host_cannot_be_reached_says_so_and_keeps_what_was_typed(host, browser):
    controlled(browser, host.url + "/tasks/new")
    browser.get(host.url + "/tasks/new")
    name = browser.find_element(By.ID, "name")
    name.send_keys("Buy stamps")
    host.stop()
    browser.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    flash = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".flash-error"))
    assert flash.text.startswith("Not sent: Atelier cannot be reached."), flash.text
    assert browser.current_url.endswith("/tasks/new")
    assert browser.find_element(By.ID, "name").get_attribute("value") == "Buy stamps"


def test_the_service_worker_shows_a_push_as_a_notification(host, browser):
    controlled(browser, host.url + "/inbox")
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": host.url})
    browser.execute_cdp_cmd("ServiceWorker.enable", {})
    payload = {"title": "Countdown finished", "body": "Tea is ready.", "url": "/countdown", "tag": "notice-1"}
    shown = []
    deadline = time.time() + 15
    while time.time() < deadline and not shown:
        # Sent again until shown (a push that comes while the worker is still starting can be lost); the tag makes
        # a repeat replace the notification, not add one.
        browser.execute_cdp_cmd("ServiceWorker.deliverPushMessage",
                                {"origin": host.url + "/", "registrationId": "0", "data": json.dumps(payload)})
        time.sleep(0.5)
        shown = browser.execute_async_script(
            "var done = arguments[0]; navigator.serviceWorker.ready"
            ".then(function (r) { return r.getNotifications(); })"
            ".then(function (list) { done(list.map(function (n) { return [n.title, n.body, n.data.url, n.icon]; })); });")
    assert shown == [["Countdown finished", "Tea is ready.", "/countdown", host.url + "/static/icon-192.png"]]


def test_the_offer_to_notify_this_device_is_accessible_in_both_schemes(host, browser):
    for scheme in ("light", "dark"):
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        controlled(browser, host.url + "/inbox")
        offer = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-push]:not([hidden])"))
        assert offer.find_element(By.CSS_SELECTOR, "[data-push-toggle]").text == "Notify me on this device"
        assert axe_violations(browser) == []
        if scheme == "dark":
            assert light_in_dark(browser) == []


def test_notify_me_asks_only_when_tapped_and_says_when_the_browser_blocks_it(host, browser):
    controlled(browser, host.url + "/inbox")
    offer = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-push]:not([hidden])"))
    assert browser.execute_script("return Notification.permission") == "default"
    browser.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "notifications"}, "setting": "denied",
                                                      "origin": host.url})
    offer.find_element(By.CSS_SELECTOR, "[data-push-toggle]").click()
    wait(browser, lambda d: "blocked for Atelier in this browser's settings" in d.find_element(By.CSS_SELECTOR, "[data-push-status]").text,
         message="the offer did not say notifications are blocked")
    assert offer.find_element(By.CSS_SELECTOR, "[data-push-toggle]").get_attribute("data-subscribed") == "no"


# The notification's tap, run as the service worker runs it, with the worker's `self` stood in for: the clients a
# browser would have (no notification can be clicked in headless Chromium).
NOTIFICATION_CLICK = """
var done = arguments[arguments.length - 1];
var script = arguments[0], windows = arguments[1], origin = arguments[2];
var handlers = {}, calls = [];
var clients = windows.map(function (url) {
  return { url: url, focus: function () { calls.push("focus " + url); return Promise.resolve(this); },
           navigate: function (to) { calls.push("navigate " + to); return Promise.resolve(this); } };
});
var fakeSelf = {
  addEventListener: function (name, handler) { handlers[name] = handler; },
  importScripts: function () {},
  location: { origin: origin },
  clients: { matchAll: function () { return Promise.resolve(clients); },
             openWindow: function (url) { calls.push("open " + url); return Promise.resolve(null); },
             claim: function () { return Promise.resolve(); } },
  registration: {}
};
new Function("self", "caches", script)(fakeSelf, {});
var waited = null;
handlers.notificationclick({ notification: { data: { url: "/countdown" }, close: function () { calls.push("close"); } },
                             waitUntil: function (promise) { waited = promise; } });
waited.then(function () { done(calls); }, function (error) { done(["error " + error]); });
"""


def test_a_tap_on_a_notification_opens_its_page_in_an_open_window_or_a_new_one(host, browser):
    browser.get(host.url + "/")
    script = urllib.request.urlopen(host.url + "/sw.js", timeout=10).read().decode()
    target = host.url + "/countdown"
    tap = lambda windows: browser.execute_async_script(NOTIFICATION_CLICK, script, windows, host.url)
    assert tap([]) == ["close", "open " + target]
    assert tap([host.url + "/inbox"]) == ["close", "focus " + host.url + "/inbox", "navigate " + target]
    assert tap([host.url + "/inbox", target]) == ["close", "focus " + target]


def test_a_new_shell_replaces_the_kept_one_when_the_host_comes_back_with_it(browser):
    data_dir = tempfile.mkdtemp(prefix="atelier-shell-")
    port = free_port()  # one origin, as an installed app has
    kept = "return caches.keys().then(function (names) { return names.filter(function (n) { return n.indexOf('atelier-shell-') === 0; }); })"
    read = lambda: browser.execute_async_script(f"var done = arguments[0]; (function () {{ {kept} }})().then(done);")
    try:
        first = Host(data_dir, options=["--port", port])
        try:
            controlled(browser, first.url + "/")
            old = read()
            assert len(old) == 1
        finally:
            first.stop()
        # The same host with fewer apps serves other files: a new shell.
        second = Host(data_dir, options=["--port", port, "--features", "tasks"])
        try:
            browser.get(second.url + "/")
            wait(browser, lambda d: read() not in ([], old) and len(read()) == 1, timeout=20,
                 message=f"the new shell did not replace {old}")
            browser.get(second.url + "/tasks")
            assert browser.execute_script("return !!navigator.serviceWorker.controller")
        finally:
            second.stop()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def test_the_device_keeps_the_last_sixty_pages_opened(host, browser):
    controlled(browser, host.url + "/tasks")
    for number in range(62):
        browser.get(f"{host.url}/tasks?page-{number}")
    kept = browser.execute_async_script(
        "var done = arguments[0]; caches.open('atelier-pages')"
        ".then(function (c) { return c.keys(); }).then(function (keys) { done(keys.map(function (k) { return k.url; })); });")
    assert len(kept) == 60
    assert kept[-1] == f"{host.url}/tasks?page-61" and f"{host.url}/tasks?page-1" not in kept


def test_an_open_page_says_when_atelier_goes_away_and_when_it_is_back(browser):
    # The host stops under an open page: within seconds the page says Atelier cannot be reached; a tap on a row's
    # button then says it was not sent (not that what was typed is kept: nothing was typed); the host comes back on the
    # same address: the page says nothing any more, within seconds, and is live again.
    data_dir = tempfile.mkdtemp(prefix="atelier-away-")
    port = free_port()
    first = Host(data_dir, options=["--port", port])
    try:
        first.cli("tasks", "add", "Water the plants")
        controlled(browser, first.url + "/tasks")
        browser.get(first.url + "/tasks")
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.live") == "connected")
    finally:
        first.stop()
    banner = wait(browser, lambda d: d.find_element(By.ID, "connection"), timeout=6, message="no sign the host went away")
    assert banner.text.startswith("Atelier cannot be reached."), banner.text
    browser.find_element(By.CSS_SELECTOR, "#task-list button.check").click()
    flash = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".flash[data-not-sent]"), message="no word it was not sent")
    assert flash.text == "Not sent: Atelier cannot be reached. Try again once it can be.", flash.text
    second = Host(data_dir, options=["--port", port])
    try:
        started = time.time()
        wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#connection, .flash[data-not-sent]"), timeout=6,
             message="the page still says Atelier cannot be reached")
        assert time.time() - started < 5
        second.cli("tasks", "add", "Back again")
        wait(browser, lambda d: "Back again" in d.find_element(By.ID, "task-list").text, message="the page is not live again")
    finally:
        second.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_page_read_from_the_device_loses_its_offline_mark_once_atelier_is_back(browser):
    data_dir = tempfile.mkdtemp(prefix="atelier-back-")
    port = free_port()
    first = Host(data_dir, options=["--port", port])
    try:
        first.cli("tasks", "add", "Feed the cat")
        controlled(browser, first.url + "/tasks")
        browser.get(first.url + "/tasks")
    finally:
        first.stop()
    browser.get(first.url + "/tasks")
    mark = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-offline-mark]"))
    assert re.fullmatch(r"Offline — showing what you saw at (\d{1,2}:\d{2} (am|pm)|\d{2}:\d{2})", mark.text), mark.text
    second = Host(data_dir, options=["--port", port])
    try:
        wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-offline-mark]"), timeout=6,
             message="the offline mark stayed after Atelier came back")
        second.cli("tasks", "add", "Brush the dog")
        wait(browser, lambda d: "Brush the dog" in d.find_element(By.ID, "task-list").text, message="not live again")
    finally:
        second.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_signed_in_page_opened_before_is_not_called_unvisited_offline(host, browser):
    controlled(browser, host.url + "/accounts/signup")
    for name, value in (("email", "ana@example.com"), ("password", "Secret!word1"), ("firstName", "Ana"),
                        ("lastName", "Lim"), ("mobile", "012-345 6789")):
        browser.find_element(By.ID, name).send_keys(value)
    browser.find_element(By.CSS_SELECTOR, "#gender option[value=female]").click()
    browser.find_element(By.ID, "signup-button").click()
    wait(browser, lambda d: "/accounts/home" in d.current_url)
    browser.get(host.url + "/accounts/home")
    host.stop()
    browser.get(host.url + "/accounts/home")
    text = browser.find_element(By.ID, "main").text
    assert "holds your account’s details, which are never kept on this device" in text, text
    assert "not opened on this device before" not in text


def test_notify_me_never_hangs_and_says_what_went_wrong_in_words(host, browser):
    # Permission granted, and a push service that never answers (headless Chromium has none): the button says it is
    # working, then gives up with a sentence a person can act on — never the browser's own message — and can be
    # tapped again.
    controlled(browser, host.url + "/inbox")
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": host.url})
    browser.execute_script("""
        window.Atelier.pushTimeout = 1500;
        // A push service that does not answer, for certain.
        PushManager.prototype.subscribe = function () { return new Promise(function () {}); };""")
    offer = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-push]:not([hidden])"))
    button = offer.find_element(By.CSS_SELECTOR, "[data-push-toggle]")
    button.click()
    wait(browser, lambda d: button.get_attribute("aria-busy") == "true" and not button.is_enabled(),
         message="the button did not say it is working")
    status = offer.find_element(By.CSS_SELECTOR, "[data-push-status]")
    wait(browser, lambda d: button.is_enabled(), timeout=6, message="the button kept waiting")
    assert status.text == "This browser's push service did not answer. Check the connection and tap again.", status.text
    browser.execute_script("""
        PushManager.prototype.subscribe = function () {
          return Promise.reject(new DOMException("Registration failed - push service error", "AbortError")); };""")
    button.click()
    wait(browser, lambda d: button.is_enabled() and "could not be reached" in status.text, timeout=6)
    assert "Registration failed" not in status.text and "DOMException" not in status.text, status.text
