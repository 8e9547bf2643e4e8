"""The analysis panel's amounts and counts in words (games/analysis/panel.py)."""

from __future__ import annotations

from django.utils import translation

from games.analysis.panel import counts_words, loss_words
from games.page.amounts import amount, quantity, signed_amount


def test_amounts_have_one_decimal_at_most_a_true_minus_and_the_languages_separator():
    assert [amount(x) for x in (-12.0, 6.5, -0.04, 3.26, 0.0)] == ["−12", "6.5", "0", "3.3", "0"]
    assert (
        loss_words(14.0, "chips") == "−14 chips expected"
        and loss_words(0.01, "points") == "0 points expected"
    )
    with translation.override("hu"):
        assert amount(-18.5) == "−18,5"


def test_a_quantitys_unit_agrees_with_its_number_in_every_language():
    """A whole number counted as the language counts, a fraction said as the language says one
    (the analysis once read "−4,2 žetony": Czech says "žetonu" after a fraction)."""
    assert [quantity(x, "points") for x in (-1.0, 2.0, 1.5, 0.0)] == [
        "−1 point",
        "2 points",
        "1.5 points",
        "0 points",
    ]
    assert quantity(2.44, "chips", signed=True) == "+2.4 chips"
    expected = {
        "cs": (["−1 žeton", "−3 žetony", "−14 žetonů", "−4,2 žetonu"], "0 trestných bodů", "1,5 bodu"),
        "sl": (["−1 žeton", "−3 žetoni", "−14 žetonov", "−4,2 žetona"], "0 kazenskih točk", "1,5 točke"),
        "hu": (["−1 zseton", "−3 zseton", "−14 zseton", "−4,2 zseton"], "0 büntetőpont", "1,5 pont"),
    }
    for language, (chips, penalty, points) in expected.items():
        with translation.override(language):
            assert [quantity(x, "chips") for x in (-1.0, -3.0, -14.0, -4.2)] == chips, language
            assert quantity(0.01, "penalty points") == penalty, language
            assert quantity(1.5, "points") == points, language
    with translation.override("sl"):
        # Slovenian counts by the last two digits, with a dual for two.
        assert [quantity(x, "points") for x in (-101.0, 2.0, 102.0)] == ["−101 točka", "2 točki", "102 točki"]
    with translation.override("cs"):
        assert loss_words(4.2, "chips") == "očekáváno −4,2 žetonu"


def test_a_signed_amount_has_a_plus_for_a_gain_and_no_decimal_for_a_whole_number():
    # The hint once read "−189.0 points": a whole amount has no decimal, whatever its sign.
    assert [signed_amount(x) for x in (-189.0, 2.44, 0.04, -0.04, 7.0)] == ["−189", "+2.4", "0", "0", "+7"]


def test_counts_are_said_worst_first_and_none_is_no_mistakes():
    assert counts_words({"mistake": 3, "blunder": 1, "good": 9}) == "1 blunder, 3 mistakes"
    assert counts_words({"inaccuracy": 1}) == "1 inaccuracy"
    assert counts_words({"good": 4}) == "no mistakes"
