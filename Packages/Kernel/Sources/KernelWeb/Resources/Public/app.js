// Atelier shell script: live events as toasts and live parts, swipe-to-reveal rows, forms sent in place. Every page
// loads it as one file with its parts (app-*.js, each one job, sharing `window.Atelier`) before it (StaticAssets), so
// it starts them once the page is parsed; no inline script is ever needed (the Content-Security-Policy forbids it).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  function toast(text) {
    if (!text) return;
    var box = document.getElementById("toasts");
    if (!box) return;
    var el = document.createElement("div");
    el.className = "toast";
    el.setAttribute("role", "status");
    el.textContent = self.AtelierClock.words(text); // text, never HTML
    box.appendChild(el);
    setTimeout(function () { el.remove(); }, 6000);
  }
  window.atelierToast = toast;

  // A toast never stands between a person and a control: taps pass through it (CSS), and a toast that the pointer or a
  // finger comes within reach of fades back, so what is underneath shows.
  var REACH = 24;
  function yieldToasts(e) {
    document.querySelectorAll("#toasts .toast, .flash-success, .flash-info").forEach(function (el) {
      var box = el.getBoundingClientRect();
      var near = e.clientX >= box.left - REACH && e.clientX <= box.right + REACH &&
        e.clientY >= box.top - REACH && e.clientY <= box.bottom + REACH;
      // A banner's own Undo stays in sight while the pointer is on it.
      var onOwnControl = e.target && e.target.closest && el.contains(e.target) && e.target.closest("button, form");
      el.classList.toggle("yielding", near && !onOwnControl);
    });
  }
  document.addEventListener("pointermove", yieldToasts, { passive: true });
  document.addEventListener("pointerdown", yieldToasts, { passive: true, capture: true });

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

  // Whether Atelier can be reached, shown as it happens: when the live stream drops and does not come back within a
  // moment, a banner says so (what the page shows may be out of date, and nothing sent now arrives); the host is asked
  // every two seconds (and at once when the device is back online) and the stream opened again the moment it
  // answers; then the banner goes, and so do the marks of a page read from the device's copy.
  var UNREACHABLE_AFTER = 1500, PROBE_EVERY = 2000;
  var lost = null, probe = null;
  function banner() {
    var box = document.getElementById("connection");
    if (!box) {
      box = document.createElement("p");
      box.id = "connection";
      box.className = "connection-banner";
      box.setAttribute("role", "status");
      box.textContent = "Atelier cannot be reached. What you see may be out of date, and nothing you send arrives " +
        "until it is back.";
      var main = document.getElementById("main");
      if (main) main.parentNode.insertBefore(box, main);
    }
    document.documentElement.dataset.live = "unreachable";
  }
  function reachable() {
    clearTimeout(lost);
    clearTimeout(probe);
    lost = probe = null;
    document.querySelectorAll("#connection, [data-offline-mark], .flash[data-not-sent]").forEach(function (el) {
      el.remove();
    });
  }
  function ask() {
    clearTimeout(probe);
    fetch("/health", { cache: "no-store", credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error("not yet");
      if (window.atelierEvents) window.atelierEvents.close();
      connect();
    }).catch(function () {
      probe = setTimeout(ask, PROBE_EVERY);
    });
  }
  window.addEventListener("online", function () { if (lost !== null || document.getElementById("connection")) ask(); });

  // Every forwarded bus name is its own SSE event type: the stream is listened to for the names the page declares
  // (data-live-events) and notices — again for a page opened in place, which may declare others.
  var listening = new Set(), handler = null;
  function listen() {
    var source = window.atelierEvents;
    if (!source || !handler) return;
    var names = [noticeEvent()];
    document.querySelectorAll("[data-live-events]").forEach(function (el) {
      names = names.concat(el.getAttribute("data-live-events").split(/\s+/));
    });
    names.filter(Boolean).forEach(function (name) {
      if (listening.has(name)) return;
      listening.add(name);
      source.addEventListener(name, handler);
    });
  }

  function connect() {
    if (!window.EventSource) return;
    var source = new EventSource("/events");
    window.atelierEvents = source;
    source.onopen = function () {
      reachable();
      document.documentElement.dataset.live = "connected";
      document.dispatchEvent(new CustomEvent("atelier:connected"));
    };
    source.onerror = function () {
      if (lost !== null || source.readyState === EventSource.OPEN) return;
      lost = setTimeout(function () {
        if (source.readyState === EventSource.OPEN) { lost = null; return; }
        banner();
        ask();
      }, UNREACHABLE_AFTER);
    };
    // A page read from the device's copy (the host was away when it opened) asks at once.
    if (document.querySelector("[data-offline-mark]")) source.addEventListener("error", ask, { once: true });
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
    listening = new Set();
    handler = handle;
    listen();
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

  // The large title: while the page's own title (its first h1) is in sight, the bar at the top does not name the app
  // a second time; once it has scrolled under the bar, the bar does, as iOS does.
  var titleObserver = null;
  function largeTitle() {
    var title = document.querySelector("main h1");
    var bar = document.querySelector(".topbar");
    if (titleObserver) titleObserver.disconnect();
    document.documentElement.classList.remove("large-title");
    if (!title || !bar || !window.IntersectionObserver) return;
    var root = document.documentElement;
    titleObserver = new IntersectionObserver(function (entries) {
      root.classList.toggle("large-title", entries[0].isIntersecting);
    }, { rootMargin: "-" + bar.offsetHeight + "px 0px 0px 0px" });
    titleObserver.observe(title);
  }

  // What a page does as it starts, loaded by the browser or opened in place (app-visit.js); then each app's own
  // start, which its script gives with Atelier.onPage.
  var pageStarts = [];
  function startPage() {
    // Once the first frame is drawn: the bar's height read now would make the browser lay the page out before it has
    // even been styled once.
    requestAnimationFrame(function () { setTimeout(largeTitle, 0); });
    A.fadeFlashes();
    // What the server sent, before swipeRows marks rows: the first refresh then finds nothing changed.
    document.querySelectorAll("[data-live-refresh]").forEach(function (el) {
      A.remember(el);
      A.sent.set(el, el.innerHTML);
    });
    listen();
    A.swipeRows(document);
    A.watchMore(document);
    A.localizeDates(document);
    A.drafts();
    A.caretAtEnd();
    // Again once the browser has focused the page's autofocus field (as it renders, before the frame's callbacks): on a
    // busy machine that comes after this start, and the caret was left before the text.
    requestAnimationFrame(function () {
      A.caretAtEnd();
      A.problemInSight();
    });
    A.focusTarget();
    A.startInstall();
    pageStarts.forEach(function (start) { start(); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    connect();
    startPage();
  });
  // The browser's own scroll to the #fragment, once the page has loaded, moves focus to the viewport (the row itself
  // cannot take it): focus the row's control again then, unless the person has moved on.
  window.addEventListener("load", function () {
    setTimeout(function () {
      if (!document.activeElement || document.activeElement === document.body) A.focusTarget();
    }, 0);
  });

  A.announce = announce;
  A.startPage = startPage;
  A.onPage = function (start) { pageStarts.push(start); };
  A.askHost = function () { if (lost === null && !probe) ask(); };
})();
