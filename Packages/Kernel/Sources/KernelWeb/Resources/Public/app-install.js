// The installed app: registers the service worker (/sw.js), says so when a form could not be sent because the host
// cannot be reached (the worker keeps the page as typed and tells it), and runs "Notify me on this device" (the
// browser's permission asked only on a tap; the subscription sent with the page's CSRF token). Part of the shell
// script (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  var TEXT = {
    offer: "Get notices on this device, even when Atelier is closed.",
    on: "This device is notified, even when Atelier is closed.",
    off: "This device is no longer notified.",
    blocked: "Notifications are blocked for Atelier in this browser's settings; allow them there, then tap again.",
    homeScreen: "To be notified on this iPhone or iPad, add Atelier to the Home Screen (Share, then Add to Home Screen) " +
      "and open it from there.",
    notSent: "Not sent: Atelier cannot be reached. What you typed is still here; send it again once you are back online."
  };

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  function notSent() {
    var box = document.querySelector(".flash");
    if (!box) {
      box = document.createElement("div");
      var main = document.getElementById("main");
      if (!main) return;
      main.parentNode.insertBefore(box, main);
    }
    box.className = "flash flash-error";
    box.setAttribute("role", "alert");
    box.textContent = TEXT.notSent; // text, never HTML
    document.querySelectorAll("form [aria-busy], form button[disabled]").forEach(function (el) {
      el.removeAttribute("aria-busy");
      el.disabled = false;
    });
  }

  function keyBytes(text) {
    var base64 = text.trim().replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) base64 += "=";
    var raw = atob(base64);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function sendSubscription(method, subscription) {
    return fetch("/push/subscriptions", {
      method: method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
      body: JSON.stringify(subscription)
    }).then(function (response) {
      if (response.ok) return response;
      return response.json().then(function (answer) { throw new Error(answer.message || "the host refused it"); },
        function () { throw new Error("the host answered " + response.status); });
    });
  }

  function offer(panel, registration) {
    var button = panel.querySelector("[data-push-toggle]");
    var status = panel.querySelector("[data-push-status]");
    var show = function (subscribed, text) {
      button.textContent = subscribed ? "Stop notifying this device" : "Notify me on this device";
      button.setAttribute("data-subscribed", subscribed ? "yes" : "no");
      status.textContent = text;
    };
    registration.pushManager.getSubscription().then(function (existing) {
      show(!!existing, existing ? TEXT.on : (Notification.permission === "denied" ? TEXT.blocked : TEXT.offer));
      panel.hidden = false;
    });
    button.addEventListener("click", function () {
      button.disabled = true;
      registration.pushManager.getSubscription().then(function (existing) {
        if (existing) {
          return sendSubscription("DELETE", existing.toJSON())
            .then(function () { return existing.unsubscribe(); })
            .then(function () { show(false, TEXT.off); });
        }
        return Notification.requestPermission().then(function (permission) {
          if (permission !== "granted") { show(false, TEXT.blocked); return; }
          return fetch("/push/key", { credentials: "same-origin" })
            .then(function (response) { return response.text(); })
            .then(function (key) {
              return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
            })
            .then(function (subscription) {
              return sendSubscription("POST", subscription.toJSON()).then(function () { show(true, TEXT.on); },
                function (error) { subscription.unsubscribe(); throw error; });
            });
        });
      }).catch(function (error) {
        show(false, "Could not turn notifications on: " + (error && error.message ? error.message : "unknown error") + ".");
      }).then(function () { button.disabled = false; });
    });
  }

  A.startInstall = function () {
    var panels = document.querySelectorAll("[data-push]");
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "not-sent") notSent();
    });
    navigator.serviceWorker.register("/sw.js").catch(function () {});
    if (!panels.length) return;
    if (!("PushManager" in window) || !("Notification" in window)) {
      // Safari on an iPhone or iPad takes pushes only for an app opened from the Home Screen.
      if (navigator.standalone === false) {
        panels.forEach(function (panel) {
          panel.querySelector("[data-push-toggle]").hidden = true;
          panel.querySelector("[data-push-status]").textContent = TEXT.homeScreen;
          panel.hidden = false;
        });
      }
      return;
    }
    navigator.serviceWorker.ready.then(function (registration) {
      panels.forEach(function (panel) { offer(panel, registration); });
    });
  };
})();
