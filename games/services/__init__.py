"""The only writer of rooms, seats, hands and actions.

Every change goes through a function here: it runs in one transaction, locks the row it
changes, validates through the rules core, writes, and only after commit (``on_commit``)
broadcasts to the pages and schedules robots. Views, consumers, robots and the admin call
these functions and nothing else.

One module per concept: ``refusals`` (what a writer raises), ``robots`` (the levels a seat may
take), ``rooms`` (opening and closing tables, on a given deal too), ``seats`` (who holds each
seat), ``privacy`` (who may sit and watch), ``chat`` (the table's chat settings), ``hands``
(dealing, matches), ``moves`` (the actions), with ``turn_clocks`` (the turn clock's rules, the
live hand's lock and clock rows) and ``effects`` (what runs after commit, and the seating version
the pages' pushes check) under them. Callers use the names re-exported here.

And what the writer reads and announces, which the layers above read too: ``access`` (who may
sit and watch: read-only decisions), ``replay`` (a hand's state, a fold of its log, kept warm),
``prepared`` (the reads of a move, compiled once), ``matches`` (a room's match, folded from its
hands' results), ``robot_pace`` (a table's robots' pace) and ``broadcast`` (the group messages
sent after commit). Nothing here imports a page, a template or a feature.
"""

from __future__ import annotations

from games.services.chat import change_chat_settings
from games.services.effects import seating_changed
from games.services.hands import deal_next_set_hand, end_match, end_set_deals, may_end_match, next_hand
from games.services.moves import Submitted, seq_seen, submit_action
from games.services.privacy import accept_invitation, remove_player, set_privacy
from games.services.refusals import Forbidden, Illegal, Malformed, Refused, RuleRefused, Stale
from games.services.robots import DEFAULT_ROBOT, robot_plays
from games.services.rooms import (
    CHAT_ON,
    EVERYONE_WELCOME,
    close_stale_robot_tables,
    create_room,
    open_fixed_deal_table,
    open_set_deals_table,
    open_tutorial,
)
from games.services.seats import (
    RELEASE_AFTER,
    back,
    guest_logged_out,
    keep_for_absent,
    leave,
    may_release,
    player_renamed,
    release,
    release_all,
    set_robot,
    sit,
)

__all__ = [
    "CHAT_ON",
    "DEFAULT_ROBOT",
    "EVERYONE_WELCOME",
    "RELEASE_AFTER",
    "Forbidden",  # untranslated: a Python name
    "Illegal",  # untranslated: a Python name
    "Malformed",  # untranslated: a Python name
    "RuleRefused",  # untranslated: a Python name
    "Refused",  # untranslated: a Python name
    "Stale",  # untranslated: a Python name
    "Submitted",  # untranslated: a Python name
    "accept_invitation",
    "back",
    "change_chat_settings",
    "close_stale_robot_tables",
    "create_room",
    "deal_next_set_hand",
    "end_match",
    "end_set_deals",
    "guest_logged_out",
    "keep_for_absent",
    "leave",
    "may_end_match",
    "may_release",
    "next_hand",
    "open_fixed_deal_table",
    "open_set_deals_table",
    "open_tutorial",
    "player_renamed",
    "release",
    "release_all",
    "remove_player",
    "robot_plays",
    "seating_changed",
    "seq_seen",
    "set_privacy",
    "set_robot",
    "sit",
    "submit_action",
]
