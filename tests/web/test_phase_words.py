"""Phases and cards in each game's words (issue 35, item 6): no phase key reaches a player
("Iote"), a finished hand names no phase ("Hand over · Hand 1 · Over"), and Czech Taroky names
its honours as its rules page does (the škýz, the mund, the I), not in the Hungarian words."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.page.cards import card_title
from games.page.vocabulary import BRIDGE_PHASE_LABELS as BRIDGE_PHASES
from games.page.vocabulary import PHASE_LABELS, phase_label
from games.rules.bridge.state import Phase as BridgePhase
from games.rules.czech.state import Phase as CzechPhase
from games.rules.hungarian.state import Phase as HungarianPhase
from games.rules.slovenian3.state import Phase as SlovenianPhase

TAROT_PHASES = {p.value for enum in (CzechPhase, HungarianPhase, SlovenianPhase) for p in enum}


def test_every_phase_of_every_game_has_its_words():
    assert TAROT_PHASES <= set(PHASE_LABELS)
    assert {p.value for p in BridgePhase} <= set(BRIDGE_PHASES)
    with translation.override("en"):
        assert phase_label("iote", "czech") == "I on the end"
        assert phase_label("over", "hungarian") == "" and phase_label("over", "bridge") == ""
        assert phase_label("no-such-phase", "czech") == ""  # never the key itself


@pytest.mark.parametrize(
    "card, variant, title",
    [
        ("T22", "czech", "Tarok XXII (Škýz)"),
        ("T21", "czech", "Tarok XXI (Mund)"),
        ("T1", "czech", "Tarok I"),
        ("T22", "hungarian", "Tarokk XXII (Skíz)"),
        ("T1", "hungarian", "Tarokk I (Pagát)"),
        ("T22", "slovenian3", "Tarok XXII (Škis)"),
    ],
)
def test_each_game_names_its_honours_in_its_own_tradition(card, variant, title):
    with translation.override("en"):
        assert card_title(card, variant) == title
