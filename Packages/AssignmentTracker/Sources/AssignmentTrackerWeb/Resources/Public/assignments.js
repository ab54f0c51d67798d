// Assignments: keeps what this browser has open (the archive, the master list's scroll position) on the server, so
// the same view comes back after the tab is closed or the host restarts, and restores it as the page starts.
(function () {
  "use strict";
  var A = window.Atelier;
  if (!window.fetch) return;
  var phone = window.matchMedia("(max-width: 760px)");
  var master = null, form = null, timer = null;
  function scroller() { return phone.matches ? document.scrollingElement : master; }
  function save(fields) {
    var body = new URLSearchParams(new FormData(form));
    Object.keys(fields).forEach(function (key) { body.set(key, fields[key]); });
    fetch(form.action, { method: "POST", body: body, credentials: "same-origin" }).catch(function () {});
  }
  function onScroll() {
    if (!master || !master.isConnected) return;
    if (phone.matches && document.querySelector(".split.showing-detail")) return;
    clearTimeout(timer);
    timer = setTimeout(function () { save({ scroll: String(Math.round(scroller().scrollTop)) }); }, 400);
  }
  window.addEventListener("scroll", onScroll, { passive: true });
  A.onPage(function () {
    clearTimeout(timer);
    master = document.getElementById("master");
    form = document.getElementById("ui-state");
    if (!master || !form) { master = null; return; }
    var archive = document.getElementById("archive");
    var scroll = parseInt(master.getAttribute("data-scroll") || "0", 10);
    // Once the shell has started the page (after every start), so the rows' dates and times left are written and the
    // rows have their final heights: the list does not move under the reader afterwards. On a phone the detail page
    // scrolls on its own: only the list restores.
    setTimeout(function () {
      if (scroll > 0 && !(phone.matches && document.querySelector(".split.showing-detail"))) scroller().scrollTop = scroll;
    }, 0);
    master.addEventListener("scroll", onScroll, { passive: true });
    if (archive) archive.addEventListener("toggle", function () { save({ archiveOpen: archive.open ? "1" : "0" }); });
  });
})();

// The task and assignment forms show only the fields the chosen length or reminder needs (without script, all show).
(function () {
  "use strict";
  function follow(selectId, attribute) {
    var select = document.getElementById(selectId);
    if (!select) return;
    function update() {
      document.querySelectorAll("[" + attribute + "]").forEach(function (part) {
        part.hidden = part.getAttribute(attribute).split(" ").indexOf(select.value) < 0;
      });
    }
    select.addEventListener("change", update);
    update();
  }
  window.Atelier.onPage(function () {
    follow("lengthKind", "data-when-length");
    follow("reminder", "data-when-reminder");
  });
})();
