"""Browser tests: the real `atelier` host on a free loopback port with a temporary data directory, driven by
headless Chromium through Selenium. A failing test leaves a screenshot in Tests/browser/screenshots/."""

import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = pathlib.Path(__file__).resolve().parent / "screenshots"


def atelier_binary():
    binary = os.environ.get("ATELIER_BIN") or str(ROOT / ".build" / "debug" / "atelier")
    if not os.path.exists(binary):
        pytest.fail(f"atelier binary not found at {binary}; build it with `swift build --product atelier`")
    return binary


def free_port():
    """A port free on loopback now: for a host started twice at the same address (a restart, as a bookmark sees it;
    what a browser keeps belongs to its origin, port included)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


class Host:
    """A running `atelier serve` process."""

    def __init__(self, data_dir, features=None, options=(), env=None):
        """`options` are more `atelier serve` arguments, such as a feature's (`--news-feed URL`); `env` more
        environment variables for the host process (such as `TZ`)."""
        self.data_dir = data_dir
        args = [atelier_binary(), "serve", "--port", "0", "--data-dir", data_dir, *options]
        if features:
            args += ["--features", features]
        env = dict(os.environ, LOG_LEVEL="warning", XDG_CONFIG_HOME=data_dir, **(env or {}))
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.url = None
        deadline = time.time() + 30
        lines = []
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            lines.append(line)
            match = re.search(r"running at (https?://[^ ]+?)/? ", line)
            if match:
                self.url = match.group(1).rstrip("/")
                break
        if not self.url:
            self.stop()
            raise RuntimeError("host did not start:\n" + "".join(lines))

    def cli(self, *args, data_dir=True):
        """Runs an `atelier` subcommand, against the same data directory unless `data_dir` is false."""
        extra = ["--data-dir", self.data_dir] if data_dir else []
        result = subprocess.run([atelier_binary(), *args, *extra], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture
def host():
    data_dir = tempfile.mkdtemp(prefix="atelier-browser-")
    running = Host(data_dir)
    yield running
    running.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


def new_browser():
    """Headless Chromium, 1100x900: a browser of its own (another person's, another device's)."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1100,900"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)
    driver.implicitly_wait(0)
    return driver


@pytest.fixture
def browser(request):
    driver = new_browser()
    yield driver
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"{request.node.name}.png"))
    driver.quit()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)


def wait(driver, condition, timeout=10, message=""):
    # Pages refresh parts of themselves live, so an element read mid-refresh may vanish: read again until timeout.
    ignored = (StaleElementReferenceException, NoSuchElementException, WebDriverException, AssertionError)
    return WebDriverWait(driver, timeout, ignored_exceptions=ignored).until(condition, message)


def wait_for_focus(driver, element_id, timeout=10):
    """Waits until the element `element_id` has the focus. A page that comes back from a refused form focuses its
    field with `autofocus`, which the browser applies a moment after the page's text is there."""
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("id") == element_id, timeout,
         message=f"the focus did not go to #{element_id}")


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_script():
    """axe-core's source, from the wheel `Scripts/bootstrap` installs."""
    import importlib.util

    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None:
        pytest.fail("axe-core is missing; run Scripts/bootstrap")
    return (pathlib.Path(spec.submodule_search_locations[0]) / "axe.min.js").read_text()


def axe_violations(driver):
    """Runs axe-core's WCAG 2.2 A and AA rules on the page the driver shows, and returns the violations as readable
    lines (rule, impact, the first offending elements); an empty list means the page is clean."""
    driver.execute_script(axe_script())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(r => done(r.violations)).catch(e => done([{id: 'axe-error', impact: 'error', help: String(e), nodes: []}]));",
        AXE_TAGS,
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(" ".join(n.get("target", [])) for n in v["nodes"][:3])
        for v in result
    ]


LIGHT_IN_DARK_SCRIPT = """
function rgba(text) {
  var m = text.match(/rgba?\\(([^)]+)\\)/);
  if (!m) return null;
  var p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
  return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
}
function luminance(c) {
  function ch(v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}
function background(el) {
  for (var e = el; e; e = e.parentElement) {
    var style = getComputedStyle(e);
    if (style.backgroundImage !== 'none') return null;  // a drawn icon or launch screen: its own colours
    var c = rgba(style.backgroundColor);
    if (c && c.a > 0.5) return c;
  }
  return rgba(getComputedStyle(document.documentElement).backgroundColor) || {r: 255, g: 255, b: 255, a: 1};
}
var found = [];
var page = background(document.body);
var ink = rgba(getComputedStyle(document.body).color);
if (!page || luminance(page) > 0.05) found.push('the page background ' + getComputedStyle(document.body).backgroundColor);
if (luminance(ink) < 0.6) found.push('the page text ' + getComputedStyle(document.body).color);
document.querySelectorAll('body *').forEach(function (el) {
  if (el.closest('.badge, .toast, .launch-screen, [hidden]')) return;
  var text = Array.from(el.childNodes).some(function (n) { return n.nodeType === 3 && n.textContent.trim(); });
  var field = el.matches('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea');
  if (!text && !field) return;
  var box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') return;
  var bg = background(el);
  if (bg && luminance(bg) > 0.3) found.push(el.tagName.toLowerCase() + '.' + el.className + ' on ' + JSON.stringify(bg));
});
return found.slice(0, 8);
"""


def light_in_dark(driver):
    """In dark mode: what still looks light — the page's background or text, or any visible text or field on a light
    background (drawn icons, badges and toasts keep their own colours). An empty list means the page follows the
    system's dark appearance."""
    return driver.execute_script(LIGHT_IN_DARK_SCRIPT)


def tap(browser, element):
    """Scrolls `element` to the middle of the screen and clicks it, as a person scrolls a control clear of the tab bar
    before tapping it (WebDriver clicks a control where it is when any of it is in view, even under the tab bar)."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
