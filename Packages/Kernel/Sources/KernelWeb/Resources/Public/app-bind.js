// Parts marked data-live-bind="<event name>" data-live-key="<id>" update in place when that event arrives with a
// matching `id`: children marked data-live-text="<field>" get the field as text, and children marked
// data-live-value="<field>" (such as a <progress>) get it as their value. Lighter than refetching a whole list.
(function () {
  "use strict";
  document.addEventListener("atelier:event", function (e) {
    var data = e.detail || {};
    document.querySelectorAll("[data-live-bind]").forEach(function (el) {
      if (el.getAttribute("data-live-bind") !== data.name) return;
      if (String(data.id) !== el.getAttribute("data-live-key")) return;
      el.querySelectorAll("[data-live-text]").forEach(function (target) {
        var value = data[target.getAttribute("data-live-text")];
        if (value !== undefined && value !== null) target.textContent = String(value); // text, never HTML
      });
      el.querySelectorAll("[data-live-value]").forEach(function (target) {
        var value = data[target.getAttribute("data-live-value")];
        if (typeof value !== "number") return;
        target.value = value; // an indeterminate bar becomes determinate once a figure arrives
        target.classList.remove("indeterminate");
      });
      el.dataset.liveUpdates = String((parseInt(el.dataset.liveUpdates || "0", 10)) + 1);
    });
  });
})();
