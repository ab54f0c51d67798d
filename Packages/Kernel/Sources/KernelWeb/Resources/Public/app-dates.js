// Dates in the briefs' words, moments in the reader's zone and clock: part of the shell script (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  // Dates are written one way for the whole host, the briefs' own (`26 November 2026`, `26 November 2026, 14:05`),
  // inside <time datetime="ISO" data-format="date|datetime|time">. A calendar day stays as written. A moment is written
  // again in the reader's time zone, in the same words, with the reader's 12- or 24-hour clock (AtelierClock,
  // app-clock.js: one convention for the whole page).
  var clock = self.AtelierClock;
  // How long is left until a moment, in the words a server-side gauge uses (`12 days left`, `2 days 5 hours left`,
  // `5 hours left`, `40 minutes left`, `Due now`, `3 days overdue`), inside <span data-time-left="ISO"
  // data-soon="seconds">, with its class saying how close it is: due-ahead, due-soon (within data-soon seconds) or
  // due-overdue. Lists kept by the server hold no clock, so the words are written here, and again every half minute,
  // counting from the host's time (`data-server-now` on the page, as the countdown's clocks do), not the device's.
  function count(value, unit) { return value + " " + unit + (value === 1 ? "" : "s"); }
  function timeLeftText(secondsLeft) {
    var magnitude = Math.abs(secondsLeft);
    var days = Math.floor(magnitude / 86400);
    var hours = Math.floor(magnitude % 86400 / 3600);
    var minutes = Math.floor(magnitude % 3600 / 60);
    var amount;
    if (days >= 3 || (days > 0 && hours === 0)) amount = count(days, "day");
    else if (days > 0) amount = count(days, "day") + " " + count(hours, "hour");
    else if (hours > 0) amount = count(hours, "hour");
    else if (minutes > 0) amount = count(minutes, "minute");
    else return "Due now";
    return amount + (secondsLeft < 0 ? " overdue" : " left");
  }
  var skew = null;
  function hostNow() {
    if (skew === null) {
      var page = document.querySelector("[data-server-now]");
      var serverNow = page ? parseInt(page.getAttribute("data-server-now"), 10) : NaN;
      skew = isNaN(serverNow) ? 0 : serverNow - Date.now();
    }
    return Date.now() + skew;
  }
  function writeTimesLeft(root) {
    var now = hostNow();
    root.querySelectorAll("[data-time-left]").forEach(function (el) {
      var due = Date.parse(el.getAttribute("data-time-left"));
      if (isNaN(due)) return;
      var secondsLeft = (due - now) / 1000;
      var soon = parseInt(el.getAttribute("data-soon") || "0", 10);
      var state = secondsLeft < 0 ? "overdue" : secondsLeft <= soon ? "soon" : "ahead";
      var text = timeLeftText(secondsLeft);
      if (el.textContent !== text) el.textContent = text; // text, never HTML
      var className = "due-left due-" + state;
      if (el.className !== className) el.className = className;
    });
  }
  setInterval(function () { writeTimesLeft(document); }, 30000);

  function localizeDates(root) {
    root.querySelectorAll("time[data-format='datetime'][datetime], time[data-format='time'][datetime]").forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (isNaN(date.getTime())) return;
      var text = el.getAttribute("data-format") === "time" ? clock.time(date) : clock.moment(date);
      if (el.textContent !== text) el.textContent = text; // text, never HTML
    });
    writeTimesLeft(root);
  }

  A.localizeDates = localizeDates;
})();
