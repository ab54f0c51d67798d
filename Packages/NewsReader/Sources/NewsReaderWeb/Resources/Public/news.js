// News: reports how long each screen took to show, and reloads the headlines on a pull down from the top.
(function () {
  "use strict";

  // Display time: from the navigation start (the click that asked for the screen, or the typed address) to the
  // first frame after the page was rendered. The host forwards it as an analytics `display` event.
  function reportDisplay(screen, milliseconds) {
    var token = document.querySelector('meta[name="csrf-token"]');
    var body = new URLSearchParams({ screen: screen, time: String(Math.max(0, Math.round(milliseconds))) });
    fetch("/news/analytics", {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers: { "X-CSRF-Token": token ? token.content : "", "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString()
    }).catch(function () {});
  }

  // Pull-to-refresh: on a touch screen, dragging the list down by 80 px while at the top submits the Reload form.
  function pullToRefresh(form, hint) {
    var startY = null;
    var pulled = 0;
    document.addEventListener("touchstart", function (e) {
      startY = window.scrollY === 0 && e.touches.length === 1 ? e.touches[0].clientY : null;
      pulled = 0;
    }, { passive: true });
    document.addEventListener("touchmove", function (e) {
      if (startY === null) return;
      pulled = e.touches[0].clientY - startY;
      hint.hidden = pulled < 20;
      hint.textContent = pulled >= 80 ? "Release to reload" : "Pull down to reload";
    }, { passive: true });
    document.addEventListener("touchend", function () {
      if (startY !== null && pulled >= 80) {
        hint.textContent = "Reloading…";
        form.requestSubmit();
      } else {
        hint.hidden = true;
      }
      startY = null;
    });
  }

  // A screen brought back by Back or Forward from the browser's page cache is shown again without loading: it is
  // timed from that moment to its first frame.
  window.addEventListener("pageshow", function (event) {
    var screen = document.querySelector("[data-news-screen]");
    if (!event.persisted || !screen) return;
    var start = performance.now();
    requestAnimationFrame(function () {
      setTimeout(function () { reportDisplay(screen.dataset.newsScreen, performance.now() - start); }, 0);
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    var screen = document.querySelector("[data-news-screen]");
    if (!screen) return;
    requestAnimationFrame(function () { setTimeout(function () { reportDisplay(screen.dataset.newsScreen, performance.now()); }, 0); });
    var form = document.getElementById("news-reload");
    var hint = document.getElementById("news-pull");
    if (form && hint) pullToRefresh(form, hint);
  });
})();
