// The waiting table's link: the status fragment shows the table's path in a read-only field
// ([data-share-link]); this makes it the whole address of the page and copies it when the
// button next to it ([data-copy-link]) is pressed. Pushed fragments replace the field, so the
// address is filled in again after every swap; the click is listened for on the document.
(function () {
  "use strict";

  function fill() {
    document.querySelectorAll("[data-share-link]").forEach(function (field) {
      var path = field.getAttribute("data-share-link") || field.value;
      field.value = new URL(path, window.location.href).href;
    });
  }

  function copied(button, ok) {
    button.textContent = ok ? "Copied" : "Select the link and copy it";
    button.setAttribute("data-copied", ok ? "true" : "false");
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-copy-link]");
    if (!button) return;
    var field = document.querySelector("[data-share-link]");
    if (!field) return;
    fill();
    field.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(
        function () { copied(button, true); },
        function () { copied(button, document.execCommand("copy")); }
      );
    } else {
      copied(button, document.execCommand("copy"));
    }
  });

  document.addEventListener("DOMContentLoaded", fill);
  document.addEventListener("htmx:wsAfterMessage", fill);
  document.addEventListener("htmx:afterSettle", fill);
})();
