// Moments in the reader's words: the one way a page, a toast, a flash, the offline mark and a push write a time, the
// same words as the host's (DisplayDate, Moment): `28 November 2026, 14:05`, or `2:05 pm` with a 12-hour clock, the
// reader's convention from the browser's languages. Shared by the pages (part of the shell script, see app.js) and the
// service worker (importScripts), so it touches no page.
(function (scope) {
  "use strict";
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December"];
  var twelveHour = null;
  function readerUsesTwelveHours() {
    if (twelveHour === null) {
      twelveHour = false;
      try {
        var languages = scope.navigator.languages && scope.navigator.languages.length ? scope.navigator.languages : undefined;
        var cycle = new Intl.DateTimeFormat(languages, { hour: "numeric" }).resolvedOptions().hourCycle;
        twelveHour = cycle === "h12" || cycle === "h11";
      } catch (e) { /* 24 hours */ }
    }
    return twelveHour;
  }
  function two(n) { return ("0" + n).slice(-2); }
  // `14:05` or `2:05 pm`, in the reader's zone.
  function time(date) {
    var hours = date.getHours();
    return readerUsesTwelveHours()
      ? ((hours + 11) % 12 + 1) + ":" + two(date.getMinutes()) + (hours < 12 ? " am" : " pm")
      : two(hours) + ":" + two(date.getMinutes());
  }
  // `28 November 2026`, the reader's day.
  function day(date) {
    return date.getDate() + " " + MONTHS[date.getMonth()] + " " + date.getFullYear();
  }
  // `28 November 2026, 14:05`.
  function moment(date) {
    return day(date) + ", " + time(date);
  }
  // `text` with its moments (⟦ISO⟧, ⟦time ISO⟧, as the host writes them into a sentence) in the reader's words.
  function words(text) {
    return String(text || "").replace(/⟦(time )?(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)⟧/g, function (all, timeOnly, iso) {
      var date = new Date(iso);
      if (isNaN(date.getTime())) return all;
      return timeOnly ? time(date) : moment(date);
    });
  }
  scope.AtelierClock = { time: time, day: day, moment: moment, words: words };
})(self);
