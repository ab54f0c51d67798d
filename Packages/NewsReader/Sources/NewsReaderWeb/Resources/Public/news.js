// News: reports how long each screen took to show, reloads the headlines on a pull down from the top, shows a Reload
// under way (a second tap joins it), and brings "Back to headlines" back to the story it left, as the browser's Back.
(function () {
  "use strict";
  var A = window.Atelier;

  // Display time: from the navigation start (the click that asked for the screen, or the typed address; for a screen
  // opened in place, the tap) to the first frame after the page was rendered. The host forwards it as an analytics
  // `display` event.
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
  function pullToRefresh() {
    var startY = null;
    var pulled = 0;
    var parts = function () {
      var form = document.getElementById("news-reload"), hint = document.getElementById("news-pull");
      return form && hint ? { form: form, hint: hint } : null;
    };
    document.addEventListener("touchstart", function (e) {
      startY = parts() && window.scrollY === 0 && e.touches.length === 1 ? e.touches[0].clientY : null;
      pulled = 0;
    }, { passive: true });
    document.addEventListener("touchmove", function (e) {
      var page = parts();
      if (startY === null || !page) return;
      pulled = e.touches[0].clientY - startY;
      page.hint.hidden = pulled < 20;
      page.hint.textContent = pulled >= 80 ? "Release to reload" : "Pull down to reload";
    }, { passive: true });
    document.addEventListener("touchend", function () {
      var page = parts();
      if (page && startY !== null && pulled >= 80) {
        page.hint.textContent = "Reloading…";
        page.form.requestSubmit();
      } else if (page) {
        page.hint.hidden = true;
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

  // A Reload (the button, Retry, a pull) shows it is working — busy, a spinner, the button disabled — and a second tap
  // while it works joins it instead of sending another.
  function busyReloads() {
    document.addEventListener("submit", function (e) {
      var form = e.target;
      if (!form.matches || !form.matches("form[action='/news/reload']")) return;
      if (document.documentElement.dataset.newsReloading) { e.preventDefault(); return; }
      document.documentElement.dataset.newsReloading = "true";
      document.querySelectorAll("form[action='/news/reload'] button").forEach(function (button) {
        button.setAttribute("aria-busy", "true");
        button.classList.add("busy");
        setTimeout(function () { button.disabled = true; }, 0);  // after the form's data is taken
      });
      var reload = document.querySelector("#news-reload button");
      if (reload) reload.textContent = "Reloading…";
    });
    // Back to this page from the page cache, or a page opened in place: nothing is under way any more.
    window.addEventListener("pageshow", idle);
    A.onPage(idle);
    function idle() {
      delete document.documentElement.dataset.newsReloading;
      document.querySelectorAll("form[action='/news/reload'] button").forEach(function (button) {
        button.removeAttribute("aria-busy");
        button.classList.remove("busy");
        button.disabled = false;
      });
      var reload = document.querySelector("#news-reload button");
      if (reload) reload.textContent = "Reload";
    }
  }

  // The story a person opened is remembered; "Back to headlines" goes back in history when the list is the page before
  // (the browser restores where the list was scrolled), and the list puts the focus back on that story.
  function rememberStories() {
    document.addEventListener("click", function (e) {
      var link = e.target.closest && e.target.closest(".news-link");
      if (link) sessionStorage.setItem("news-story", link.closest(".news-row").id);
      var back = e.target.closest && e.target.closest(".news-back a");
      var from = A.referrer();
      if (back && from && new URL(from).pathname === "/news" && history.length > 1) {
        e.preventDefault();
        history.back();
      }
    });
    A.onPage(function () {
      var left = sessionStorage.getItem("news-story");
      var row = left && document.getElementById(left);
      if (row && document.querySelector("[data-news-screen='headlines']")) {
        sessionStorage.removeItem("news-story");
        row.querySelector(".news-link").focus({ preventScroll: true });
      }
    });
  }

  busyReloads();
  rememberStories();
  pullToRefresh();
  A.onPage(function () {
    var screen = document.querySelector("[data-news-screen]");
    if (!screen) return;
    var start = A.openedAt();
    requestAnimationFrame(function () {
      setTimeout(function () { reportDisplay(screen.dataset.newsScreen, performance.now() - start); }, 0);
    });
  });
})();
