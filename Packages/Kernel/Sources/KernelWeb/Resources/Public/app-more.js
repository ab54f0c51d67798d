// "Show more" rows fetched as they scroll into view: part of the shell script (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  // A long list ends with a "Show more" row whose link carries data-more="<rows address>": when it scrolls into
  // view (or is clicked) the next rows are fetched and put in its place, and the list's live refresh then reads
  // everything loaded so far (the X-Refresh-Source the server sends). Without script the link opens the next page.
  var moreObserver = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) { if (entry.isIntersecting) loadMore(entry.target); });
  }, { rootMargin: "400px 0px" }) : null;
  function watchMore(root) {
    if (!moreObserver) return;
    root.querySelectorAll("[data-more]").forEach(function (link) { moreObserver.observe(link); });
  }
  function loadMore(link) {
    if (link.dataset.loading || !link.isConnected) return;
    var list = link.closest("[data-live-refresh]");
    var item = link.closest("li") || link;
    if (!list) return;
    link.dataset.loading = "1";
    link.setAttribute("aria-busy", "true");
    var hadFocus = document.activeElement === link;
    fetch(link.getAttribute("data-more"), { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error("more");
      var source = r.headers.get("X-Refresh-Source");
      return r.text().then(function (html) { return { html: html, source: source }; });
    }).then(function (page) {
      if (!item.isConnected) return;
      var incoming = document.createElement("template");
      incoming.innerHTML = page.html;
      A.remember(incoming.content);
      var first = incoming.content.firstElementChild;
      if (moreObserver) moreObserver.unobserve(link);
      // A row a live update already placed on this page (it moved into the part shown) is shown once: where the
      // next page has it.
      Array.prototype.forEach.call(incoming.content.children, function (row) {
        var twin = row.id ? document.getElementById(row.id) : null;
        if (twin && twin !== item && twin.parentElement === list) twin.remove();
      });
      item.replaceWith(incoming.content);
      if (page.source) list.dataset.src = page.source;
      A.sent.delete(list);
      A.swipeRows(list);
      watchMore(list);
      A.localizeDates(list);
      if (hadFocus && first) {
        var control = first.querySelector("button:not([tabindex='-1']), a[href]");
        if (control) control.focus({ preventScroll: true });
      }
      list.dataset.pages = String((parseInt(list.dataset.pages || "1", 10)) + 1);
    }).catch(function () {
      delete link.dataset.loading;
      link.removeAttribute("aria-busy");
    });
  }
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("[data-more]");
    if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    loadMore(link);
  });

  A.watchMore = watchMore;
})();
