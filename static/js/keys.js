// The keyboard at the table and in the inspector: the focus survives the pushes that replace
// the live fragments, every choice has a key (cards 1-9 0 - =, a letter on each button), Enter
// confirms a discard, Escape closes panels, "?" opens the keys help, "!" asks the robot's hint.
// No framework.
(function () {
  "use strict";

  // The live fragments a push replaces (templates/jinja2/live/); their ids are the contract.
  var LIVE = "#status, #seats, #board, #hand, #controls, #result, #scoreboard, #log";
  // What identifies a control again in a new render of its fragment, most precise first.
  var SAME = ["id", "data-card", "data-action", "data-sit", "data-discard-choice", "name"];
  var CARD_KEYS = "1234567890-=";
  // The buttons that get a letter, and those that never do (leaving needs a deliberate click).
  var LETTERED = "#controls button, #seats button";
  var NO_LETTER = "#leave, #end-match, .card, #hint-ask";
  // "What would the robot play?" (live/controls.html) has a key of its own, never a letter.
  var HINT_KEY = "!";

  function typing(el) {
    return !!(el && el.closest && el.closest("input, textarea, select, [contenteditable]"));
  }
  function focusable(el) {
    return !!el && !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest("[hidden], [inert]");
  }
  function firstFocusable(root, selector) {
    if (!root) return null;
    var all = root.querySelectorAll(selector);
    for (var i = 0; i < all.length; i++) if (focusable(all[i])) return all[i];
    return null;
  }

  // ---- Focus survives pushes -------------------------------------------------------------
  // Before a websocket message is swapped in, remember which control had the focus and how to
  // find it again; after, if that control was replaced, focus its new copy, or else the first
  // sensible control (a playable card, a choice), or else the fragment itself, never the body.
  var focusBefore = null;

  function describe(el, section) {
    var selectors = [];
    SAME.forEach(function (attr) {
      var value = el.getAttribute(attr);
      if (!value) return;
      selectors.push(attr === "id" ? "#" + CSS.escape(value) : "[" + attr + '="' + CSS.escape(value) + '"]');
    });
    if (!selectors.length) {
      // A control with nothing of its own (a panel's summary): its nearest named ancestor.
      var named = el.parentElement && el.parentElement.closest("[id]");
      if (named && section.contains(named)) selectors.push("#" + CSS.escape(named.id) + " " + el.tagName.toLowerCase());
    }
    // A control repeated on every seat (the host's robot choice) is found in its own seat first.
    var seat = el.closest("[data-seat]");
    if (seat && section.contains(seat)) {
      var scope = '[data-seat="' + CSS.escape(seat.dataset.seat) + '"] ';
      selectors = selectors.map(function (sel) { return scope + sel; }).concat(selectors);
    }
    return selectors;
  }

  function sensibleControl(sectionId) {
    var section = sectionId && document.getElementById(sectionId);
    var choices = [
      "#hand [data-action]",
      "#hand [data-discard-choice]",
      "#controls [data-action]",
      "#next-hand",
      "[data-back]",
      "[data-sit]",
    ];
    var own = firstFocusable(section, choices.join(", "));
    if (own) return own;
    for (var i = 0; i < choices.length; i++) {
      var found = firstFocusable(document, choices[i]);
      if (found) return found;
    }
    // Nothing to press now: keep the focus in the fragment, so Tab goes on from there; a
    // fragment the table does not show while empty (the controls) hands it to your hand.
    var places = [section, document.getElementById("hand"), document.getElementById("status")];
    for (var j = 0; j < places.length; j++) {
      var place = places[j];
      if (place && place.getClientRects().length) {
        place.tabIndex = -1;
        return place;
      }
    }
    return null;
  }

  document.addEventListener("htmx:wsBeforeMessage", function () {
    focusBefore = null;
    var el = document.activeElement;
    if (!el || el === document.body || !el.closest) return;
    var section = el.closest(LIVE);
    if (!section) return;
    focusBefore = { element: el, section: section.id, selectors: describe(el, section) };
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    var before = focusBefore;
    focusBefore = null;
    if (before && before.element.isConnected && before.element.id === before.section) {
      // The focus is parked on a fragment (there was nothing to press): a choice that came
      // with this push takes it.
      var choice = sensibleControl(null);
      if (choice && choice !== before.element && !choice.matches(LIVE)) choice.focus({ preventScroll: true });
      return;
    }
    if (!before || before.element.isConnected) return;  // not replaced: the focus is still there
    var now = document.activeElement;
    if (now && now !== document.body) return;  // something else took the focus meanwhile
    var target = null;
    var section = document.getElementById(before.section);
    // The focus was parked on a fragment (nothing to press then): a control now, if there is one.
    if (before.element.id === before.section) before.selectors = [];
    for (var i = 0; i < before.selectors.length && !target; i++) {
      target = firstFocusable(section, before.selectors[i]) || firstFocusable(document.getElementById("room"), before.selectors[i]);
    }
    target = target || sensibleControl(before.section);
    if (target) target.focus({ preventScroll: true });
  });

  // ---- A letter on every button ------------------------------------------------------------
  // Each button of the controls and seats gets a letter: the first free initial of its words,
  // else the first free letter of its label. The same buttons get the same letters after every
  // push. CSS shows the letter (static/css/signals.css, [data-key]); aria-keyshortcuts tells
  // assistive technology.
  function letterFor(label, used) {
    var words = label.toLowerCase().split(/[^a-z]+/).filter(Boolean);
    var candidates = words.map(function (w) { return w[0]; }).concat(words.join("").split(""));
    for (var i = 0; i < candidates.length; i++) if (!used[candidates[i]]) return candidates[i];
    for (var c = 97; c <= 122; c++) if (!used[String.fromCharCode(c)]) return String.fromCharCode(c);
    return null;
  }

  function assignLetters() {
    var room = document.getElementById("room");
    if (!room) return;
    var used = {};
    room.querySelectorAll(LETTERED).forEach(function (button) {
      if (button.matches(NO_LETTER)) return;
      var label = button.classList.contains("discard-submit") ? "discard" : button.textContent.trim();
      var key = letterFor(label, used);
      if (!key) {
        delete button.dataset.key;
        button.removeAttribute("aria-keyshortcuts");
        return;
      }
      used[key] = true;
      button.dataset.key = key;
      button.setAttribute("aria-keyshortcuts", key);
    });
  }
  document.addEventListener("DOMContentLoaded", assignLetters);
  document.addEventListener("htmx:wsAfterMessage", assignLetters);

  // ---- The keys help -----------------------------------------------------------------------
  var helpOpener = null;

  function openHelp() {
    var dialog = document.getElementById("keys-dialog");
    if (!dialog || dialog.open) return;
    helpOpener = document.activeElement;
    dialog.showModal();  // modal: the rest of the page is inert, so Tab stays in the dialog
    var close = document.getElementById("keys-close");
    if (close) close.focus();
  }

  document.addEventListener("click", function (e) {
    if (e.target.closest("#keys-open")) openHelp();
    // A click on the backdrop (the dialog itself, outside its content) closes it too.
    var dialog = document.getElementById("keys-dialog");
    if (dialog && dialog.open && e.target === dialog) dialog.close();
  });
  document.addEventListener("DOMContentLoaded", function () {
    var dialog = document.getElementById("keys-dialog");
    if (!dialog) return;
    dialog.addEventListener("close", function () {
      var back = helpOpener;
      helpOpener = null;
      if (back && back.isConnected && back !== document.body) back.focus();
      else {
        var opener = document.getElementById("keys-open");
        if (opener) opener.focus();
      }
    });
  });

  // ---- The keys ------------------------------------------------------------------------------
  function trapTab(e, dialog) {
    var inside = Array.prototype.filter.call(
      dialog.querySelectorAll("button, a[href], input, select, textarea, summary, [tabindex]"),
      focusable
    );
    if (!inside.length) { e.preventDefault(); return; }
    var first = inside[0];
    var last = inside[inside.length - 1];
    var at = document.activeElement;
    if (e.shiftKey && (at === first || !dialog.contains(at))) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && (at === last || !dialog.contains(at))) { e.preventDefault(); first.focus(); }
  }

  function closePanels() {
    var closed = false;
    document.querySelectorAll("#room details[open]").forEach(function (details) {
      var hadFocus = details.contains(document.activeElement);
      details.open = false;
      closed = true;
      if (hadFocus) {
        var summary = details.querySelector("summary");
        if (summary) summary.focus();
      }
    });
    return closed;
  }

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    var room = document.getElementById("room");
    if (room && e.key === "?" && !typing(e.target)) {
      e.preventDefault();
      openHelp();
      return;
    }
    var dialog = document.querySelector("dialog[open]");
    if (dialog) {
      // The modal dialog closes itself on Escape; Tab and Shift+Tab go round inside it rather
      // than out to the browser's own controls.
      if (e.key === "Tab") trapTab(e, dialog);
      return;
    }
    if (!room) return;
    if (e.key === "Escape") {
      if (closePanels()) e.preventDefault();
      return;
    }
    if (typing(e.target)) return;
    if (e.key === "Enter") {
      // Once the cards to discard are chosen, Enter confirms them, on a card (Space still
      // toggles it) or with no control focused; elsewhere Enter presses the focused control.
      var submit = document.querySelector("#controls .discard-submit:not([disabled])");
      var active = document.activeElement;
      var onCard = active && active.matches && active.matches("[data-discard-choice]");
      var onNothing = !active || active === document.body || !active.matches("button, a[href], summary, input, select, textarea");
      if (submit && (onCard || onNothing)) { e.preventDefault(); submit.focus(); submit.click(); }
      return;
    }
    if (e.key.length !== 1) return;
    if (e.key === HINT_KEY) {
      var ask = document.getElementById("hint-ask");
      if (ask && !ask.disabled) { e.preventDefault(); ask.focus(); ask.click(); }
      return;
    }
    var at = CARD_KEYS.indexOf(e.key);
    if (at >= 0) {
      // The 1st to 12th card that can be clicked now (a refused card only says why: why.js).
      var card = document.querySelectorAll('#hand button.card:not([disabled]):not([aria-disabled="true"])')[at];
      if (card) { e.preventDefault(); card.focus(); card.click(); }
      return;
    }
    var key = e.key.toLowerCase();
    if (key < "a" || key > "z" || e.shiftKey) return;
    var button = room.querySelector('button[data-key="' + key + '"]');
    if (button && !button.disabled) { e.preventDefault(); button.focus(); button.click(); }
  });

  // The replay and the inspector step with their own keys (static/js/replay.js).
})();
