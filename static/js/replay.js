// The replay and the staff inspector (templates/games/_hand_viewer.html): step through a hand
// without a page load. ←/→ step, Home/End jump, the slider and a click on a move go to that
// step. Each step's felt is fetched once (?part=table) and kept; the steps around the one shown
// are fetched ahead. The controls follow at once, the felt when its step has come: a fetch for
// a step already left is not shown, so quick presses end on the last step asked for. The URL
// follows the felt shown (history.replaceState), so ?step=N&seat=S is a link to the position.
(function () {
  "use strict";
  var root = document.querySelector("[data-replay]");
  if (!root || !window.fetch) return;
  var last = parseInt(root.dataset.last, 10) || 0;
  var seat = root.dataset.viewer || "";
  var shown = parseInt(root.dataset.step, 10) || 0;
  var wanted = shown;
  var kept = new Map();
  var asked = new Map();
  var table = document.getElementById("replay-table");
  if (table) kept.set(shown, table.outerHTML);

  function query(step, part) {
    return "?step=" + step + (seat ? "&seat=" + encodeURIComponent(seat) : "") + (part ? "&part=table" : "");
  }

  function load(step) {
    if (kept.has(step)) return Promise.resolve(kept.get(step));
    if (asked.has(step)) return asked.get(step);
    var promise = fetch(window.location.pathname + query(step, true), { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("step " + step + ": " + response.status);
        return response.text();
      })
      .then(function (html) { kept.set(step, html); asked.delete(step); return html; },
            function (error) { asked.delete(step); throw error; });
    asked.set(step, promise);
    return promise;
  }

  function ahead(step) {
    [step + 1, step - 1, step + 2].forEach(function (n) { if (n >= 0 && n <= last) load(n).catch(function () {}); });
  }

  function show(step, html) {
    var current = document.getElementById("replay-table");
    if (!current) return;
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.firstElementChild;
    if (!fresh) return;
    // Panels the reader opened stay open in the new step (the facts' disclosures).
    current.querySelectorAll("details[id][open]").forEach(function (open) {
      var again = fresh.querySelector("#" + CSS.escape(open.id));
      if (again) again.open = true;
    });
    current.replaceWith(fresh);
    shown = step;
    root.dataset.step = String(step);
    // The URL names the position shown: a link to it opens it.
    if (window.history && window.history.replaceState) window.history.replaceState(null, "", query(step));
    ahead(step);
  }

  function mark(step) {
    var link = function (id, n) {
      var a = document.getElementById(id);
      if (!a) return;
      a.setAttribute("href", query(n));
      if ((id === "step-prev" && step === 0) || (id === "step-next" && step === last)) a.setAttribute("aria-disabled", "true");
      else a.removeAttribute("aria-disabled");
    };
    link("step-first", 0);
    link("step-prev", Math.max(0, step - 1));
    link("step-next", Math.min(last, step + 1));
    link("step-last", last);
    var slider = document.getElementById("step-slider");
    if (slider && String(slider.value) !== String(step)) slider.value = String(step);
    document.querySelectorAll("[data-step-field]").forEach(function (field) { field.value = String(step); });
    // The inspector's raw log marks the same step (templates/games/_inspect_extras.html).
    document.querySelectorAll(".raw-log li").forEach(function (li) {
      li.classList.toggle("current", li.dataset.seq === String(step));
    });
    var list = document.getElementById("move-list");
    if (list) {
      list.querySelectorAll("li.current").forEach(function (li) { li.classList.remove("current"); });
      list.querySelectorAll("a[aria-current]").forEach(function (a) { a.removeAttribute("aria-current"); });
      var row = list.querySelector('li[data-seq="' + step + '"]');
      if (row) {
        row.classList.add("current");
        var a = row.querySelector("a");
        if (a) a.setAttribute("aria-current", "step");
        // Keep the current move in sight inside the list (never scroll the page for it).
        if (list.scrollHeight > list.clientHeight) {
          var top = row.offsetTop - list.offsetTop;
          if (top < list.scrollTop || top + row.offsetHeight > list.scrollTop + list.clientHeight) {
            list.scrollTop = Math.max(0, top - list.clientHeight / 2);
          }
        }
      }
    }
  }

  function go(step) {
    step = Math.max(0, Math.min(last, step));
    if (step === wanted) return;
    wanted = step;
    mark(step);
    load(step).then(function (html) {
      if (wanted === step) show(step, html);
    }, function () {
      if (wanted === step) window.location.assign(query(step));  // the page itself says what went wrong
    });
  }

  function typing(el) {
    if (!el) return false;
    var tag = el.tagName;
    return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || el.isContentEditable;
  }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
    var to = null;
    if (e.key === "ArrowRight") to = wanted + 1;
    else if (e.key === "ArrowLeft") to = wanted - 1;
    else if (e.key === "Home") to = 0;
    else if (e.key === "End") to = last;
    if (to === null) return;
    e.preventDefault();
    go(to);
  });

  document.addEventListener("click", function (e) {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    var move = e.target.closest && e.target.closest("#move-list a[data-step]");
    var nav = e.target.closest && e.target.closest(".steps a[data-go]");
    if (move) {
      e.preventDefault();
      go(parseInt(move.dataset.step, 10));
    } else if (nav) {
      e.preventDefault();
      var by = nav.dataset.go;
      go(by === "first" ? 0 : by === "last" ? last : by === "prev" ? wanted - 1 : wanted + 1);
    }
  });

  var slider = document.getElementById("step-slider");
  if (slider) {
    slider.addEventListener("input", function () { go(parseInt(slider.value, 10)); });
    if (slider.form) slider.form.addEventListener("submit", function (e) { e.preventDefault(); go(parseInt(slider.value, 10)); });
  }
  // The seat's point of view: the page again, at the step shown.
  var choice = document.getElementById("replay-seat");
  if (choice && choice.form) choice.addEventListener("change", function () { choice.form.submit(); });

  // On a phone the move list is a sheet under the felt, folded until asked for.
  var sheet = document.getElementById("replay-moves");
  if (sheet && window.matchMedia && window.matchMedia("(max-width: 899px)").matches) sheet.open = false;
  mark(shown);  // the current move in sight in the list
  root.classList.add("stepping");  // the "Go" buttons are for pages without script
  ahead(shown);
})();
