// Motion at the table (FLIP with the Web Animations API): a card that lands on the board moves
// there from where it was (your hand, or the seat that played it), and a won trick goes to its
// winner's seat. A quarter of a second; any key or click finishes it; none at all when the
// system asks for reduced motion. Keyed on data-card, data-played-by, data-won-by, data-mover
// and the live fragments' ids (#board, #hand, #seats), never on layout classes.
//
// The moving card is a copy laid over the page (aria-hidden, without data-card, outside #room),
// so the real card keeps its place in the layout and the page's markup stays what the server
// sent; the real card is only transparent while its copy moves.
(function () {
  "use strict";

  var PLAY_MS = 260;
  var WON_MS = 300;
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var running = [];
  var before = null;

  function still() { return !!(reduced && reduced.matches) || typeof Element.prototype.animate !== "function"; }

  function rectOf(el) {
    if (!el) return null;
    var r = el.getBoundingClientRect();
    return r.width || r.height ? r : null;
  }

  function cardsIn(selector) {
    return Array.prototype.map.call(document.querySelectorAll(selector + " [data-card]"), function (el) {
      return el.dataset.card;
    });
  }

  function seatRect(seat) {
    if (seat === undefined || seat === null || seat === "") return null;
    return rectOf(document.querySelector('#seats [data-seat="' + CSS.escape(String(seat)) + '"]'));
  }

  // Finishing is synchronous, copies included: a push that comes while cards move measures the
  // page as it will stay.
  function finishAll() {
    var now = running;
    running = [];
    now.forEach(function (motion) {
      motion.animation.onfinish = motion.animation.oncancel = null;
      motion.animation.finish();
      if (motion.done) motion.done();
    });
  }
  // Skippable: any key or click finishes the motion at once (before anything else sees it).
  document.addEventListener("keydown", finishAll, true);
  document.addEventListener("pointerdown", finishAll, true);

  function track(animation, done) {
    var motion = { animation: animation, done: done };
    running.push(motion);
    animation.onfinish = animation.oncancel = function () {
      var at = running.indexOf(motion);
      if (at >= 0) running.splice(at, 1);
      if (done) done();
    };
  }

  // A copy of ``card`` at ``from`` that moves to ``to`` (and shrinks and fades when ``away``).
  function fly(card, from, to, ms, away) {
    var ghost = card.cloneNode(true);
    [ghost].concat(Array.prototype.slice.call(ghost.querySelectorAll("*"))).forEach(function (el) {
      el.removeAttribute("id");
      el.removeAttribute("data-card");
    });
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("motion-ghost");
    // The copy has the card's size and starts centred on where it comes from (a card in the
    // hand, or a whole seat); rectangles are the viewport's, so the copy is position: fixed.
    var size = rectOf(card) || from;
    ghost.style.left = from.left + from.width / 2 - size.width / 2 + "px";
    ghost.style.top = from.top + from.height / 2 - size.height / 2 + "px";
    ghost.style.width = size.width + "px";
    ghost.style.height = size.height + "px";
    document.body.appendChild(ghost);
    var dx = to.left + to.width / 2 - (from.left + from.width / 2);
    var dy = to.top + to.height / 2 - (from.top + from.height / 2);
    var end = { transform: "translate(" + dx + "px, " + dy + "px)" + (away ? " scale(.4)" : ""), opacity: away ? 0 : 1 };
    var animation = ghost.animate([{ transform: "none", opacity: 1 }, end], {
      duration: ms,
      easing: "cubic-bezier(.2, .7, .3, 1)",
      fill: "forwards",
    });
    track(animation, function () { ghost.remove(); });
  }

  // The real card waits, transparent, until its copy has arrived.
  function waitFor(card, ms) {
    track(card.animate([{ opacity: 0 }, { opacity: 0, offset: 0.85 }, { opacity: 1 }], { duration: ms }));
  }

  // Where a card that was not on the board came from: your hand, or the seat that played it.
  function origin(card, old) {
    var key = card.dataset.card;
    if (old.hand[key]) return old.hand[key];
    var by = card.closest("[data-played-by]");
    if (by) return old.seats[by.dataset.playedBy] || null;
    var mover = document.querySelector("#board [data-mover]");
    if (mover) return old.seats[mover.dataset.mover] || null;
    return null;
  }

  // A completed trick held on the felt (pace.js) goes to its winner's seat when swept.
  document.addEventListener("tarokk:trickSwept", function (e) {
    finishAll();
    var trick = e.detail && e.detail.trick;
    if (still() || !trick) return;
    var won = seatRect(trick.dataset.wonBy);
    if (!won) return;
    trick.querySelectorAll("[data-card]").forEach(function (card) {
      var from = rectOf(card);
      if (from) fly(card, from, won, WON_MS, true);
    });
  });

  document.addEventListener("htmx:wsBeforeMessage", function () {
    before = null;
    finishAll();
    if (still() || !document.getElementById("board")) return;
    var hand = {};
    var board = {};
    var seats = {};
    document.querySelectorAll("#hand [data-card]").forEach(function (el) {
      var r = rectOf(el);
      if (r) hand[el.dataset.card] = r;
    });
    document.querySelectorAll("#board [data-card]").forEach(function (el) {
      // Present on the board, and where it is seen first (a closed panel's copy has no place).
      if (!board[el.dataset.card]) board[el.dataset.card] = rectOf(el) || "hidden";
    });
    document.querySelectorAll("#seats [data-seat]").forEach(function (el) {
      seats[el.dataset.seat] = rectOf(el);
    });
    before = { hand: hand, board: board, seats: seats, lastTrick: cardsIn("#trick-last").join(" ") };
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    var old = before;
    before = null;
    if (!old || still()) return;
    var last = document.getElementById("trick-last");
    var lastCards = cardsIn("#trick-last").join(" ");
    var won = last && lastCards && lastCards !== old.lastTrick ? seatRect(last.dataset.wonBy) : null;
    var done = {};
    document.querySelectorAll("#board [data-card]").forEach(function (card) {
      var key = card.dataset.card;
      var to = rectOf(card);
      if (done[key] || !to) return;
      done[key] = true;
      if (won && last.contains(card)) {
        // The trick just won: from where each card lay (or came from) to the winner's seat.
        var was = old.board[key];
        var from = was && was !== "hidden" ? was : origin(card, old);
        if (!from) return;
        fly(card, from, won, WON_MS, true);
        waitFor(card, WON_MS);
        return;
      }
      if (old.board[key]) return;  // it was on the board already
      var start = origin(card, old);
      if (!start) return;  // new to the page (a talon shown): nothing to move from
      fly(card, start, to, PLAY_MS, false);
      waitFor(card, PLAY_MS);
    });
  });
})();
