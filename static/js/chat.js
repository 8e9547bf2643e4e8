// The table's chat drawer (templates/games/_chat.html; games/chat/): the number of messages that
// came while it was closed on its summary, the message box emptied once a message is sent, a
// refusal shown inside the drawer, the newest message in view, and the focus and a half-written
// message kept when the room's socket replaces the chat's fragments. No framework.
(function () {
  "use strict";

  var seen = {};  // ids of the messages the player has had in front of them

  function drawer() { return document.getElementById("drawer-chat"); }
  function log() { return document.getElementById("chat-log"); }
  function items() {
    var el = log();
    return el ? Array.prototype.slice.call(el.querySelectorAll("[data-chat-id]")) : [];
  }

  function markAllSeen() {
    items().forEach(function (li) { seen[li.dataset.chatId] = true; });
  }

  function countUnread() {
    var badge = document.getElementById("chat-unread");
    if (!badge) return;
    var open = drawer() && drawer().open;
    var unread = 0;
    items().forEach(function (li) {
      if (open || li.dataset.mine) seen[li.dataset.chatId] = true;
      else if (!seen[li.dataset.chatId]) unread += 1;
    });
    badge.hidden = unread === 0;
    badge.textContent = unread ? String(unread) : "";
    var summary = badge.parentElement;
    // The words come from the page (_chat.html), in the viewer's language.
    if (summary) {
      var words = unread ? (summary.dataset.unread || "{count}").replace("{count}", unread) : summary.dataset.label;
      summary.setAttribute("aria-label", words || "");
    }
  }

  function showNewest(force) {
    var el = log();
    if (el && (force || el.dataset.atEnd !== "false")) el.scrollTop = el.scrollHeight;
  }

  document.addEventListener("DOMContentLoaded", function () {
    markAllSeen();  // what the page opened with is not news
    countUnread();
  });

  document.addEventListener("toggle", function (e) {
    if (e.target !== drawer()) return;
    countUnread();
    if (e.target.open) showNewest(true);
  }, true);

  document.addEventListener("scroll", function (e) {
    var el = e.target;
    if (el && el.id === "chat-log") el.dataset.atEnd = String(el.scrollTop + el.clientHeight >= el.scrollHeight - 8);
  }, true);

  // ---- The socket replaces the fragments ----------------------------------------------------
  var before = null;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var active = document.activeElement;
    var box = document.getElementById("chat-text");
    var el = log();
    before = {
      focusId: active && active.closest && active.closest("#chat-log, #chat-controls") ? active.id || null : null,
      inChat: !!(active && active.closest && active.closest("#chat-log, #chat-controls")),
      text: box ? box.value : "",
      atEnd: el ? el.dataset.atEnd !== "false" : true,
    };
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    var was = before;
    before = null;
    var el = log();
    if (el && was && !was.atEnd) el.dataset.atEnd = "false";
    showNewest(false);
    countUnread();
    if (!was) return;
    var box = document.getElementById("chat-text");
    if (box && !box.value && was.text) box.value = was.text;
    var active = document.activeElement;
    if (!was.inChat || (active && active !== document.body)) return;
    var again = (was.focusId && document.getElementById(was.focusId)) || box || el;
    if (again === el && el) el.tabIndex = -1;
    if (again) again.focus({ preventScroll: true });
  });

  // ---- Posting ---------------------------------------------------------------------------------
  function chatError(text) {
    var box = document.querySelector("#chat-controls .chat-error");
    if (!box) return;
    box.textContent = text;
    box.hidden = !text;
  }

  document.addEventListener("htmx:afterRequest", function (e) {
    var elt = e.detail.elt;
    if (!elt || !elt.closest || !elt.closest("#chat-controls, #chat-log")) return;
    if (e.detail.successful) {
      chatError("");
      var form = elt.closest(".chat-form");
      if (form) form.reset();
      if (elt.closest("#chat-controls")) showNewest(true);  // what you said, in view
    } else {
      var xhr = e.detail.xhr;
      chatError(xhr && xhr.status ? xhr.responseText || "Error " + xhr.status : "The server could not be reached.");
    }
  });
})();
