// Forms sent in place, drafts kept as typed, focus after an action, flashes that fade: part of the shell script
// (see app.js).
(function () {
  "use strict";
  var A = window.Atelier = window.Atelier || {};

  // A form marked data-inline is sent by the script, asking for JSON: the server answers with its message instead of
  // a redirect, the message is shown where a flash shows, and the live parts are read again at once — the page is
  // not loaded again, and focus stays on the row acted on (or, when that row has moved out of the loaded part of the
  // list, on the row that took its place). If anything goes wrong the form is sent the ordinary way.
  var BUSY_AFTER = 300, GIVE_UP_AFTER = 15000;
  function showFlash(answer) {
    var box = document.querySelector(".flash");
    if (!box) {
      box = document.createElement("div");
      var main = document.getElementById("main");
      main.parentNode.insertBefore(box, main);
    }
    box.className = "flash flash-" + (answer.kind || "info");
    box.setAttribute("role", "status");
    box.textContent = "";
    var text = document.createElement("span");
    text.textContent = self.AtelierClock.words(answer.message); // text, never HTML
    box.appendChild(text);
    if (answer.actionPath) {
      var form = document.createElement("form");
      form.method = "post";
      form.action = answer.actionPath;
      form.className = "inline";
      form.setAttribute("data-inline", "");
      var token = document.createElement("input");
      token.type = "hidden";
      token.name = "_csrf";
      var meta = document.querySelector('meta[name="csrf-token"]');
      token.value = meta ? meta.getAttribute("content") : "";
      form.appendChild(token);
      var button = document.createElement("button");
      button.type = "submit";
      button.className = "link-button";
      button.textContent = answer.actionLabel || "Undo";
      form.appendChild(button);
      box.appendChild(document.createTextNode(" "));
      box.appendChild(form);
    }
    if (box.classList.contains("flash-error")) box.scrollIntoView({ block: "nearest" });
    else fade(box);
  }
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.hasAttribute || !form.hasAttribute("data-inline") || !window.fetch) return;
    var submitter = e.submitter || null;
    // Without the submitter (an older browser) the button's own action is unknown: let the form go as usual.
    if (!submitter) return;
    var action = submitter.getAttribute("formaction") || form.getAttribute("action");
    if (!action) return;
    e.preventDefault();
    // One action at a time: a second click while the first is under way is not sent again.
    if (form.dataset.busy) return;
    form.dataset.busy = "1";
    var row = submitter && submitter.closest("[id]");
    var rowId = row ? row.id : "";
    var next = row && row.nextElementSibling;
    var nextId = next && next.id ? next.id : "";
    var focusAction = submitter && submitter.getAttribute("formaction");
    var body = new URLSearchParams(new FormData(form));
    var answered = false;
    // The button says it is working once the answer takes longer than a glance, and the wait ends with a sentence.
    var slow = setTimeout(function () { submitter.setAttribute("aria-busy", "true"); }, BUSY_AFTER);
    var controller = window.AbortController ? new AbortController() : null;
    var gaveUp = setTimeout(function () { if (controller) controller.abort(); }, GIVE_UP_AFTER);
    var settled = function () {
      clearTimeout(slow);
      clearTimeout(gaveUp);
      submitter.removeAttribute("aria-busy");
      delete form.dataset.busy;
    };
    fetch(action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: controller ? controller.signal : undefined
    }).then(function (r) {
      var type = r.headers.get("Content-Type") || "";
      if (!r.ok || type.indexOf("application/json") !== 0) throw new Error("not inline");
      return r.json();
    }, function (error) {
      // Never reached Atelier (or it did not answer in time): said here, with nothing sent a second time.
      answered = true;
      settled();
      if (error && error.name === "AbortError") {
        showFlash({ kind: "error", message: "Atelier did not answer in time. This may not have been saved: check, " +
          "then try again." });
      } else if (A.notSent) {
        A.notSent(form);
      }
      throw error;
    }).then(function (answer) {
      answered = true; // done on the server: never send it a second time
      settled();
      showFlash(answer);
      A.announce(answer.message);
      return A.refreshAll();
    }).then(function () {
      var active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      var target = rowId && document.getElementById(rowId);
      var control = target && focusAction &&
        target.querySelector('[formaction="' + CSS.escape(focusAction) + '"]:not([tabindex="-1"])');
      if (!control) {
        target = (nextId && document.getElementById(nextId)) || target;
        control = target && target.querySelector("button:not([tabindex='-1']), a[href]");
      }
      if (control) control.focus({ preventScroll: true });
      if (target && target.scrollIntoView) target.scrollIntoView({ block: "nearest" });
    }).catch(function () {
      if (answered) return;
      settled();
      form.removeAttribute("data-inline");
      if (submitter && form.requestSubmit) form.requestSubmit(submitter); else form.submit();
    });
  });

  // Any form sent the ordinary way (the page loads again with the answer): its button says it is working once the
  // answer takes longer than a glance; after 20 s the wait ends, with a sentence, rather than going on for ever.
  window.addEventListener("submit", function (e) {
    var form = e.target, submitter = e.submitter;
    if (e.defaultPrevented || !submitter || (form.method || "").toLowerCase() !== "post") return;
    var slow = setTimeout(function () { submitter.setAttribute("aria-busy", "true"); }, BUSY_AFTER);
    var gaveUp = setTimeout(function () {
      if (window.stop) window.stop();
      submitter.removeAttribute("aria-busy");
      showFlash({ kind: "error", message: "Atelier did not answer in time. This may not have been saved: check, then " +
        "try again." });
    }, NAVIGATION_GIVE_UP_AFTER);
    var settle = function () { clearTimeout(slow); clearTimeout(gaveUp); };
    window.addEventListener("pagehide", settle, { once: true });
    document.addEventListener("atelier:not-sent", settle, { once: true });
  });
  var NAVIGATION_GIVE_UP_AFTER = 20000;

  // A form marked data-check="<address>" is checked as the person goes, by the host's own rules and words: when a
  // field is left, its problem is said beside it (or the earlier one taken away); when the form is sent and the host
  // says it would be refused, it is not sent — the problem shows beside its field, which takes the focus — so nothing
  // typed (a password included) is lost. Without script, or when the check cannot be made, the form goes as usual and
  // the host answers as it always does.
  function checkForm(form) {
    var body = new URLSearchParams(new FormData(form));
    return fetch(form.getAttribute("data-check"), {
      method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" }
    }).then(function (r) {
      if (!r.ok) throw new Error("no check");
      return r.json();
    });
  }
  function sayProblem(form, name, message) {
    var field = form.elements[name];
    if (!field || !field.closest) return null;
    var box = field.closest(".field") || field.parentNode;
    var slot = box.querySelector(".field-error");
    if (!message) {
      if (slot) slot.remove();
      box.classList.remove("invalid");
      field.removeAttribute("aria-invalid");
      return null;
    }
    if (!slot) {
      slot = document.createElement("span");
      slot.className = "field-error";
      slot.id = name + "-problem";
      var hint = box.querySelector(".hint");
      box.insertBefore(slot, hint || null);
    }
    slot.textContent = message; // text, never HTML
    box.classList.add("invalid");
    field.setAttribute("aria-invalid", "true");
    var described = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    if (described.indexOf(slot.id) < 0) field.setAttribute("aria-describedby", described.concat(slot.id).join(" "));
    return field;
  }
  document.addEventListener("focusout", function (e) {
    var field = e.target, form = field.form;
    if (!form || !form.hasAttribute("data-check") || !field.name || field.type === "hidden" || !window.fetch) return;
    if (field.dataset.checked === field.value) return;
    field.dataset.checked = field.value;
    checkForm(form).then(function (answer) {
      sayProblem(form, field.name, (answer.fields || {})[field.name]);
    }).catch(function () {});
  });
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.hasAttribute || !form.hasAttribute("data-check") || form.dataset.checkPassed || !window.fetch) return;
    e.preventDefault();
    var submitter = e.submitter || null;
    var go = function () {
      form.dataset.checkPassed = "1";
      if (submitter && form.requestSubmit) form.requestSubmit(submitter); else form.submit();
      delete form.dataset.checkPassed;
    };
    checkForm(form).then(function (answer) {
      var fields = answer.fields || {};
      Array.prototype.forEach.call(form.elements, function (field) {
        if (field.name && field.type !== "hidden") sayProblem(form, field.name, fields[field.name]);
      });
      if (!answer.first) return go();
      var target = sayProblem(form, answer.first.field, answer.first.message);
      A.announce(answer.first.message);
      if (target) target.focus();
    }).catch(go);
  });

  // A form marked data-draft="<key>" (a new item being written) keeps what was typed in this browser as it is typed,
  // so a half-typed form survives a closed tab or a restarted host: an untouched form fills itself from the draft. The
  // draft is dropped once a submit is answered by another page (saved); a refused submit comes back to the form and
  // keeps it. Passwords and hidden fields are never kept.
  function drafts() {
    var key = function (form) { return "atelier-draft:" + form.getAttribute("data-draft"); };
    var submitted = sessionStorage.getItem("atelier-draft-submitted");
    if (submitted) {
      sessionStorage.removeItem("atelier-draft-submitted");
      if (!document.querySelector("form[data-draft='" + CSS.escape(submitted) + "']")) {
        localStorage.removeItem("atelier-draft:" + submitted);
      }
    }
    document.querySelectorAll("form[data-draft]").forEach(function (form) {
      var fields = Array.prototype.filter.call(form.elements, function (f) {
        return f.name && f.type !== "hidden" && f.type !== "password" && f.type !== "submit" && f.type !== "button";
      });
      var stored = null;
      try { stored = JSON.parse(localStorage.getItem(key(form)) || "null"); } catch (e) { stored = null; }
      if (stored && !A.formInUse(form)) {
        fields.forEach(function (f) {
          if (!(f.name in stored)) return;
          if (f.type === "checkbox" || f.type === "radio") f.checked = stored[f.name] === f.value;
          else f.value = stored[f.name];
          f.dispatchEvent(new Event("change", { bubbles: true }));
        });
      }
      var save = function () {
        var values = {};
        fields.forEach(function (f) {
          if ((f.type === "checkbox" || f.type === "radio") && !f.checked) return;
          values[f.name] = f.value;
        });
        localStorage.setItem(key(form), JSON.stringify(values));
      };
      form.addEventListener("input", save);
      form.addEventListener("change", save);
      form.addEventListener("submit", function () {
        sessionStorage.setItem("atelier-draft-submitted", form.getAttribute("data-draft"));
      });
    });
  }

  // After an action the page comes back at the row it was about (#task-7): focus goes to that row's link or field, or
  // to the row itself, so the keyboard and a screen reader stay where the person was (the flash says what happened).
  // Never to one of its buttons: a stray Enter would act on it (Cancel a download just started).
  function focusTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || document.querySelector("[autofocus]")) return;
    var control = target.querySelector("a[href], input:not([type=hidden]), select, textarea");
    if (!control) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      control = target;
    }
    control.focus({ preventScroll: true });
  }

  // A flash that says something went well fades once read: after 6 seconds, or 15 when it offers an action (Undo),
  // and not while the pointer or the focus is on it. One that says something went wrong stays.
  function fade(flash) {
    var shown = flash.dataset.shown = String((parseInt(flash.dataset.shown || "0", 10)) + 1);
    flash.classList.remove("fading");
    var wait = flash.querySelector("form, button") ? 15000 : 6000;
    var step = function () {
      if (flash.dataset.shown !== shown) return; // showing another message since
      if (flash.matches(":hover") || flash.contains(document.activeElement)) { setTimeout(step, 2000); return; }
      flash.classList.add("fading");
      setTimeout(function () { if (flash.dataset.shown === shown) flash.remove(); }, 400);
    };
    setTimeout(step, wait);
  }
  function fadeFlashes() {
    document.querySelectorAll(".flash.flash-success, .flash.flash-info").forEach(fade);
  }

  // A field focused as the page opens (the first one to change, or an edit's name) has its caret after what it holds,
  // ready to go on typing, as on iOS; a browser puts it before the text.
  function caretAtEnd() {
    var field = document.querySelector("input[autofocus], textarea[autofocus]");
    if (!field || document.activeElement !== field) return;
    var end = field.value.length;
    try { field.setSelectionRange(end, end); } catch (e) { /* a field without a caret (number, email) */ }
  }

  // The problem told beside the focused field, in sight: the browser brings the field itself into view, and the
  // message under it could stay behind a phone's tab bar.
  function problemInSight() {
    var field = document.activeElement;
    var ids = field && field.getAttribute && (field.getAttribute("aria-describedby") || "");
    (ids || "").split(" ").forEach(function (id) {
      var message = id && document.getElementById(id);
      if (message && message.classList.contains("field-error")) message.scrollIntoView({ block: "nearest" });
    });
  }

  A.caretAtEnd = caretAtEnd;
  A.problemInSight = problemInSight;
  A.drafts = drafts;
  A.focusTarget = focusTarget;
  A.fadeFlashes = fadeFlashes;
})();
