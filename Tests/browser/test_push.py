"""Web Push from the host to a push service on loopback (see push_service.py): each notice a person would want on
their phone, pushed once to each subscribed browser, VAPID-signed and encrypted so that only the browser can read it —
with the host running, and from the `at` job with the host down. A 410 drops the browser; an endpoint on this machine
is refused unless the operator allowed it."""

import base64
import datetime
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

import http_ece
import pytest
from pywebpush import WebPusher

from atelier_browser import Host, atelier_binary
from http_session import session
from push_service import Browser, PushService

PRIVATE = ["--push-allow-private-endpoints", "--countdown-scheduler", "none"]


@pytest.fixture
def pushes():
    service = PushService()
    yield service
    service.stop()


@pytest.fixture
def push_host():
    data_dir = tempfile.mkdtemp(prefix="atelier-push-")
    running = Host(data_dir, options=PRIVATE)
    yield running
    running.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


def subscribe(host, subscription, csrf=True, method="POST"):
    """Sends `subscription` as the page's script does; returns the status and the answer."""
    opener, token = session(host.url, "/inbox")
    headers = {"Content-Type": "application/json"}
    if csrf:
        headers["X-CSRF-Token"] = token
    request = urllib.request.Request(host.url + "/push/subscriptions", data=json.dumps(subscription).encode(),
                                     headers=headers, method=method)
    try:
        answer = opener.open(request, timeout=10)
        return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def public_key(host):
    return urllib.request.urlopen(host.url + "/push/key", timeout=10).read().decode()


def subscribed_then_stopped(data_dir, pushes):
    """A browser subscribed at /phone through a host on `data_dir` that has stopped again; and the host's VAPID key."""
    phone = Browser()
    host = Host(data_dir, options=PRIVATE)
    try:
        assert subscribe(host, phone.subscription(pushes.endpoint("/phone")))[0] == 201
        return phone, public_key(host)
    finally:
        host.stop()


def test_a_countdown_finished_with_the_host_running_is_pushed_once_to_each_device(push_host, pushes):
    phone, tablet = Browser(), Browser()
    assert subscribe(push_host, phone.subscription(pushes.endpoint("/phone")))[0] == 201
    assert subscribe(push_host, tablet.subscription(pushes.endpoint("/tablet")))[0] == 201
    # The same browser subscribing again is still one browser.
    assert subscribe(push_host, phone.subscription(pushes.endpoint("/phone")))[0] == 201
    push_host.cli("countdown", "start", "2s", "--label", "Tea", "--scheduler", "none")
    key = public_key(push_host)
    for path, browser in (("/phone", phone), ("/tablet", tablet)):
        received = pushes.wait_for(path)
        assert len(received) == 1, f"no push to {path}"
        headers, payload = pushes.opened(received[0], browser, key)
        print(path, headers["urgency"], headers["ttl"], payload)
        assert payload["title"] == "Countdown finished" and "Tea" in payload["body"] and payload["url"] == "/countdown"
        assert headers["urgency"] == "high" and headers["ttl"] == "3600"
    time.sleep(3)
    assert len(pushes.pushes("/phone")) == 1 and len(pushes.pushes("/tablet")) == 1


def test_a_410_from_the_push_service_forgets_the_browser(push_host, pushes):
    gone, kept = Browser(), Browser()
    assert subscribe(push_host, gone.subscription(pushes.endpoint("/gone/1")))[0] == 201
    assert subscribe(push_host, kept.subscription(pushes.endpoint("/kept")))[0] == 201
    push_host.cli("notify", "First", "One.")
    assert len(pushes.wait_for("/gone/1")) == 1 and len(pushes.wait_for("/kept")) == 1
    push_host.cli("notify", "Second", "Two.")
    assert len(pushes.wait_for("/kept", count=2)) == 2
    time.sleep(1)
    assert len(pushes.pushes("/gone/1")) == 1


def test_an_assignment_reminder_is_pushed(push_host, pushes):
    phone = Browser()
    assert subscribe(push_host, phone.subscription(pushes.endpoint("/phone")))[0] == 201
    # Due in the minute after next, the reminder a minute before: it fires at the next whole minute.
    due = (datetime.datetime.now() + datetime.timedelta(minutes=2)).strftime("%Y-%m-%dT%H:%M")
    push_host.cli("assignments", "add", "--module", "Networks", "--level", "5", "--name", "Routing essay",
                  "--value", "20", "--due", due, "--remind-minutes-before", "1")
    received = pushes.wait_for("/phone", timeout=75)
    assert len(received) == 1
    headers, payload = pushes.opened(received[0], phone, public_key(push_host))
    print(headers["urgency"], headers["ttl"], payload)
    assert "Routing essay" in payload["title"] + payload["body"]
    assert payload["url"].startswith("/assignments/")
    assert headers["urgency"] == "normal" and headers["ttl"] == "86400"


def atd_running():
    return subprocess.run(["pgrep", "-x", "atd"], capture_output=True).returncode == 0


def test_a_countdown_the_at_job_finishes_with_the_host_down_is_pushed_once(pushes):
    if shutil.which("at") is None or not os.path.exists("/usr/sbin/atd"):
        pytest.skip("the `at` package is not installed (Scripts/bootstrap installs it)")
    if not atd_running():
        if os.geteuid() != 0:
            pytest.skip("atd is not running and only root can start it here")
        subprocess.run(["/usr/sbin/atd"], check=True)
    data_dir = tempfile.mkdtemp(prefix="atelier-push-at-")
    try:
        phone, key = subscribed_then_stopped(data_dir, pushes)
        result = subprocess.run([atelier_binary(), "countdown", "start", "3s", "--label", "Bread", "--scheduler", "at",
                                 "--data-dir", data_dir], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stdout + result.stderr
        received = pushes.wait_for("/phone", timeout=30)
        log = open(os.path.join(data_dir, "countdown-jobs.log")).read() if os.path.exists(os.path.join(data_dir, "countdown-jobs.log")) else ""
        assert len(received) == 1, "the at job did not push: " + log
        headers, payload = pushes.opened(received[0], phone, key)
        print(headers["urgency"], headers["ttl"], payload)
        assert payload["title"] == "Countdown finished" and "Bread" in payload["body"]
        # The host, started again, delivers and pushes nothing more.
        host = Host(data_dir, options=PRIVATE)
        try:
            time.sleep(3)
        finally:
            host.stop()
        assert len(pushes.pushes("/phone")) == 1
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def test_pywebpush_and_the_host_encrypt_a_push_alike(push_host, pushes):
    phone = Browser()
    subscription = phone.subscription(pushes.endpoint("/phone"))
    assert subscribe(push_host, subscription)[0] == 201
    push_host.cli("notify", "Kettle", "Boiled.")
    ours = pushes.wait_for("/phone")[0]["body"]
    theirs = WebPusher(subscription).encode(b'{"title":"Kettle"}', "aes128gcm")["body"]
    assert json.loads(phone.decrypt(ours))["title"] == "Kettle"
    assert phone.decrypt(theirs) == b'{"title":"Kettle"}'
    # The same framing (RFC 8188): a 16-byte salt, record size 4096, the sender's 65-byte key as the key id.
    for body in (ours, theirs):
        assert int.from_bytes(body[16:20], "big") == 4096 and body[20] == 65 and body[21] == 4


def test_a_subscription_needs_the_csrf_token_and_on_a_plain_host_a_public_https_endpoint(host, pushes):
    phone = Browser()
    assert subscribe(host, phone.subscription("https://push.example.net/1"), csrf=False)[0] == 403
    status, answer = subscribe(host, phone.subscription(pushes.endpoint("/phone")))
    assert (status, json.loads(answer)["message"]) == (422, "The push endpoint must be https.")
    status, answer = subscribe(host, phone.subscription("https://127.0.0.1:9/phone"))
    assert status == 422 and "on this machine or a private network" in json.loads(answer)["message"]
    bad = phone.subscription("https://push.example.net/1")
    bad["keys"]["auth"] = "AAAA"
    assert subscribe(host, bad) == (422, '{"message":"The subscription\'s auth secret is not 16 bytes."}')


def test_a_finished_download_is_pushed(push_host, pushes):
    import http.server
    import threading

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!doctype html><title>Recipe</title><p>Bread.</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        phone = Browser()
        assert subscribe(push_host, phone.subscription(pushes.endpoint("/phone")))[0] == 201
        # Started in the page, as a person does: the host downloads it and raises the notice.
        opener, token = session(push_host.url, "/downloads")
        page = f"http://127.0.0.1:{server.server_address[1]}/recipe.html"
        form = urllib.parse.urlencode({"_csrf": token, "url": page}).encode()
        try:
            opener.open(urllib.request.Request(push_host.url + "/downloads", data=form), timeout=10)
        except urllib.error.HTTPError as error:
            assert error.code == 303, error.read()
        received = pushes.wait_for("/phone")
        assert len(received) == 1
        headers, payload = pushes.opened(received[0], phone, public_key(push_host))
        print(headers["urgency"], headers["ttl"], payload)
        assert "recipe.html" in payload["title"] + payload["body"] and payload["url"].startswith("/downloads")
        assert headers["urgency"] == "normal"
    finally:
        server.shutdown()


def test_a_task_behind_schedule_is_pushed():
    data_dir = tempfile.mkdtemp(prefix="atelier-push-behind-")
    pushes = PushService()
    try:
        phone, key = subscribed_then_stopped(data_dir, pushes)
        # A task that should be half done by now, not started: the host's check at its next start finds it behind.
        start = (datetime.date.today() - datetime.timedelta(days=2)).isoformat()
        due = (datetime.datetime.now() + datetime.timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")
        run = lambda *args: subprocess.run([atelier_binary(), *args, "--data-dir", data_dir],
                                           capture_output=True, text=True, timeout=60)
        added = run("assignments", "add", "--module", "Networks", "--level", "5", "--name", "Routing essay",
                    "--value", "20", "--due", due)
        assert added.returncode == 0, added.stderr
        task = run("assignments", "task", "add", added.stdout.strip().split()[-1], "--name", "Read the RFCs",
                   "--start", start, "--days", "4")
        assert task.returncode == 0, task.stderr
        host = Host(data_dir, options=PRIVATE)
        try:
            received = pushes.wait_for("/phone")
        finally:
            host.stop()
        assert len(received) == 1
        headers, payload = pushes.opened(received[0], phone, key)
        print(headers["urgency"], headers["ttl"], payload)
        assert payload["title"] == "Behind schedule: Read the RFCs" and payload["url"].startswith("/assignments/")
    finally:
        pushes.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_unsubscribing_stops_the_pushes_to_that_device_only(push_host, pushes):
    phone, tablet = Browser(), Browser()
    assert subscribe(push_host, phone.subscription(pushes.endpoint("/phone")))[0] == 201
    assert subscribe(push_host, tablet.subscription(pushes.endpoint("/tablet")))[0] == 201
    status, answer = subscribe(push_host, {"endpoint": pushes.endpoint("/phone")}, method="DELETE")
    assert (status, json.loads(answer)) == (200, {"subscribed": False})
    push_host.cli("notify", "Only the tablet", "Hello.")
    assert len(pushes.wait_for("/tablet")) == 1
    time.sleep(1)
    assert pushes.pushes("/phone") == []


# The browser's own push service cannot be reached from here: its `subscribe` is stood in for, giving the
# subscription of a browser whose keys the test holds, at the loopback push service. Everything else is the page's.
STAND_IN_SUBSCRIBE = """
var subscription = arguments[0];
window.askedWith = null;
PushManager.prototype.getSubscription = function () { return Promise.resolve(window.subscribed || null); };
PushManager.prototype.subscribe = function (options) {
  window.askedWith = Array.from(new Uint8Array(options.applicationServerKey));
  window.subscribed = { toJSON: function () { return subscription; },
                        unsubscribe: function () { window.subscribed = null; return Promise.resolve(true); } };
  return Promise.resolve(window.subscribed);
};
"""


def test_notify_me_on_this_device_subscribes_this_browser_and_stop_undoes_it(push_host, pushes, browser):
    from selenium.webdriver.common.by import By
    from atelier_browser import wait

    phone = Browser()
    browser.get(push_host.url + "/inbox")
    browser.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": push_host.url})
    browser.execute_script(STAND_IN_SUBSCRIBE, phone.subscription(pushes.endpoint("/phone")))
    offer = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-push]:not([hidden])"))
    button = offer.find_element(By.CSS_SELECTOR, "[data-push-toggle]")
    button.click()
    wait(browser, lambda d: button.text == "Stop notifying this device", message="the page did not subscribe")
    assert offer.find_element(By.CSS_SELECTOR, "[data-push-status]").text == \
        "This device is notified, even when Atelier is closed."
    key = public_key(push_host)
    assert browser.execute_script("return window.askedWith") == list(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4)))
    push_host.cli("notify", "Tea", "It is ready.")
    received = pushes.wait_for("/phone")
    assert len(received) == 1
    assert pushes.opened(received[0], phone, key)[1]["title"] == "Tea"

    button.click()
    wait(browser, lambda d: button.text == "Notify me on this device", message="the page did not unsubscribe")
    assert offer.find_element(By.CSS_SELECTOR, "[data-push-status]").text == "This device is no longer notified."
    push_host.cli("notify", "Coffee", "Also ready.")
    time.sleep(2)
    assert len(pushes.pushes("/phone")) == 1
