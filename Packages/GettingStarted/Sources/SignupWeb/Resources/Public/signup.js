// Sign Up: the date of birth formats itself as it is typed (DD/MM/YYYY; pasted 1990-02-03 or 03.02.1990 become
// 03/02/1990), Enter moves to the next field and submits from the last, a tap outside the fields puts the keyboard
// away, and the password can be shown. The server checks everything again; without this file the form still works.
(function () {
  "use strict";
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

  // A tap or click outside any field or button puts the keyboard away.
  document.addEventListener("pointerdown", function (event) {
    var active = document.activeElement;
    if (!active || !form.contains(active) || active.tagName !== "INPUT") return;
    if (event.target.closest && event.target.closest("input, button, label, select, textarea, a")) return;
    active.blur();
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
})();
