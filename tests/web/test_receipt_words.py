"""A hand's result in words (issue 35): every receipt row says what happened in a sentence of the
viewer's language, "you" and "your side" for the viewer's own, names for a watcher, with the
arithmetic on a second line; Bridge's round count likewise."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.page.live_templates import render_live_template
from games.page.receipt_words import bridge_round_sentences, receipt_sentences
from games.rules.base import HandResult
from games.rules.bridge import scoring as bridge
from games.rules.czech import scoring as czech
from games.rules.hungarian import scoring as hungarian
from games.rules.slovenian3 import scoring as slovenian

NAMES = ("Anna", "Béla", "Csaba", "Dóra")


def rows(me: int | None, seats: int = 4):
    return [{"index": i, "label": NAMES[i], "is_me": i == me} for i in range(seats)]


def said(result: HandResult, variant: str, me: int | None, language: str = "en", seats: int = 4) -> list[str]:
    with translation.override(language):
        return receipt_sentences(result.view(), rows(me, seats), variant)


# Hungarian, a two (g = 2): Anna declares with Csaba; they take 41 of 94 and lose the game, but
# Anna's side announced the pagát ultimó and won trick 9 with it; Dóra held 8 tarokks.
HUNGARIAN = hungarian.Outcome(
    game_value=2,
    card_points=(41, 53),
    tricks=(4, 5),
    ultimo="declarer",
    announced=frozenset({("declarer", hungarian.ULTIMO)}),
    tarokk_counts=((3, "opponents", 8),),
)


def hungarian_result() -> HandResult:
    scored = hungarian.score(HUNGARIAN)
    payments = hungarian.settle_hand(scored, 0, 2)
    return HandResult(
        False, payments, "two", 0, 2, (0, 2), (41, 53), scored.game_winner, scored.items, scored.value
    )


def test_a_hungarian_result_reads_as_what_happened_to_you():
    assert said(hungarian_result(), "hungarian", me=0) == [
        "Your side took 41 of 94 card points: lost",
        "Pagát ultimó: your side announced it and made it",
        "8 tarokks in the hand of Dóra: each other player pays them 1",
    ]
    # Dóra reads her own tarokks as hers, and the declarer side by its players' names.
    assert said(hungarian_result(), "hungarian", me=3)[1:] == [
        "Pagát ultimó: the declarer side, Anna and Csaba, announced it and made it",
        "8 tarokks in your hand: each other player pays you 1",
    ]


def test_a_watcher_reads_names_and_a_hungarian_reads_hungarian():
    assert said(hungarian_result(), "hungarian", me=None)[0] == (
        "The declarer side, Anna and Csaba, took 41 of 94 card points: lost"
    )
    assert said(hungarian_result(), "hungarian", me=0, language="hu") == [
        "A te oldalad 94 kártyapontból 41 pontot vitt el: vesztett",
        "Pagát ultimó: a te oldalad bemondta és teljesítette",
        "8 tarokk Dóra kezében: minden más játékos fizet neki 1",
    ]


def test_the_dealer_who_sat_a_five_player_hand_out_is_on_neither_side():
    # Hungarian at five: Erik (seat 4) dealt and sat out, and reads the hand as a watcher does;
    # Anna and Csaba declared, Béla and Dóra took the trull without announcing it.
    outcome = hungarian.Outcome(game_value=1, card_points=(50, 44), tricks=(5, 4), trull="opponents")
    scored = hungarian.score(outcome)
    result = HandResult(
        False, (0,) * 5, "three", 0, 2, (0, 2), (50, 44), "declarer", scored.items, scored.value
    )
    seats = [*rows(None), {"index": 4, "label": "Erik", "is_me": True}]
    with translation.override("en"):
        said = receipt_sentences(result.view(), seats, "hungarian", sitter=4)
    assert said == [
        "The declarer side, Anna and Csaba, took 50 of 94 card points: won",
        "Trull: the opponents' side, Béla and Dóra, made it without announcing it",
    ]


def test_a_czech_result_says_the_silent_i_on_the_end_and_a_money_card():
    # A partner game, Anna and Csaba take 50 of 106 (d = 3, a = 26 → 3: lost); Béla played T1
    # alone to trick 12 without calling it; Csaba held a trul.
    outcome = czech.Outcome(prever=False, card_points=(50, 56), t1_side="opponents", t1_alone=True)
    scored = czech.score(outcome)
    items = (*scored.items, czech.money_line(2, "declarer", "trul", 2))
    result = HandResult(
        False, (0, 0, 0, 0), "partner", 0, 2, (0, 2), (50, 56), scored.game_winner, items, scored.value
    )
    assert said(result, "czech", me=1) == [
        "The declarer side, Anna and Csaba, took 50 of 106 card points: lost",
        "I on the end: your side made it without announcing it",
        "Trul in the hand of Csaba: each other player pays them 2",
    ]
    assert said(result, "czech", me=2, language="cs") == [
        "Vaše strana získala karetní body: 50 z celkem 106 – prohra",
        "Pagát na konec: strana protihráčů, Béla a Dóra, splnila bez hlášení",
        "Trul ve vaší ruce: každý ostatní hráč vám platí 2",
    ]


def test_a_slovenian_three_a_beggar_and_klop_in_words():
    # Anna plays a three alone and takes 41 (in threes): the game, 6 more than 35 (5 rounded),
    # and the pagat ultimo she announced and won in trick 16.
    outcome = slovenian.Outcome(
        contract="three",
        value=10,
        declarer=0,
        declarer_points=41,
        declarer_tricks=9,
        opponent_tricks=7,
        pagat_side="declarer",
        pagat_won=True,
        announced=(("ultimo", "declarer"),),
    )
    scored = slovenian.score(outcome)
    result = HandResult(
        False, scored.payments, "three", 0, None, (0,), (41, 29), "declarer", scored.items, scored.value
    )
    assert said(result, "slovenian3", me=0, seats=3) == [
        "Your side took 41 of 70 card points: won",
        "Your side took 41 card points, 6 more than 35",
        "Pagat ultimo: your side announced it and made it",
    ]
    assert said(result, "slovenian3", me=1, seats=3, language="sl")[2] == (
        "Pagat ultimo: igralčeva stran, Anna, je napovedala in izpolnila"
    )
    beggar = slovenian.score(slovenian.Outcome(contract="beggar", value=70, declarer=1, declarer_tricks=1))
    result = HandResult(
        False, beggar.payments, "beggar", 1, None, (1,), items=beggar.items, value=beggar.value
    )
    assert said(result, "slovenian3", me=0, seats=3) == [
        "Beggar: the declarer side, Béla, played it and lost"
    ]
    # Klop: Anna took no trick (+70), so nobody else scores; Csaba took 50 (−70).
    klop = slovenian.score(
        slovenian.Outcome(
            contract="klop", value=0, declarer=None, klop_points=(0, 20, 50), klop_tricks=(0, 5, 11)
        )
    )
    result = HandResult(False, klop.payments, "klop", items=klop.items)
    assert said(result, "slovenian3", me=0, seats=3) == [
        "Klop: you score 70",
        "Klop: nothing for Béla",
        "Klop: Csaba loses 70",
    ]
    assert said(result, "slovenian3", me=0, seats=3, language="sl")[0] == "Klop: dobite 70"


def test_a_bridge_round_counts_in_words():
    # Anna went out; Béla keeps HA and DK (25), Csaba DA, SQ, SK (35); one J: Anna takes 20 off.
    hands = ([], ["HA", "DK"], ["DA", "SQ", "SK"])
    payments, items = bridge.score(hands, winner=0, jacks=1, multiplier=1, choice=bridge.MINUS)
    r = HandResult(False, payments, items=items).view()
    with translation.override("en"):
        assert bridge_round_sentences(r, hands, rows(1, 3)) == [
            "Anna has no cards left; J points: 20 off the total",
            "You keep 2 cards worth 25 penalty points",
            "Csaba keeps 3 cards worth 35 penalty points",
        ]
    with translation.override("hu"):
        assert bridge_round_sentences(r, hands, rows(1, 3))[1] == "2 lapod maradt, 25 büntetőpont értékben"


# A receipt row: its sentence, then its arithmetic.
ROW = (
    r'<tr data-item="[^"]+"[^>]*><td><span class="said">(.*?)</span>\s*'
    r'<small class="arithmetic">(.*?)</small>'
)
FORMULA = re.compile(r"[×=→]|\b[a-zμσ]\s*=")


@pytest.mark.parametrize("language", ["en", "hu", "cs", "sl"])
def test_no_receipt_row_a_player_sees_is_a_bare_formula(language):
    """Every row of the result panel starts with a sentence (words, no ×, =, →); the arithmetic
    is there as its second line."""
    czech_scored = czech.score(czech.Outcome(prever=True, card_points=(61, 45), contra=1))
    results = [
        ("hungarian", hungarian_result(), 4),
        (
            "czech",
            HandResult(
                False,
                (0, 0, 0, 0),
                "prever",
                1,
                None,
                (1,),
                (61, 45),
                "declarer",
                czech_scored.items,
                czech_scored.value,
            ),
            4,
        ),
    ]
    with translation.override(language):
        for variant, result, seats in results:
            html = render_live_template(
                "_receipt.html",
                {"r": result.view(), "seat_rows": rows(1, seats), "zero_sum": True, "variant_key": variant},
            )
            cells = re.findall(ROW, html, re.S)
            assert len(cells) == len(result.items), html
            for sentence, arithmetic in cells:
                assert not FORMULA.search(sentence) and len(re.findall(r"[^\W\d_]{3,}", sentence)) >= 3, (
                    sentence
                )
                assert "×" in arithmetic, arithmetic


# The Amount column from the viewer's side (issue 35): a seat of a side that settles reads each
# line for its side, the total row what it gets (its figure of the payments line); a watcher and
# a seat that sat out read the declarer side's point of view, and the heading says so.
def amounts_shown(
    result: HandResult, me: int | None, language: str = "en", zero_sum: bool = True, seats=None
):
    """The rendered receipt's heading, its Amount cells, its V total and its "you get" row."""
    with translation.override(language):
        html = render_live_template(
            "_receipt.html",
            {"r": result.view(), "seat_rows": seats or rows(me, len(result.payments)), "zero_sum": zero_sum},
        )
    heading = re.search(r'<th class="amount">(.*?)</th>', html).group(1)
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r'<td class="amount">(.*?)</td>', html)]
    value = re.search(r'data-shown-value="[^"]*">(.*?)</th>', html)
    you_get = re.search(
        r'<tr class="you-get"><th>(.*?)</th><th class="amount" data-you-get="[^"]*">(.*?)</th>', html
    )
    return heading, cells, value and value.group(1), you_get and you_get.groups()


def czech_prever() -> HandResult:
    # Béla plays prever alone and takes 50 of 106 (lost); the opponents took the I on the end
    # without calling it; Dóra held a money card.
    outcome = czech.Outcome(prever=True, card_points=(50, 56), t1_side="opponents", t1_alone=False)
    scored = czech.score(outcome)
    items = (*scored.items, czech.money_line(3, "opponents", "trul", 2))
    payments = list(czech.settle(scored.value, (1,)))
    for seat in range(4):
        payments[seat] += 6 if seat == 3 else -2
    return HandResult(
        False, tuple(payments), "prever", 1, None, (1,), (50, 56), scored.game_winner, items, scored.value
    )


def slovenian_three() -> HandResult:
    # Anna plays a three alone and takes 30: the game and the difference lost; Béla's side
    # (the opponents) took the trula without announcing it.
    outcome = slovenian.Outcome(
        contract="three",
        value=10,
        declarer=0,
        declarer_points=30,
        declarer_tricks=6,
        opponent_tricks=10,
        trula="opponents",
    )
    scored = slovenian.score(outcome)
    return HandResult(
        False, scored.payments, "three", 0, None, (0,), (30, 40), "opponents", scored.items, scored.value
    )


# An opponent's reading in the game's language.
HU_OPPONENT = (
    "Az oldaladnak",
    ["+2", "-10", "-1"],
    "-8",
    ("Összesen – a másik oldalnak fizetsz: 8, és a minden más játékos által fizetett sorok", "-9"),
)
CS_OPPONENT = (
    "Pro vaši stranu",
    ["+4", "-2", "-2"],
    "+2",
    ("Celkem: Béla vám platí 2, a k tomu řádky, které platí každý ostatní hráč", "0"),
)
SL_OPPONENT = (
    "Za igralčevo stran",
    ["-10", "-5", "-10"],
    "-25",
    ("Skupaj: točke dobi samo igralec; vi dobite 0", "0"),
)


def column_adds_up(shown) -> bool:
    """The cells (a declarer alone's "each" from each of three opponents) sum to what they get."""
    _, cells, _, (_, total) = shown
    figures = [int(c.split()[0]) * (3 if c.endswith(" each") else 1) for c in cells]
    return sum(figures) == int(total)


def test_a_hungarian_receipt_reads_from_each_seat_side():
    # Anna and Csaba lost the game (−2) but made the announced ultimó (+10): V = +8 for them;
    # Dóra's 8 tarokks cost each other player 1.
    result = hungarian_result()
    assert result.payments == (7, -9, 7, -5)
    assert amounts_shown(result, me=0) == (
        "For your side",
        ["-2", "+10", "-1"],
        "+8",
        ("In all: you receive 8 from the other side, and the lines paid by each other player", "+7"),
    )
    # The opponents read their side's gains: the lost game is +2 to them, the ultimó −10.
    assert amounts_shown(result, me=1) == (
        "For your side",
        ["+2", "-10", "-1"],
        "-8",
        ("In all: you pay 8 to the other side, and the lines paid by each other player", "-9"),
    )
    assert amounts_shown(result, me=3)[1] == ["+2", "-10", "+3"]  # the holder: 1 from each of 3
    assert all(column_adds_up(amounts_shown(result, me=seat)) for seat in range(4))
    assert amounts_shown(result, me=None) == ("For the declarer side", ["-2", "+10", "1 each"], "+8", None)
    assert amounts_shown(result, me=1, language="hu") == HU_OPPONENT


def test_a_dealer_who_sat_out_reads_the_declarer_side_point_of_view():
    outcome = hungarian.Outcome(game_value=1, card_points=(50, 44), tricks=(5, 4), trull="opponents")
    scored = hungarian.score(outcome)
    payments = hungarian.settle_hand(scored, 0, 2, (0, 1, 2, 3), 5)
    result = HandResult(
        False, payments, "three", 0, 2, (0, 2), (50, 44), "declarer", scored.items, scored.value
    )
    seats = [*rows(None), {"index": 4, "label": "Erik", "is_me": True}]
    with translation.override("en"):
        html = render_live_template(
            "_receipt.html", {"r": result.view(), "seat_rows": seats, "zero_sum": True, "view": {"sitter": 4}}
        )
    assert '<th class="amount">For the declarer side</th>' in html and "you-get" not in html
    assert re.findall(r'<td class="amount">(?:<span[^>]*>)?(.*?)<', html) == ["+1", "-1"]


def test_a_czech_prever_reads_from_each_seat_side():
    # Béla plays prever alone and loses the game (−4 to V); the opponents' silent I on the end
    # (+2); Dóra's trul: 2 from each other player. V = −2: Béla pays each opponent 2.
    result = czech_prever()
    assert result.payments == (0, -8, 0, 8)
    assert amounts_shown(result, me=1) == (
        "For your side",
        ["-4 each", "+2 each", "-2"],
        "-2 each",
        ("In all: you pay each opponent 2, and the lines paid by each other player", "-8"),
    )
    assert amounts_shown(result, me=0) == (
        "For your side",
        ["+4", "-2", "-2"],
        "+2",
        ("In all: Béla pays you 2, and the lines paid by each other player", "0"),
    )
    assert all(column_adds_up(amounts_shown(result, me=seat)) for seat in range(4))
    assert amounts_shown(result, me=None) == ("For the declarer side", ["-4", "+2", "2 each"], "-2", None)
    assert amounts_shown(result, me=0, language="cs") == CS_OPPONENT


def test_a_slovenian_receipt_is_the_declarer_score_and_says_so():
    # Only the declarer scores (slovenian3.md §10): Anna reads her own side; Béla reads the
    # declarer side's lines, and that he scores 0.
    result = slovenian_three()
    assert result.payments == (-25, 0, 0)
    assert amounts_shown(result, me=0, zero_sum=False) == (
        "For your side",
        ["-10", "-5", "-10"],
        "-25",
        ("In all: only you score: V", "-25"),
    )
    assert amounts_shown(result, me=1, zero_sum=False) == (
        "For the declarer side",
        ["-10", "-5", "-10"],
        "-25",
        ("In all: only the declarer scores; you score 0", "0"),
    )
    assert amounts_shown(result, me=None, zero_sum=False) == (
        "For the declarer side",
        ["-10", "-5", "-10"],
        "-25",
        None,
    )
    assert amounts_shown(result, me=1, language="sl", zero_sum=False) == SL_OPPONENT
