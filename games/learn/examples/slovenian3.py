"""Slovenian Tarok for three: one worked example per contract (slovenian3.md §10), scored by
``games.rules.slovenian3.scoring`` exactly as a played hand is."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from games.rules import words
from games.rules.base import HandResult, Termination
from games.rules.slovenian3.scoring import Outcome, score
from games.rules.slovenian3.state import CONTRACT_BY_KEY, DECLARER, OPPONENTS

from .worked import WorkedExample

PACK_POINTS = 70


def played(outcome: Outcome) -> HandResult:
    """The result a finished hand has, the declarer (if any) at seat 0."""
    scored = score(outcome)
    declarer = outcome.declarer
    card_points = (
        (0, 0) if declarer is None else (outcome.declarer_points, PACK_POINTS - outcome.declarer_points)
    )
    return HandResult(
        thrown_in=False,
        payments=scored.payments,
        contract=CONTRACT_BY_KEY[outcome.contract].name.english(),  # a key, as the rules core stores it
        declarer=declarer,
        declarer_side=() if declarer is None else (declarer,),
        card_points=card_points,
        game_winner=scored.game_winner,
        items=scored.items,
        value=scored.value,
        reason=Termination.PLAYED_OUT,
        radelci=scored.radelci,
    )


def _contract(key: str, **facts: object) -> Outcome:
    return Outcome(contract=key, value=CONTRACT_BY_KEY[key].value, declarer=0, **facts)  # type: ignore[arg-type]


KLOP = Outcome(contract="klop", value=70, declarer=None, klop_points=(18, 31, 21), klop_tricks=(4, 7, 5))
THREE = _contract(
    "three",
    declarer_points=41,
    declarer_tricks=9,
    opponent_tricks=7,
    kings=DECLARER,
    mond_lost=(1, ""),  # its note is said in the reader's language: examples() writes it
)
TWO = _contract("two", declarer_points=33, declarer_tricks=8, opponent_tricks=8, trula=OPPONENTS)
ONE = _contract(
    "one",
    declarer_points=52,
    declarer_tricks=11,
    opponent_tricks=5,
    pagat_side=DECLARER,
    pagat_won=True,
    announced=(("ultimo", DECLARER),),
)
BEGGAR = _contract("beggar", declarer_tricks=0, opponent_tricks=16, radelci=True, radelci_held=1)
SOLO_WITHOUT = _contract("solo-without", declarer_points=38, declarer_tricks=9, opponent_tricks=7)
OPEN_BEGGAR = _contract("open-beggar", declarer_tricks=1, opponent_tricks=5, levels=(("game", 1),))
COLOUR_VALAT = _contract("colour-valat", declarer_tricks=16, opponent_tricks=0)
VALAT = _contract("valat", declarer_tricks=12, opponent_tricks=1)


def examples() -> tuple[WorkedExample, ...]:
    seats = (_("Declarer"), _("Opponent 1"), _("Opponent 2"))
    klop_seats = (_("Forehand"), _("Middlehand"), _("Dealer"))
    return (
        WorkedExample(
            "klop",
            _("Klop: everyone for themselves"),
            _(
                "Everybody passes, so forehand chooses klop. The players take %(a)d, %(b)d and "
                "%(c)d card points: nobody took no trick and nobody reached 36, so each loses "
                "their own points, rounded to 5."
            )
            % dict(zip("abc", KLOP.klop_points, strict=True)),
            klop_seats,
            played(KLOP),
            zero_sum=False,
        ),
        WorkedExample(
            "three",
            _("Three: a win, silent kings, and a lost mond"),
            _(
                "The declarer plays three, takes %(points)d card points (36 win) and all four kings "
                "without announcing them. Opponent 1's mond falls to the škis: the mond penalty is "
                "that player's own, outside the declarer's score."
            )
            % {"points": THREE.declarer_points},
            seats,
            played(replace(THREE, mond_lost=(1, words._("captured by the škis")))),
            zero_sum=False,
        ),
        WorkedExample(
            "two",
            _("Two: lost, and the opponents' trula"),
            _(
                "The declarer plays two and takes %(points)d card points, under 36; the opponents win the "
                "trula silently."
            )
            % {"points": TWO.declarer_points},
            seats,
            played(TWO),
            zero_sum=False,
        ),
        WorkedExample(
            "one",
            _("One: an announced pagat ultimo"),
            _(
                "The declarer plays one, announces pagat ultimo, wins the last trick with the pagat "
                "and takes %(points)d card points."
            )
            % {"points": ONE.declarer_points},
            seats,
            played(ONE),
            zero_sum=False,
        ),
        WorkedExample(
            "beggar",
            _("Beggar: no trick, with a radelc"),
            _(
                "The declarer plays beggar and takes no trick. With radelci on, the declarer held "
                "one radelc: the score is doubled and the radelc is used up; a beggar gives "
                "everyone a new one."
            ),
            seats,
            played(BEGGAR),
            zero_sum=False,
        ),
        WorkedExample(
            "solo-without",
            _("Solo without: the talon stays with the opponents"),
            _("The declarer plays without the talon and takes %(points)d card points, 36 or more.")
            % {"points": SOLO_WITHOUT.declarer_points},
            seats,
            played(SOLO_WITHOUT),
            zero_sum=False,
        ),
        WorkedExample(
            "open-beggar",
            _("Open beggar: kontra'd and lost"),
            _(
                "The declarer plays open beggar, hand face up; an opponent says kontra. The "
                "declarer is forced to win trick %(trick)d and the hand ends there."
            )
            % {"trick": OPEN_BEGGAR.declarer_tricks + OPEN_BEGGAR.opponent_tricks},
            seats,
            played(OPEN_BEGGAR),
            zero_sum=False,
        ),
        WorkedExample(
            "colour-valat",
            _("Colour valat: every trick"),
            _(
                "The declarer plays colour valat, where taroks only win tricks led in taroks, and takes "
                "all 16 tricks."
            ),
            seats,
            played(COLOUR_VALAT),
            zero_sum=False,
        ),
        WorkedExample(
            "valat",
            _("Valat: one trick short"),
            _(
                "The declarer plays valat and wins the first %(won)d tricks, then loses one: the hand "
                "ends at once."
            )
            % {"won": VALAT.declarer_tricks},
            seats,
            played(VALAT),
            zero_sum=False,
        ),
    )
