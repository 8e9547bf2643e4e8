"""A finished hand of any game on a browser test's site (tests/browser): dealt at a table of
robots and a player, every seat played through the writer with seeded random legal moves (dealt
again until a card is played), in a ``manage.py shell`` of the site's own (its robot runner off,
so no robot moves as well)."""

from __future__ import annotations

import json

PLAY_OUT = """
import json, random
from accounts.models import User
from games import services
from games.rules import get_variant
from games.services import replay
user, _ = User.objects.get_or_create(username="{player}")
variant = get_variant("{variant}")
seats = variant.seat_count({{o.name: o.default for o in variant.options}})
for attempt in range(20):  # a hand all passed (thrown in) has no cards played: deal another
    room = services.create_room(user, "{variant}", seats - 1)
    hand = room.current_hand()
    rng = random.Random({seed} * 100 + attempt)
    while not hand.is_over:
        state = replay.current(hand)
        seat = min(variant.to_act(state))
        action = rng.choice(variant.legal_actions(state, seat))
        services.submit_action(hand.pk, seat, action, hand.seq, actor=user if seat == 0 else None,
                               robot="" if seat == 0 else "random")
        hand.refresh_from_db()
    plays = [(a.seq, a.action) for a in hand.actions.order_by("seq") if a.action.startswith("play:")]
    if plays:
        break
print(json.dumps({{"hand": hand.pk, "last": hand.seq, "plays": plays}}))
"""


# The player of each game's hands: a name and no word (the browser's language tests, on the same
# site, look for English words in the names a page shows, and a game's key is one).
PLAYERS = {"hungarian": "Hanna", "czech": "Cyril", "slovenian3": "Sonja", "bridge": "Bruno"}


def finished_hand(site, variant: str, seed: int = 1) -> dict:
    """``{"hand": id, "last": its last step, "plays": [[seq, "play:CARD"], ...]}``."""
    script = PLAY_OUT.format(variant=variant, seed=seed, player=PLAYERS[variant])
    out = site.manage("shell", "-c", script, TAROKK_ROBOT_RUNNER="off")
    return json.loads(out.strip().splitlines()[-1])
