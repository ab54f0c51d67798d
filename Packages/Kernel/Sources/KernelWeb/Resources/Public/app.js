// Atelier shell script: live events as toasts, and swipe-to-reveal rows. Loaded on every page; no inline script
// is ever needed (the Content-Security-Policy forbids it).
(function () {
  "use strict";

  function toast(text) {
    if (!text) return;
    var box = document.getElementById("toasts");
    if (!box) return;
    var el = document.createElement("div");
    el.className = "toast";
    el.setAttribute("role", "status");
    el.textContent = text; // text, never HTML
    box.appendChild(el);
    setTimeout(function () { el.remove(); }, 6000);
  }
  window.atelierToast = toast;

  // The notice event's name comes from the layout (one Swift constant), never written here.
  function noticeEvent() {
    return document.body ? document.body.getAttribute("data-notice-event") : null;
  }

  function connect() {
    if (!window.EventSource) return;
    var source = new EventSource("/events");
    window.atelierEvents = source;
    source.onopen = function () {
      document.documentElement.dataset.live = "connected";
      document.dispatchEvent(new CustomEvent("atelier:connected"));
    };
    source.onmessage = function () {};
    var handle = function (event) {
      var data = {};
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data.name === noticeEvent()) {
        var badge = document.querySelector("[data-unread]");
        var link = document.querySelector(".inbox-link");
        if (!badge && link) {
          badge = document.createElement("span");
          badge.className = "badge";
          badge.setAttribute("data-unread", "");
          badge.textContent = "0";
          link.appendChild(document.createTextNode(" "));
          link.appendChild(badge);
        }
        if (badge) {
          var count = (parseInt(badge.textContent, 10) || 0) + 1;
          badge.textContent = String(count);
          if (link) link.setAttribute("aria-label", "Inbox, " + count + " unread");
        }
      }
      document.dispatchEvent(new CustomEvent("atelier:event", { detail: data }));
    };
    // Every forwarded bus name is its own SSE event type; listen to the names the page declares plus notices.
    var names = [noticeEvent()];
    var declared = document.querySelectorAll("[data-live-events]");
    declared.forEach(function (el) { names = names.concat(el.getAttribute("data-live-events").split(/\s+/)); });
    names.filter(Boolean).forEach(function (name) { source.addEventListener(name, handle); });
    // A message with a toast comes a second time as a "toast" event, which every page shows, whatever it declares.
    source.addEventListener("toast", function (event) {
      try { var data = JSON.parse(event.data); if (data.toast) toast(data.toast); } catch (e) {}
    });
  }

  // A page kept in the back/forward cache would otherwise hold its stream open, and a browser allows only a few
  // connections per site: close it when the page is hidden, and reconnect if the page comes back.
  window.addEventListener("pagehide", function () {
    if (window.atelierEvents) window.atelierEvents.close();
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) connect();
  });

  // Swipe right-to-left on a [data-swipe] row to reveal its actions. One row is open at a time: opening another, a
  // tap elsewhere or Escape closes it.
  var openSwipe = null; // { row, close } of the open row
  function closeOpenSwipe() {
    if (!openSwipe) return;
    var open = openSwipe;
    openSwipe = null;
    open.close();
  }
  document.addEventListener("pointerdown", function (e) {
    if (openSwipe && !openSwipe.row.contains(e.target)) closeOpenSwipe();
  }, true);
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") closeOpenSwipe();
  });
  function swipeRows(root) {
    root.querySelectorAll("[data-swipe]").forEach(function (row) {
      if (row.dataset.swipeReady) return;
      row.dataset.swipeReady = "1";
      var content = row.querySelector(".swipe-content");
      var actions = row.querySelector(".swipe-actions");
      if (!content || !actions) return;
      var startX = 0, startY = 0, dx = 0, tracking = false, open = false;
      function width() { return actions.offsetWidth; }
      function set(x) { content.style.transform = x ? "translateX(" + x + "px)" : ""; }
      row.addEventListener("pointerdown", function (e) {
        if (e.pointerType === "mouse" && e.button !== 0) return;
        startX = e.clientX; startY = e.clientY; dx = 0; tracking = true;
      });
      row.addEventListener("pointermove", function (e) {
        if (!tracking) return;
        var moveX = e.clientX - startX, moveY = e.clientY - startY;
        if (Math.abs(moveX) < 6 || Math.abs(moveY) > Math.abs(moveX)) return;
        row.classList.add("dragging");
        dx = Math.max(-width(), Math.min(0, (open ? -width() : 0) + moveX));
        set(dx);
      });
      function close() {
        open = false;
        row.classList.remove("swiped");
        set(0);
      }
      function end() {
        if (!tracking) return;
        tracking = false;
        if (!row.classList.contains("dragging")) return;
        row.classList.remove("dragging");
        open = dx < -width() / 3;
        row.classList.toggle("swiped", open);
        set(open ? -width() : 0);
        if (open) {
          if (openSwipe && openSwipe.row !== row) closeOpenSwipe();
          openSwipe = { row: row, close: close };
        } else if (openSwipe && openSwipe.row === row) {
          openSwipe = null;
        }
        row.dataset.justSwiped = "1";
        setTimeout(function () { delete row.dataset.justSwiped; }, 50);
      }
      row.addEventListener("pointerup", end);
      row.addEventListener("pointercancel", end);
      row.addEventListener("pointerleave", end);
      row.addEventListener("click", function (e) {
        if (row.dataset.justSwiped) { e.preventDefault(); e.stopPropagation(); }
      }, true);
    });
  }
  window.atelierSwipeRows = swipeRows;

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
        if (rendered.get(kept) !== next.outerHTML) {
          remember(next);
          rendered.set(next, next.outerHTML);
          target.replaceChild(next, kept);
        }
      } else if (cursor && compatible(cursor, next)) {
        if (cursor.nodeType === 1) {
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
  function refresh(el) {
    if (!el.dataset.src) return;
    fetch(el.dataset.src, { credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html === null) return;
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
      swipeRows(el);
      el.dataset.refreshed = String((parseInt(el.dataset.refreshed || "0", 10)) + 1);
    }).catch(function () {});
  }
  document.addEventListener("atelier:event", function (e) {
    document.querySelectorAll("[data-live-refresh]").forEach(function (el) {
      var names = el.getAttribute("data-live-refresh").split(/\s+/);
      if (names.indexOf(e.detail.name) >= 0) refresh(el);
    });
  });
  document.addEventListener("atelier:connected", function () {
    document.querySelectorAll("[data-live-refresh]").forEach(refresh);
  });

  // After an action the page comes back at the row it was about (#task-7): focus goes to that row's first control, so
  // the keyboard and a screen reader stay where the person was (the flash above says what happened).
  function focusTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || document.querySelector("[autofocus]")) return;
    var control = target.querySelector("button:not([tabindex='-1']), a[href], input, select, textarea");
    if (!control) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      control = target;
    }
    control.focus({ preventScroll: true });
  }

  document.addEventListener("DOMContentLoaded", function () {
    // What the server sent, before swipeRows marks rows: the first refresh then finds nothing changed.
    document.querySelectorAll("[data-live-refresh]").forEach(function (el) {
      remember(el);
      sent.set(el, el.innerHTML);
    });
    connect();
    swipeRows(document);
    focusTarget();
  });
  // The browser's own scroll to the #fragment, once the page has loaded, moves focus to the viewport (the row itself
  // cannot take it): focus the row's control again then, unless the person has moved on.
  window.addEventListener("load", function () {
    setTimeout(function () {
      if (!document.activeElement || document.activeElement === document.body) focusTarget();
    }, 0);
  });
})();

// Parts marked data-live-bind="<event name>" data-live-key="<id>" update in place when that event arrives with a
// matching `id`: children marked data-live-text="<field>" get the field as text, and children marked
// data-live-value="<field>" (such as a <progress>) get it as their value. Lighter than refetching a whole list.
(function () {
  "use strict";
  document.addEventListener("atelier:event", function (e) {
    var data = e.detail || {};
    document.querySelectorAll("[data-live-bind]").forEach(function (el) {
      if (el.getAttribute("data-live-bind") !== data.name) return;
      if (String(data.id) !== el.getAttribute("data-live-key")) return;
      el.querySelectorAll("[data-live-text]").forEach(function (target) {
        var value = data[target.getAttribute("data-live-text")];
        if (value !== undefined && value !== null) target.textContent = String(value); // text, never HTML
      });
      el.querySelectorAll("[data-live-value]").forEach(function (target) {
        var value = data[target.getAttribute("data-live-value")];
        if (typeof value !== "number") return;
        target.value = value; // an indeterminate bar becomes determinate once a figure arrives
        target.classList.remove("indeterminate");
      });
      el.dataset.liveUpdates = String((parseInt(el.dataset.liveUpdates || "0", 10)) + 1);
    });
  });
})();
