// Trick pacing (issue 35): a completed trick stays on the felt, its winner marked, for the
// viewer's trick pause (quick, normal, long, or until a tap), before it goes to its winner.
//
// The board of the push that completes a trick carries it (#trick-done, templates/jinja2/live/
// board.html), named by data-trick-done (the hand and the trick's number): a name this page has
// not seen yet starts a pause. During it #room carries data-pausing and the CSS shows #trick-done
// in the trick's place; the pushes that arrive meanwhile are held (htmx-ext-ws fires a cancelable
// htmx:wsBeforeMessage) and applied after it, in order, as the extension applies them: the same
// events before and after, each top-level element swapped out of band (htmx.swap). Pacing is the
// page's alone: the server, the log and the other pages never wait.
//
// A tap (or click) on the felt, Space, or a move of yours sweeps the trick at once. The chosen
// pause is read from the tools' select (#trick-pause, kept on the account by its htmx POST).
(function () {
  "use strict";

  var PAUSE_MS = { quick: 600, normal: 1200, long: 2500, tap: null };
  var DEFAULT = "normal";
  var DONE = /data-trick-done="([^"]*)"/;

  var seen = null;  // the name of the last completed trick this page has shown
  var pausing = false;
  var timer = null;
  var waitMs = null;  // the pause's length (null: until a tap)
  var held = [];  // the pushes that came during the pause, oldest first
  var replaying = false;

  function room() { return document.getElementById("room"); }

  function pauseChosen() {
    var select = document.getElementById("trick-pause");
    var value = select ? select.value : DEFAULT;
    return Object.prototype.hasOwnProperty.call(PAUSE_MS, value) ? value : DEFAULT;
  }

  function doneOnPage() {
    var done = document.getElementById("trick-done");
    return done ? done.dataset.trickDone : null;
  }

  // The operator's TAROKK_TRICK_PAUSE (data-pause-ms on #room), when set, overrides the
  // viewer's choice: 0 holds no trick (the browser tests but pacing's own).
  function start() {
    var chosen = pauseChosen();
    var el = room();
    if (!el) return;
    var override = el.dataset.pauseMs;
    if (override === "0") return;
    pausing = true;
    el.dataset.pausing = chosen;
    waitMs = override ? Number(override) : PAUSE_MS[chosen];
  }

  // The pause counts from the moment the trick shows: once its push is swapped in and the
  // script that swapped it (the replay of several held pushes, say) has finished.
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (!pausing || timer !== null || waitMs === null) return;
    timer = -1;
    window.queueMicrotask(function () {
      if (pausing && timer === -1) timer = window.setTimeout(sweep, waitMs);
    });
  });

  // The trick goes to its winner (motion.js moves it, unless reduced motion), then the held
  // pushes are applied in order; one of them may complete the next trick and pause again.
  function sweep() {
    if (!pausing) return;
    window.clearTimeout(timer);
    timer = null;
    var done = document.getElementById("trick-done");
    if (done) document.dispatchEvent(new CustomEvent("tarokk:trickSwept", { detail: { trick: done } }));
    pausing = false;
    var el = room();
    if (el) delete el.dataset.pausing;
    while (held.length && !pausing) apply(held.shift());
  }

  // A held push, applied as htmx-ext-ws applies one (static/vendor/htmx/ws-2.0.4.js): the
  // before event (cancelable), every top-level element swapped out of band, the after event.
  function apply(message) {
    var el = room();
    if (!el || !el.isConnected) return;
    replaying = true;
    try {
      if (!htmx.trigger(el, "htmx:wsBeforeMessage", { message: message })) return;
    } finally {
      replaying = false;
    }
    var template = document.createElement("template");
    template.innerHTML = message;
    Array.prototype.forEach.call(template.content.children, function (child) {
      if (!child.hasAttribute("hx-swap-oob") && !child.hasAttribute("data-hx-swap-oob")) {
        child.setAttribute("hx-swap-oob", "true");
      }
    });
    htmx.swap(el, template.content, { swapStyle: "none", swapDelay: 0, settleDelay: 0 });
    htmx.trigger(el, "htmx:wsAfterMessage", { message: message });
  }

  // First of every listener (the capture phase at the document): a push during the pause is
  // held, and no other script sees it until it is applied.
  document.addEventListener("htmx:wsBeforeMessage", function (e) {
    var message = e.detail && e.detail.message;
    if (typeof message !== "string") return;
    if (!replaying && (pausing || held.length)) {
      e.preventDefault();
      e.stopPropagation();
      held.push(message);
      return;
    }
    var found = DONE.exec(message);
    if (found && found[1] !== seen) {
      var before = seen;
      seen = found[1];
      if (before !== null) start();
    }
  }, true);

  // A page loaded (or a fresh snapshot) shows its last trick in the "Last trick" panel: only
  // a trick completed while the page looks pauses.
  function remember() { if (seen === null) seen = doneOnPage() || ""; }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", remember);
  else remember();

  // A socket that reconnects gets a fresh snapshot: what was held is older than it.
  document.addEventListener("htmx:wsOpen", function () {
    held = [];
    sweep();
  });

  // A move of yours sweeps the trick, so that your card shows at once.
  document.addEventListener("htmx:wsBeforeSend", sweep);

  // A tap on the felt, or Space (outside a text field), sweeps it.
  document.addEventListener("click", function (e) {
    if (pausing && e.target.closest && e.target.closest(".felt")) sweep();
  });
  // The Space that swept presses nothing (a button presses on the key's release).
  var swallowUp = false;
  document.addEventListener("keydown", function (e) {
    if (!pausing || e.key !== " " || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) return;
    e.preventDefault();
    e.stopPropagation();
    swallowUp = true;
    sweep();
  }, true);
  document.addEventListener("keyup", function (e) {
    if (!swallowUp || e.key !== " ") return;
    swallowUp = false;
    e.preventDefault();
    e.stopPropagation();
  }, true);

  // For tests and people curious: whether a trick is held now, and how many pushes wait.
  window.tarokkPace = { pausing: function () { return pausing; }, held: function () { return held.length; }, sweep: sweep };
})();
