// The waiting table's invitation: the status fragment shows the table's join link in a
// read-only field ([data-share-link]); this makes it the whole address and copies it when the
// button next to it ([data-copy-link]) is pressed. Where the browser has a system share sheet
// (navigator.share: phones, mostly) the Share button ([data-share-sheet]) is shown and opens
// it. Pushed fragments replace the field, so the address is filled in again after every swap;
// the clicks are listened for on the document.
(function () {
  "use strict";

  function fill() {
    document.querySelectorAll("[data-share-link]").forEach(function (field) {
      var path = field.getAttribute("data-share-link") || field.value;
      field.value = new URL(path, window.location.href).href;
    });
    if (typeof navigator.share === "function") {
      document.querySelectorAll("[data-share-sheet]").forEach(function (button) { button.hidden = false; });
    }
  }

  function copied(button, ok) {
    // The words are the page's (live/_share.html), in the viewer's language.
    var box = button.closest("[data-share-table]");
    var words = box ? box.dataset : {};
    button.textContent = (ok ? words.copied : words.copyByHand) || button.textContent;
    button.setAttribute("data-copied", ok ? "true" : "false");
  }

  function copy(button, field) {
    field.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(
        function () { copied(button, true); },
        function () { copied(button, document.execCommand("copy")); }
      );
    } else {
      copied(button, document.execCommand("copy"));
    }
  }

  function share(field) {
    var box = field.closest("[data-share-table]");
    var code = box ? box.getAttribute("data-table-code") : "";
    // A dismissed sheet rejects the promise: nothing to say then.
    var words = box ? box.dataset : {};
    navigator.share({ title: words.shareTitle || code, text: words.shareText || code, url: field.value })
      .catch(function () {});
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-copy-link], [data-share-sheet]");
    if (!button) return;
    var field = document.querySelector("[data-share-link]");
    if (!field) return;
    fill();
    if (button.hasAttribute("data-share-sheet")) share(field);
    else copy(button, field);
  });

  // The host closed the audience (or removed this watcher's player at such a table): the
  // socket is closed with 4403 and the page is loaded again, which says so.
  document.addEventListener("htmx:wsClose", function (e) {
    var event = e.detail && e.detail.event;
    if (event && event.code === 4403) window.location.reload();
  });

  document.addEventListener("DOMContentLoaded", fill);
  document.addEventListener("htmx:wsAfterMessage", fill);
  document.addEventListener("htmx:afterSettle", fill);
})();
