// Assignments: keeps what this browser has open (the archive, the master list's scroll position) on the server, so
// the same view comes back after the tab is closed or the host restarts, and restores it on load.
(function () {
  "use strict";
  var master = document.getElementById("master");
  var form = document.getElementById("ui-state");
  if (!master || !form || !window.fetch) return;
  var archive = document.getElementById("archive");
  var phone = window.matchMedia("(max-width: 760px)");
  function scroller() { return phone.matches ? document.scrollingElement : master; }
  function save(fields) {
    var body = new URLSearchParams(new FormData(form));
    Object.keys(fields).forEach(function (key) { body.set(key, fields[key]); });
    fetch(form.action, { method: "POST", body: body, credentials: "same-origin" }).catch(function () {});
  }
  var scroll = parseInt(master.getAttribute("data-scroll") || "0", 10);
  function restore() {
    // On a phone the detail page scrolls on its own: only the list restores.
    if (scroll > 0 && !(phone.matches && document.querySelector(".split.showing-detail"))) scroller().scrollTop = scroll;
  }
  // Once the shell has started (after every script's DOMContentLoaded), so the rows' dates and times left are
  // written and the rows have their final heights: the list does not move under the reader afterwards.
  document.addEventListener("DOMContentLoaded", function () { setTimeout(restore, 0); });
  var timer = null;
  function onScroll() {
    if (phone.matches && document.querySelector(".split.showing-detail")) return;
    clearTimeout(timer);
    timer = setTimeout(function () { save({ scroll: String(Math.round(scroller().scrollTop)) }); }, 400);
  }
  master.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("scroll", onScroll, { passive: true });
  if (archive) archive.addEventListener("toggle", function () { save({ archiveOpen: archive.open ? "1" : "0" }); });
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
  follow("lengthKind", "data-when-length");
  follow("reminder", "data-when-reminder");
})();
