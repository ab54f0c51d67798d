"""A killed host loses no download and no notice.

Downloads: files are being fetched from a loopback server (with ETags and byte ranges) when the host gets SIGKILL at a
seeded random moment. After a restart every database passes `PRAGMA integrity_check`, no row says Completed unless its
file is the whole file, byte for byte, and every row that was under way is resumed by the restarted host or turns
Interrupted (and is resumed with Resume). Every resume that asks for the rest of a file names the version it has
(`If-Range`), each ends with exactly the server's bytes, and a file the server changed while the host was down starts
over instead of splicing two versions.

Inbox: notices arrive from the CLI (now and a moment later) while pages mark the inbox read; after the kill and a
restart, every notice whose `atelier notify` succeeded is stored once, and every one that was due is delivered.
"""

import http.server
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

import pytest

from atelier_browser import Host, atelier_binary
from http_session import post, session

FILE_SIZE = 300 * 1024
CHUNK = 4 * 1024
FILES = 5


def content(path, version):
    """The bytes the server has for `path` in `version`: a repeating pattern that differs by path and version."""
    seed = (sum(path.encode()) + 31 * version) % 251
    return bytes((seed + offset * 7) % 251 for offset in range(FILE_SIZE))


class Origin(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    version = 1  # bumped while the host is down: /changing gets new bytes and a new ETag
    requests = []  # (path, Range, If-Range) in the order they came

    def log_message(self, *args):
        pass

    def do_GET(self):
        Origin.requests.append((self.path, self.headers.get("Range"), self.headers.get("If-Range")))
        version = Origin.version if self.path == "/changing" else 1
        body = content(self.path, version)
        etag = f'"{self.path.strip("/")}-{version}"'
        start = 0
        wanted = self.headers.get("Range")
        if wanted and wanted.startswith("bytes=") and self.headers.get("If-Range") in (None, etag):
            start = int(wanted[6:].split("-")[0])
        self.send_response(206 if start else 200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("ETag", etag)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(FILE_SIZE - start))
        if start:
            self.send_header("Content-Range", f"bytes {start}-{FILE_SIZE - 1}/{FILE_SIZE}")
        self.end_headers()
        try:
            # About 100 KB a second: three seconds a file, so a kill finds transfers under way.
            for offset in range(start, FILE_SIZE, CHUNK):
                self.wfile.write(body[offset:offset + CHUNK])
                self.wfile.flush()
                time.sleep(0.04)
        except (BrokenPipeError, ConnectionResetError):
            pass


@pytest.fixture
def origin():
    Origin.version = 1
    Origin.requests = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Origin)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def rows(data_dir):
    with sqlite3.connect(os.path.join(data_dir, "downloads.sqlite")) as database:
        return {
            url: (row_id, state)
            for row_id, url, state in database.execute("SELECT id, url, state FROM downloads_item")
        }


def check_integrity(data_dir, names):
    for name in names:
        with sqlite3.connect(os.path.join(data_dir, f"{name}.sqlite")) as database:
            assert database.execute("PRAGMA integrity_check").fetchone()[0] == "ok", name


def file_bytes(data_dir, row_id):
    path = os.path.join(data_dir, "downloads", f"{row_id}.download")
    if not os.path.exists(path):
        return b""
    with open(path, "rb") as file:
        return file.read()


def check_completed_rows_are_whole(data_dir, origin_url, version_of):
    for url, (row_id, state) in rows(data_dir).items():
        if state == "completed":
            path = url[len(origin_url):]
            assert file_bytes(data_dir, row_id) == content(path, version_of(path)), f"{url} Completed with other bytes"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_killed_host_resumes_downloads_and_never_shows_a_half_file_completed(seed, origin):
    rng = random.Random(seed)
    data_dir = tempfile.mkdtemp(prefix=f"atelier-kill-downloads-{seed}-")
    paths = [f"/file-{seed}-{index}" for index in range(FILES - 1)] + ["/changing"]
    host = Host(data_dir, features="downloads")
    try:
        opener, token = session(host.url, "/downloads")
        for path in paths:
            assert post(opener, host.url + "/downloads", {"url": origin + path, "_csrf": token})[0] == 303
        time.sleep(rng.uniform(0.5, 2.5))
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(timeout=10)
        check_integrity(data_dir, ["downloads", "kernel"])
        before = rows(data_dir)
        assert set(before) == {origin + path for path in paths}, "an acknowledged download was lost"
        check_completed_rows_are_whole(data_dir, origin, lambda path: 1)
        under_way = [url for url, (_, state) in before.items() if state in ("downloading", "queued")]
        running = [url for url, (_, state) in before.items() if state == "downloading"]
        assert under_way, "the kill found nothing under way"
        Origin.version = 2  # the server's copy of /changing changes while the host is down

        sizes_at_kill = {url: len(file_bytes(data_dir, row_id)) for url, (row_id, _) in before.items()}
        requests_before_restart = len(Origin.requests)

        host = Host(data_dir, features="downloads")
        opener, token = session(host.url, "/downloads")
        # The restarted host resumes what the dead one was running, or, when it cannot tell, marks it Interrupted once
        # its lease lapses; nothing stays Downloading, and nothing fails.
        deadline = time.time() + 30
        while time.time() < deadline:
            check_completed_rows_are_whole(data_dir, origin, lambda path: 2 if path == "/changing" else 1)
            now = rows(data_dir)
            if all(now[url][1] in ("completed", "interrupted") for url in running):
                break
            time.sleep(0.2)
        now = rows(data_dir)
        assert all(now[url][1] in ("completed", "interrupted") for url in running), {url: now[url][1] for url in running}
        for url, (row_id, state) in now.items():
            assert state != "failed", url
            if state == "interrupted":
                assert post(opener, f"{host.url}/downloads/{row_id}/retry", {"_csrf": token})[0] == 303, url
        deadline = time.time() + 60
        while time.time() < deadline and any(state != "completed" for _, state in rows(data_dir).values()):
            check_completed_rows_are_whole(data_dir, origin, lambda path: 2 if path == "/changing" else 1)
            time.sleep(0.2)
        final = rows(data_dir)
        assert all(state == "completed" for _, state in final.values()), final
        for url, (row_id, _) in final.items():
            path = url[len(origin):]
            expected = content(path, 2 if path == "/changing" else 1)
            assert file_bytes(data_dir, row_id) == expected, f"{url}: the resumed file is not the server's file"
        # Every request for the rest of a file named the version it had, and asked from where the file ended.
        ranged = 0
        for path, wanted, version in Origin.requests[requests_before_restart:]:
            if wanted:
                ranged += 1
                assert version == f'"{path.strip("/")}-1"', (path, wanted, version)
                assert wanted == f"bytes={sizes_at_kill[origin + path]}-", (path, wanted, sizes_at_kill[origin + path])
        print(f"seed {seed}: {len(under_way)} of {len(paths)} downloads under way at the kill, {ranged} resumed by "
              "range; all whole")
    finally:
        host.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def notify(data_dir, title, later):
    arguments = [atelier_binary(), "notify", title, "body", "--data-dir", data_dir]
    if later:
        arguments += ["--in-seconds", "1"]
    return subprocess.run(arguments, capture_output=True, text=True, timeout=60).returncode == 0


@pytest.mark.parametrize("seed", [1, 2])
def test_a_killed_host_keeps_every_acknowledged_notice_and_delivers_each_once(seed):
    rng = random.Random(seed)
    data_dir = tempfile.mkdtemp(prefix=f"atelier-kill-inbox-{seed}-")
    host = Host(data_dir, features="tasks")
    acknowledged = []
    stop = threading.Event()
    failures = []

    def cli_writer(prefix):
        for index in range(200):
            if stop.is_set():
                return
            title = f"{prefix}-{index}"
            if notify(data_dir, title, later=index % 3 == 0):
                acknowledged.append(title)

    def reader():
        try:
            opener, token = session(host.url, "/inbox")
            while not stop.is_set():
                status, _ = post(opener, host.url + "/inbox/read", {"_csrf": token})
                if status not in (303, 200):
                    failures.append(f"marking read answered {status}")
                opener.open(host.url + "/inbox", timeout=10).read()
        except (urllib.error.URLError, ConnectionError, OSError):
            return  # the host is gone

    try:
        threads = [threading.Thread(target=cli_writer, args=(f"n{seed}{k}",)) for k in range(2)]
        threads.append(threading.Thread(target=reader))
        for thread in threads:
            thread.start()
        # The kill comes at a seeded moment after the first notice was acknowledged (each `notify` starts a process).
        deadline = time.time() + 60
        while not acknowledged and time.time() < deadline:
            time.sleep(0.05)
        time.sleep(rng.uniform(0.5, 2.5))
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(timeout=10)
        killed_after = len(acknowledged)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert failures == [], failures
        assert killed_after > 0, "no notice was acknowledged before the kill"
        check_integrity(data_dir, ["kernel", "tasks"])
        host = Host(data_dir, features="tasks")
        # Every notice is due a second after it was made; the restarted host delivers what the dead one did not.
        deadline = time.time() + 30
        while True:
            with sqlite3.connect(os.path.join(data_dir, "kernel.sqlite")) as database:
                stored = list(database.execute("SELECT title, deliveredAt FROM kernel_notice"))
            if all(delivered is not None for _, delivered in stored) or time.time() > deadline:
                break
            time.sleep(0.2)
        titles = [title for title, _ in stored]
        missing = [title for title in acknowledged if title not in titles]
        assert missing == [], f"{len(missing)} of {len(acknowledged)} acknowledged notices lost: {missing[:5]}"
        assert len(titles) == len(set(titles)), "a notice was stored twice"
        undelivered = [title for title, delivered in stored if delivered is None]
        assert undelivered == [], f"due but never delivered: {undelivered[:5]}"
        print(f"seed {seed}: killed after {killed_after} acknowledged notices; {len(acknowledged)} in all, each kept once")
    finally:
        stop.set()
        host.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
