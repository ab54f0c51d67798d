"""A change that takes more than one commit survives a SIGKILL between any two of its steps: a countdown started from
the CLI is its row and its notice in one transaction, then the notice carried into the inbox, then the scheduler's job.
The CLI is killed at each of those points (ATELIER_KILL_AT), and a host started afterwards must deliver the countdown's
notice exactly once; a cancel killed halfway must still keep its notice from ever being delivered. An assignment saved
with a reminder is killed after its transaction and while its reminder is carried to the inbox: the reminder is there
exactly once after a restart."""

import os
import sqlite3
import subprocess
import tempfile
import time

import pytest

from atelier_browser import Host, atelier_binary

START_POINTS = ["countdown.recorded", "notices.carried", "countdown.carried", "countdown.scheduled"]


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
    assert len(notices(data_dir, "Kettle")) == 1
    countdown_id = sqlite3.connect(os.path.join(data_dir, "countdown.sqlite")).execute(
        "SELECT id FROM countdown_timer"
    ).fetchone()[0]
    killed = cli(data_dir, "countdown", "cancel", str(countdown_id), kill_at="notices.carried")
    assert killed.returncode == -9, killed.stderr
    host = Host(data_dir, features="countdown")
    try:
        time.sleep(4.5)  # past the countdown's end
        assert notices(data_dir, "Kettle") == [], "the cancelled countdown's notice is still there"
        assert outbox(data_dir) == 0
    finally:
        host.stop()


@pytest.mark.parametrize("point", ["assignments.recorded", "notices.carried"])
def test_an_assignment_saved_with_a_reminder_and_killed_at_any_step_has_its_reminder_exactly_once(point):
    data_dir = tempfile.mkdtemp(prefix="atelier-kill-assignment-")
    name = f"Essay {point}"
    killed = cli(
        data_dir, "assignments", "add", "--module", "History", "--level", "5", "--name", name, "--value", "20",
        "--due", "2030-01-15T17:00", "--remind-minutes-before", "60", kill_at=point,
    )
    assert killed.returncode == -9, f"the CLI was not killed at {point}: {killed.returncode} {killed.stderr}"
    host = Host(data_dir, features="assignments")
    try:
        def reminders():
            with sqlite3.connect(os.path.join(data_dir, "kernel.sqlite")) as db:
                return db.execute("SELECT key FROM kernel_notice WHERE title = ?", (f"Reminder: {name}",)).fetchall()

        assert wait_for(lambda: reminders()), f"no reminder after {point}"
        time.sleep(1)
        assert len(reminders()) == 1, reminders()
        with sqlite3.connect(os.path.join(data_dir, "assignments.sqlite")) as db:
            assert db.execute("SELECT count(*) FROM kernel_outbox").fetchone()[0] == 0
    finally:
        host.stop()


def test_a_cancel_killed_before_carrying_its_withdrawal_is_not_delivered_by_the_countdowns_job():
    """No host runs: the operating system's job (`notify --due KEY`) fires after a cancel that died before carrying its
    withdrawal into the inbox. The job reads the countdown's outbox first, so it delivers nothing."""
    data_dir = tempfile.mkdtemp(prefix="atelier-kill-job-")
    started = cli(data_dir, "countdown", "start", "2s", "--label", "Oven", "--scheduler", "none")
    assert started.returncode == 0, started.stderr
    (key, delivered), = notices(data_dir, "Oven")
    assert delivered is None
    countdown_id = sqlite3.connect(os.path.join(data_dir, "countdown.sqlite")).execute(
        "SELECT id FROM countdown_timer"
    ).fetchone()[0]
    killed = cli(data_dir, "countdown", "cancel", str(countdown_id), kill_at="countdown.withdrawn")
    assert killed.returncode == -9, killed.stderr
    assert len(notices(data_dir, "Oven")) == 1, "the withdrawal reached the inbox before the kill"
    time.sleep(2.5)  # past the countdown's end, when the job would run
    job = cli(data_dir, "notify", "--due", key)
    assert job.returncode == 0, job.stderr
    assert "nothing to do" in job.stdout, job.stdout
    assert notices(data_dir, "Oven") == []
    assert outbox(data_dir) == 0
