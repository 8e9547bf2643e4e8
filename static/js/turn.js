// Your turn, seen from another tab: the page title starts with "● Your turn" and the favicon
// gets a yellow dot while #status carries data-your-turn (rendered by the server for your own
// seat only); an optional chime when your turn starts, off unless this browser turned it on.
(function () {
  "use strict";

  var SOUND_KEY = "tarokk.turnSound";
  var TURN_PREFIX = null;  // "● Your turn · " in the viewer's language (#status data-turn-word)
  var restTitle = null;
  var wasMyTurn = null;  // unknown until the first look: no chime for the turn a page opens on
  var chime = null;

  function soundOn() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (err) { return false; }
  }
  function rememberSound(on) {
    try { window.localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch (err) { /* private mode: not kept */ }
  }

  function playChime() {
    var toggle = document.getElementById("sound-toggle");
    if (!toggle || !toggle.dataset.sound) return;
    if (!chime) chime = new Audio(toggle.dataset.sound);
    chime.currentTime = 0;
    var playing = chime.play();
    // Browsers refuse sound before the person has touched the page: then there is none.
    if (playing && playing.catch) playing.catch(function () {});
  }

  function showSoundToggle() {
    var toggle = document.getElementById("sound-toggle");
    if (toggle) toggle.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  }

  function signal() {
    var status = document.getElementById("status");
    if (!status) return;
    if (TURN_PREFIX === null) TURN_PREFIX = "● " + (status.dataset.turnWord || "") + " · ";
    if (restTitle === null) restTitle = document.title.replace(TURN_PREFIX, "");
    var myTurn = status.hasAttribute("data-your-turn");
    var title = myTurn ? TURN_PREFIX + restTitle : restTitle;
    if (document.title !== title) document.title = title;
    var icon = document.getElementById("favicon");
    if (icon && icon.dataset.turnHref) {
      if (!icon.dataset.restHref) icon.dataset.restHref = icon.getAttribute("href");
      var href = myTurn ? icon.dataset.turnHref : icon.dataset.restHref;
      if (icon.getAttribute("href") !== href) icon.setAttribute("href", href);
    }
    if (myTurn && wasMyTurn === false && soundOn()) playChime();
    wasMyTurn = myTurn;
  }

  document.addEventListener("DOMContentLoaded", function () { showSoundToggle(); signal(); });
  document.addEventListener("htmx:wsAfterMessage", signal);

  document.addEventListener("click", function (e) {
    if (!e.target.closest("#sound-toggle")) return;
    var on = !soundOn();
    rememberSound(on);
    showSoundToggle();
    if (on) playChime();  // let the person hear what they turned on
  });
})();
