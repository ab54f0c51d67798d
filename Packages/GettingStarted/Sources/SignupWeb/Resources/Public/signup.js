// Sign-up Form: each field is checked as it is left, by the core's rules and in its words (SignupDraft, DateOfBirth),
// and Save is sent only when every field is right, so a refusal never costs the typed password; the date of birth
// formats itself as it is typed (DD/MM/YYYY; pasted 1990-02-03 or 03.02.1990 become 03/02/1990), Enter moves to the
// next field and submits from the last, a tap outside the fields puts the keyboard away, and the password can be
// shown. The server checks everything again; without this file the form still works.
(function () {
  "use strict";
  // A tap or click outside any field or button puts the keyboard away.
  document.addEventListener("pointerdown", function (event) {
    var form = document.getElementById("signup-form");
    var active = document.activeElement;
    if (!form || !active || !form.contains(active) || active.tagName !== "INPUT") return;
    if (event.target.closest && event.target.closest("input, button, label, select, textarea, a")) return;
    active.blur();
  });

  window.Atelier.onPage(function () {
    var form = document.getElementById("signup-form");
    if (!form) return;

    // The same rule as DateOfBirth.mask in the core: up to 8 digits, a slash after the day and after the month.
    function mask(text) {
      var digits = text.replace(/[^0-9]/g, "").slice(0, 8);
      var out = "";
      for (var i = 0; i < digits.length; i++) {
        out += digits[i];
        if (i === 1 || i === 3) out += "/";
      }
      return out;
    }
    // The same forms as DateOfBirth.normalized: YYYY-MM-DD, DD.MM.YYYY, DD-MM-YYYY (one- or two-digit day and month).
    function normalized(text) {
      var t = text.trim();
      var m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
      if (m) return pad(m[3]) + "/" + pad(m[2]) + "/" + m[1];
      m = /^(\d{1,2})[.\-\/](\d{1,2})[.\-\/](\d{4})$/.exec(t);
      if (m) return pad(m[1]) + "/" + pad(m[2]) + "/" + m[3];
      return null;
    }
    function pad(part) { return part.length === 1 ? "0" + part : part; }

    var dob = document.getElementById("dateOfBirth");
    if (dob) {
      dob.addEventListener("input", function (event) {
        // Only typing at the end is formatted: an edit in the middle is left as it is (the server checks it), so the
        // digits after the caret never shift into the wrong place.
        if (dob.selectionStart !== dob.value.length) return;
        // A date typed with dashes or dots (1990-02-03, 03.02.1990) is one of the forms the check reads: left as typed,
        // without the slashes the mask put in before the first dash or dot arrived.
        if (/[-.]/.test(dob.value)) {
          dob.value = dob.value.replace(/\//g, "");
          return;
        }
        var masked = mask(dob.value);
        // Deleting the character after a slash leaves the slash gone too, rather than putting it straight back.
        if (event.inputType && event.inputType.indexOf("delete") === 0) masked = masked.replace(/\/$/, "");
        dob.value = masked;
      });
      dob.addEventListener("paste", function (event) {
        var text = (event.clipboardData || window.clipboardData).getData("text");
        var date = normalized(text);
        if (date) {
          event.preventDefault();
          dob.value = date;
        }
      });
    }

    // The core's checks, message for message.
    var CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
    function bytes(text) { return new TextEncoder().encode(text).length; }
    function characters(text) {
      if (window.Intl && Intl.Segmenter) return Array.from(new Intl.Segmenter().segment(text)).length;
      return Array.from(text).length;
    }
    function nameProblem(value, label, max) {
      var name = value.trim();
      if (!name) return "Enter your " + label + ".";
      if (CONTROL.test(name)) return "The " + label + " can’t contain control characters.";
      if (bytes(name) > max) return "Use at most " + max + " bytes for the " + label + ".";
      return null;
    }
    function daysIn(month, year) {
      if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
      return [4, 6, 9, 11].indexOf(month) >= 0 ? 30 : 31;
    }
    function birthProblem(value, maxAge) {
      var text = value.trim();
      if (!text) return "Enter your date of birth.";
      var m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(normalized(text) || text);
      if (!m) return "Write the date as DD/MM/YYYY, for example 03/02/1990.";
      var day = +m[1], month = +m[2], year = +m[3];
      if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return "That day does not exist in the calendar.";
      var now = new Date();
      var today = [now.getFullYear(), now.getMonth() + 1, now.getDate()];
      var compare = function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; };
      if (compare([year, month, day], today) > 0) return "A date of birth can’t be in the future.";
      var oldestYear = today[0] - maxAge;
      var oldest = [oldestYear, today[1], Math.min(today[2], daysIn(today[1], oldestYear))];
      if (compare([year, month, day], oldest) < 0) return "A date of birth can be at most " + maxAge + " years ago.";
      return null;
    }
    function passwordProblem(value, field) {
      var min = +field.dataset.minLength, max = +field.dataset.maxLength, maxBytes = +field.dataset.maxBytes;
      if (!value) return "Choose a password.";
      if (CONTROL.test(value)) return "The password can’t contain control characters.";
      if (bytes(value) > maxBytes || characters(value) > max) return "Use at most " + max + " characters for the password.";
      if (characters(value) < min) return "Use at least " + min + " characters for the password.";
      return null;
    }
    function problem(field) {
      switch (field.id) {
        case "firstName": return nameProblem(field.value, "first name", +field.getAttribute("maxlength"));
        case "lastName": return nameProblem(field.value, "last name", +field.getAttribute("maxlength"));
        case "dateOfBirth": return birthProblem(field.value, +field.dataset.maxAge);
        case "password": return passwordProblem(field.value, field);
      }
      return null;
    }
    // Shows `message` beside `field` as the server would (the same element, id and attributes), or clears it.
    function show(field, message) {
      var box = field.closest(".field");
      var id = field.id + "-error";
      var error = document.getElementById(id);
      var hints = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (h) { return h && h !== id; });
      if (message) {
        if (!error) {
          error = document.createElement("span");
          error.className = "field-error";
          error.id = id;
          var after = field.closest(".password-field") || field;
          after.insertAdjacentElement("afterend", error);
        }
        error.textContent = message;
        field.setAttribute("aria-invalid", "true");
        field.setAttribute("aria-describedby", [id].concat(hints).join(" "));
        box.classList.add("invalid");
      } else {
        if (error) error.remove();
        field.removeAttribute("aria-invalid");
        if (hints.length) field.setAttribute("aria-describedby", hints.join(" ")); else field.removeAttribute("aria-describedby");
        box.classList.remove("invalid");
      }
    }
    var checked = Array.prototype.slice.call(form.querySelectorAll("#firstName, #lastName, #dateOfBirth, #password"));
    // A press on Save leaves the field too: its message would push Save down between the press and the release, and the
    // tap would miss. Save checks every field itself, so the field left for it is not checked on its own.
    var pressingSave = false;
    form.addEventListener("pointerdown", function (event) {
      if (!event.target.closest || !event.target.closest("button[type=submit]")) return;
      pressingSave = true;
      setTimeout(function () { pressingSave = false; }, 1000);
    });
    checked.forEach(function (field) {
      // Checked as it is left; once refused, checked again as it is typed, so the message goes as soon as it is right.
      field.addEventListener("blur", function () {
        if (pressingSave) return;
        if (field.value || field.getAttribute("aria-invalid")) show(field, problem(field));
      });
      field.addEventListener("input", function () {
        if (field.getAttribute("aria-invalid")) show(field, problem(field));
      });
    });
    form.addEventListener("submit", function (event) {
      var first = null;
      checked.forEach(function (field) {
        var message = problem(field);
        show(field, message);
        if (message && !first) first = field;
      });
      if (first) {
        event.preventDefault();
        first.focus();
      }
    });

    // Enter: the next field, or Save from the last.
    var fields = Array.prototype.slice.call(form.querySelectorAll("input:not([type=hidden])"));
    fields.forEach(function (field, index) {
      field.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" || event.isComposing) return;
        event.preventDefault();
        if (index < fields.length - 1) fields[index + 1].focus();
        else if (form.requestSubmit) form.requestSubmit();
        else form.submit();
      });
    });

    // Show or hide the password.
    var toggle = document.getElementById("password-toggle");
    var password = document.getElementById("password");
    if (toggle && password) {
      toggle.hidden = false;
      toggle.addEventListener("click", function () {
        var show = password.type === "password";
        password.type = show ? "text" : "password";
        toggle.setAttribute("aria-pressed", show ? "true" : "false");
        toggle.textContent = show ? "Hide" : "Show";
      });
    }
  });
})();
