// Dates in the briefs' words, moments in the reader's zone and clock: part of the shell script (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  // Dates are written one way for the whole host, the briefs' own (`26 November 2026`, `26 November 2026, 14:05`),
  // inside <time datetime="ISO" data-format="date|datetime">. A calendar day stays as written. A moment is written
  // again in the reader's time zone, in the same words, with the reader's 12- or 24-hour clock (from the browser's
  // languages; one convention for the whole page).
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December"];
  var twelveHour = null;
  function readerUsesTwelveHours() {
    if (twelveHour === null) {
      twelveHour = false;
      try {
        var languages = navigator.languages && navigator.languages.length ? navigator.languages : undefined;
        var cycle = new Intl.DateTimeFormat(languages, { hour: "numeric" }).resolvedOptions().hourCycle;
        twelveHour = cycle === "h12" || cycle === "h11";
      } catch (e) { /* 24 hours */ }
    }
    return twelveHour;
  }
  function momentText(date) {
    var hours = date.getHours(), minutes = ("0" + date.getMinutes()).slice(-2);
    var time = readerUsesTwelveHours()
      ? ((hours + 11) % 12 + 1) + ":" + minutes + (hours < 12 ? " am" : " pm")
      : ("0" + hours).slice(-2) + ":" + minutes;
    return date.getDate() + " " + MONTHS[date.getMonth()] + " " + date.getFullYear() + ", " + time;
  }
  function localizeDates(root) {
    root.querySelectorAll("time[data-format='datetime'][datetime]").forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (isNaN(date.getTime())) return;
      var text = momentText(date);
      if (el.textContent !== text) el.textContent = text; // text, never HTML
    });
  }

  A.localizeDates = localizeDates;
})();
