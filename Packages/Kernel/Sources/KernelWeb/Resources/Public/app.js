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

  // The page's polite live region (#announcer, in the layout): what changed that a screen reader should hear once —
  // the inbox count, what an action did.
  function announce(text) {
    var region = document.getElementById("announcer");
    if (!region || !text) return;
    region.textContent = "";
    setTimeout(function () { region.textContent = text; }, 50); // a change the reader notices even for the same words
  }

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
    // The inbox badge: one more for each notice delivered, and the host's own count each time the stream
    // (re)connects, so a page open across a restart is right again.
    var setUnread = function (count, spoken) {
      var badge = document.querySelector("[data-unread]");
      var link = document.querySelector(".inbox-link");
      if (!link) return;
      if (count <= 0) {
        if (badge) badge.remove();
        link.setAttribute("aria-label", "Inbox");
        return;
      }
      if (!badge) {
        badge = document.createElement("span");
        badge.className = "badge";
        badge.setAttribute("data-unread", "");
        link.appendChild(document.createTextNode(" "));
        link.appendChild(badge);
      }
      if (badge.textContent === String(count)) return;
      badge.textContent = String(count);
      link.setAttribute("aria-label", "Inbox, " + count + " unread");
      if (spoken) announce("Inbox: " + count + " unread");
    };
    source.addEventListener("unread", function (event) {
      try { setUnread(JSON.parse(event.data).unread, false); } catch (e) {}
    });
    var handle = function (event) {
      var data = {};
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data.name === noticeEvent()) {
        var badge = document.querySelector("[data-unread]");
        setUnread((badge ? parseInt(badge.textContent, 10) || 0 : 0) + 1, true);
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
  // Dates are written one way for the whole host, the briefs' own (`26 November 2026`, `26 November 2026, 14:05`),
  // inside <time datetime="ISO" data-format="date|datetime">. A calendar day stays as written. A moment is written
  // again in the reader's time zone, in the same words, with the reader's 12- or 24-hour clock (from the browser's
  // languages; one convention for the whole page).
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December"];
  var twelveHour = null;
  function readerUsesTwelveHours() {
    if (twelveHour === null) {
      twelveHour = false;
      try {
        var languages = navigator.languages && navigator.languages.length ? navigator.languages : undefined;
        var cycle = new Intl.DateTimeFormat(languages, { hour: "numeric" }).resolvedOptions().hourCycle;
        twelveHour = cycle === "h12" || cycle === "h11";
      } catch (e) { /* 24 hours */ }
    }
    return twelveHour;
  }
  function momentText(date) {
    var hours = date.getHours(), minutes = ("0" + date.getMinutes()).slice(-2);
    var time = readerUsesTwelveHours()
      ? ((hours + 11) % 12 + 1) + ":" + minutes + (hours < 12 ? " am" : " pm")
      : ("0" + hours).slice(-2) + ":" + minutes;
    return date.getDate() + " " + MONTHS[date.getMonth()] + " " + date.getFullYear() + ", " + time;
  }
  function localizeDates(root) {
    root.querySelectorAll("time[data-format='datetime'][datetime]").forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (isNaN(date.getTime())) return;
      var text = momentText(date);
      if (el.textContent !== text) el.textContent = text; // text, never HTML
    });
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
      swipeRows(el);
      watchMore(el);
      localizeDates(el);
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

  // A long list ends with a "Show more" row whose link carries data-more="<rows address>": when it scrolls into
  // view (or is clicked) the next rows are fetched and put in its place, and the list's live refresh then reads
  // everything loaded so far (the X-Refresh-Source the server sends). Without script the link opens the next page.
  var moreObserver = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) { if (entry.isIntersecting) loadMore(entry.target); });
  }, { rootMargin: "400px 0px" }) : null;
  function watchMore(root) {
    if (!moreObserver) return;
    root.querySelectorAll("[data-more]").forEach(function (link) { moreObserver.observe(link); });
  }
  function loadMore(link) {
    if (link.dataset.loading || !link.isConnected) return;
    var list = link.closest("[data-live-refresh]");
    var item = link.closest("li") || link;
    if (!list) return;
    link.dataset.loading = "1";
    link.setAttribute("aria-busy", "true");
    var hadFocus = document.activeElement === link;
    fetch(link.getAttribute("data-more"), { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error("more");
      var source = r.headers.get("X-Refresh-Source");
      return r.text().then(function (html) { return { html: html, source: source }; });
    }).then(function (page) {
      if (!item.isConnected) return;
      var incoming = document.createElement("template");
      incoming.innerHTML = page.html;
      remember(incoming.content);
      var first = incoming.content.firstElementChild;
      if (moreObserver) moreObserver.unobserve(link);
      item.replaceWith(incoming.content);
      if (page.source) list.dataset.src = page.source;
      sent.delete(list);
      swipeRows(list);
      watchMore(list);
      localizeDates(list);
      if (hadFocus && first) {
        var control = first.querySelector("button:not([tabindex='-1']), a[href]");
        if (control) control.focus({ preventScroll: true });
      }
      list.dataset.pages = String((parseInt(list.dataset.pages || "1", 10)) + 1);
    }).catch(function () {
      delete link.dataset.loading;
      link.removeAttribute("aria-busy");
    });
  }
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("[data-more]");
    if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    loadMore(link);
  });

  // A form marked data-inline is sent by the script, asking for JSON: the server answers with its message instead of
  // a redirect, the message is shown where a flash shows, and the live parts are read again at once — the page is
  // not loaded again, and focus stays on the row acted on (or, when that row has moved out of the loaded part of the
  // list, on the row that took its place). If anything goes wrong the form is sent the ordinary way.
  function showFlash(answer) {
    var box = document.querySelector(".flash");
    if (!box) {
      box = document.createElement("div");
      var main = document.getElementById("main");
      main.parentNode.insertBefore(box, main);
    }
    box.className = "flash flash-" + (answer.kind || "info");
    box.setAttribute("role", "status");
    box.textContent = "";
    var text = document.createElement("span");
    text.textContent = answer.message || ""; // text, never HTML
    box.appendChild(text);
    if (answer.actionPath) {
      var form = document.createElement("form");
      form.method = "post";
      form.action = answer.actionPath;
      form.className = "inline";
      form.setAttribute("data-inline", "");
      var token = document.createElement("input");
      token.type = "hidden";
      token.name = "_csrf";
      var meta = document.querySelector('meta[name="csrf-token"]');
      token.value = meta ? meta.getAttribute("content") : "";
      form.appendChild(token);
      var button = document.createElement("button");
      button.type = "submit";
      button.className = "link-button";
      button.textContent = answer.actionLabel || "Undo";
      form.appendChild(button);
      box.appendChild(document.createTextNode(" "));
      box.appendChild(form);
    }
  }
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.hasAttribute || !form.hasAttribute("data-inline") || !window.fetch) return;
    var submitter = e.submitter || null;
    // Without the submitter (an older browser) the button's own action is unknown: let the form go as usual.
    if (!submitter) return;
    var action = submitter.getAttribute("formaction") || form.getAttribute("action");
    if (!action) return;
    e.preventDefault();
    // One action at a time: a second click while the first is under way is not sent again.
    if (form.dataset.busy) return;
    form.dataset.busy = "1";
    var row = submitter && submitter.closest("[id]");
    var rowId = row ? row.id : "";
    var next = row && row.nextElementSibling;
    var nextId = next && next.id ? next.id : "";
    var focusAction = submitter && submitter.getAttribute("formaction");
    var body = new URLSearchParams(new FormData(form));
    var answered = false;
    fetch(action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { Accept: "application/json" }
    }).then(function (r) {
      var type = r.headers.get("Content-Type") || "";
      if (!r.ok || type.indexOf("application/json") !== 0) throw new Error("not inline");
      return r.json();
    }).then(function (answer) {
      answered = true; // done on the server: never send it a second time
      delete form.dataset.busy;
      showFlash(answer);
      announce(answer.message);
      return refreshAll();
    }).then(function () {
      var active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      var target = rowId && document.getElementById(rowId);
      var control = target && focusAction &&
        target.querySelector('[formaction="' + CSS.escape(focusAction) + '"]:not([tabindex="-1"])');
      if (!control) {
        target = (nextId && document.getElementById(nextId)) || target;
        control = target && target.querySelector("button:not([tabindex='-1']), a[href]");
      }
      if (control) control.focus({ preventScroll: true });
      if (target && target.scrollIntoView) target.scrollIntoView({ block: "nearest" });
    }).catch(function () {
      delete form.dataset.busy;
      if (answered) return;
      form.removeAttribute("data-inline");
      if (submitter && form.requestSubmit) form.requestSubmit(submitter); else form.submit();
    });
  });

  // A form marked data-draft="<key>" (a new item being written) keeps what was typed in this browser as it is typed,
  // so a half-typed form survives a closed tab or a restarted host: an untouched form fills itself from the draft. The
  // draft is dropped once a submit is answered by another page (saved); a refused submit comes back to the form and
  // keeps it. Passwords and hidden fields are never kept.
  function drafts() {
    var key = function (form) { return "atelier-draft:" + form.getAttribute("data-draft"); };
    var submitted = sessionStorage.getItem("atelier-draft-submitted");
    if (submitted) {
      sessionStorage.removeItem("atelier-draft-submitted");
      if (!document.querySelector("form[data-draft='" + CSS.escape(submitted) + "']")) {
        localStorage.removeItem("atelier-draft:" + submitted);
      }
    }
    document.querySelectorAll("form[data-draft]").forEach(function (form) {
      var fields = Array.prototype.filter.call(form.elements, function (f) {
        return f.name && f.type !== "hidden" && f.type !== "password" && f.type !== "submit" && f.type !== "button";
      });
      var stored = null;
      try { stored = JSON.parse(localStorage.getItem(key(form)) || "null"); } catch (e) { stored = null; }
      if (stored && !formInUse(form)) {
        fields.forEach(function (f) {
          if (!(f.name in stored)) return;
          if (f.type === "checkbox" || f.type === "radio") f.checked = stored[f.name] === f.value;
          else f.value = stored[f.name];
          f.dispatchEvent(new Event("change", { bubbles: true }));
        });
      }
      var save = function () {
        var values = {};
        fields.forEach(function (f) {
          if ((f.type === "checkbox" || f.type === "radio") && !f.checked) return;
          values[f.name] = f.value;
        });
        localStorage.setItem(key(form), JSON.stringify(values));
      };
      form.addEventListener("input", save);
      form.addEventListener("change", save);
      form.addEventListener("submit", function () {
        sessionStorage.setItem("atelier-draft-submitted", form.getAttribute("data-draft"));
      });
    });
  }

  // After an action the page comes back at the row it was about (#task-7): focus goes to that row's first control, so
  // the keyboard and a screen reader stay where the person was (the flash above says what happened).
  function focusTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || document.querySelector("[autofocus]")) return;
    var control = target.querySelector("button:not([tabindex='-1']), a[href], input:not([type=hidden]), select, textarea");
    if (!control) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      control = target;
    }
    control.focus({ preventScroll: true });
  }

  // A flash that says something went well fades once read: after 6 seconds, or 15 when it offers an action (Undo),
  // and not while the pointer or the focus is on it. One that says something went wrong stays.
  function fadeFlashes() {
    document.querySelectorAll(".flash.flash-success, .flash.flash-info").forEach(function (flash) {
      var wait = flash.querySelector("form, button") ? 15000 : 6000;
      var fade = function () {
        if (flash.matches(":hover") || flash.contains(document.activeElement)) { setTimeout(fade, 2000); return; }
        flash.classList.add("fading");
        setTimeout(function () { flash.remove(); }, 400);
      };
      setTimeout(fade, wait);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    fadeFlashes();
    // What the server sent, before swipeRows marks rows: the first refresh then finds nothing changed.
    document.querySelectorAll("[data-live-refresh]").forEach(function (el) {
      remember(el);
      sent.set(el, el.innerHTML);
    });
    connect();
    swipeRows(document);
    watchMore(document);
    localizeDates(document);
    drafts();
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
