"""A change that takes more than one step survives a SIGKILL between any two of them. A countdown started from the CLI
is its row and its notice in one transaction (the notice in the countdown database's outbox), then the scheduler's
job; the CLI is killed at each point (ATELIER_KILL_AT), and a host started afterwards must deliver the notice exactly
once; a cancel killed halfway must still keep its notice from ever being delivered. A host is killed between a commit
and its delivery — the commit made, nobody told; the notice carried into the inbox, not yet out of the outbox — for a
countdown and for an assignment's reminder: the host started next delivers each notice exactly once."""

import json
import os
import sqlite3
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from atelier_browser import Host, atelier_binary

START_POINTS = ["countdown.recorded", "countdown.scheduled"]
HOST_POINTS = ["changes.committed", "notices.carried"]


def cli(data_dir, *args, kill_at=None):
    env = dict(os.environ, LOG_LEVEL="warning")
    if kill_at:
        env["ATELIER_KILL_AT"] = kill_at
    return subprocess.run(
        [atelier_binary(), *args, "--data-dir", data_dir], capture_output=True, text=True, timeout=60, env=env
    )


def notices(data_dir, label):
    with sqlite3.connect(os.path.join(data_dir, "kernel.sqlite")) as db:
        return db.execute(
            "SELECT key, deliveredAt FROM kernel_notice WHERE featureID = 'countdown' AND body LIKE ?", (f"%{label}%",)
        ).fetchall()


def outbox(data_dir):
    with sqlite3.connect(os.path.join(data_dir, "countdown.sqlite")) as db:
        return db.execute("SELECT count(*) FROM kernel_outbox").fetchone()[0]


def wait_for(condition, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.mark.parametrize("point", START_POINTS)
def test_a_countdown_start_killed_at_any_step_has_its_notice_delivered_exactly_once(point):
    data_dir = tempfile.mkdtemp(prefix="atelier-kill-step-")
    label = f"Tea {point}"
    killed = cli(data_dir, "countdown", "start", "2s", "--label", label, "--scheduler", "none", kill_at=point)
    assert killed.returncode == -9, f"the CLI was not killed at {point}: {killed.returncode} {killed.stderr}"
    host = Host(data_dir, features="countdown")
    try:
        assert wait_for(lambda: [n for n in notices(data_dir, label) if n[1]]), f"no notice delivered after {point}"
        time.sleep(1.5)  # a second delivery, if any, would come within the host's one-second loop
        found = notices(data_dir, label)
        assert len(found) == 1 and found[0][1], found
        assert outbox(data_dir) == 0
        listed = host.cli("countdown", "list")
        assert label in listed
    finally:
        host.stop()


def test_a_cancel_killed_before_its_withdrawal_reached_the_inbox_still_withdraws_the_notice():
    data_dir = tempfile.mkdtemp(prefix="atelier-kill-cancel-")
    started = cli(data_dir, "countdown", "start", "3s", "--label", "Kettle", "--scheduler", "none")
    assert started.returncode == 0, started.stderr
    # No host runs: the notice waits in the countdown's outbox.
    assert outbox(data_dir) == 1 and notices(data_dir, "Kettle") == []
    countdown_id = sqlite3.connect(os.path.join(data_dir, "countdown.sqlite")).execute(
        "SELECT id FROM countdown_timer"
    ).fetchone()[0]
    killed = cli(data_dir, "countdown", "cancel", str(countdown_id), kill_at="countdown.withdrawn")
    assert killed.returncode == -9, killed.stderr
    host = Host(data_dir, features="countdown")
    try:
        time.sleep(4.5)  # past the countdown's end
        assert notices(data_dir, "Kettle") == [], "the cancelled countdown's notice is still there"
        assert outbox(data_dir) == 0
    finally:
        host.stop()


def api(host, path, body):
    request = urllib.request.Request(host.url + "/api/v1" + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Authorization": "Bearer local"})
    return urllib.request.urlopen(request, timeout=10)


def due_now(data_dir, database):
    """Moves every waiting notice's time to now, in the outbox and the inbox alike: as if the minute had passed while
    no host ran."""
    now = "strftime('%Y-%m-%d %H:%M:%f', 'now')"
    with sqlite3.connect(os.path.join(data_dir, f"{database}.sqlite")) as db:
        db.execute(f"UPDATE kernel_outbox SET deliverAt = {now} WHERE deliverAt IS NOT NULL")
    with sqlite3.connect(os.path.join(data_dir, "kernel.sqlite")) as db:
        db.execute(f"UPDATE kernel_notice SET deliverAt = {now} WHERE deliveredAt IS NULL")


CHANGES = {
    "countdown": ("/countdowns", {"minutes": 1, "label": "Bread"}, "Countdown finished"),
    "assignments": ("/assignments", {"module": "History", "level": 5, "name": "Essay", "value": 20,
                                     "due": "2030-01-15T17:00", "reminder": {"kind": "before", "minutes": 60}},
                    "Reminder: Essay"),
}


@pytest.mark.parametrize("feature", list(CHANGES))
@pytest.mark.parametrize("point", HOST_POINTS)
def test_a_host_killed_between_a_commit_and_its_delivery_delivers_the_notice_exactly_once(point, feature):
    data_dir = tempfile.mkdtemp(prefix="atelier-kill-host-")
    path, body, title = CHANGES[feature]
    host = Host(data_dir, features=feature, env={"ATELIER_KILL_AT": point})
    try:
        try:
            api(host, path, body)  # the answer may come before the carry, which follows the commit
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        assert host.process.wait(timeout=10) == -9, f"the host was not killed at {point}"
    finally:
        host.stop()
    due_now(data_dir, feature)
    host = Host(data_dir, features=feature)
    try:
        def delivered():
            with sqlite3.connect(os.path.join(data_dir, "kernel.sqlite")) as db:
                return db.execute("SELECT deliveredAt FROM kernel_notice WHERE title = ?", (title,)).fetchall()

        assert wait_for(lambda: [row for row in delivered() if row[0]]), f"no notice delivered after {point}"
        time.sleep(1.5)  # a second carry or delivery, if any, would come at once
        assert len(delivered()) == 1, delivered()
        with sqlite3.connect(os.path.join(data_dir, f"{feature}.sqlite")) as db:
            assert db.execute("SELECT count(*) FROM kernel_outbox").fetchone()[0] == 0
    finally:
        host.stop()


def test_a_cancel_killed_before_carrying_its_withdrawal_is_not_delivered_by_the_countdowns_job():
    """No host runs: the operating system's job (`notify --due KEY`) fires after a cancel that died before carrying its
    withdrawal into the inbox. The job reads the countdown's outbox first, so it delivers nothing."""
    data_dir = tempfile.mkdtemp(prefix="atelier-kill-job-")
    started = cli(data_dir, "countdown", "start", "2s", "--label", "Oven", "--scheduler", "none")
    assert started.returncode == 0, started.stderr
    with sqlite3.connect(os.path.join(data_dir, "countdown.sqlite")) as db:
        key, = db.execute("SELECT key FROM kernel_outbox").fetchone()
        countdown_id, = db.execute("SELECT id FROM countdown_timer").fetchone()
    killed = cli(data_dir, "countdown", "cancel", str(countdown_id), kill_at="countdown.withdrawn")
    assert killed.returncode == -9, killed.stderr
    assert notices(data_dir, "Oven") == [], "the notice reached the inbox before the job"
    time.sleep(2.5)  # past the countdown's end, when the job would run
    job = cli(data_dir, "notify", "--due", key)
    assert job.returncode == 0, job.stderr
    assert "nothing to do" in job.stdout, job.stdout
    assert notices(data_dir, "Oven") == []
    assert outbox(data_dir) == 0
