// Why not: a card of your hand that you cannot press now says why (templates/jinja2/live/hand.html,
// the rules core's own refusal in data-why). Its title says it on hover and aria-describedby to
// screen readers; this shows it in a line laid over the top of the hand when the card takes the
// focus, when it is pressed (it sends nothing: it has no ws-send), and on a long press, since a
// phone has no hover. The line is aria-hidden: a screen reader already reads the description.
(function () {
  "use strict";

  var CARD = "#hand [data-why]";
  var LONG_PRESS_MS = 450;
  var SLOP_PX = 10;  // a finger that moves further is scrolling, not pressing
  var press = null;

  function refusedCard(target) {
    return target && target.closest ? target.closest(CARD) : null;
  }

  function show(card) {
    var line = document.querySelector("#hand [data-why-line]");
    if (!line) return;
    line.textContent = card.dataset.why;
    line.hidden = false;
  }

  function hide() {
    var line = document.querySelector("#hand [data-why-line]");
    if (!line) return;
    line.textContent = "";
    line.hidden = true;
  }

  function endPress() {
    if (press) clearTimeout(press.timer);
    press = null;
  }

  document.addEventListener("focusin", function (e) {
    var card = refusedCard(e.target);
    if (card) show(card);
  });
  document.addEventListener("focusout", function (e) {
    if (refusedCard(e.target) && !refusedCard(e.relatedTarget)) hide();
  });
  document.addEventListener("click", function (e) {
    var card = refusedCard(e.target);
    if (card) show(card);
    else if (!e.target.closest || !e.target.closest("#hand")) hide();
  });

  document.addEventListener("pointerdown", function (e) {
    endPress();
    var card = refusedCard(e.target);
    if (!card || e.pointerType === "mouse") return;
    press = { x: e.clientX, y: e.clientY, timer: setTimeout(function () { show(card); }, LONG_PRESS_MS) };
  });
  document.addEventListener("pointermove", function (e) {
    if (press && Math.abs(e.clientX - press.x) + Math.abs(e.clientY - press.y) > SLOP_PX) endPress();
  });
  document.addEventListener("pointerup", endPress);
  document.addEventListener("pointercancel", endPress);
  // A long press on a phone opens the browser's menu for the element: on these cards it shows why.
  document.addEventListener("contextmenu", function (e) {
    var card = refusedCard(e.target);
    if (!card || e.pointerType === "mouse") return;
    e.preventDefault();
    show(card);
  });
})();
