// The card table's panels: the log, score and rules drawers in the room's head, and the
// facts round the felt (both <details>, so they open and close without this file too).
// This adds: one drawer and one fact open at a time, a drawer's Close button, and a tap outside
// an open one closes it. Escape closes them through the keyboard's one handler (keys.js).
(function () {
  "use strict";

  function openOnes(selector) {
    return Array.prototype.slice.call(document.querySelectorAll(selector + "[open]"));
  }

  function shut(details) {
    details.open = false;
    var summary = details.querySelector("summary");
    if (summary) summary.focus();
  }

  // "toggle" does not bubble: listen in the capture phase, so facts pushed in later count too.
  document.addEventListener("toggle", function (e) {
    var el = e.target;
    // A drawer that closes folds what was opened inside it (the Leave confirmation, in the
    // rules panel's tools): opening it again never finds "Yes, leave the table" one tap away.
    if (el instanceof HTMLDetailsElement && !el.open && el.matches("[data-drawer]")) {
      el.querySelectorAll("details[open]").forEach(function (inner) { inner.open = false; });
    }
    if (!(el instanceof HTMLDetailsElement) || !el.open) return;
    var group = el.matches("[data-drawer]") ? "[data-drawer]" : el.matches(".fact") ? ".fact" : null;
    if (!group) return;
    openOnes(group).forEach(function (other) { if (other !== el) other.open = false; });
  }, true);

  document.addEventListener("click", function (e) {
    var close = e.target.closest("[data-drawer-close]");
    if (close) {
      shut(close.closest("details"));
      return;
    }
    // A click in a dialog opened from a panel (the keys help) is not a tap outside that panel.
    if (e.target.closest("dialog")) return;
    openOnes("[data-drawer]").concat(openOnes(".fact")).forEach(function (open) {
      if (!open.contains(e.target)) open.open = false;
    });
  });
})();
