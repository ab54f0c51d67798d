"""The assignments' calendar, checked with real parts: the feed parsed with the `icalendar` package, and every create,
edit and delete pushed to a real Radicale CalDAV server on loopback, including while that server is down."""

import base64
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import icalendar
import pytest

from atelier_browser import Host
from http_session import post, session

ASSIGNMENT = {"module": "Mobile Development", "level": "6", "name": "Coursework", "value": "40", "mark": "",
              "due": "2030-01-15T17:00", "notes": "Read the brief; then, plan.", "reminder": "before",
              "reminderAmount": "2", "reminderUnit": "days", "reminderAt": ""}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Radicale:
    """A Radicale server on loopback with one user, `student`, and one calendar, started and stopped at will (its
    storage folder outlives a stop)."""

    def __init__(self, folder):
        self.folder = folder
        self.port = free_port()
        self.users = os.path.join(folder, "users")
        with open(self.users, "w") as f:
            f.write("student:secret\n")
        self.process = None
        self.url = f"http://127.0.0.1:{self.port}"
        self.collection = self.url + "/student/assignments/"

    def start(self):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "radicale", "--server-hosts", f"127.0.0.1:{self.port}",
             "--storage-filesystem-folder", os.path.join(self.folder, "collections"), "--auth-type", "htpasswd",
             "--auth-htpasswd-filename", self.users, "--auth-htpasswd-encryption", "plain", "--logging-level", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("radicale did not start")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def request(self, method, path, body=None):
        request = urllib.request.Request(self.url + path if path.startswith("/") else path, data=body, method=method)
        request.add_header("Authorization", "Basic " + base64.b64encode(b"student:secret").decode())
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def event(self, uid):
        """The server's copy of the event `uid` (parsed), or None when it has none."""
        status, body = self.request("GET", self.collection + uid + ".ics")
        if status == 404:
            return None
        assert status == 200, (status, body)
        return icalendar.Calendar.from_ical(body).walk("VEVENT")[0]


@pytest.fixture
def radicale():
    folder = tempfile.mkdtemp(prefix="atelier-radicale-")
    server = Radicale(folder)
    server.start()
    status, _ = server.request("MKCOL", "/student/assignments/", body=(
        b'<?xml version="1.0"?><mkcol xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><set><prop>'
        b'<resourcetype><collection/><C:calendar/></resourcetype></prop></set></mkcol>'))
    assert status == 201, status
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def until(condition, timeout=20, message=""):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(message or "timed out")


def feed(host):
    with urllib.request.urlopen(host.url + "/assignments/calendar.ics", timeout=10) as answer:
        assert answer.headers["Content-Type"] == "text/calendar; charset=utf-8"
        raw = answer.read()
    return raw, icalendar.Calendar.from_ical(raw)


def test_the_feed_is_rfc_5545_and_follows_edits_and_deletes(host):
    opener, token = session(host.url, "/assignments")
    status, _ = post(opener, host.url + "/assignments", {**ASSIGNMENT, "_csrf": token})
    assert status == 303
    raw, calendar = feed(host)
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    assert all(len(line) <= 75 for line in raw.split(b"\r\n"))
    events = list(calendar.walk("VEVENT"))
    assert len(events) == 1
    event = events[0]
    uid = str(event["UID"])
    assert uid.endswith("@atelier")
    assert int(event["SEQUENCE"]) == 0
    assert str(event["SUMMARY"]) == "Mobile Development: Coursework due"
    assert "Read the brief; then, plan." in str(event["DESCRIPTION"])
    assert event.decoded("DTSTART").year == 2030
    assert "DTSTAMP" in event
    alarm = event.walk("VALARM")[0]
    assert alarm.decoded("TRIGGER").total_seconds() == -2 * 86400
    # An edit keeps the UID and raises SEQUENCE; a delete takes the event out of the feed.
    status, _ = post(opener, host.url + "/assignments/1", {**ASSIGNMENT, "name": "Coursework 2", "_csrf": token})
    assert status == 303
    event = feed(host)[1].walk("VEVENT")[0]
    assert str(event["UID"]) == uid and int(event["SEQUENCE"]) == 1
    status, _ = post(opener, host.url + "/assignments/1/delete", {"_csrf": token})
    assert status == 303
    assert list(feed(host)[1].walk("VEVENT")) == []


def test_create_edit_delete_reach_a_real_caldav_server_and_wait_while_it_is_down(radicale, tmp_path):
    password = tmp_path / "caldav-password"
    password.write_text("secret\n")
    data_dir = tempfile.mkdtemp(prefix="atelier-caldav-")
    host = Host(data_dir, options=["--assignments-caldav-url", radicale.collection, "--assignments-caldav-user",
                                   "student", "--assignments-caldav-password-file", str(password)])
    try:
        # Created from the CLI: the host sees the change in the database and pushes it.
        assignment = host.cli("assignments", "add", "--module", "Databases", "--level", "5", "--name", "Report",
                              "--value", "30", "--due", "2030-02-01T12:00").strip()
        uid = str(feed(host)[1].walk("VEVENT")[0]["UID"]).removesuffix("@atelier")
        event = until(lambda: radicale.event(uid), message="the new assignment never reached the server")
        assert str(event["SUMMARY"]) == "Databases: Report due" and int(event["SEQUENCE"]) == 0
        opener, token = session(host.url, "/assignments/" + assignment)
        until(lambda: "In your calendar." in opener.open(host.url + "/assignments/" + assignment).read().decode(),
              message="the page never said the assignment is in the calendar")
        # Edited in the page: updated on the server with a higher SEQUENCE.
        fields = {**ASSIGNMENT, "module": "Databases", "level": "5", "name": "Report, final", "_csrf": token}
        assert post(opener, host.url + "/assignments/" + assignment, fields)[0] == 303
        event = until(lambda: (e := radicale.event(uid)) and int(e["SEQUENCE"]) == 1 and e,
                      message="the edit never reached the server")
        assert str(event["SUMMARY"]) == "Databases: Report, final due"
        # The server goes down: the edit is queued, the page says so and keeps answering.
        radicale.stop()
        fields["name"] = "Report, really final"
        started = time.time()
        assert post(opener, host.url + "/assignments/" + assignment, fields)[0] == 303
        assert time.time() - started < 2, "the page waited for the calendar server"
        until(lambda: "Not in your calendar yet" in opener.open(host.url + "/assignments/" + assignment).read().decode(),
              message="the page never said the calendar is behind")
        # Back up: delivered on a retry.
        radicale.start()
        event = until(lambda: (e := radicale.event(uid)) and int(e["SEQUENCE"]) == 2 and e, timeout=40,
                      message="the queued edit was never delivered")
        assert str(event["SUMMARY"]) == "Databases: Report, really final due"
        # Deleted: gone from the server.
        assert post(opener, host.url + "/assignments/" + assignment + "/delete", {"_csrf": token})[0] == 303
        until(lambda: radicale.event(uid) is None, message="the deleted assignment stayed on the server")
    finally:
        host.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
