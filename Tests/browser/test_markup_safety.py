"""Markup safety over real HTTP, without a browser: every page that shows what people type (or what a downloaded
page holds) is rendered twice, by two hosts given values of the same shape, once plain and once hostile: a quote,
an apostrophe, `<` and `&` each followed by a combining mark, ZWJ sequences, variation selectors, bidi controls and
control characters. Both renders are parsed with html5lib, a real HTML5 parser, and must have the same skeleton
(the elements in document order with their attribute names), no parse error the plain render lacks, no script but
the layout's own and no `on…` attribute; and every value must read back as typed where the page shows it.

Escaping per grapheme cluster instead of per Unicode scalar fails here: `"` followed by U+0301 is one cluster that
is not `"`, so it would close an attribute and add attributes. A raw `<` or `&` before a combining mark does not
change an HTML5 parser's tree (the tokenizer keeps it as text), which is why a parse error that only the hostile
render has counts as a failure too."""

import collections
import html
import http.cookiejar
import http.server
import json
import re
import shutil
import tempfile
import threading
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request

import html5lib
import pytest
from html5lib import treebuilders

from atelier_browser import Host

HOSTILE = [
    'x"\u0301 autofocus onfocus=alert(1) data-x="y',  # a quote that is not a `"` grapheme
    "'\u0301 onmouseover='alert(1)",
    "<\u0301img src=x onerror=alert(1)>",
    "<\u059dscript>alert(1)</script>",
    "&\u0301amp; &\u059dlt;",
    "\U0001f469\u200d\U0001f469\u200d\U0001f467 family",  # ZWJ sequence
    "\u263a\ufe0e \u263a\ufe0f",  # text and emoji variation selectors
    "\u202eevil\u202c \u2066iso\u2069",  # bidi override and isolate
    "line\u2028separator\u2029paragraph",  # separators scripts read as line breaks (control characters are refused)
]
PLAIN = "Plain value"

# Control characters are parse errors however they are written (raw or as `&#7;`), and browsers keep them as
# typed, so these codes say nothing about escaping.
CONTROL_CHARACTER_ERRORS = {"invalid-codepoint", "illegal-codepoint-for-numeric-entity"}
HTML_SPACE = re.compile(r"[ \t\n\f\r]+")
XML_FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0e-\x1f]")
TOKEN = re.compile(r"§(\d+)")
OWN_SCRIPT = re.compile(r"/static/[a-z][a-z0-9-]*/[a-z][a-z0-9-]*\.[0-9a-f]{16}\.js")
DEADLINE = 20


def show(value):
    """`repr(value)` with combining marks, format and control characters written as escapes, so that a mark
    attached to a quote, a ZWJ or a bidi control is visible in a failure message."""
    return "".join(
        (f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
        if unicodedata.category(c) in ("Mn", "Me", "Cf", "Cc", "Co", "Cs", "Zl", "Zp")
        else c
        for c in repr(value)
    )


def collapsed(text):
    return HTML_SPACE.sub(" ", text).strip()


def summarized(text, collapse=True):
    """`text` as the summary of a downloaded page gives it back: libxml2, which parses the page, drops the control
    characters XML forbids (the source view keeps them), and texts have runs of HTML whitespace collapsed."""
    text = XML_FORBIDDEN.sub("", text)
    return collapsed(text) if collapse else text


class Values:
    """The values one host is given. Each is labelled with the field it goes into and starts with a token `§n`,
    the same on both hosts, so that a difference found in the hostile render can be traced back to its field."""

    def __init__(self, hostile):
        self.hostile = hostile
        self.start = 0  # the hostile value the first rotating field gets; each test starts elsewhere
        self.rotated = 0
        self.used = set()
        self.labels = {}
        self.by_label = {}

    def __call__(self, label, index=None, template="§{n} {text}"):
        """The value for field `label`: HOSTILE[index], or the next one in rotation when `index` is None."""
        if label in self.by_label:
            return self.by_label[label]
        n = len(self.labels) + 1
        if index is None:
            index = (self.start + self.rotated) % len(HOSTILE)
            self.rotated += 1
        self.used.add(index)
        value = template.format(n=n, text=HOSTILE[index] if self.hostile else PLAIN)
        self.labels[n] = label
        self.by_label[label] = value
        return value

    def fields_in(self, text):
        """The labels of the fields whose token appears in `text`, in order of appearance."""
        found = []
        for match in TOKEN.finditer(html.unescape(text)):
            label = self.labels.get(int(match.group(1)))
            if label and label not in found:
                found.append(label)
        return found

    def describe(self, labels):
        return "; ".join(f"{label} = {show(self.by_label[label])}" for label in labels)


class Page:
    """One response, parsed with html5lib."""

    def __init__(self, path, status, text):
        self.path = path
        self.status = status
        self.text = text
        parser = html5lib.HTMLParser(tree=treebuilders.getTreeBuilder("etree"), namespaceHTMLElements=False)
        self.root = parser.parse(text)
        self.errors = [(line, column, code) for (line, column), code, _ in parser.errors]
        self.parents = {child: parent for parent in self.root.iter() for child in parent}

    def select(self, tag=None, cls=None, **attributes):
        found = []
        for element in self.root.iter():
            if not isinstance(element.tag, str) or (tag and element.tag != tag):
                continue
            if cls and cls not in element.get("class", "").split():
                continue
            if all(element.get(name.rstrip("_").replace("_", "-")) == value for name, value in attributes.items()):
                found.append(element)
        return found

    def one(self, tag=None, cls=None, within=None, **attributes):
        """The only element matching, or None (also when several match)."""
        found = self.select(tag, cls, **attributes)
        if within is not None:
            found = [element for element in found if self.is_inside(element, within)]
        return found[0] if len(found) == 1 else None

    def is_inside(self, element, ancestor):
        while element is not None:
            if element is ancestor:
                return True
            element = self.parents.get(element)
        return False

    def skeleton(self, skip_inside=()):
        """Every element and comment in document order: (depth, tag, sorted attribute names, element); without
        the contents of the elements whose id is in `skip_inside`, and without the inbox badge."""
        entries = []

        def walk(element, depth):
            if isinstance(element.tag, str) and element.get("data-unread") is not None:
                # The inbox badge counts notices delivered so far, which depends on timing, not on the values.
                return
            if isinstance(element.tag, str):
                entries.append((depth, element.tag, tuple(sorted(element.attrib)), element))
            else:
                entries.append((depth, "#comment", (), element))
            if isinstance(element.tag, str) and element.get("id") in skip_inside:
                return
            for child in element:
                walk(child, depth + 1)

        walk(self.root, 0)
        return entries

    def path_of(self, element):
        names = []
        while element is not None:
            if isinstance(element.tag, str):
                name = element.tag
                if element.get("id"):
                    name += "#" + element.get("id")
                classes = element.get("class", "").split()
                if classes:
                    name += "." + classes[0]
                names.append(name)
            else:
                names.append("#comment")
            element = self.parents.get(element)
        return " > ".join(reversed(names))

    def flattened(self, element):
        """The text, attribute names and attribute values of `element` and everything in it."""
        parts = []
        for node in element.iter():
            if isinstance(node.tag, str):
                for name, value in node.attrib.items():
                    parts += [name, value]
            parts += [node.text or "", node.tail or ""]
        return " ".join(parts)

    def offset(self, line, column):
        lines = self.text.split("\n")
        return sum(len(text) + 1 for text in lines[: line - 1]) + column


def text_of(element):
    return None if element is None else "".join(element.itertext())


def attribute(element, name):
    return None if element is None else element.get(name)


class Side:
    """One host with its own values, and a client that keeps its cookies like a browser."""

    def __init__(self, host, hostile):
        self.host = host
        self.hostile = hostile
        self.name = "hostile" if hostile else "plain"
        self.value = Values(hostile)
        self.csrf = None
        self.cookies = http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(self.cookies), NoRedirect()
        )

    def request(self, path, form=None):
        data = urllib.parse.urlencode(form).encode("ascii") if form is not None else None
        request = urllib.request.Request(self.host.url + path, data=data, method="POST" if form is not None else "GET")
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def get(self, path, status=200):
        code, headers, body = self.request(path)
        assert code == status, f"{self.name} host: GET {path} answered {code}, not {status}: {body[:300]!r}"
        assert headers.get("Content-Type", "").startswith("text/html"), f"GET {path}: {headers.get('Content-Type')}"
        page = Page(path, code, body.decode("utf-8"))
        meta = page.select("meta", name="csrf-token")
        if meta:
            self.csrf = meta[0].get("content")
        return page

    def post(self, path, fields, status=303):
        """Posts a form with the CSRF token read from the last page; follows a 303 to the page it names."""
        if self.csrf is None:
            self.get("/")
        code, headers, body = self.request(path, dict(fields, _csrf=self.csrf))
        assert code == status, f"{self.name} host: POST {path} answered {code}, not {status}: {body[:300]!r}"
        if code == 303:
            location = headers["Location"]
            return location, self.get(location.split("#")[0])
        page = Page(path, code, body.decode("utf-8"))
        return None, page

    def cli(self, *args):
        return self.host.cli(*args)


@pytest.fixture
def sides():
    """Two hosts on fresh data directories: the first gets plain values, the second hostile ones of the same
    shape."""
    made = []
    try:
        for hostile in (False, True):
            data_dir = tempfile.mkdtemp(prefix="atelier-markup-")
            try:
                host = Host(data_dir)
            except BaseException:
                shutil.rmtree(data_dir, ignore_errors=True)
                raise
            made.append(Side(host, hostile))
        yield made
    finally:
        for side in made:
            side.host.stop()
            shutil.rmtree(side.host.data_dir, ignore_errors=True)


def rotate(sides, start):
    for side in sides:
        side.value.start = start


class Checker:
    """Compares the plain and hostile renders of each page and collects every problem, so one run reports all of
    them; `done()` fails the test if there were any."""

    def __init__(self, plain, hostile):
        self.plain = plain
        self.hostile = hostile
        self.problems = []

    def page(self, label, plain_page, hostile_page, reads=None, skip_inside=()):
        problems = []
        problems += self.skeleton_difference(plain_page, hostile_page, skip_inside)
        problems += self.new_parse_errors(plain_page, hostile_page)
        for side, page in ((self.plain, plain_page), (self.hostile, hostile_page)):
            problems += [f"({side.name} render) {problem}" for problem in unsafe_markup(page)]
            for field, where, actual, expected, how in reads(page, side) if reads else []:
                if how == "equal" and actual == expected:
                    continue
                if how == "contains" and actual is not None and expected in actual:
                    continue
                wanted = "to read" if how == "equal" else "to contain"
                found = "nothing (element missing or not unique)" if actual is None else show(actual)
                problems.append(
                    f"({side.name} render) {field}: expected {where} {wanted} {show(expected)}, found {found}"
                )
        self.problems += [f"{label}: {problem}" for problem in problems]

    def skeleton_difference(self, plain_page, hostile_page, skip_inside):
        plain = plain_page.skeleton(skip_inside)
        hostile = hostile_page.skeleton(skip_inside)
        for index in range(max(len(plain), len(hostile))):
            expected = plain[index][:3] if index < len(plain) else None
            actual = hostile[index][:3] if index < len(hostile) else None
            if expected == actual:
                continue
            if actual is None:
                where = plain_page.path_of(plain[index][3])
                return [f"the hostile render ends early: the plain one goes on with {where}"]
            element = hostile[index][3]
            if expected is None:
                what = "an extra element at the end"
            elif expected[:2] != actual[:2]:
                what = (
                    f"<{actual[1]}> at depth {actual[0]} where the plain render has <{expected[1]}> at depth "
                    f"{expected[0]}"
                )
            else:
                extra = {name: element.get(name) for name in actual[2] if name not in expected[2]}
                missing = [name for name in expected[2] if name not in actual[2]]
                what = f"attributes {show(list(actual[2]))} where the plain render has {show(list(expected[2]))}"
                if extra:
                    what += f"; added: {show(extra)}"
                if missing:
                    what += f"; missing: {missing}"
            return [
                f"the markup differs at {hostile_page.path_of(element)}: {what}; "
                f"values there: {self.blame_element(hostile_page, element)}"
            ]
        return []

    def blame_element(self, page, element):
        while element is not None:
            labels = self.hostile.value.fields_in(page.flattened(element))
            if labels:
                return self.hostile.value.describe(labels)
            element = page.parents.get(element)
        return "(none found)"

    def new_parse_errors(self, plain_page, hostile_page):
        """Parse errors of the hostile render beyond those of the plain one, one line per field they come from."""
        allowed = collections.Counter(code for _, _, code in plain_page.errors if code not in CONTROL_CHARACTER_ERRORS)
        by_field = {}
        for line, column, code in hostile_page.errors:
            if code in CONTROL_CHARACTER_ERRORS:
                continue
            if allowed[code]:
                allowed[code] -= 1
                continue
            offset = hostile_page.offset(line, column)
            labels = self.hostile.value.fields_in(hostile_page.text[max(0, offset - 160) : offset])[-1:]
            field = self.hostile.value.describe(labels) if labels else "(no value found before it)"
            near = hostile_page.text[max(0, offset - 60) : offset + 40]
            by_field.setdefault(field, (line, column, near, []))[3].append(code)
        return [
            f"unescaped markup from {field}: parse error(s) {', '.join(sorted(set(codes)))} that the plain render "
            f"does not have, first at line {line}, column {column}: ...{show(near)}..."
            for field, (line, column, near, codes) in by_field.items()
        ]

    def done(self, every_value=True):
        unused = [HOSTILE[index] for index in range(len(HOSTILE)) if index not in self.hostile.value.used]
        assert not every_value or not unused, f"this test never used the hostile values {show(unused)}"
        if self.problems:
            pytest.fail(f"{len(self.problems)} problem(s):\n" + "\n".join(self.problems), pytrace=False)


# The shell's one script, named for its content.
SHELL_SCRIPT = re.compile(r"/static/app\.[0-9a-f]{16}\.js")


def unsafe_markup(page):
    problems = []
    # The layout's one script, then at most one file of the page's own feature (`/static/news/…` on `/news/…`);
    # never inline code.
    scripts = page.select("script")
    sources = [script.get("src") or "" for script in scripts]
    feature = page.path.strip("/").split("/")[0].split("?")[0]
    shell = 1
    own = (
        shell <= len(scripts) <= shell + 1
        and SHELL_SCRIPT.fullmatch(sources[0])
        and all(OWN_SCRIPT.fullmatch(source) and source.split("/")[2] == feature for source in sources[shell:])
        and not any(text_of(script).strip() for script in scripts)
    )
    if not own:
        problems.append(f"scripts other than the layout's own: {show([dict(s.attrib) for s in scripts])}")
    for element in page.root.iter():
        if isinstance(element.tag, str):
            for name in element.attrib:
                if name.lower().startswith("on"):
                    where = page.path_of(element)
                    problems.append(f"event handler attribute {name}={show(element.get(name))} on {where}")
    return problems


def flash(page):
    return page.one("div", cls="flash")


def flash_text(page):
    return text_of(flash(page))


def wait_for(side, path, ready, what):
    deadline = time.time() + DEADLINE
    while True:
        page = side.get(path)
        if ready(page):
            return page
        assert time.time() < deadline, f"{side.name} host: {what} within {DEADLINE} s"
        time.sleep(0.2)


# Tasks


def add_tasks(side, count):
    """Adds tasks with the CLI, each with a name and two lines of details; returns [(id, name, details, day)]."""
    tasks = []
    for number in range(1, count + 1):
        name = side.value(f"task {number} name")
        details = side.value(f"task {number} details, line 1") + "\n" + side.value(f"task {number} details, line 2")
        day = f"{2990 + number}-06-15"
        output = side.cli("tasks", "add", name, "--details", details, "--date", day, "--json")
        item = json.loads(output)
        assert item["name"] == name and item["details"] == details, f"the CLI stored {output!r}"
        tasks.append((item["id"], name, details, day))
    return tasks


def list_reads(tasks_of):
    def reads(page, side):
        for number, (task_id, name, details, _) in enumerate(tasks_of[side.name], start=1):
            row = page.one("li", id=f"task-{task_id}")
            shown = text_of(page.one("span", cls="task-name", within=row))
            yield f"task {number} name", "the row's name", shown, name, "equal"
            # The label reads "Mark <name> Done" (or "Not done"); only the name is checked here.
            label = attribute(page.one("button", cls="check", within=row), "aria-label")
            yield f"task {number} name", "the aria-label of the row's check button", label, name, "contains"
            yield (
                f"task {number} details",
                "the row's details (their first line)",
                text_of(page.one("span", cls="row-sub", within=row)),
                details.split("\n")[0],
                "equal",
            )

    return reads


def form_reads(prefix, typed, title=False):
    """Reads of the task form: `typed(side)` gives the name, details and day it must show as typed."""

    def reads(page, side):
        values = typed(side)
        name = attribute(page.one("input", id="name"), "value")
        details = text_of(page.one("textarea", id="details"))
        day = attribute(page.one("input", id="day"), "value")
        yield f"{prefix} name", "the value of the name field", name, values["name"], "equal"
        yield f"{prefix} details", "the description's textarea", details, values["details"], "equal"
        yield f"{prefix} day", "the value of the date field", day, values["day"], "equal"
        if title:
            yield f"{prefix} name", "the page's <title>", text_of(page.one("title")), values["name"], "contains"

    return reads


def test_task_list_edit_pages_and_flashes(sides):
    # Tasks added with the CLI: the list (names, check buttons' aria-labels, first lines of details), each edit
    # page (name and day in value="…", details in the textarea, name in <title>), and the flashes after ticking
    # one, deleting one (with its Undo form) and undoing that.
    plain, hostile = sides
    rotate(sides, 0)
    checker = Checker(plain, hostile)
    tasks = {side.name: add_tasks(side, 5) for side in sides}

    pages = [side.get("/tasks") for side in sides]
    checker.page("GET /tasks", *pages, list_reads(tasks))

    for number in range(1, 6):
        pages = [side.get(f"/tasks/{tasks[side.name][number - 1][0]}") for side in sides]

        def stored(side, number=number):
            _, name, details, day = tasks[side.name][number - 1]
            return {"name": name, "details": details, "day": day}

        checker.page(f"GET /tasks/<task {number}>", *pages, form_reads(f"task {number}", stored, title=True))

    # Ticking a task: the flash names it, and its row's label says what the button now does.
    pages = [side.post(f"/tasks/{tasks[side.name][1][0]}/toggle", {})[1] for side in sides]

    def toggled(page, side):
        yield from list_reads(tasks)(page, side)
        yield "task 2 name", "the flash", flash_text(page), f"“{tasks[side.name][1][1]}”", "contains"

    checker.page("POST /tasks/<task 2>/toggle, then /tasks", *pages, toggled)

    # Deleting: the flash names the task and offers Undo.
    pages = [side.post(f"/tasks/{tasks[side.name][0][0]}/delete", {})[1] for side in sides]

    def deleted(page, side):
        task_id, name = tasks[side.name][0][:2]
        yield "task 1 name", "the flash", flash_text(page), f"“{name}”", "contains"
        form = page.one("form", within=flash(page)) if flash(page) is not None else None
        yield "task 1 id", "the Undo form's action", attribute(form, "action"), f"/tasks/{task_id}/restore", "equal"
        button = page.one("button", within=form) if form is not None else None
        yield "Undo", "the Undo button", text_of(button), "Undo", "equal"

    checker.page("POST /tasks/<task 1>/delete, then /tasks", *pages, deleted)

    pages = [side.post(f"/tasks/{tasks[side.name][0][0]}/restore", {})[1] for side in sides]

    def restored(page, side):
        yield from list_reads(tasks)(page, side)
        yield "task 1 name", "the flash", flash_text(page), f"“{tasks[side.name][0][1]}”", "contains"

    checker.page("POST /tasks/<task 1>/restore, then /tasks", *pages, restored)
    checker.done()


def test_task_form_refusals_and_add_flash(sides):
    # The add and edit forms re-rendered after a refusal keep what was typed (a day that does not exist, or a
    # hostile day); an accepted add and edit name the task in the flash.
    plain, hostile = sides
    rotate(sides, 1)
    checker = Checker(plain, hostile)
    pages = [side.get("/tasks/new") for side in sides]
    checker.page("GET /tasks/new", *pages)

    # The quote goes into the fields written in attribute values (name and day), the rest rotate.
    def draft(side, prefix, day=None, name_index=None, day_index=None):
        return {
            "name": side.value(f"{prefix} name", index=name_index),
            "details": side.value(f"{prefix} details, line 1") + "\n" + side.value(f"{prefix} details, line 2"),
            "day": day if day is not None else side.value(f"{prefix} day", index=day_index),
        }

    # A day that does not exist: the form comes back with everything as typed.
    drafts = {side.name: draft(side, "refused add", day="2026-02-31", name_index=0) for side in sides}
    pages = [side.post("/tasks", drafts[side.name], status=422)[1] for side in sides]
    checker.page("POST /tasks with 2026-02-31", *pages, form_reads("refused add", lambda side: drafts[side.name]))

    # The day field itself holding a hostile value: refused, and kept as typed.
    typed = {side.name: draft(side, "hostile date", day_index=0) for side in sides}
    pages = [side.post("/tasks", typed[side.name], status=422)[1] for side in sides]
    checker.page("POST /tasks with a hostile day", *pages, form_reads("hostile date", lambda side: typed[side.name]))

    # Accepted: the flash on the list names the new task.
    added = {side.name: draft(side, "added", day="2999-01-01") for side in sides}
    results = [side.post("/tasks", added[side.name]) for side in sides]
    ids = {side.name: int(location.rsplit("-", 1)[1]) for side, (location, _) in zip(sides, results)}

    def added_reads(page, side):
        name = added[side.name]["name"]
        yield "added name", "the flash", flash_text(page), f"“{name}”", "contains"
        row = page.one("li", id=f"task-{ids[side.name]}")
        yield "added name", "the new row's name", text_of(page.one("span", cls="task-name", within=row)), name, "equal"

    checker.page("POST /tasks, then /tasks", *[page for _, page in results], added_reads)

    # Editing it with a bad day: the edit form comes back as typed, ticked as typed.
    edits = {
        side.name: dict(draft(side, "refused edit", day="2026-02-30", name_index=0), isDone="on") for side in sides
    }
    pages = [side.post(f"/tasks/{ids[side.name]}", edits[side.name], status=422)[1] for side in sides]

    def edit_reads(page, side):
        yield from form_reads("refused edit", lambda side: edits[side.name])(page, side)
        checked = attribute(page.one("input", id="isDone"), "checked")
        yield "isDone", "the Done checkbox's checked attribute", checked, "", "equal"

    checker.page("POST /tasks/<id> with 2026-02-30", *pages, edit_reads)

    saved = {side.name: draft(side, "saved edit", day="2998-01-01") for side in sides}
    pages = [side.post(f"/tasks/{ids[side.name]}", saved[side.name])[1] for side in sides]
    checker.page(
        "POST /tasks/<id>, then /tasks",
        *pages,
        lambda page, side: [
            ("saved edit name", "the flash", flash_text(page), f"“{saved[side.name]['name']}”", "contains")
        ],
    )
    checker.done()


# Inbox


def test_inbox_notices(sides):
    # Notices from `atelier notify`: titles (link text), bodies and links (href) in the inbox.
    plain, hostile = sides
    rotate(sides, 1)
    checker = Checker(plain, hostile)
    notices = {}
    for side in sides:
        notices[side.name] = []
        for number in range(1, 4):
            title = side.value(f"notice {number} title")
            body = side.value(f"notice {number} body")
            # Links must start with `/`; the first carries the quote, to land in an href.
            link = side.value(f"notice {number} link", index=0 if number == 1 else None, template="/§{n} {text}")
            side.cli("notify", title, body, "--link", link)
            notices[side.name].append((title, body, link))

    pages = [
        wait_for(side, "/inbox", lambda page: len(page.select("li", cls="notice")) >= 3, "the 3 notices did not arrive")
        for side in sides
    ]

    def reads(page, side):
        rows = page.select("li", cls="notice")
        for number, (title, body, link) in enumerate(notices[side.name], start=1):
            row = next((r for r in rows if text_of(page.one("span", cls="row-title", within=r)) == title), None)
            if row is None:
                yield f"notice {number} title", "a notice's title", None, title, "equal"
                continue
            anchor = page.one("a", within=row)
            heading = page.one("span", cls="row-title", within=anchor) if anchor is not None else None
            yield f"notice {number} title", "the notice's link text", text_of(heading), title, "equal"
            yield f"notice {number} link", "the notice's href", attribute(anchor, "href"), link, "equal"
            shown = text_of(page.one("span", cls="row-sub", within=row))
            yield f"notice {number} body", "the notice's body", shown, body, "equal"

    checker.page("GET /inbox", *pages, reads)
    checker.done()


# Downloads


class Origin(http.server.ThreadingHTTPServer):
    """A web server on loopback for the downloads: `routes` maps a path to (content type, body); paths under
    `/d/` get a small page and every other path a 404."""

    daemon_threads = True
    routes = {}


ROW_PAGE = b"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Row</title></head><body><p>Row.</p></body></html>"


class OriginHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        content_type, body = self.server.routes.get(path, (None, None))
        if body is None and path.startswith("/d/"):
            content_type, body = "text/html; charset=utf-8", ROW_PAGE
        status = "200 OK" if body is not None else "404 Not Found"
        if body is None:
            content_type, body = "text/plain", b"Not found"
        # Written by hand: a header value may carry UTF-8, which `send_header` (Latin-1 only) refuses.
        head = f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
        self.wfile.write(head.encode("utf-8") + body)


@pytest.fixture
def origin():
    server = Origin(("127.0.0.1", 0), OriginHandler)
    server.routes = {}
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def download_rows(page):
    return page.select("li", cls="download-row")


def wait_until_finished(side, count):
    return wait_for(
        side,
        "/downloads",
        lambda page: len(download_rows(page)) >= count
        and all(row.get("data-state") in ("completed", "failed", "cancelled") for row in download_rows(page)),
        f"{count} download(s) did not finish",
    )


def test_downloads_refused_addresses_and_rows(sides, origin):
    # Refused addresses come back in the URL field as typed; started downloads show their address in the flash
    # and the rows, and the server's Content-Type in the finished rows.
    plain, hostile = sides
    rotate(sides, 5)
    checker = Checker(plain, hostile)
    server, base = origin
    pages = [side.get("/downloads") for side in sides]
    checker.page("GET /downloads", *pages)

    refused = [
        ("no scheme", "§{n} {text}", 0),
        ("ftp address", "ftp://example.com/§{n} {text}", 3),
        ("javascript address", "javascript:§{n} {text}", 4),
        ("control characters", "§{n} {text}", 8),
    ]
    for label, template, index in refused:
        typed = {side.name: side.value(f"refused URL ({label})", index=index, template=template) for side in sides}
        pages = [side.post("/downloads", {"url": typed[side.name]}, status=422)[1] for side in sides]

        def reads(page, side, typed=typed, label=label):
            field = page.one("input", id="url")
            error = "shown" if page.one(id="url-error") is not None else None
            shown = attribute(field, "value")
            yield f"refused URL ({label})", "the URL field's value", shown, typed[side.name], "equal"
            yield f"refused URL ({label})", "the field's error", error, "shown", "equal"

        checker.page(f"POST /downloads ({label})", *pages, reads)

    # Accepted addresses with hostile characters in the path and query. The app keeps an address as its URL
    # parser writes it back, percent-encoding what may not appear raw in a URL (all but `'`, `&`, `=`, `(` and
    # `)` here), so a row must read back as typed once percent-decoded.
    # The server's Content-Type carries hostile values raw (all but the control characters, which the HTTP client
    # refuses in a header); a finished row says its kind in words. And a 404 leaves a failed row.
    started = {}
    flashes = {}
    for side in sides:
        started[side.name] = []
        for number in range(1, 4):
            path = side.value(f"download {number} path")
            query = side.value(f"download {number} query")
            url = f"{base}/d/{number}/{path}?q={query}"
            started[side.name].append(("address", f"download {number} path and query", url))
        for number, index in enumerate((0, 3, 4, 2), start=1):
            content_type = side.value(f"Content-Type {number}", index=index, template="text/html; x=§{n} {text}")
            server.routes[f"/{side.name}/typed/{number}"] = (content_type, ROW_PAGE)
            started[side.name].append(("content type", f"Content-Type {number}", f"{base}/{side.name}/typed/{number}"))
        started[side.name].append(("failure", "a 404", f"{base}/missing"))
        for number, (kind, field, url) in enumerate(started[side.name]):
            location, page = side.post("/downloads", {"url": url})
            started[side.name][number] += (int(location.rsplit("-", 1)[1]),)
            flashes[side.name, number] = page

    for number, (_, field, _, _) in enumerate(started[plain.name]):
        pages = [flashes[side.name, number] for side in sides]

        def flash_reads(page, side, number=number, field=field):
            # The flash quotes the address short (no scheme; a long one cut in the middle with "…"): every piece of it
            # reads back as typed.
            typed = started[side.name][number][2].split("://", 1)[1]
            text = flash_text(page)
            shown = collapsed(text) if text is not None else ""
            quoted = shown.removeprefix("Started downloading ").removesuffix(".")
            pieces = [piece for piece in quoted.split("…") if piece]
            whole = "whole" if pieces and all(piece in typed for piece in pieces) else f"not a piece of the address: {shown!r}"
            yield field, "the flash's address, piece by piece", whole, "whole", "equal"

        # Right after a start, each row is queued, downloading or done depending on timing, so the list's markup
        # is compared only once every download has finished, below.
        checker.page(f"POST /downloads ({field}), then /downloads", *pages, flash_reads, skip_inside=("download-list",))

    pages = [wait_until_finished(side, len(started[side.name])) for side in sides]

    def row_reads(page, side):
        for kind, field, url, download_id in started[side.name]:
            row = page.one("li", id=f"download-{download_id}")
            state = "failed" if kind == "failure" else "completed"
            yield field, "the row's state", attribute(row, "data-state"), state, "equal"
            if kind == "failure":
                failure = page.one("span", cls="download-failure", within=row)
                present = "present" if failure is not None else f"missing; the row reads {collapsed(text_of(row))}"
                yield field, "the row's span.download-failure", present, "present", "equal"
                yield field, "the row's failure message", text_of(failure), "404", "contains"
                continue
            link = page.one("a", cls="download-url", within=row)
            yield field, "the row's link", attribute(link, "href"), f"/downloads/{download_id}", "equal"
            shown = text_of(link)
            shown = urllib.parse.unquote(shown) if shown is not None else None
            yield field, "the row's address (percent-decoded)", shown, url, "equal"
            if kind == "content type":
                # The type is said in words (its parameters, hostile or not, are never shown).
                bytes_line = text_of(page.one("span", cls="download-bytes", within=row))
                yield field, "the row's size and kind", bytes_line, " · Web page", "contains"

    checker.page("GET /downloads with every download finished", *pages, row_reads)
    checker.done()


def downloaded_page(value):
    """A page whose title, headings, links (texts and hrefs), body text, comment and script carry the values."""
    # Chosen so that every hostile value appears, `<` + U+059D in a heading and a link's text among them.
    title = value("downloaded <title>", index=4)
    headings = [value(f"downloaded <h{level}>", index=index) for level, index in ((1, 5), (2, 3), (3, 7))]
    links = [
        (value("downloaded link 1 text", index=3), value("downloaded link 1 href", index=0)),
        (value("downloaded link 2 text", index=1), value("downloaded link 2 href", index=2)),
    ]
    paragraphs = [value(f"downloaded paragraph {number}", index=index) for number, index in ((1, 6), (2, 8))]
    # Raw in the source only: the comment and the script are never part of the summary.
    comment = value("downloaded comment", index=0)
    script = value("downloaded script", index=2)
    e = html.escape
    source = (
        f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{e(title)}</title>\n"
        f"<script>var s = '{script}';</script></head>\n<body>\n<!-- {comment} -->\n"
        f"<h1>{e(headings[0])}</h1>\n<p>{e(paragraphs[0])}</p>\n<h2>{e(headings[1])}</h2>\n"
        f"<p><a href=\"{e(links[0][1])}\">{e(links[0][0])}</a> and "
        f"<a href=\"{e(links[1][1])}\">{e(links[1][0])}</a></p>\n"
        f"<h3>{e(headings[2])}</h3>\n<p>{e(paragraphs[1])}</p>\n</body></html>\n"
    )
    return source, title, headings, links, paragraphs


def test_downloaded_page_viewer(sides, origin):
    # A downloaded page whose title, headings, links, text, comment and script carry the values: the viewer shows
    # all of them as text, and its source view shows the file as served.
    plain, hostile = sides
    checker = Checker(plain, hostile)
    server, base = origin
    contents = {}
    for side in sides:
        contents[side.name] = downloaded_page(side.value)
        server.routes[f"/{side.name}.html"] = ("text/html; charset=utf-8", contents[side.name][0].encode("utf-8"))

    ids = {}
    for side in sides:
        side.get("/downloads")
        location, _ = side.post("/downloads", {"url": f"{base}/{side.name}.html"})
        ids[side.name] = int(location.rsplit("-", 1)[1])
    for side in sides:
        page = wait_until_finished(side, 1)
        row = page.one("li", id=f"download-{ids[side.name]}")
        assert attribute(row, "data-state") == "completed", f"{side.name} host: the download did not complete"
    pages = [side.get(f"/downloads/{ids[side.name]}") for side in sides]

    def reads(page, side):
        source, title, headings, links, paragraphs = contents[side.name]
        heading = text_of(page.one("h1", cls="viewer-title"))
        yield "downloaded <title>", "the viewer's heading", heading, summarized(title), "equal"
        yield "downloaded <title>", "the page title", text_of(page.one("title")), summarized(title), "contains"
        outline = page.one("ul", cls="outline")
        items = [text_of(item) for item in outline] if outline is not None else []
        for level, heading in enumerate(headings, start=1):
            shown = items[level - 1] if len(items) >= level else None
            yield f"downloaded <h{level}>", f"outline entry {level}", shown, summarized(heading), "equal"
        texts = [text_of(element) for element in page.select("span", cls="link-text")]
        hrefs = [text_of(element) for element in page.select("code", cls="link-href")]
        for number, (text, href) in enumerate(links, start=1):
            yield (
                f"downloaded link {number} text",
                f"link {number}'s text",
                texts[number - 1] if len(texts) >= number else None,
                summarized(text),
                "equal",
            )
            yield (
                f"downloaded link {number} href",
                f"link {number}'s href",
                hrefs[number - 1] if len(hrefs) >= number else None,
                summarized(href, collapse=False),
                "equal",
            )
        readable = text_of(page.one("div", cls="readable-text"))
        for number, paragraph in enumerate(paragraphs, start=1):
            yield f"downloaded paragraph {number}", "the readable text", readable, summarized(paragraph), "contains"
        yield "downloaded page", "the source view", text_of(page.one("pre", id="source")), source, "equal"

    checker.page("GET /downloads/<id> (the viewer)", *pages, reads)
    checker.done()


# News


def test_news_list_and_story_pages(sides, origin):
    # Headlines and introductions come from a feed the CLI fetches: each side's feed carries its own values (five
    # stories, so every hostile value is used). They must read back as sent in the list's rows, in the story page's heading, introduction and <title>.
    plain, hostile = sides
    rotate(sides, 3)
    checker = Checker(plain, hostile)
    server, base = origin
    stories = {}
    for side in sides:
        items = [
            {
                "headline": side.value(f"story {number} headline"),
                "updated": 1_700_000_000 - number * 3600,
                "introduction": side.value(f"story {number} introduction"),
            }
            for number in range(1, 6)
        ]
        server.routes[f"/feed-{side.name}.json"] = ("application/json", json.dumps({"headlines": items}).encode())
        side.cli("news", "headlines", "--refresh", "--feed", f"{base}/feed-{side.name}.json", "--analytics", "off")
        stories[side.name] = items
    pages = [
        wait_for(side, "/news", lambda page: len(page.select("li", cls="news-row")) == 5, "the headlines did not show")
        for side in sides
    ]

    def list_reads(page, side):
        rows = page.select("li", cls="news-row")
        for number, story in enumerate(stories[side.name], start=1):
            shown = text_of(page.one("span", cls="news-headline", within=rows[number - 1]))
            yield f"story {number} headline", f"row {number}'s headline", shown, story["headline"], "equal"

    checker.page("GET /news", *pages, list_reads)
    links = [[row.find("a").get("href") for row in page.select("li", cls="news-row")] for page in pages]
    for number in range(1, 6):
        story_pages = [side.get(side_links[number - 1]) for side, side_links in zip(sides, links)]

        def story_reads(page, side, number=number):
            story = stories[side.name][number - 1]
            yield f"story {number} headline", "the story's heading", text_of(page.one("h1", cls="news-headline")), story["headline"], "equal"
            yield f"story {number} headline", "the page's <title>", text_of(page.one("title")), story["headline"], "contains"
            yield (
                f"story {number} introduction",
                "the story's introduction",
                text_of(page.one("p", cls="news-intro")),
                story["introduction"],
                "equal",
            )

        checker.page(f"GET /news/<story {number}>", *story_pages, story_reads)
    checker.done()


# Pages with little or no user data


# Accounts


def test_accounts_forms_and_home(sides):
    # Sign-up and login forms re-rendered after a refusal keep what was typed (all but the password); Home shows the
    # names as typed and the number dialog keeps a refused number. Each hostile value goes into one field.
    plain, hostile = sides
    checker = Checker(plain, hostile)
    checker.page("GET /accounts/signup", *[side.get("/accounts/signup") for side in sides])

    def reads(prefix, typed, fields):
        def read(page, side):
            for field in fields:
                shown = attribute(page.one("input", id=field), "value")
                yield f"{prefix} {field}", f"the value of the {field} field", shown, typed[side.name][field], "equal"

        return read

    refused = {
        side.name: {
            "email": side.value("refused sign-up email", index=0),
            "password": "secret!word",
            "firstName": side.value("refused sign-up first name", index=1),
            "lastName": side.value("refused sign-up last name", index=2),
            "mobile": side.value("refused sign-up mobile", index=3),
            "gender": "male",
        }
        for side in sides
    }
    pages = [side.post("/accounts/signup", refused[side.name], status=422)[1] for side in sides]
    checker.page(
        "POST /accounts/signup, refused", *pages, reads("refused sign-up", refused, ["email", "firstName", "lastName", "mobile"])
    )

    for index in (4, 7):
        typed = {side.name: {"email": side.value(f"login email {index}", index=index), "password": "x"} for side in sides}
        pages = [side.post("/accounts/login", typed[side.name], status=422)[1] for side in sides]
        checker.page(f"POST /accounts/login, refused ({index})", *pages, reads(f"login email {index}", typed, ["email"]))

    accepted = {
        side.name: {
            "email": "ana@example.com",
            "password": "secret!word",
            "firstName": side.value("first name", index=5),
            "lastName": side.value("last name", index=6),
            "mobile": "012-345 6789",
            "gender": "female",
        }
        for side in sides
    }
    results = [side.post("/accounts/signup", accepted[side.name]) for side in sides]

    def home_reads(page, side):
        yield "first name", "Home's first name", text_of(page.one("dd", id="first-name")), accepted[side.name]["firstName"], "equal"
        yield "last name", "Home's last name", text_of(page.one("dd", id="last-name")), accepted[side.name]["lastName"], "equal"

    checker.page("POST /accounts/signup, then Home", *[page for _, page in results], home_reads)

    typed = {side.name: {"mobile": side.value("refused number", index=8)} for side in sides}
    pages = [side.post("/accounts/mobile", typed[side.name], status=422)[1] for side in sides]

    def dialog_reads(page, side):
        yield from home_reads(page, side)
        shown = attribute(page.one("input", id="dialog-mobile"), "value")
        yield "refused number", "the number dialog's field", shown, typed[side.name]["mobile"], "equal"

    checker.page("POST /accounts/mobile, refused", *pages, dialog_reads)
    checker.page("GET /accounts/images", *[side.get("/accounts/images") for side in sides])
    checker.done()


# Sign Up


def test_signup_form_and_its_json(sides):
    # A refused form keeps what was typed (the date of birth carries a hostile value, so both sides refuse it); a saved
    # one keeps the names in the form and shows them in the JSON, read back from the page as JSON.
    plain, hostile = sides
    checker = Checker(plain, hostile)
    checker.page("GET /signup", *[side.get("/signup") for side in sides])

    def field_reads(prefix, typed):
        def read(page, side):
            for field in ("firstName", "lastName", "dateOfBirth"):
                shown = attribute(page.one("input", id=field), "value")
                yield f"{prefix} {field}", f"the value of the {field} field", shown, typed[side.name][field], "equal"

        return read

    for number, (first, last, date) in enumerate([(0, 1, 2), (3, 4, 8)], start=1):
        typed = {
            side.name: {
                "firstName": side.value(f"refused {number} firstName", index=first),
                "lastName": side.value(f"refused {number} lastName", index=last),
                "dateOfBirth": side.value(f"refused {number} dateOfBirth", index=date),
                "password": "hunter2",
            }
            for side in sides
        }
        pages = [side.post("/signup", typed[side.name], status=422)[1] for side in sides]
        checker.page(f"POST /signup, refused ({number})", *pages, field_reads(f"refused {number}", typed))

    for number, (first, last) in enumerate([(5, 6), (7, 0)], start=1):
        typed = {
            side.name: {
                "firstName": side.value(f"saved {number} firstName", index=first),
                "lastName": side.value(f"saved {number} lastName", index=last),
                "dateOfBirth": "03/02/1990",
                "password": "hunter2",
            }
            for side in sides
        }
        pages = [side.post("/signup", typed[side.name], status=200)[1] for side in sides]

        def saved_reads(page, side, typed=typed, number=number):
            yield from field_reads(f"saved {number}", typed)(page, side)
            shown = json.loads(text_of(page.one("pre", id="signup-json")))
            for field in ("firstName", "lastName"):
                yield f"saved {number} {field}", f"the JSON's {field}", shown[field], typed[side.name][field], "equal"

        checker.page(f"POST /signup, saved ({number})", *pages, saved_reads)
    checker.done()


def test_launcher_diagnostics_and_not_found_pages(sides):
    # Pages with little user data keep their skeleton, with an unread notice in the header; and 404s, one for an
    # address with a hostile path.
    plain, hostile = sides
    rotate(sides, 5)
    checker = Checker(plain, hostile)
    for side in sides:
        side.cli("notify", side.value("notice title"), side.value("notice body"))
    for side in sides:
        wait_for(side, "/", lambda page: page.select("span", cls="badge"), "the notice did not arrive")
    for path in ("/", "/diagnostics", "/inbox", "/tasks/new"):
        checker.page(f"GET {path}", *[side.get(path) for side in sides])
    pages = [
        side.get("/no-such-page/" + urllib.parse.quote(side.value("missing path"), safe=""), status=404)
        for side in sides
    ]
    checker.page("GET /no-such-page/<hostile> (404)", *pages)
    for path in ("/tasks/999999", "/downloads/999999"):
        checker.page(f"GET {path} (404)", *[side.get(path, status=404) for side in sides])
    checker.done(every_value=False)


# Countdown


def test_countdown_labels_in_the_list_the_flash_and_a_refused_form(sides):
    # Countdowns started through the form: the flash names the label, each row shows it as its title and in its Cancel
    # button's aria-label and the clock's; a refused form (a zero total) keeps the label as typed.
    plain, hostile = sides
    rotate(sides, 2)
    checker = Checker(plain, hostile)
    checker.page("GET /countdown", *[side.get("/countdown") for side in sides])
    labels = {side.name: [] for side in sides}
    for number in range(1, 9):
        typed = {side.name: side.value(f"countdown {number} label", index=number - 1) for side in sides}
        pages = []
        for side in sides:
            labels[side.name].append(typed[side.name])
            pages.append(side.post("/countdown", {"hours": "0", "minutes": str(number), "label": typed[side.name]})[1])

        def started(page, side, typed=typed, number=number):
            yield f"countdown {number} label", "the flash", flash_text(page), f"Started {typed[side.name]}:", "contains"
            for index, label in enumerate(labels[side.name]):
                row = page.select("li", cls="countdown-row")[index] if len(page.select("li", cls="countdown-row")) > index else None
                title = page.one("div", cls="row-title", within=row) if row is not None else None
                yield f"countdown {index + 1} label", "the row's title", text_of(title), label, "equal"
                button = page.one("button", within=row) if row is not None else None
                yield f"countdown {index + 1} label", "the Cancel button's label", attribute(button, "aria-label"), f"Cancel {label}", "equal"

        checker.page(f"POST /countdown ({number}), then /countdown", *pages, started)

    # Refused: the hours are not a number (the control characters go there: a label refuses them on its own).
    typed = {side.name: (side.value("refused hours", index=8), side.value("refused label", index=0)) for side in sides}
    pages = [
        side.post("/countdown", {"hours": typed[side.name][0], "minutes": "5", "label": typed[side.name][1]}, status=422)[1]
        for side in sides
    ]

    def refused(page, side):
        hours, label = typed[side.name]
        yield "refused hours", "the hours field", attribute(page.one("input", id="hours"), "value"), hours, "equal"
        yield "refused label", "the label field", attribute(page.one("input", id="label"), "value"), label, "equal"

    checker.page("POST /countdown, refused", *pages, refused)
    checker.done()
