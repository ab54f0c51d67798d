// Swipe right-to-left on a row to reveal its actions: part of the shell script (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  // Swipe right-to-left on a [data-swipe] row to reveal its actions. One row is open at a time: opening another, a
  // tap elsewhere or Escape closes it.
  var openSwipe = null; // { row, close } of the open row
  function closeOpenSwipe() {
    if (!openSwipe) return;
    var open = openSwipe;
    openSwipe = null;
    open.close();
  }
  document.addEventListener("pointerdown", function (e) {
    if (openSwipe && !openSwipe.row.contains(e.target)) closeOpenSwipe();
  }, true);
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") closeOpenSwipe();
  });
  var ready = new WeakSet(); // rows listened to (a row updated in place keeps its listeners)
  function swipeRows(root) {
    root.querySelectorAll("[data-swipe]").forEach(function (row) {
      if (ready.has(row)) return;
      ready.add(row);
      var content = row.querySelector(".swipe-content");
      var actions = row.querySelector(".swipe-actions");
      if (!content || !actions) return;
      var startX = 0, startY = 0, dx = 0, tracking = false, open = false;
      function width() { return actions.offsetWidth; }
      function set(x) { content.style.transform = x ? "translateX(" + x + "px)" : ""; }
      row.addEventListener("pointerdown", function (e) {
        if (e.pointerType === "mouse" && e.button !== 0) return;
        startX = e.clientX; startY = e.clientY; dx = 0; tracking = true;
      });
      row.addEventListener("pointermove", function (e) {
        if (!tracking) return;
        var moveX = e.clientX - startX, moveY = e.clientY - startY;
        if (Math.abs(moveX) < 6 || Math.abs(moveY) > Math.abs(moveX)) return;
        row.classList.add("dragging");
        dx = Math.max(-width(), Math.min(0, (open ? -width() : 0) + moveX));
        set(dx);
      });
      function close() {
        open = false;
        row.classList.remove("swiped");
        set(0);
      }
      function end() {
        if (!tracking) return;
        tracking = false;
        if (!row.classList.contains("dragging")) return;
        row.classList.remove("dragging");
        open = dx < -width() / 3;
        row.classList.toggle("swiped", open);
        set(open ? -width() : 0);
        if (open) {
          if (openSwipe && openSwipe.row !== row) closeOpenSwipe();
          openSwipe = { row: row, close: close };
        } else if (openSwipe && openSwipe.row === row) {
          openSwipe = null;
        }
        row.dataset.justSwiped = "1";
        setTimeout(function () { delete row.dataset.justSwiped; }, 50);
      }
      row.addEventListener("pointerup", end);
      row.addEventListener("pointercancel", end);
      row.addEventListener("pointerleave", end);
      row.addEventListener("click", function (e) {
        if (row.dataset.justSwiped) { e.preventDefault(); e.stopPropagation(); }
      }, true);
    });
  }

  A.swipeRows = swipeRows;
})();
