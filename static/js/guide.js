// A guided hand's guide (templates/jinja2/live/guide.html): on a phone a sheet above your
// choices that folds to its head, so the felt gets its room back. The fold is kept on the room
// (#room[data-guide-folded]), which no push replaces: the guide pushed at every move stays as
// the learner left it, and its button says so (aria-expanded, its words). CSS does the rest.
(function () {
  "use strict";

  function sync() {
    var room = document.getElementById("room");
    var button = document.getElementById("guide-fold");
    if (!room || !button) return;
    var folded = room.hasAttribute("data-guide-folded");
    button.setAttribute("aria-expanded", folded ? "false" : "true");
    button.textContent = folded ? button.dataset.show : button.dataset.hide;
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest("#guide-fold");
    if (!button) return;
    var room = document.getElementById("room");
    room.toggleAttribute("data-guide-folded");
    sync();
  });
  document.addEventListener("htmx:wsAfterMessage", sync);
  document.addEventListener("htmx:afterSettle", sync);
  sync();
})();
