// Pages opened in place: part of the shell script (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  // A tap on a link to another Atelier page does not make a new document: the page is read (through the service
  // worker, as a page: kept for offline, a kept copy shown when the host cannot be reached), and its title, its app's
  // stylesheet and script and its body take the place of this one's; the address and history move as for any link,
  // and Back and Forward open their pages the same way, where the page was scrolled. The shell's scripts, styles and
  // live stream stay as they are, so nothing is loaded, parsed or connected again. Anything else — another site, a
  // file, a page of another shell (the host was updated), a link with a modifier key, a browser without fetch — is
  // opened the ordinary way, and so is a page whose reading fails.
  var VISIT_HEADER = "X-Atelier-Visit";
  var under = null; // the visit under way: { controller, missed }
  var visits = 0;
  var previous = document.referrer;
  var openedAt = 0; // when the page shown was asked for, on the page's clock: 0, its navigation's start, when loaded
  var shown = location.pathname + location.search; // the page shown, without its #fragment

  // The shell's script this page runs, by its content-named address: a page of the same shell has the same.
  function shellScript(doc) {
    var script = doc.querySelector('head script[src^="/static/app."]');
    return script ? script.getAttribute("src") : null;
  }
  // An app's own files, beside the shell's.
  function appAssets(doc) {
    return Array.prototype.filter.call(doc.querySelectorAll('head link[rel="stylesheet"], head script[src]'),
      function (el) {
        var address = el.getAttribute("href") || el.getAttribute("src") || "";
        return address.indexOf("/static/app.") !== 0;
      });
  }
  function address(el) { return el.getAttribute("href") || el.getAttribute("src"); }

  // Puts the new page's app stylesheet and script in the head (the old app's stylesheet goes; a script once run
  // stays, its start given to Atelier.onPage checks its own page); settles once both can be used.
  var loadedScripts = new Set();
  function takeAssets(doc) {
    document.querySelectorAll("head [data-leaving]").forEach(function (el) { el.removeAttribute("data-leaving"); });
    document.querySelectorAll("head script[src]").forEach(function (s) { loadedScripts.add(s.getAttribute("src")); });
    var wanted = appAssets(doc);
    var wantedAddresses = wanted.map(address);
    appAssets(document).forEach(function (el) {
      if (el.tagName === "LINK" && wantedAddresses.indexOf(address(el)) < 0) el.setAttribute("data-leaving", "");
    });
    return Promise.all(wanted.map(function (el) {
      var where = address(el);
      if (el.tagName === "LINK" && document.querySelector('head link[rel="stylesheet"][href="' + CSS.escape(where) +
        '"]:not([data-leaving])')) return null;
      if (el.tagName === "SCRIPT" && loadedScripts.has(where)) return null;
      return new Promise(function (resolve, reject) {
        var copy = document.createElement(el.tagName === "LINK" ? "link" : "script");
        if (el.tagName === "LINK") { copy.rel = "stylesheet"; copy.href = where; } else { copy.src = where; copy.async = false; }
        copy.onload = resolve;
        copy.onerror = reject;
        document.head.appendChild(copy);
        if (el.tagName === "SCRIPT") loadedScripts.add(where);
      });
    }));
  }

  // What a history entry keeps of its page, as a browser keeps it for a page it loaded: where it was scrolled, what
  // was typed into its forms (fields that differ from what the server wrote; never a password, a hidden field or a
  // file), and the lists scrolled past their first page. Written as the person scrolls and types, so Back, Forward
  // and a reload find it (a reload shows a list's first page again, and the scroll stops at its end).
  function typed() {
    var kept = [];
    Array.prototype.forEach.call(document.forms, function (form, index) {
      A.changedFields(form).forEach(function (field) {
        if (!field.name || ["password", "file"].indexOf(field.type) >= 0) return;
        if (field.type === "checkbox" || field.type === "radio") kept.push([index, field.name, field.value, field.checked]);
        else kept.push([index, field.name, field.value]);
      });
    });
    return kept;
  }
  function retype(kept) {
    (kept || []).forEach(function (entry) {
      var form = document.forms[entry[0]];
      var named = form && form.elements[entry[1]];
      if (!named) return;
      var fields = named.length !== undefined && !named.tagName ? Array.prototype.slice.call(named) : [named];
      fields.forEach(function (field) {
        if (field.type === "checkbox" || field.type === "radio") {
          if (field.value === entry[2]) field.checked = entry[3];
        } else {
          field.value = entry[2];
        }
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }
  // The live lists that have shown more than their first page ("Show more", app-more.js): each one's id, the address
  // that reads every row it has loaded (its data-src) and how many pages that is. Back to the page reads them so, and
  // the rows scrolled to are there to scroll to.
  function extended() {
    var lists = [];
    document.querySelectorAll("[data-live-refresh][data-pages][id]").forEach(function (list) {
      if (parseInt(list.dataset.pages, 10) > 1 && list.dataset.src) lists.push([list.id, list.dataset.src, list.dataset.pages]);
    });
    return lists;
  }
  // The first row in sight (an element of the page's lists with an id) and how far from the top of the screen it
  // was: Back comes back to it, where rows above it that are drawn only when seen (content-visibility) would make a
  // scroll offset alone land elsewhere.
  function anchor() {
    var rows = document.querySelectorAll("main [data-live-refresh] > [id]");
    for (var index = 0; index < rows.length; index += 1) {
      var box = rows[index].getBoundingClientRect();
      if (box.bottom > 0) return [rows[index].id, Math.round(box.top)];
    }
    return null;
  }
  // Scrolls so that the row `saved` names (anchor()) is where it was on the screen, with every row above it drawn at
  // its own height for that frame (app.css, html[data-restoring]); drawn once, a row keeps its height after.
  function reanchor(saved) {
    var row = saved && document.getElementById(saved[0]);
    if (!row) return;
    var root = document.documentElement;
    root.setAttribute("data-restoring", "");
    window.scrollBy(0, row.getBoundingClientRect().top - saved[1]);
    afterFrame(function () { root.removeAttribute("data-restoring"); });
  }
  // How long Back waits for a list's rows: past it, the list shows its first page (the page itself waits for none).
  var ROWS_WAIT = 1500;
  // Each entry's page as it was left, by the entry's key: Back and Forward read it from here (the entry left by Back
  // can no longer be written to), a reload or a load from another document from the entry's own state.
  var entries = new Map();
  var shownKey = history.state && history.state.key;
  function newKey() { return Date.now().toString(36) + Math.random().toString(36).slice(2, 8); }
  function leaving() {
    if (!shownKey) shownKey = newKey();
    var page = { scroll: window.scrollY, fields: typed(), focus: focused(), lists: extended(), anchor: anchor() };
    entries.set(shownKey, page);
    return page;
  }
  // Where the focus is (the link tapped, most often), as a selector that finds it on the page read again.
  function focused() {
    var active = document.activeElement;
    if (!active || active === document.body || !active.getAttribute) return null;
    if (active.id) return "#" + CSS.escape(active.id);
    var href = active.getAttribute("href");
    return href ? 'main a[href="' + CSS.escape(href) + '"]' : null;
  }
  function keep() {
    if (!able) return;
    var page = leaving();
    history.replaceState({ atelier: true, key: shownKey, scroll: page.scroll, fields: page.fields, lists: page.lists,
      anchor: page.anchor }, "", location.href);
  }
  var keeping = null;
  function keepSoon() {
    clearTimeout(keeping);
    keeping = setTimeout(keep, 200);
  }

  // Runs `then` once the next frame has been drawn.
  function afterFrame(then) {
    requestAnimationFrame(function () { setTimeout(then, 0); });
  }

  function swap(doc, url, options) {
    clearTimeout(keeping);
    // Read while the old page's layout is still clean (after the swap, reading it would lay the new page out twice).
    var was = window.scrollY;
    if (options.push && url === location.href) {
      // A link to the page shown (its own tab) opens it afresh in the same entry, as a browser does.
      shownKey = newKey();
      history.replaceState({ atelier: true, key: shownKey, scroll: 0 }, "", url);
    } else if (options.push) {
      keep();
      shownKey = newKey();
      history.pushState({ atelier: true, key: shownKey, scroll: 0 }, "", url);
    } else {
      shownKey = options.key;
    }
    history.scrollRestoration = "manual";
    previous = options.from;
    openedAt = options.started;
    shown = location.pathname + location.search;
    document.title = doc.title;
    var token = doc.querySelector('meta[name="csrf-token"]');
    var mine = document.querySelector('meta[name="csrf-token"]');
    if (token && mine) mine.setAttribute("content", token.getAttribute("content"));
    document.querySelectorAll("head [data-leaving]").forEach(function (el) { el.remove(); });
    // The live regions stay the same elements, so what they say next is heard, and a toast showing stays.
    var regions = ["announcer", "toasts"].map(function (id) { return document.getElementById(id); });
    document.body.replaceWith(document.adoptNode(doc.body));
    regions.forEach(function (region) {
      var fresh = region && document.getElementById(region.id);
      if (fresh) fresh.replaceWith(region);
    });
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else if ((options.scroll || 0) !== was) window.scrollTo(0, options.scroll || 0);
    if (!target) reanchor(options.anchor);
    A.startPage();
    if (!options.push) retype(options.fields);
    // The entry learns of its new page once that page is on the screen: reading where it is scrolled lays it out.
    // Not if another page came first (Back within the frame would otherwise write this page into the entry before).
    var kept = shownKey;
    var at = location.href;
    afterFrame(function () {
      if (shownKey === kept && location.href === at) keep();
    });
    var autofocus = document.querySelector("[autofocus]");
    if (autofocus) {
      autofocus.focus({ preventScroll: !!target });
      A.caretAtEnd();
      if (!target) A.problemInSight();
    }
    // Back or Forward: the focus where it was left (a screen reader's cursor on the link it left by).
    var again = !options.push && options.focus && document.querySelector(options.focus);
    if (again) again.focus({ preventScroll: true });
    if (document.querySelector("[data-offline-mark]")) A.askHost();
    // The page was read while the live stream went on: a change that came meanwhile was meant for it too.
    if (options.missed) A.refreshAll();
    // What a screen reader says for a new document: the page's name.
    A.announce(doc.title);
  }

  // A page that takes longer than a glance to open says so: a bar runs along the top (app.css) and the link is busy.
  var BUSY_AFTER = 300;
  function opening(link) {
    var timer = setTimeout(function () {
      document.documentElement.setAttribute("data-opening", "");
      if (link) link.setAttribute("aria-busy", "true");
    }, BUSY_AFTER);
    return function () {
      clearTimeout(timer);
      document.documentElement.removeAttribute("data-opening");
      if (link) link.removeAttribute("aria-busy");
    };
  }

  function visit(href, options) {
    if (under) {
      under.controller.abort();
      under.done();
    }
    var current = { controller: new AbortController(), missed: false, done: opening(options.link) };
    under = current;
    var ordinary = function () {
      current.controller.abort();
      if (options.push) location.assign(href); else location.replace(href);
    };
    var headers = { Accept: "text/html" };
    headers[VISIT_HEADER] = "1";
    // Back or Forward to a page whose lists showed more than their first page: those rows are read beside it.
    var lists = options.lists || [];
    var rows = Promise.all(lists.map(function (list) {
      var read = fetch(list[1], { credentials: "same-origin", signal: current.controller.signal }).then(function (r) {
        return r.ok ? r.text() : null;
      }).catch(function (error) {
        if (error && error.name === "AbortError") throw error;
        return null;
      });
      return Promise.race([read, new Promise(function (resolve) { setTimeout(resolve, ROWS_WAIT, null); })]);
    }));
    fetch(href, { credentials: "same-origin", headers: headers, signal: current.controller.signal }).then(function (r) {
      var type = r.headers.get("Content-Type") || "";
      if (type.indexOf("text/html") !== 0) throw new Error("not a page");
      return r.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        if (!doc.body || shellScript(doc) !== shellScript(document)) throw new Error("another shell");
        // Where a redirect led, with the link's #fragment.
        var url = new URL(r.url || href);
        if (!url.hash) url.hash = new URL(href, location.href).hash;
        return Promise.all([rows, takeAssets(doc)]).then(function (read) {
          // Rows only into the very list they were read from (not after a redirect to another page, nor into a list
          // that now reads something else).
          read[0].forEach(function (html, index) {
            var list = html === null || r.redirected ? null : doc.getElementById(lists[index][0]);
            if (!list || !list.hasAttribute("data-live-refresh") || !A.sameList(list.getAttribute("data-src") || "", lists[index][1])) return;
            list.innerHTML = html;
            list.dataset.src = lists[index][1];
            list.dataset.pages = lists[index][2];
          });
          if (under !== current) return;
          under = null;
          current.done();
          swap(doc, url.href, { push: options.push, key: options.key, scroll: options.scroll, anchor: options.anchor,
            fields: options.fields,
            focus: options.focus, from: options.from, started: options.started, missed: current.missed });
          visits += 1;
          document.documentElement.dataset.visits = String(visits);
          A.lastVisit = null;
          afterFrame(function () { A.lastVisit = { started: options.started, shown: performance.now() }; });
        });
      });
    }).catch(function (error) {
      current.done();
      if (under === current) under = null;
      if (!error || error.name !== "AbortError") ordinary();
    });
  }

  function visitable(link) {
    if (!link || link.target || link.hasAttribute("download") || link.hasAttribute("data-ordinary")) return false;
    var url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.pathname.indexOf("/static/") === 0) return false;
    // A link within this page (the skip link) is the browser's.
    return !(url.pathname === location.pathname && url.search === location.search && url.hash);
  }

  var able = !!(window.fetch && window.DOMParser && window.AbortController && history.pushState && shellScript(document));
  // On the window, after every other handler: a link an app's script has taken care of (preventDefault) is left alone.
  window.addEventListener("click", function (e) {
    if (!able || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    var link = e.target.closest && e.target.closest("a[href]");
    if (!visitable(link)) return;
    e.preventDefault();
    visit(link.href, { push: true, started: e.timeStamp, from: location.href, link: link });
  });
  window.addEventListener("popstate", function (e) {
    // Back from a #fragment of the same page (the skip link) is the browser's: only the scroll moves.
    if (!able || !e.state || !e.state.atelier || location.pathname + location.search === shown) return;
    leaving();
    var page = (e.state.key && entries.get(e.state.key)) || e.state;
    visit(location.href, { push: false, key: e.state.key || newKey(), scroll: page.scroll, anchor: page.anchor,
      fields: page.fields,
      focus: page.focus, lists: page.lists, started: e.timeStamp, from: previous });
  });
  window.addEventListener("scroll", keepSoon, { passive: true });
  window.addEventListener("pagehide", function () { clearTimeout(keeping); keep(); });
  document.addEventListener("input", keepSoon);
  document.addEventListener("change", keepSoon);
  // A page the browser loaded again (Reload, or Back to it from a page of another kind) into an entry whose scroll
  // is this script's to restore: where it was, once the page has started.
  document.addEventListener("DOMContentLoaded", function () {
    var state = history.state;
    if (!able || history.scrollRestoration !== "manual" || !state || !state.atelier || !state.scroll) return;
    requestAnimationFrame(function () {
      window.scrollTo(0, state.scroll);
      reanchor(state.anchor);
    });
  });
  document.addEventListener("atelier:event", function () { if (under) under.missed = true; });

  // The page this one was opened from (document.referrer for a page the browser loaded).
  A.referrer = function () { return previous; };
  // When the page shown was asked for (the tap), in performance.now()'s milliseconds.
  A.openedAt = function () { return openedAt; };
  // Opens the page at `href` as a tap on a link to it would.
  A.visit = function (href) {
    var url = new URL(href, location.href).href;
    if (!able) { location.assign(url); return; }
    visit(url, { push: true, started: performance.now(), from: location.href });
  };
})();
