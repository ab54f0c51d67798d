"""The time left until each due date in the master list is written by the page from the date (the server keeps the list
with no clock in it): in the same words and colours as the detail's gauge, which the server writes, and again as time
passes without a reload."""

from datetime import datetime, timedelta

from selenium.webdriver.common.by import By

from atelier_browser import wait

# Offsets from now, each well inside one wording, and the colour the row takes.
CASES = [
    (timedelta(days=10, hours=12), "due-ahead"),
    (timedelta(days=2, hours=5, minutes=30), "due-soon"),
    (timedelta(hours=5, minutes=30), "due-soon"),
    (-timedelta(days=3, hours=12), "due-overdue"),
]


def add(host, name, due):
    out = host.cli("assignments", "add", "--module", "Networks", "--level", "6", "--name", name, "--value", "20",
                   "--due", due.strftime("%Y-%m-%dT%H:%M"))
    return out


def row_time_left(browser, assignment_id):
    return browser.find_element(By.CSS_SELECTOR, f"#assignment-{assignment_id} .due-left")


def test_each_row_says_the_time_left_in_the_words_and_colour_of_the_detail_gauge(host, browser):
    now = datetime.now()
    for index, (offset, _) in enumerate(CASES):
        add(host, f"Essay {index}", now + offset)
    browser.get(host.url + "/assignments")
    rows = browser.find_elements(By.CSS_SELECTOR, "#assignment-list .assignment-row")
    ids = {row.find_element(By.CSS_SELECTOR, ".row-title").text: row.get_attribute("id").split("-")[1] for row in rows}
    assert len(ids) == len(CASES), ids
    seen = []
    for index, (_, colour) in enumerate(CASES):
        assignment_id = ids[f"Essay {index}"]
        browser.get(f"{host.url}/assignments/{assignment_id}")
        gauge = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".gauge-text").text, message="no gauge")
        left = wait(browser, lambda d: row_time_left(d, assignment_id).text, message="the row says no time left")
        seen.append((left, gauge))
        assert left == gauge
        assert colour in row_time_left(browser, assignment_id).get_attribute("class").split()
    print(seen)
    # The server's rows carry the date, not the words: the same list serves whatever the time.
    source = browser.execute_script("return fetch('/assignments/rows?section=current').then(r => r.text())")
    assert "data-time-left=" in source and " left<" not in source and "overdue<" not in source


def test_the_words_follow_the_clock_without_a_reload(host, browser):
    add(host, "Lab report", datetime.now() + timedelta(days=4, hours=6))
    browser.get(host.url + "/assignments")
    element = browser.find_element(By.CSS_SELECTOR, "#assignment-list .due-left")
    assert element.text == "4 days left"
    words = browser.execute_script("""
        const real = Date.now, now = real();
        const span = document.querySelector('#assignment-list .due-left');
        const out = [];
        for (const seconds of [3 * 86400 + 7200, 40 * 60 + 30, 20, -(2 * 3600 + 60)]) {
          Date.now = () => Date.parse(span.dataset.timeLeft) - seconds * 1000;
          Atelier.localizeDates(document);
          out.push(span.textContent + ' ' + span.className);
        }
        Date.now = real;
        return out;
    """)
    assert words == [
        "3 days left due-left due-ahead",
        "40 minutes left due-left due-soon",
        "Due now due-left due-soon",
        "2 hours overdue due-left due-overdue",
    ]
