// The robot's hint (live/controls.html, games.page.hint): once its answer is in, what it names is
// marked where the player would press it (the card in the hand, the cards of a discard, or the
// button), until a push draws the hand or the controls again. No framework.
(function () {
  "use strict";

  function marked(action) {
    var kind = action.split(":")[0];
    var found = [];
    if (kind === "discard") {
      action.slice(kind.length + 1).split(",").forEach(function (card) {
        var choice = document.querySelector('#hand [data-discard-choice="' + CSS.escape(card) + '"]');
        if (choice) found.push(choice);
      });
      return found;
    }
    var same = '[data-action="' + CSS.escape(action) + '"]';
    return Array.prototype.slice.call(document.querySelectorAll("#hand " + same + ", #controls " + same));
  }

  document.addEventListener("htmx:afterSettle", function (e) {
    if (!e.target || e.target.id !== "hint-answer") return;
    var answer = e.target.querySelector("[data-hint-action]");
    document.querySelectorAll("#room .hinted").forEach(function (el) { el.classList.remove("hinted"); });
    if (!answer || !answer.dataset.hintAction) return;
    marked(answer.dataset.hintAction).forEach(function (el) { el.classList.add("hinted"); });
  });
})();
