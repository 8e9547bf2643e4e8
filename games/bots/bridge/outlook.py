"""What a Bridge position is worth to each seat before the round is over: the expected penalty
points each seat will add, at the start of a move, fitted on basic-robot rounds.

The model (per number of players; ``M`` is the multiplier now) is linear in a seat's cards
``n``, their points ``v``, its Js ``j`` and how far the turn is from it:

    expected penalty / M = c0 + c1·n + c2·v + c3·j + c4·n² + c5·v·[n ≤ 2] + c6/m + c7·n/m + turn[d]

where ``m`` is the fewest cards another seat holds and ``d`` how many moves away the seat's own
move is (0: it moves now). Fitted by least squares on 6,000 basic-robot rounds per player
count (80,000–105,000 move starts, every seat at each): R² is only 0.05–0.08 (most of a round's
outcome is still to be dealt), but the search compares candidates on the same worlds, where
what the model does see (a card more or less, the points and Js kept, whose turn it is) is
most of the difference. Its lessons: a card costs about 2.5 points, a point held about 0.3, a
J held is worth about 5 points *less* penalty (it always fits, and going out on it pays),
moving first is worth about 2–3.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.bridge.pack import JACK, hand_points

# players → (c0, c1 … c7, turn[1], turn[2], …)
COEFFICIENTS = {
    2: (5.024, 0.443, 0.192, -6.106, -0.074, -0.071, -1.406, 1.892, 2.257),
    3: (6.095, -0.428, 0.281, -5.297, 0.012, -0.088, -2.788, 2.266, 2.701, 2.925),
    4: (8.721, -0.754, 0.417, -5.365, -0.013, -0.081, -4.62, 2.439, 2.981, 3.161, 3.67),
}


def expected_penalties(hands: Sequence[Sequence[str]], mover: int, multiplier: int) -> list[float]:
    """Per seat, the penalty points it is expected to add when ``mover`` is about to move."""
    players = len(hands)
    c = COEFFICIENTS[players]
    counts = [len(h) for h in hands]
    out = []
    for seat, hand in enumerate(hands):
        n = counts[seat]
        v = hand_points(hand)
        j = sum(1 for card in hand if card[1:] == JACK)
        fewest = max(1, min(counts[s] for s in range(players) if s != seat))
        d = (seat - mover) % players
        value = c[0] + c[1] * n + c[2] * v + c[3] * j + c[4] * n * n + c[5] * v * (n <= 2)
        value += c[6] / fewest + c[7] * n / fewest + (c[7 + d] if d else 0.0)
        out.append(value * multiplier)
    return out
