"""The countdown clock for real: started in the page with the tab then closed, its notice seen on reopening and as a
toast on another open page at its second; several at once, each cancellable; axe-core at two widths, two schemes.
With the host stopped, a countdown from the CLI is delivered by `at` (the test starts atd itself) into the inbox,
and to a notification daemon (dunst, under Xvfb and a D-Bus session) on the desktop."""

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from atelier_browser import Host, atelier_binary, axe_violations, wait, wait_for_focus


@pytest.fixture
def quiet_host():
    """A host whose countdowns are not handed to the system's scheduler: the host alone delivers them."""
    data_dir = tempfile.mkdtemp(prefix="atelier-countdown-")
    running = Host(data_dir, options=["--countdown-scheduler", "none"])
    yield running
    running.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


def labels(browser):
    """The rows' titles, read in one step (the list may be refreshed live between two reads)."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('.countdown-row .row-title')).map(e => e.textContent)"
    )


def clock(browser):
    return browser.execute_script("return document.querySelector('.countdown-row .countdown-clock').textContent")


def start_in_page(browser, url, minutes, label):
    browser.get(url + "/countdown")
    browser.find_element(By.ID, "minutes").send_keys(str(minutes))
    browser.find_element(By.ID, "label").send_keys(label)
    browser.find_element(By.ID, "start").click()
    wait(browser, lambda d: f"Started {label}" in d.page_source, message="the countdown did not start")


def test_a_countdown_started_in_the_page_notifies_after_the_tab_is_closed(quiet_host, browser):
    host = quiet_host
    start_in_page(browser, host.url, 1, "Tea")
    assert "you will be notified the next time it runs" in browser.page_source
    first = clock(browser)
    assert first in ("1:00", "0:59"), first
    wait(browser, lambda d: clock(d) not in ("1:00", first), timeout=3, message="the clock does not count down")
    # Several at once, each cancellable.
    start_in_page(browser, host.url, 30, "Pasta")
    start_in_page(browser, host.url, 45, "Bread")
    assert labels(browser) == ["Tea", "Pasta", "Bread"]
    browser.find_element(By.CSS_SELECTOR, "button[aria-label='Cancel Pasta']").click()
    wait(browser, lambda d: "Cancelled Pasta." in d.page_source)
    assert labels(browser) == ["Tea", "Bread"]

    # Close the countdown's tab; another page stays open elsewhere and gets the toast at the second.
    other = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(host.url + "/tasks")
    browser.switch_to.window(other)
    browser.close()
    browser.switch_to.window(browser.window_handles[0])
    wait(browser, lambda d: "Countdown finished — Tea" in d.find_element(By.ID, "toasts").text, timeout=75, message="no toast at zero")
    # Reopening shows it in the inbox, once, and the countdown as finished and notified.
    browser.get(host.url + "/inbox")
    assert sum("Countdown finished" in e.text for e in browser.find_elements(By.CSS_SELECTOR, "#notices .row-title")) == 1
    assert "Tea" in browser.page_source
    browser.get(host.url + "/countdown")
    def rows_say(driver):
        finished = driver.find_element(By.CSS_SELECTOR, ".countdown-row.finished").text
        running = driver.find_element(By.CSS_SELECTOR, ".countdown-row:not(.finished)").text
        assert "Tea" in finished and "notified" in finished and "late" not in finished, finished
        assert "Bread" in running, running
        return True

    wait(browser, rows_say, message="the finished and running rows do not say so")


def test_a_refused_form_keeps_what_was_typed(quiet_host, browser):
    browser.get(quiet_host.url + "/countdown")
    browser.find_element(By.ID, "hours").send_keys("0")
    browser.find_element(By.ID, "minutes").send_keys("0")
    browser.find_element(By.ID, "label").send_keys("Nap")
    browser.find_element(By.ID, "start").click()
    wait(browser, lambda d: "Set at least one minute." in d.page_source, message="the refused form did not come back")
    assert browser.find_element(By.ID, "label").get_attribute("value") == "Nap"
    wait_for_focus(browser, "minutes")
    assert axe_violations(browser) == []


def test_enter_moves_to_the_next_field_and_starts_from_the_label(quiet_host, browser):
    # The keyboard's key says "next" in Hours and Minutes and "go" in Label: Enter does what it says.
    browser.get(quiet_host.url + "/countdown")
    browser.find_element(By.ID, "hours").send_keys("0" + Keys.ENTER)
    wait_for_focus(browser, "minutes")
    browser.find_element(By.ID, "minutes").send_keys("5" + Keys.ENTER)
    wait_for_focus(browser, "label")
    assert labels(browser) == [], "Enter in Minutes started the timer"
    browser.find_element(By.ID, "label").send_keys("Eggs" + Keys.ENTER)
    wait(browser, lambda d: "Started Eggs" in d.page_source, message="Enter in Label did not start the timer")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height", [(375, 812), (1100, 900)])
def test_axe_clean_with_big_enough_targets(quiet_host, browser, scheme, width, height):
    quiet_host.cli("countdown", "start", "2h", "--label", "Bake", "--scheduler", "none")
    quiet_host.cli("countdown", "start", "1s", "--label", "Done", "--scheduler", "none")
    time.sleep(1.2)
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get(quiet_host.url + "/countdown")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".countdown-row")) == 2)
    assert axe_violations(browser) == []
    for element in browser.find_elements(By.CSS_SELECTOR, "main button, main input"):
        if element.is_displayed():
            assert element.size["height"] >= 44 and element.size["width"] >= 44, (element.get_attribute("id"), element.size)


def atd_running():
    return subprocess.run(["pgrep", "-x", "atd"], capture_output=True).returncode == 0


@pytest.fixture
def atd():
    """A running atd, started here when it is not (it runs without systemd)."""
    missing = [tool for tool in ("at", "atq", "atrm") if shutil.which(tool) is None]
    if missing or not os.path.exists("/usr/sbin/atd"):
        pytest.skip("the `at` package is not installed (Scripts/bootstrap installs it): no " + ", ".join(missing or ["/usr/sbin/atd"]))
    if not atd_running():
        if os.geteuid() != 0:
            pytest.skip("atd is not running and only root can start it here (/usr/sbin/atd)")
        subprocess.run(["/usr/sbin/atd"], check=True)
        deadline = time.time() + 5
        while not atd_running() and time.time() < deadline:
            time.sleep(0.1)
    assert atd_running(), "atd did not start"


def run_cli(*args, env=None):
    result = subprocess.run([atelier_binary(), *args], capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def notices(data_dir):
    with sqlite3.connect(os.path.join(data_dir, "kernel.sqlite")) as db:
        return db.execute("SELECT title, body, deliveredAt, late, announcedAt FROM kernel_notice").fetchall()


def test_with_the_host_stopped_at_delivers_the_countdown_into_the_inbox(atd, browser):
    data_dir = tempfile.mkdtemp(prefix="atelier-at-")
    try:
        out = run_cli("countdown", "start", "3s", "--label", "Kettle 'on' $(boil)", "--data-dir", data_dir, "--scheduler", "at")
        assert "You will be notified even if Atelier is closed: the system keeps the timer." in out, out
        assert listed_job_kind(data_dir) == "at"
        listed = json.loads(run_cli("countdown", "list", "--json", "--data-dir", data_dir))
        assert listed[0]["job"].startswith("at:") and not listed[0]["finished"]
        deadline = time.time() + 15
        while time.time() < deadline and not (notices(data_dir) and notices(data_dir)[0][2]):
            time.sleep(0.2)
        rows = notices(data_dir)
        assert len(rows) == 1 and rows[0][2], f"the at job did not deliver: {rows}; log: {read_log(data_dir)}"
        assert rows[0][1] == "Kettle 'on' $(boil)" and rows[0][3] == 0 and rows[0][4] is None
        # The next start shows it once: in the inbox (not delivered twice), and once as a toast on the first page.
        host = Host(data_dir, options=["--countdown-scheduler", "none"])
        try:
            browser.get(host.url + "/inbox")
            assert browser.find_element(By.CSS_SELECTOR, ".notices").text.count("Countdown finished") == 1
            wait(browser, lambda d: [t.text for t in d.find_elements(By.CSS_SELECTOR, "#toasts .toast")]
                 == ["Countdown finished — Kettle 'on' $(boil)"], message="the notice delivered meanwhile was not shown once")
            assert "Kettle 'on' $(boil)" in browser.find_element(By.CSS_SELECTOR, ".notices").text
            wait(browser, lambda d: notices(data_dir)[0][4] is not None, message="the host did not announce it")
            assert len(notices(data_dir)) == 1
        finally:
            host.stop()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def listed_job_kind(data_dir):
    return json.loads(run_cli("countdown", "list", "--json", "--data-dir", data_dir))[0]["job"].split(":")[0]


def test_cancel_removes_the_at_job(atd):
    data_dir = tempfile.mkdtemp(prefix="atelier-at-")
    try:
        run_cli("countdown", "start", "10m", "--data-dir", data_dir, "--scheduler", "at")
        job = json.loads(run_cli("countdown", "list", "--json", "--data-dir", data_dir))[0]["job"]
        number = job.split(":")[1]
        assert number in [line.split()[0] for line in subprocess.run(["atq"], capture_output=True, text=True).stdout.splitlines()]
        assert "Cancelled countdown 1" in run_cli("countdown", "cancel", "1", "--data-dir", data_dir, "--scheduler", "at")
        assert number not in [line.split()[0] for line in subprocess.run(["atq"], capture_output=True, text=True).stdout.splitlines()]
        assert notices(data_dir) == []
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def read_log(data_dir):
    path = os.path.join(data_dir, "countdown-jobs.log")
    return open(path).read() if os.path.exists(path) else "(no log)"


def test_the_desktop_notification_reaches_a_notification_daemon(atd):
    needed = ["Xvfb", "dbus-run-session", "dunst", "dunstctl", "notify-send"]
    missing = [tool for tool in needed if shutil.which(tool) is None]
    if missing:
        pytest.skip("the desktop path needs " + ", ".join(missing) + " (Debian: xvfb, dbus, dunst, libnotify-bin; Scripts/bootstrap installs them)")
    data_dir = tempfile.mkdtemp(prefix="atelier-desktop-")
    script = f"""
        set -e
        Xvfb :77 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
        trap 'kill $dunst $xvfb 2>/dev/null' EXIT
        sleep 1
        export DISPLAY=:77
        dunst >/dev/null 2>&1 & dunst=$!
        for i in $(seq 50); do dunstctl is-paused >/dev/null 2>&1 && break; sleep 0.1; done
        '{atelier_binary()}' countdown start 2s --label 'Desktop tea' --data-dir '{data_dir}' --scheduler at
        # A notification shown is in `dunstctl history` once closed: wait for it, close it, read the history.
        for i in $(seq 100); do [ "$(dunstctl count displayed)" != 0 ] && break; sleep 0.1; done
        dunstctl close-all
        sleep 0.2
        dunstctl history
    """
    try:
        result = subprocess.run(["dbus-run-session", "--", "bash", "-c", script], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stdout + result.stderr
        history = json.loads(result.stdout[result.stdout.index("{"):])
        shown = [(entry["summary"]["data"], entry["body"]["data"]) for group in history["data"] for entry in group]
        assert ("Countdown finished", "Desktop tea") in shown, (shown, read_log(data_dir))
        assert len(notices(data_dir)) == 1
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_countdown_that_ended_while_nothing_ran_comes_late_at_the_next_start(browser):
    data_dir = tempfile.mkdtemp(prefix="atelier-late-")
    try:
        out = run_cli("countdown", "start", "1s", "--label", "Laundry", "--data-dir", data_dir, "--scheduler", "none")
        assert "you will be notified the next time it runs" in out
        time.sleep(7)  # well past its end (a notice more than 5 s late is marked late)
        host = Host(data_dir, options=["--countdown-scheduler", "none"])
        try:
            browser.get(host.url + "/inbox")
            notices_list = browser.find_element(By.CSS_SELECTOR, ".notices")
            assert "Late: Countdown finished" in notices_list.text and "Laundry" in notices_list.text
            browser.get(host.url + "/countdown")
            wait(browser, lambda d: "notified late" in d.find_element(By.CSS_SELECTOR, ".countdown-row.finished").text,
                 message="the finished countdown does not say it came late")
            host.stop()
            host = Host(data_dir, options=["--countdown-scheduler", "none"])
            browser.get(host.url + "/inbox")
            titles = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#notices .row-title")]
            assert sum("Countdown finished" in title for title in titles) == 1, titles
        finally:
            host.stop()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_countdown_from_the_cli_appears_in_an_open_page_and_focus_stays(quiet_host, browser):
    start_in_page(browser, quiet_host.url, 20, "Stew")
    button = browser.find_element(By.CSS_SELECTOR, "button[aria-label='Cancel Stew']")
    browser.execute_script("arguments[0].focus()", button)
    quiet_host.cli("countdown", "start", "5m", "--label", "From the CLI", "--scheduler", "none")
    wait(browser, lambda d: "From the CLI" in d.find_element(By.ID, "countdown-list").text, message="the CLI's countdown did not appear")
    assert labels(browser) == ["From the CLI", "Stew"]
    assert browser.switch_to.active_element.get_attribute("aria-label") == "Cancel Stew"
    quiet_host.cli("countdown", "cancel", "2", "--scheduler", "none")
    wait(browser, lambda d: "From the CLI" not in d.find_element(By.ID, "countdown-list").text, message="the CLI's cancel did not show")
    assert browser.switch_to.active_element.get_attribute("aria-label") == "Cancel Stew"


def test_clearing_finished_countdowns_offers_undo(quiet_host, browser):
    quiet_host.cli("countdown", "start", "1s", "--label", "Eggs", "--scheduler", "none")
    time.sleep(1.5)
    browser.get(quiet_host.url + "/countdown")
    wait(browser, lambda d: "Eggs" in d.find_element(By.ID, "main").text)
    browser.find_element(By.XPATH, "//button[normalize-space()='Clear finished']").click()
    wait(browser, lambda d: "Eggs" not in d.find_element(By.ID, "countdown-list").text, message="not cleared")
    flash = browser.find_element(By.CSS_SELECTOR, ".flash")
    assert flash.text.startswith("Cleared 1 finished countdown."), flash.text
    flash.find_element(By.XPATH, ".//button[normalize-space()='Undo']").click()
    wait(browser, lambda d: "Eggs" in d.find_element(By.ID, "countdown-list").text, message="Undo did not put it back")
    assert "Put back 1 finished countdown." in browser.find_element(By.CSS_SELECTOR, ".flash").text
