"""Nothing acknowledged is lost when the host is killed: task writes arrive through the web forms and the CLI at once,
the host gets SIGKILL at a seeded random moment, and after a restart every database passes `PRAGMA integrity_check`
and every write that was acknowledged (a 303, or a CLI that exited 0) is there."""

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from atelier_browser import Host, atelier_binary
from http_session import session

WEB_WRITERS = 4
WEB_WRITES = 900
CLI_WRITES = 100


def web_session(url):
    return session(url, "/tasks")


def web_writer(url, names, acknowledged, stop, failures):
    try:
        write_through_the_web(url, names, acknowledged, stop)
    except Exception as error:  # a thread's exception would not fail the test by itself
        failures.append(repr(error))


def write_through_the_web(url, names, acknowledged, stop):
    opener, token = web_session(url)
    for name in names:
        if stop.is_set():
            return
        body = urllib.parse.urlencode({"name": name, "day": "2026-12-01", "_csrf": token}).encode()
        try:
            opener.open(urllib.request.Request(url + "/tasks", data=body), timeout=10)
        except urllib.error.HTTPError as answer:
            if answer.code == 303:
                acknowledged.append(name)
                continue
            raise
        except (urllib.error.URLError, ConnectionError, OSError):
            return  # the host is gone: this write was not acknowledged


def cli_writer(data_dir, names, acknowledged, stop):
    for name in names:
        if stop.is_set():
            return
        result = subprocess.run(
            [atelier_binary(), "tasks", "add", name, "--date", "2026-12-01", "--data-dir", data_dir],
            capture_output=True, text=True, timeout=60,
        )
        if result.returncode == 0:
            acknowledged.append(name)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_killed_host_loses_no_acknowledged_write(seed):
    rng = random.Random(seed)
    data_dir = tempfile.mkdtemp(prefix=f"atelier-kill-{seed}-")
    host = Host(data_dir, features="tasks")
    acknowledged = []
    failures = []
    stop = threading.Event()
    try:
        web_names = [f"web-{seed}-{i}" for i in range(WEB_WRITES)]
        cli_names = [f"cli-{seed}-{i}" for i in range(CLI_WRITES)]
        threads = [
            threading.Thread(target=web_writer, args=(host.url, web_names[k::WEB_WRITERS], acknowledged, stop, failures))
            for k in range(WEB_WRITERS)
        ]
        threads.append(threading.Thread(target=cli_writer, args=(data_dir, cli_names, acknowledged, stop)))
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.5, 3.0))
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(timeout=10)
        killed_after = len(acknowledged)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert failures == [], failures
        assert any(name.startswith("web-") for name in acknowledged), "no web write was acknowledged before the kill"
        for name in ("tasks", "kernel"):
            with sqlite3.connect(os.path.join(data_dir, f"{name}.sqlite")) as database:
                assert database.execute("PRAGMA integrity_check").fetchone()[0] == "ok", name
        restarted = Host(data_dir, features="tasks")
        try:
            with urllib.request.urlopen(restarted.url + "/tasks", timeout=10) as page:
                assert page.status == 200
            with sqlite3.connect(os.path.join(data_dir, "tasks.sqlite")) as database:
                stored = {row[0] for row in database.execute("SELECT name FROM tasks_item")}
            missing = [name for name in acknowledged if name not in stored]
            assert missing == [], f"{len(missing)} of {len(acknowledged)} acknowledged writes lost: {missing[:5]}"
            print(f"seed {seed}: killed after {killed_after} acknowledged writes; {len(acknowledged)} in all, all kept")
        finally:
            restarted.stop()
    finally:
        stop.set()
        host.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
