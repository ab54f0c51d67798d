// Live parts that read themselves again and change only what differs: part of the shell script (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  // Parts marked data-live-refresh="<event names>" data-src="<url>" reload themselves when one of those events arrives,
  // and once whenever the live stream (re)connects, since a change may have happened between the page being
  // rendered and the stream being open. Only what differs is touched: an element with an id (a row) whose markup is
  // the one the server sent last stays the same node, so its focus, listeners and state are kept; a changed one is
  // replaced, a new one inserted, a gone one removed; elements without an id are updated in place, recursively.
  var rendered = new WeakMap(); // element with an id -> the markup the server sent for it
  var sent = new WeakMap(); // live part -> the markup the server sent for it last
  function remember(root) {
    root.querySelectorAll("[id]").forEach(function (node) { rendered.set(node, node.outerHTML); });
  }
  function normalized(html) {
    return html.replace(/\s+/g, " ").replace(/> </g, "><").trim();
  }
  // A form the person is using — a field changed from what the server wrote, or a refusal's message showing — is
  // left as it is by a refresh: a live refresh must never wipe what was typed or the sentence that says what to fix.
  function formInUse(form) {
    if (form.querySelector(".field-error, .form-error, [aria-invalid='true']")) return true;
    return Array.prototype.some.call(form.elements, function (field) {
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") {
        return Array.prototype.some.call(field.options, function (o) { return o.selected !== o.defaultSelected; });
      }
      return "defaultValue" in field && field.type !== "hidden" && field.value !== field.defaultValue;
    });
  }
  function holdsFormInUse(node) {
    if (node.nodeType !== 1) return false;
    if (node.tagName === "FORM") return formInUse(node);
    return Array.prototype.some.call(node.querySelectorAll("form"), formInUse);
  }
  function compatible(node, next) {
    if (node.nodeType !== next.nodeType) return false;
    if (node.nodeType !== 1) return true;
    return !node.id && !next.id && node.tagName === next.tagName;
  }
  function morph(target, source) {
    var keyed = new Map();
    Array.prototype.forEach.call(target.children, function (child) { if (child.id) keyed.set(child.id, child); });
    var incoming = new Set();
    Array.prototype.forEach.call(source.children, function (child) { if (child.id) incoming.add(child.id); });
    var cursor = target.firstChild;
    function drop(node) {
      var next = node.nextSibling;
      target.removeChild(node);
      return next;
    }
    Array.prototype.slice.call(source.childNodes).forEach(function (next) {
      // Rows that are gone, and indentation before an element, go first: what follows stays in place, not moved
      // (a moved node loses focus).
      while (cursor && ((cursor.nodeType === 1 && cursor.id && !incoming.has(cursor.id)) ||
        (next.nodeType === 1 && cursor.nodeType === 3 && !cursor.nodeValue.trim()))) {
        if (cursor.id) keyed.delete(cursor.id);
        cursor = drop(cursor);
      }
      var kept = next.nodeType === 1 && next.id ? keyed.get(next.id) : null;
      if (kept) {
        keyed.delete(next.id);
        if (kept !== cursor) target.insertBefore(kept, cursor); else cursor = cursor.nextSibling;
        if (rendered.get(kept) !== next.outerHTML && !holdsFormInUse(kept)) {
          remember(next);
          rendered.set(next, next.outerHTML);
          target.replaceChild(next, kept);
        }
      } else if (cursor && compatible(cursor, next)) {
        if (cursor.nodeType === 1 && cursor.tagName === "FORM" && formInUse(cursor)) {
          // Kept whole, as the person left it.
        } else if (cursor.nodeType === 1) {
          Array.prototype.slice.call(cursor.attributes).forEach(function (a) {
            if (!next.hasAttribute(a.name)) cursor.removeAttribute(a.name);
          });
          Array.prototype.forEach.call(next.attributes, function (a) {
            if (cursor.getAttribute(a.name) !== a.value) cursor.setAttribute(a.name, a.value);
          });
          morph(cursor, next);
        } else if (cursor.nodeValue !== next.nodeValue) {
          cursor.nodeValue = next.nodeValue;
        }
        cursor = cursor.nextSibling;
      } else {
        if (next.nodeType === 1) { remember(next); if (next.id) rendered.set(next, next.outerHTML); }
        target.insertBefore(next, cursor);
      }
    });
    while (cursor) cursor = drop(cursor);
  }
  // Reads a live part again and morphs it. Returns a promise settled once the part shows what was read.
  function load(el) {
    var src = el.dataset.src;
    if (!src) return Promise.resolve();
    return fetch(src, { credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html === null) return;
      // Rows were appended meanwhile (Show more): this answer covers less than the page now shows. Read again.
      if (el.dataset.src !== src) return load(el);
      var incoming = document.createElement("template");
      incoming.innerHTML = html;
      var markup = incoming.innerHTML;
      if (normalized(markup) === normalized(sent.has(el) ? sent.get(el) : el.innerHTML)) return;
      // Keep focus where the person is: on the same element, or (when it was replaced) the one with its id or address.
      var active = document.activeElement;
      var inside = active && el.contains(active);
      var focusedId = inside ? active.id : "";
      var focusedHref = inside && active.getAttribute ? active.getAttribute("href") : null;
      // A control without an id or address (a row's button) is found again inside its row, by what it does.
      var row = inside ? active.parentElement && active.parentElement.closest("[id]") : null;
      var rowId = row && row !== el ? row.id : "";
      var action = inside && active.getAttribute ? active.getAttribute("formaction") : null;
      morph(el, incoming.content);
      sent.set(el, markup);
      if (inside && document.activeElement !== active) {
        var again = active.isConnected ? active : focusedId ? document.getElementById(focusedId)
          : focusedHref ? el.querySelector('a[href="' + CSS.escape(focusedHref) + '"]') : null;
        if (!again && rowId && action) {
          var sameRow = document.getElementById(rowId);
          again = sameRow && sameRow.querySelector('[formaction="' + CSS.escape(action) + '"]:not([tabindex="-1"])');
        }
        if (again) again.focus({ preventScroll: true });
      }
      A.swipeRows(el);
      A.watchMore(el);
      A.localizeDates(el);
      el.dataset.refreshed = String((parseInt(el.dataset.refreshed || "0", 10)) + 1);
    }).catch(function () {});
  }

  // Live events are coalesced: a part is read at once on the first event; while events keep coming it is read again
  // after a gap that doubles each time (1 s, 2 s, 4 s, at most 5 s) and is back to 1 s once things are quiet. A burst
  // of a thousand changes from a script is a handful of reads, each showing the latest state. `now` is for the
  // person's own action, which is shown at once.
  var REFRESH_GAP = 1000, REFRESH_GAP_MAX = 5000;
  var refreshing = new WeakMap(); // live part -> { busy: promise or null, again: bool, timer, last: ms, gap: ms }
  function refresh(el, now) {
    var state = refreshing.get(el);
    if (!state) {
      state = { busy: null, again: false, timer: null, last: 0, gap: REFRESH_GAP };
      refreshing.set(el, state);
    }
    if (state.busy) {
      if (now) return state.busy.then(function () { return refresh(el, true); });
      state.again = true;
      return state.busy;
    }
    var since = Date.now() - state.last;
    if (!now && since > 2 * state.gap) state.gap = REFRESH_GAP;
    if (!now && since < state.gap) {
      if (!state.timer) {
        state.timer = setTimeout(function () { state.timer = null; refresh(el, true); }, state.gap - since);
        state.gap = Math.min(state.gap * 2, REFRESH_GAP_MAX);
      }
      return Promise.resolve();
    }
    if (state.timer) { clearTimeout(state.timer); state.timer = null; }
    state.last = Date.now();
    state.busy = load(el).then(function () {
      state.busy = null;
      if (state.again) { state.again = false; refresh(el); }
    });
    return state.busy;
  }
  function refreshAll() {
    return Promise.all(Array.prototype.map.call(document.querySelectorAll("[data-live-refresh]"), function (el) {
      return refresh(el, true);
    }));
  }
  document.addEventListener("atelier:event", function (e) {
    document.querySelectorAll("[data-live-refresh]").forEach(function (el) {
      var names = el.getAttribute("data-live-refresh").split(/\s+/);
      if (names.indexOf(e.detail.name) >= 0) refresh(el);
    });
  });
  document.addEventListener("atelier:connected", function () {
    document.querySelectorAll("[data-live-refresh]").forEach(function (el) { refresh(el, true); });
  });

  // A search field marked data-search="<list ids>" filters those live lists as it is typed in: each list's address
  // gets q (starting again from its first page: the paging parameters go) and is read at once; the page's address
  // keeps the search, so Back and a reload come back to it. Enter does not load the page again.
  var PAGING = ["after", "through", "start"];
  function search(field) {
    var text = field.value.trim();
    field.getAttribute("data-search").split(/\s+/).forEach(function (id) {
      var list = document.getElementById(id);
      if (!list || !list.dataset.src) return;
      var src = withSearch(list.dataset.src, text);
      if (src === list.dataset.src) return;
      list.dataset.src = src;
      sent.delete(list);
      refresh(list, true);
    });
    history.replaceState(history.state, "", withSearch(location.pathname + location.search, text) + location.hash);
  }
  // `address` searching for `text`: its paging parameters and any earlier q gone, q (percent-encoded) added.
  function withSearch(address, text) {
    var parts = address.split("?");
    var kept = (parts[1] || "").split("&").filter(function (pair) {
      var name = pair.split("=")[0];
      return pair && name !== "q" && PAGING.indexOf(name) < 0;
    });
    if (text) kept.push("q=" + encodeURIComponent(text));
    return parts[0] + (kept.length ? "?" + kept.join("&") : "");
  }
  var searchTimer = null;
  document.addEventListener("input", function (e) {
    var field = e.target;
    if (!field.matches || !field.matches("input[data-search]")) return;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(function () { search(field); }, 120);
  });
  document.addEventListener("submit", function (e) {
    var field = e.target.querySelector && e.target.querySelector("input[data-search]");
    if (!field || !window.fetch) return;
    e.preventDefault();
    clearTimeout(searchTimer);
    search(field);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || !e.target.matches || !e.target.matches("input[data-search]") || !e.target.value) return;
    e.target.value = "";
    search(e.target);
  });

  A.remember = remember;
  A.formInUse = formInUse;
  A.refreshAll = refreshAll;
  A.sent = sent;
})();
