// Live parts that read themselves again and change only what differs: part of the shell script (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  // Parts marked data-live-refresh="<event names>" data-src="<url>" reload themselves when one of those events arrives,
  // and once whenever the live stream (re)connects, since a change may have happened between the page being
  // rendered and the stream being open. Only what differs is touched: an element with an id (a row) whose markup is
  // the one the server sent last is left alone, so its focus, listeners and state are kept; a changed one is updated
  // in place, a new one inserted, a gone one removed; elements without an id are updated in place, recursively.
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
    return changedFields(form).length > 0;
  }
  // The fields of `form` that differ from what the server wrote (never a hidden one or a button).
  function changedFields(form) {
    return Array.prototype.filter.call(form.elements, function (field) {
      if (["hidden", "submit", "button"].indexOf(field.type) >= 0) return false;
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") {
        return Array.prototype.some.call(field.options, function (o) { return o.selected !== o.defaultSelected; });
      }
      return "defaultValue" in field && field.value !== field.defaultValue;
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
        if (rendered.get(kept) !== next.outerHTML && !holdsFormInUse(kept)) rewrite(kept, next);
      } else if (cursor && compatible(cursor, next)) {
        if (cursor.nodeType === 1 && cursor.tagName === "FORM" && formInUse(cursor)) {
          // Kept whole, as the person left it.
        } else if (cursor.nodeType === 1) {
          copyAttributes(cursor, next);
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
  function copyAttributes(node, next) {
    Array.prototype.slice.call(node.attributes).forEach(function (a) {
      if (!next.hasAttribute(a.name)) node.removeAttribute(a.name);
    });
    Array.prototype.forEach.call(next.attributes, function (a) {
      if (node.getAttribute(a.name) !== a.value) node.setAttribute(a.name, a.value);
    });
  }
  // Makes row `node` (shown) read as `next` (just sent) while staying the same node, its unchanged parts too: a tap
  // under way on its Cancel lands, and a downloading row written again with each step keeps its place for the eye
  // and for assistive technology.
  // Returns the node now shown (`next` itself when the two are different elements).
  function rewrite(node, next) {
    var markup = next.outerHTML;
    remember(next);
    if (node.tagName !== next.tagName) {
      rendered.set(next, markup);
      node.replaceWith(next);
      return next;
    }
    copyAttributes(node, next);
    morph(node, next);
    rendered.set(node, markup);
    return node;
  }
  // Keeps focus where the person is while `change` rewrites part `el`: on the same element, or (when it was replaced)
  // the one with its id or address, or a control doing the same in the same row.
  function keepingFocus(el, change) {
    var active = document.activeElement;
    var inside = active && el.contains(active);
    var focusedId = inside ? active.id : "";
    var focusedHref = inside && active.getAttribute ? active.getAttribute("href") : null;
    var row = inside ? active.parentElement && active.parentElement.closest("[id]") : null;
    var rowId = row && row !== el ? row.id : "";
    var action = inside && active.getAttribute ? active.getAttribute("formaction") : null;
    change();
    if (inside && document.activeElement !== active) {
      var again = active.isConnected ? active : focusedId ? document.getElementById(focusedId)
        : focusedHref ? el.querySelector('a[href="' + CSS.escape(focusedHref) + '"]') : null;
      if (!again && rowId && action) {
        var sameRow = document.getElementById(rowId);
        again = sameRow && sameRow.querySelector('[formaction="' + CSS.escape(action) + '"]:not([tabindex="-1"])');
      }
      if (again) again.focus({ preventScroll: true });
    }
  }
  // What a part needs once its markup changed: swipe, Show more, dates in the reader's words; and a count tests read.
  function changed(el) {
    A.swipeRows(el);
    A.watchMore(el);
    A.localizeDates(el);
    el.dataset.refreshed = String((parseInt(el.dataset.refreshed || "0", 10)) + 1);
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
      keepingFocus(el, function () { morph(el, incoming.content); });
      sent.set(el, markup);
      changed(el);
    }).catch(function () {});
  }

  // A part marked data-live-rows reads only the rows an event names (`?ids=`), answered as RowUpdates: each row
  // as it is now, in its place, or gone. Returns false when the answer cannot be applied row by row — a row the page
  // does not show without a place for it, a place the page does not show, the list empty before or after — and the
  // whole part is read instead.
  function applyRows(el, html) {
    var incoming = document.createElement("template");
    incoming.innerHTML = html;
    var updates = Array.prototype.slice.call(incoming.content.querySelectorAll("template[data-row]"));
    var shown = function (id) {
      var node = id ? document.getElementById(id) : null;
      return node && node.parentElement === el ? node : null;
    };
    if (el.querySelector(":scope > .empty")) return false;
    var placeable = updates.every(function (update) {
      var before = update.getAttribute("data-before");
      if (!update.content.firstElementChild) return true;
      if (before === null) return !!shown(update.getAttribute("data-row"));
      return before === "" || !!shown(before);
    });
    if (!placeable) return false;
    keepingFocus(el, function () {
      updates.forEach(function (update) {
        var current = shown(update.getAttribute("data-row"));
        var row = update.content.firstElementChild;
        if (current && holdsFormInUse(current)) return;
        if (!row) {
          if (current) current.remove();
          return;
        }
        var before = update.getAttribute("data-before");
        var next = before === null ? current : before === "" ? el.querySelector(":scope > .more") : shown(before);
        if (current) {
          if (rendered.get(current) !== row.outerHTML) current = rewrite(current, row);
          if (before !== null && next !== current && current.nextElementSibling !== next) el.insertBefore(current, next);
          return;
        }
        remember(row);
        rendered.set(row, row.outerHTML);
        el.insertBefore(row, next);
      });
    });
    if (!el.querySelector(":scope > [id]:not(.more)")) return false;
    sent.delete(el);
    changed(el);
    return true;
  }
  function loadRows(el, ids) {
    var src = el.dataset.src;
    var address = src + (src.indexOf("?") < 0 ? "?" : "&") + "ids=" + ids.join(",");
    return fetch(address, { credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html === null || el.dataset.src !== src || !applyRows(el, html)) return load(el);
    }).catch(function () {});
  }

  // A person's change is never held back: the first event after a quiet spell reads the part in the next frame, and
  // events that arrive while it reads are gathered and read together as soon as that read is done. Only a script's
  // burst is paced: when events keep arriving within BURST_MS of the last read ending, read after read, the reads
  // after the third wait 0.5 s, 1 s, 2 s, then 5 s at most, each showing the latest state, until a second passes
  // without one — a thousand changes are a handful of reads, and the last is read once the burst has settled. A person's next change comes later than BURST_MS after
  // seeing the last, so it starts no run. The rows an event names are read alone where the part allows.
  var MOST_ROWS = 50;
  var BURST_MS = 150;
  var QUIET_MS = 1000;
  var SETTLE_MS = 300;
  var refreshing = new WeakMap(); // live part -> { busy, ids: Set, whole, queued, run, lastEnd, lastEvent }
  function stateOf(el) {
    var state = refreshing.get(el);
    if (!state) {
      state = { busy: null, ids: new Set(), whole: false, queued: false, run: 0, lastEnd: -Infinity, lastEvent: 0 };
      refreshing.set(el, state);
    }
    return state;
  }
  function read(el) {
    var state = stateOf(el);
    state.queued = false;
    if (state.busy) return state.busy;
    if (!state.whole && state.ids.size === 0) return Promise.resolve();
    var ids = Array.from(state.ids);
    var whole = state.whole || ids.length > MOST_ROWS;
    state.ids = new Set();
    state.whole = false;
    state.busy = (whole ? load(el) : loadRows(el, ids)).then(function () {
      state.busy = null;
      state.lastEnd = performance.now();
      if (state.whole || state.ids.size) queue(el);
    });
    return state.busy;
  }
  function pause(run) {
    return run < 3 ? 0 : Math.min(5000, 500 * Math.pow(2, run - 3));
  }
  function queue(el) {
    var state = stateOf(el);
    if (state.queued || state.busy) return;
    state.queued = true;
    var quiet = performance.now() - state.lastEnd;
    state.run = quiet < BURST_MS ? state.run + 1 : quiet < QUIET_MS ? state.run : 0;
    var wait = pause(state.run);
    if (wait) {
      // Paced, but the moment the burst is over (SETTLE_MS without an event) its last state is read.
      var since = performance.now();
      var tick = function () {
        var now = performance.now();
        if (now - since >= wait || now - state.lastEvent >= SETTLE_MS) read(el);
        else setTimeout(tick, 100);
      };
      setTimeout(tick, 100);
    } else if (document.hidden || !window.requestAnimationFrame) setTimeout(function () { read(el); }, 0);
    else requestAnimationFrame(function () { read(el); });
  }
  // Reads `el` again: the rows `ids` alone, or the whole part when ids is null. `now` (the person's own action)
  // reads at once, after the read under way if there is one; the promise settles once the part shows it.
  function refresh(el, ids, now) {
    var state = stateOf(el);
    if (ids && ids.length && el.hasAttribute("data-live-rows")) ids.forEach(function (id) { state.ids.add(id); });
    else state.whole = true;
    if (!now) {
      state.lastEvent = performance.now();
      queue(el);
      return Promise.resolve();
    }
    return (state.busy || Promise.resolve()).then(function () { return read(el); });
  }
  function refreshAll() {
    return Promise.all(Array.prototype.map.call(document.querySelectorAll("[data-live-refresh]"), function (el) {
      return refresh(el, null, true);
    }));
  }
  document.addEventListener("atelier:event", function (e) {
    document.querySelectorAll("[data-live-refresh]").forEach(function (el) {
      var names = el.getAttribute("data-live-refresh").split(/\s+/);
      if (names.indexOf(e.detail.name) >= 0) refresh(el, Array.isArray(e.detail.ids) ? e.detail.ids : null);
    });
  });
  document.addEventListener("atelier:connected", function () {
    document.querySelectorAll("[data-live-refresh]").forEach(function (el) { refresh(el, null); });
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
      delete list.dataset.pages;
      sent.delete(list);
      refresh(list, null, true);
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
  // Whether two addresses of this host read the same list (the same rows from the same search), whichever of its
  // pages they cover: Back (app-visit.js) puts rows read before only into the list they came from.
  function sameList(one, other) {
    var bare = function (address) {
      var url = new URL(address, location.href);
      PAGING.forEach(function (name) { url.searchParams.delete(name); });
      url.searchParams.sort();
      return url.origin === location.origin ? url.href : null;
    };
    var first = bare(one);
    return first !== null && first === bare(other);
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
  A.changedFields = changedFields;
  A.refreshAll = refreshAll;
  A.sent = sent;
  A.sameList = sameList;
})();
