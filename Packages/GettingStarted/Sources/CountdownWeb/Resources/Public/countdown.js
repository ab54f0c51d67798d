// Countdown: each running timer's clock counts down every second from its end time (data-deadline, milliseconds
// since 1970); at zero the row says it has finished. The host delivers the notice itself at that second (a toast on
// every open page), and the list refreshes when it does. Enter moves from Hours to Minutes to Label and starts from
// Label. Without this file the page still lists and cancels timers.
(function () {
  "use strict";
  function two(n) { return n < 10 ? "0" + n : String(n); }
  function clock(seconds) {
    var left = Math.max(0, seconds);
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    return h > 0 ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }
  // How far the device's clock is from the host's (the page carries the host's time when it was made).
  var skew = 0;
  function tick() {
    var now = Date.now() + skew;
    document.querySelectorAll(".countdown-row[data-deadline]").forEach(function (row) {
      var clockEl = row.querySelector(".countdown-clock");
      if (!clockEl) return;
      var left = Math.ceil((parseInt(row.getAttribute("data-deadline"), 10) - now) / 1000);
      var text = clock(left);
      if (clockEl.textContent !== text) clockEl.textContent = text;
      if (left <= 0 && !row.classList.contains("finished")) {
        row.classList.add("finished");
        var sub = row.querySelector("[data-countdown-sub]");
        if (sub) sub.textContent = "Finished";
      }
    });
  }
  setInterval(tick, 250);
  // A tap outside the fields puts the keyboard away.
  document.addEventListener("pointerdown", function (e) {
    var active = document.activeElement;
    if (!document.querySelector(".countdown-form")) return;
    if (active && active.tagName === "INPUT" && !e.target.closest("input, label, button")) active.blur();
  });
  window.Atelier.onPage(function () {
    var section = document.querySelector(".countdown[data-server-now]");
    if (!section) return;
    skew = parseInt(section.getAttribute("data-server-now"), 10) - Date.now();
    if (!isFinite(skew)) skew = 0;
    tick();
    // Enter does what the keyboard's key says: "next" in Hours and Minutes moves to the next field, "go" in Label
    // starts the timer.
    var fields = Array.prototype.slice.call(document.querySelectorAll(".countdown-form input:not([type=hidden])"));
    fields.forEach(function (field, index) {
      field.addEventListener("keydown", function (e) {
        if (e.key !== "Enter" || e.isComposing || index === fields.length - 1) return;
        e.preventDefault();
        fields[index + 1].focus();
        if (fields[index + 1].select) fields[index + 1].select();
      });
    });
  });
})();
