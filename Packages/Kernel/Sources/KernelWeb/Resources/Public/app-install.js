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
    notSent: "Not sent: Atelier cannot be reached. What you typed is still here; send it again once you are back online.",
    notSentTap: "Not sent: Atelier cannot be reached. Try again once it can be.",
    timedOut: "This browser's push service did not answer. Check the connection and tap again.",
    failed: "Notifications could not be turned on here: "
  };
  // How long the browser's push service may take to give a subscription before the button gives up.
  A.pushTimeout = 15000;

  // The form sent last: a "not sent" says what happened to what was in it.
  var lastForm = null;
  document.addEventListener("submit", function (e) { lastForm = e.target; }, true);
  // Whether the person typed anything into `form` (a field with text in it), rather than tapping a button.
  function typedInto(form) {
    return !!form && Array.prototype.some.call(form.elements, function (field) {
      return (field.tagName === "TEXTAREA" || (field.tagName === "INPUT" &&
        ["hidden", "submit", "button", "checkbox", "radio", "range", "color"].indexOf(field.type) < 0)) &&
        field.value.trim() !== "";
    });
  }

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  // Says that what was just sent did not arrive: keeping what was typed when something was, or only that it was not
  // sent (a tap on a button). Gone as soon as Atelier can be reached again (app.js).
  function notSent(form) {
    var box = document.querySelector(".flash");
    if (!box) {
      box = document.createElement("div");
      var main = document.getElementById("main");
      if (!main) return;
      main.parentNode.insertBefore(box, main);
    }
    box.className = "flash flash-error";
    box.setAttribute("role", "alert");
    box.setAttribute("data-not-sent", "");
    box.textContent = typedInto(form || lastForm) ? TEXT.notSent : TEXT.notSentTap; // text, never HTML
    box.scrollIntoView({ block: "nearest" });
    document.dispatchEvent(new CustomEvent("atelier:not-sent"));
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
      var refused = function (message) { var error = new Error(message); error.fromHost = true; throw error; };
      return response.json().then(function (answer) { refused(answer.message || "Atelier refused it."); },
        function () { refused("Atelier could not take it (" + response.status + ")."); });
    });
  }

  // What went wrong, in words a person can act on — never the browser's own message.
  function explain(error) {
    var name = error && error.name;
    if (error && error.message === "timed out") return TEXT.timedOut;
    if (name === "NotAllowedError") return TEXT.blocked;
    if (name === "AbortError" || name === "NetworkError" || name === "TypeError") {
      return TEXT.failed + "this browser's push service could not be reached. Check the connection and tap again.";
    }
    if (name === "NotSupportedError" || name === "InvalidStateError") {
      return TEXT.failed + "this browser cannot take notifications for Atelier.";
    }
    if (error && error.fromHost) return TEXT.failed + error.message;
    return TEXT.failed + "something went wrong. Tap again in a moment.";
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
      button.setAttribute("aria-busy", "true");
      registration.pushManager.getSubscription().then(function (existing) {
        if (existing) {
          return sendSubscription("DELETE", existing.toJSON())
            .then(function () { return existing.unsubscribe(); })
            .then(function () { show(false, TEXT.off); });
        }
        return Notification.requestPermission().then(function (permission) {
          if (permission !== "granted") { show(false, TEXT.blocked); return; }
          status.textContent = "Asking this browser's push service…";
          return fetch("/push/key", { credentials: "same-origin" })
            .then(function (response) { return response.text(); })
            .then(function (key) {
              // A push service that never answers must not leave the button waiting for ever.
              return Promise.race([
                registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }),
                new Promise(function (resolve, reject) {
                  setTimeout(function () { reject(new Error("timed out")); }, A.pushTimeout);
                })
              ]);
            })
            .then(function (subscription) {
              return sendSubscription("POST", subscription.toJSON()).then(function () { show(true, TEXT.on); },
                function (error) { subscription.unsubscribe(); throw error; });
            });
        });
      }).catch(function (error) {
        show(false, explain(error));
      }).then(function () { button.disabled = false; button.removeAttribute("aria-busy"); });
    });
  }

  A.notSent = notSent;

  // Run as each page starts (loaded, or opened in place): the worker is registered once, a page's push panels each time.
  var registered = false;
  A.startInstall = function () {
    var panels = document.querySelectorAll("[data-push]");
    if (!("serviceWorker" in navigator)) return;
    if (!registered) {
      registered = true;
      navigator.serviceWorker.addEventListener("message", function (event) {
        if (event.data && event.data.type === "not-sent") notSent();
      });
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    }
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
