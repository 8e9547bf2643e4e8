// Small behaviours on top of htmx: error messages, connection state, choosing discards, turn
// clocks, the room form. No framework. The keyboard is in keys.js, the turn's signals in turn.js,
// the cards' motion in motion.js.
(function () {
  "use strict";

  function flash(text, reload) {
    var box = document.getElementById("flash");
    if (!box) return;
    box.textContent = text;
    if (reload) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "flash-reload";
      // The words come from the page (base.html: #flash data-reload), in the viewer's language.
      button.textContent = box.dataset.reload || "↻";
      button.addEventListener("click", function () { window.location.reload(); });
      box.appendChild(document.createTextNode(" "));
      box.appendChild(button);
    }
    box.hidden = !text;
  }

  document.addEventListener("htmx:responseError", function (e) {
    var xhr = e.detail.xhr;
    // A stale CSRF token (tarokk_site/csrf.py): the text says so, the button does it.
    var stale = xhr.status === 403 && xhr.getResponseHeader("X-Session-Changed") === "true";
    flash(xhr.responseText || ("Error " + xhr.status), stale);
    if (xhr.status === 409) resync();
  });

  // The page's CSRF token is the one it was loaded with, but signing in or up in another tab
  // renews it (Django's login rotates it) in the cookie every tab shares: send the cookie's,
  // so that a move from a tab left open still counts. Without the cookie, the page's own.
  document.addEventListener("htmx:configRequest", function (e) {
    var found = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (found) e.detail.headers["X-CSRFToken"] = decodeURIComponent(found[1]);
  });
  document.addEventListener("htmx:sendError", function () {
    flash("The server could not be reached; retrying the connection.");
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail.successful) flash("");
  });

  // Moves go over the room's socket (ws-send on every move control, games/live/): a
  // refused one comes back in #flash, a move made as the push that shows it. One move at a
  // time, as htmx let one POST of a control be in flight: until the socket's next message a
  // second press is dropped rather than sent as a stale move (after MOVE_WAIT_MS, or a new
  // connection, the controls work again). Sending a move clears the flash of an earlier one.
  var MOVE_WAIT_MS = 5000;
  var moveSent = 0;  // when the move awaiting its answer was sent (Date.now()), 0 for none
  document.addEventListener("htmx:wsConfigSend", function (e) {
    if (!moveSent || Date.now() - moveSent >= MOVE_WAIT_MS) return;
    e.preventDefault();
    var pressed = e.detail.triggeringEvent;
    if (pressed && pressed.cancelable) pressed.preventDefault();  // a form's own submit too
  });
  document.addEventListener("htmx:wsAfterSend", function () {
    moveSent = Date.now();
    flash("");
  });
  document.addEventListener("htmx:wsAfterMessage", function () { moveSent = 0; });
  document.addEventListener("htmx:wsOpen", function () { moveSent = 0; });

  // Never replace a fragment with an older render of the table (replies and pushes race).
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var incoming = e.detail.fragment && e.detail.fragment.firstElementChild;
    var current = e.detail.target;
    if (!incoming || !current || !incoming.dataset || !current.dataset) return;
    // A panel the player opened (the completed tricks to review) stays open through pushes,
    // whether a push replaces it alone (games.live.push_diff) or the fragment holding it.
    if (current.matches("details[open]") && incoming.matches("details")) incoming.open = true;
    current.querySelectorAll("details[id][open]").forEach(function (open) {
      var again = incoming.querySelector("#" + open.id);
      if (again) again.open = true;
    });
    if (incoming.dataset.version === undefined || current.dataset.version === undefined) return;
    if (Number(incoming.dataset.version) < Number(current.dataset.version)) e.detail.shouldSwap = false;
  });

  function resync() {
    var room = document.getElementById("room");
    if (room && room["htmx-internal-data"] && room["htmx-internal-data"].webSocket) {
      room["htmx-internal-data"].webSocket.send("resync");
    }
  }

  // The words come from the page (data-live, data-reconnecting): in the reader's language.
  function connection(word, cls) {
    var el = document.getElementById("connection");
    if (!el) return;
    el.textContent = el.dataset[word] || "";
    el.className = "connection " + cls;
  }
  document.addEventListener("htmx:wsOpen", function () { connection("live", "ok"); });
  document.addEventListener("htmx:wsClose", function () { connection("reconnecting", "bad"); });
  document.addEventListener("htmx:wsError", function () { connection("reconnecting", "bad"); });

  // Discards: toggle cards in the hand, and arm the submit button only when the chosen
  // set is one of the legal actions the server listed. The choice survives the pushes that
  // other seats' discards cause (they re-render the hand while you choose).
  var chosenDiscards = [];

  document.addEventListener("click", function (e) {
    var card = e.target.closest("[data-discard-choice]");
    if (!card) return;
    var form = document.querySelector(".discard-form");
    if (!form) return;
    var id = card.dataset.discardChoice;
    var count = parseInt(form.dataset.discardCount, 10);
    var at = chosenDiscards.indexOf(id);
    if (at >= 0) chosenDiscards.splice(at, 1);
    else if (chosenDiscards.length < count) chosenDiscards.push(id);
    else if (count === 1) chosenDiscards = [id];
    restoreDiscards();
  });

  function restoreDiscards() {
    var form = document.querySelector(".discard-form");
    if (!form) { chosenDiscards = []; return; }
    var present = [];
    document.querySelectorAll("[data-discard-choice]").forEach(function (el) {
      var on = chosenDiscards.indexOf(el.dataset.discardChoice) >= 0;
      el.setAttribute("aria-pressed", on ? "true" : "false");
      if (on) present.push(el.dataset.discardChoice);
    });
    chosenDiscards = present;
    armDiscard(form);
  }
  document.addEventListener("htmx:wsAfterMessage", restoreDiscards);
  document.addEventListener("htmx:afterSettle", restoreDiscards);

  function armDiscard(form) {
    var legal = JSON.parse(form.dataset.legal);
    var order = Array.prototype.map.call(document.querySelectorAll("#hand [data-card]"), function (el) {
      return el.dataset.card;
    });
    var chosen = chosenDiscards.slice().sort(function (a, b) { return order.indexOf(a) - order.indexOf(b); });
    var action = "discard:" + chosen.join(",");
    var button = form.querySelector(".discard-submit");
    var count = parseInt(form.dataset.discardCount, 10);
    var left = form.querySelector("[data-discard-left]");
    // The words are the page's (live/controls.html), in the viewer's language: a list by count.
    var words = form.dataset;
    if (left) {
      var more = count - chosen.length;
      left.dataset.discardLeft = String(more);
      if (more > 0) left.textContent = JSON.parse(words.moreTexts)[more] || String(more);
      else if (legal.indexOf(action) >= 0) left.textContent = words.ready;
      else left.textContent = words.notTogether;
    }
    if (legal.indexOf(action) >= 0) {
      button.disabled = false;
      button.dataset.action = action;
      button.setAttribute("hx-vals", JSON.stringify({ action: action, seq: parseInt(form.dataset.seq, 10) }));
      button.textContent = JSON.parse(words.discardTexts)[chosen.length] || words.discard;
    } else {
      button.disabled = true;
      delete button.dataset.action;
      button.removeAttribute("hx-vals");
      button.textContent = words.discard;
    }
  }

  // Turn clocks: count down every [data-deadline] (epoch milliseconds, rendered by the
  // server in the seats fragment, so each push brings the new deadlines). The server fires
  // the deadline; this only shows it.
  function tickClocks() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - Date.now()) / 1000));
      var text = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("low", left <= 10);
    });
  }
  setInterval(tickClocks, 250);
  document.addEventListener("htmx:wsAfterMessage", tickClocks);
  document.addEventListener("DOMContentLoaded", tickClocks);

  // Room form: only the chosen game's rule options are sent, and the robots choice fits the
  // table's seats (the game's, or the chosen option that sets them: an <option data-seats>,
  // Bridge's "players", Hungarian's five players).
  function fitRobots() {
    var select = document.querySelector('.new-room select[name="variant"]');
    var robots = document.getElementById("robots");
    if (!select || !robots) return;
    var seats = Number(select.selectedOptions[0].dataset.seats);
    var box = document.querySelector('[data-options-for="' + select.value + '"]');
    var chosen = box && box.querySelector("select option[data-seats]:checked");
    if (chosen) seats = Number(chosen.dataset.seats);
    var before = robots.value === "" ? null : Number(robots.value);
    var friends = before === null ? 0 : robots.options.length - 1 - before;
    // The choices for each table size, worded in the viewer's language by the page
    // (lobby.html: data-robot-choices, {seats: [[robots, text], ...]}).
    var choices = JSON.parse(robots.dataset.robotChoices || "{}")[String(seats)];
    robots.innerHTML = "";
    if (choices) {
      choices.forEach(function (choice) { robots.add(new Option(choice[1], String(choice[0]))); });
    } else {
      for (var r = seats - 1; r >= 0; r--) robots.add(new Option(String(r), String(r)));
    }
    robots.value = String(Math.max(0, seats - 1 - Math.min(friends, seats - 1)));
  }
  // A number whose default follows another option (data-default-if: [[name, value, default]],
  // Hungarian's match length with five players) follows it, unless the player typed over it; it
  // is left blank on the form, so that without this script the server's default applies.
  function fitDefaults(box) {
    box.querySelectorAll("input[data-default-if]").forEach(function (input) {
      var wanted = input.dataset.default;
      JSON.parse(input.dataset.defaultIf).some(function (rule) {
        var chooser = box.querySelector('[name="' + rule[0] + '"]');
        if (chooser && chooser.value === rule[1]) wanted = String(rule[2]);
        return wanted !== input.dataset.default;
      });
      // Left blank, the number takes its default on the server: the placeholder shows which.
      if (input.value !== "" && input.value === (input.dataset.shown || input.dataset.default)) input.value = wanted;
      input.placeholder = wanted;
      input.dataset.shown = wanted;
    });
  }
  // Only the robot levels that play the chosen game can be chosen.
  function fitRobotLevels(select) {
    var level = document.getElementById("robot-level");
    if (!level) return;
    Array.prototype.forEach.call(level.options, function (option) {
      option.disabled = (option.dataset.variants || "").split(" ").indexOf(select.value) < 0;
    });
    if (level.selectedOptions[0].disabled) level.value = "basic";
    showLevelNote(select.value, level.value);
  }
  // Under the level: what it does and how strong it measured in the chosen game, and the link to
  // that game's figures (templates/games/_robot_levels.html).
  function showLevelNote(game, chosen) {
    var notes = document.getElementById("robot-level-notes");
    if (!notes) return;
    notes.querySelectorAll("[data-level-note]").forEach(function (note) {
      note.hidden = note.dataset.levelNote !== game + " " + chosen;
    });
    var link = document.getElementById("robot-levels-link");
    if (link) link.hash = game;
  }
  function showVariantOptions() {
    var select = document.querySelector('.new-room select[name="variant"]');
    if (!select) return;
    fitRobotLevels(select);
    document.querySelectorAll("[data-options-for]").forEach(function (box) {
      var on = box.dataset.optionsFor === select.value;
      box.hidden = !on;
      box.querySelector("fieldset").disabled = !on;
      // A game whose seat count is a choice (Bridge's "players") shows it at once.
      if (on && box.querySelector('select[name="players"]')) box.open = true;
    });
    fitRobots();
  }
  document.addEventListener("change", function (e) {
    if (e.target.matches('.new-room select[name="variant"]')) showVariantOptions();
    if (e.target.matches(".new-room #robot-level")) {
      var game = document.querySelector('.new-room select[name="variant"]');
      if (game) showLevelNote(game.value, e.target.value);
    }
    var box = e.target.closest(".new-room [data-options-for]");
    if (box && e.target.matches("select")) {
      fitRobots();
      fitDefaults(box);
    }
  });
  document.addEventListener("DOMContentLoaded", showVariantOptions);
})();
