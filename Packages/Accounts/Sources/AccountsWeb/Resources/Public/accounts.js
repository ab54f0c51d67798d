// Accounts: the number dialog as a modal, the image grid's placeholders for broken images, and going back from the
// grid with a swipe from the left edge, Escape or Alt+Left. Everything works without this file: Edit opens the
// dialog through its link, Back is a link.
(function () {
  "use strict";
  var A = window.Atelier;

  // The number dialog: Edit opens it as a modal (focus moves into it and comes back to Edit when it closes).
  A.onPage(function () {
    var dialog = document.getElementById("mobile-dialog");
    var edit = document.getElementById("edit-mobile");
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (dialog.hasAttribute("open")) {
      dialog.close();
      dialog.showModal();
    }
    if (edit) {
      edit.addEventListener("click", function (event) {
        event.preventDefault();
        dialog.showModal();
        var input = document.getElementById("dialog-mobile");
        if (input) input.focus();
      });
    }
    var cancel = document.getElementById("cancel-mobile");
    if (cancel) {
      cancel.addEventListener("click", function (event) {
        event.preventDefault();
        dialog.close();
      });
    }
    dialog.addEventListener("close", function () {
      if (edit) edit.focus();
    });
  });

  // An account deleted elsewhere (the CLI) ends its sessions: an open Home page checks its own and, when it has ended,
  // goes to the login page at once instead of showing a name and number that are gone.
  // Not when this page's own form ended them (Logout, Log out everywhere, Change password): the page that form opens
  // says what happened, and going to the login page here would take its place.
  var submitted = 0;
  document.addEventListener("submit", function () { submitted = Date.now(); }, true);
  document.addEventListener("atelier:event", function (event) {
    if (!event.detail || event.detail.name !== "accounts.sessions-ended" || !document.querySelector(".accounts-home")) return;
    if (Date.now() - submitted < 5000) return;
    fetch("/accounts/home", { credentials: "same-origin", redirect: "manual" }).then(function (response) {
      if (response.type === "opaqueredirect" || response.status >= 300) location.assign("/accounts/login");
    }).catch(function () {});
  });

  // Broken images: the tile keeps its placeholder instead of the browser's broken-image icon.
  function broken(img) {
    var tile = img.closest(".image-tile");
    if (tile) tile.classList.add("broken");
  }
  document.addEventListener("error", function (event) {
    if (event.target && event.target.tagName === "IMG") broken(event.target);
  }, true);
  A.onPage(function () {
    document.querySelectorAll(".image-tile img").forEach(function (img) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) broken(img);
    });
  });

  // Going back from a page marked data-swipe-back.
  function back() {
    var page = document.querySelector("[data-swipe-back]");
    return page ? page.getAttribute("data-swipe-back") : null;
  }
  // Back in history when the page before is the one to go back to (as the browser's Back, where it was), else to it.
  function goBack() {
    var to = back(), from = A.referrer();
    if (from && new URL(from).pathname === new URL(to, location.href).pathname && history.length > 1) history.back();
    else A.visit(to);
  }
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || !back()) return;
    if (event.key === "Escape" || (event.altKey && event.key === "ArrowLeft")) {
      event.preventDefault();
      goBack();
    }
  });
  var start = null;
  var edge = 32;
  document.addEventListener("pointerdown", function (event) {
    start = back() && event.clientX <= edge ? { x: event.clientX, y: event.clientY, id: event.pointerId } : null;
  });
  document.addEventListener("pointerup", function (event) {
    if (!start || event.pointerId !== start.id) return;
    var dx = event.clientX - start.x;
    var dy = Math.abs(event.clientY - start.y);
    start = null;
    if (dx > 80 && dy < dx) goBack();
  });
  document.addEventListener("pointercancel", function () { start = null; });
})();
