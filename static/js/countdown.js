// Countdowns to a time the server gave in seconds (a tournament's start: templates/tournaments/):
// each <time class="countdown" data-seconds="N"> counts down once a second as h:mm:ss or m:ss.
// A fragment pushed again brings its own fresh figure. No framework.
(function () {
  "use strict";

  function shown(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var mm = (h && m < 10 ? "0" : "") + m, ss = (s < 10 ? "0" : "") + s;
    return (h ? h + ":" : "") + mm + ":" + ss;
  }

  function tick() {
    document.querySelectorAll("time.countdown[data-seconds]").forEach(function (el) {
      if (!el.dataset.until) el.dataset.until = String(Date.now() + 1000 * Number(el.dataset.seconds));
      var left = Math.max(0, Math.round((Number(el.dataset.until) - Date.now()) / 1000));
      el.textContent = shown(left);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    window.setInterval(tick, 1000);
  });
})();
