// The installed app's service worker. Served at /sw.js after what the host writes before it (VERSION, the tag of the
// shell's files; SHELL, their paths; STYLESHEET, the shell's stylesheet; and the moments script, app-clock.js, which
// writes times in the device's words: the offline mark, a push's text), so a new shell is a new worker: it takes over
// as soon as it has kept the new files (the page open then keeps what it loaded; the next page is the new shell's),
// and the old files are dropped.
//
// - The shell (styles, scripts, icons) is kept on install. A script or stylesheet, named for its content, is answered
//   from what was kept without asking the network; other files from the network first. Pages come from the network
//   first (the request leaves while the worker starts: navigation preload); the last 60 pages a person opened are
//   kept (never one marked `Cache-Control: private`, such as a signed-in account's), and shown when the host cannot
//   be reached, marked "Offline — showing what you saw at 14:05". A page never opened says so; a private one opened
//   before says its content is never kept here.
// - A form sent while the host cannot be reached is not lost: the page stays as it was, with what was typed, and is
//   told that it was not sent.
// - A push shows its notification; a tap opens the notice's page, in a window already open if there is one.
"use strict";

var SHELL_CACHE = "atelier-shell-" + VERSION;
var PAGES_CACHE = "atelier-pages";
var PRIVATE_CACHE = "atelier-private-pages";
var SAVED_AT = "X-Atelier-Saved-At";
// The pages kept at most: the most recently opened, so a phone's storage holds a day's reading, not every page ever.
var PAGES_KEPT = 60;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("atelier-shell-") === 0 && name !== SHELL_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () {
    return self.registration.navigationPreload ? self.registration.navigationPreload.enable() : null;
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A page opened in place (app-visit.js) is read by the page itself, and is a page all the same.
  if ((request.mode === "navigate" || request.headers.get("X-Atelier-Visit")) && request.method === "GET") {
    event.respondWith(page(event, request));
  } else if (request.mode === "navigate" && request.method === "POST") {
    event.respondWith(send(event, request, url));
  } else if (request.method === "GET" && url.pathname.indexOf("/static/") === 0) {
    event.respondWith(staticFile(request, url));
  }
});

// A name with a digest (`app.3f2a9c0d1b7e4a65.js`) never changes its content: what was kept is answered at once.
var NAMED_FOR_CONTENT = /\.[0-9a-f]{16}\.(js|css)$/;

function staticFile(request, url) {
  var kept = function () { return caches.match(request, { cacheName: SHELL_CACHE }); };
  var network = function () {
    return fetch(request).catch(function () { return kept().then(function (copy) { return copy || Response.error(); }); });
  };
  if (!NAMED_FOR_CONTENT.test(url.pathname)) return network();
  return kept().then(function (copy) { return copy || network(); });
}

function keepable(response) {
  var type = response.headers.get("Content-Type") || "";
  var control = (response.headers.get("Cache-Control") || "").toLowerCase();
  return response.status === 200 && type.indexOf("text/html") === 0 && control.indexOf("private") === -1;
}

function page(event, request) {
  var answer = Promise.resolve(event.preloadResponse).then(function (response) { return response || fetch(request); });
  return answer.then(function (response) {
    if (keepable(response)) {
      var copy = response.clone();
      event.waitUntil(copy.text().then(function (body) {
        var headers = new Headers(copy.headers);
        headers.set(SAVED_AT, new Date().toISOString());
        return caches.open(PAGES_CACHE).then(function (cache) {
          // Put last, so the cache's order is the order of opening; the oldest beyond PAGES_KEPT go.
          return cache.delete(request.url)
            .then(function () { return cache.put(request.url, new Response(body, { status: 200, headers: headers })); })
            .then(function () { return cache.keys(); })
            .then(function (keys) {
              return Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_KEPT)).map(function (key) {
                return cache.delete(key);
              }));
            });
        });
      }));
    } else if (response.status === 200) {
      // A private page (a signed-in account's) is never kept; only that it was opened is, so that offline it is not
      // called a page never opened here.
      event.waitUntil(caches.open(PAGES_CACHE).then(function (cache) { return cache.delete(request.url); })
        .then(function () { return caches.open(PRIVATE_CACHE); })
        .then(function (cache) { return cache.put(request.url, new Response("", { status: 200 })); }));
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES_CACHE).then(function (cache) { return cache.match(request.url); }).then(function (kept) {
      if (kept) return marked(kept);
      return caches.open(PRIVATE_CACHE).then(function (cache) { return cache.match(request.url); }).then(function (seen) {
        return seen ? notKept() : notVisited();
      });
    });
  });
}

// When a kept page was saved: its time alone today, its day and time before.
function savedAt(iso) {
  var date = new Date(iso);
  return self.AtelierClock.day(date) === self.AtelierClock.day(new Date())
    ? self.AtelierClock.time(date) : self.AtelierClock.moment(date);
}

function marked(kept) {
  return kept.text().then(function (body) {
    var mark = '<p class="offline-mark" role="status" data-offline-mark>Offline — showing what you saw at ' +
      savedAt(kept.headers.get(SAVED_AT)) + "</p>";
    body = body.replace('<main id="main">', '<main id="main">\n' + mark);
    var headers = new Headers(kept.headers);
    headers.delete(SAVED_AT);
    return new Response(body, { status: 200, headers: headers });
  });
}

function offlinePage(words) {
  var body = '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">' +
    '<title>Offline · Atelier</title><link rel="stylesheet" href="' + STYLESHEET + '"></head><body>' +
    '<main id="main" class="offline-page"><h1>You are offline</h1><p>' + words +
    "</p><p><a class=\"button\" href=\"/\">All apps</a></p></main></body></html>";
  return new Response(body, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function notVisited() {
  return offlinePage("Atelier cannot be reached, and this page was not opened on this device before, so there is no copy " +
    "of it. Pages you have opened can still be read.");
}

function notKept() {
  return offlinePage("Atelier cannot be reached. This page holds your account’s details, which are never kept on this " +
    "device; it opens again once Atelier can be reached. Other pages you have opened can still be read.");
}

function send(event, request, url) {
  return fetch(request).catch(function () {
    // 204: the browser stays on the page, the form as it was typed; the page is told.
    event.waitUntil(self.clients.matchAll({ type: "window" }).then(function (windows) {
      windows.forEach(function (client) { client.postMessage({ type: "not-sent", action: url.pathname }); });
    }));
    return new Response(null, { status: 204 });
  });
}

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(self.AtelierClock.words(data.title) || "Atelier", {
    body: self.AtelierClock.words(data.body),
    icon: "/static/icon-192.png",
    badge: "/static/icon-192.png",
    tag: data.tag,
    data: { url: data.url || "/inbox" }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || "/inbox", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === target) return windows[i].focus();
    }
    if (windows.length > 0) {
      return windows[0].focus().then(function (client) { return client.navigate(target); });
    }
    return self.clients.openWindow(target);
  }));
});
