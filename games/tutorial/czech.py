"""The guided hand of Czech Taroky: povinnost, a partner game with the talon's four cards,
discards that make voids, calling the XIX, the money cards, and a game won with a partner."""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.rules import Deal

from .script import Script, Text, cards, learner, robot

# The pack as it lies before the dealer (robot 4, seat 3) deals: Czech players shuffle and cut at
# the table, so the deal is the deck, top card first, and the salt of the dealer's shuffles.
DEAL = Deal(
    hands=(),
    deck=cards(
        "H2 DK T18 DR DQ DJ HK H3 SR T15 C9 HR T7 D2 CK T4 D4 SJ T19 T8 T14 H4 T11 S9 T12 T9 CQ D3 T3 HJ T1 "
        "CJ C8 T16 S10 H1 T10 C7 T5 T21 T2 HQ SK S7 D1 T13 T22 T20 T6 CR SQ T17 S8 C10"
    ),
    salt="800a4c9416f5c1ee1e9d19e796d2f9e0",
)

TRUMP_IN = _("You have none of the suit led, so you must play a trump (tarok).")


def _trump_in(led: Text) -> Text:
    """A decision where the learner must trump: what is led, then the rule."""
    return format_lazy("{} {}", led, TRUMP_IN)


SCRIPT = Script(
    variant="czech",
    title=_("Czech Taroky: povinnost and a partner game"),
    intro=format_lazy(
        ngettext_lazy(
            "Four players, twelve cards each, six in the talon. The 22 taroks are trumps; the I (pagát), XXI "
            "and XXII (škýz) and the kings are worth {worth} points each. The holder of the lowest tarok "
            "from II up is povinnost: the one who must play. The declaring side needs {needed} of the "
            "{total} card point.",
            "Four players, twelve cards each, six in the talon. The 22 taroks are trumps; the I (pagát), XXI "
            "and XXII (škýz) and the kings are worth {worth} points each. The holder of the lowest tarok "
            "from II up is povinnost: the one who must play. The declaring side needs {needed} of the "
            "{total} card points.",
            106,
        ),
        worth=5,
        needed=54,
        total=106,
    ),
    dealer=3,
    deal=DEAL,
    moves=(
        robot(3, "pass", note=format_lazy(_("Robot {robot} deals without an extra shuffle."), robot=4)),
        robot(2, "cut:32", note=format_lazy(_("Robot {robot} cuts the pack; the cards are dealt."), robot=3)),
        learner(
            "pass",
            about=_(
                "You hold the II, so you are povinnost. You may say prever (play alone against three, "
                "choosing between two halves of the talon) or pass: povinnost's pass means “I play with "
                "a partner”."
            ),
            why=_(
                "Five taroks and no king: far too weak to play alone. With a partner you take four talon "
                "cards and share the work."
            ),
            otherwise=_("Pass: five taroks without a king is no prever; play with a partner."),
        ),
        robot(1, "pass"),
        robot(2, "pass"),
        robot(3, "pass", note=_("Nobody says prever: a partner game, povinnost's side against two.")),
        robot(
            1,
            "take",
            note=format_lazy(
                _("You took talon cards {first} to {last}; robots {robot} and {other} take one each."),
                first=1,
                last=4,
                robot=2,
                other=3,
            ),
        ),
        robot(2, "take"),
        learner(
            "discard:HQ",
            about=_(
                "You hold sixteen cards: discard four, one at a time, into your own pile (they count for "
                "your side). Five-point cards (kings, I, XXI, XXII) may never go; taroks only if nothing "
                "else can."
            ),
            why=format_lazy(
                ngettext_lazy(
                    "Empty a suit: your hearts (queen, rider, one) all go, and the queen's {points} point is "
                    "safe in your pile. With no hearts you may trump every heart.",
                    "Empty a suit: your hearts (queen, rider, one) all go, and the queen's {points} points "
                    "are safe in your pile. With no hearts you may trump every heart.",
                    4,
                ),
                points=4,
            ),
        ),
        learner(
            "discard:HR",
            about=_("Three more to discard."),
            why=format_lazy(
                ngettext_lazy(
                    "The heart rider ({points} point) goes to your pile too: hearts are nearly empty.",
                    "The heart rider ({points} points) goes to your pile too: hearts are nearly empty.",
                    3,
                ),
                points=3,
            ),
        ),
        learner(
            "discard:H1",
            about=_("Two more to discard."),
            why=_("Your last heart: now you are void in hearts."),
        ),
        learner(
            "discard:D2",
            about=_("One more to discard."),
            why=_("Your only diamond: a second void, so diamonds can be trumped as well."),
        ),
        robot(1, "discard:SJ"),
        robot(2, "discard:SQ"),
        learner(
            "call:T19",
            about=_("As povinnost you call a tarok: its holder is your partner, and nobody is told who."),
            why=_("You do not hold the XIX, so the XIX is your call (the only one the rules give you here)."),
        ),
        learner(
            "declare",
            about=_(
                "Money cards: each hand is checked for its bonuses (no taroks, many taroks, the trul, the "
                "five-point cards), paid at once by the other three."
            ),
            why=_("Your hand has none to show; declaring is the only choice here."),
        ),
        learner(
            "pass",
            about=_("Valat: a promise to win all twelve tricks, for a big score."),
            why=_("Nobody takes every trick with six taroks: pass."),
        ),
        robot(1, "pass"),
        robot(2, "pass"),
        robot(3, "pass"),
        robot(3, "pass"),
        robot(2, "pass"),
        robot(3, "pass"),
        learner(
            "play:SK",
            about=_("Povinnost leads the first trick. Any card may be led."),
            why=format_lazy(
                ngettext_lazy(
                    "Lead your spade king ({points} point) early, before anyone runs out of spades.",
                    "Lead your spade king ({points} points) early, before anyone runs out of spades.",
                    5,
                ),
                points=5,
            ),
        ),
        robot(
            1, "play:T4", note=format_lazy(_("Robot {robot} had no spade and trumped your king."), robot=2)
        ),
        robot(2, "play:S8"),
        robot(3, "play:T18"),
        robot(3, "play:HK"),
        learner(
            "play:T2",
            about=_trump_in(_("The heart king is led and you discarded your hearts.")),
            why=_("Any tarok beats the king for now: give the smallest, the II, and see who follows."),
        ),
        robot(1, "play:T6"),
        robot(2, "play:H2"),
        robot(1, "play:CK"),
        robot(2, "play:C7"),
        robot(3, "play:CJ"),
        learner(
            "play:C8",
            about=_("Clubs are led: you must follow suit with a club."),
            why=_("The king wins; keep your higher club and give the eight."),
        ),
        robot(1, "play:CR"),
        robot(2, "play:C10"),
        robot(3, "play:CQ"),
        learner("play:C9", about=_("Clubs again, and your last club must follow.")),
        robot(3, "play:D3"),
        learner(
            "play:T5",
            about=_trump_in(_("Diamonds are led and you discarded yours.")),
            why=_("A small tarok is enough to win a low diamond."),
        ),
        robot(1, "play:D1"),
        robot(2, "play:DK"),
        learner(
            "play:S7",
            about=_("You lead."),
            why=_("A small spade keeps your taroks for later and finds out who still has spades."),
        ),
        robot(1, "play:T8"),
        robot(2, "play:S9"),
        robot(3, "play:T3"),
        robot(1, "play:D4"),
        robot(2, "play:T9"),
        robot(3, "play:DJ"),
        learner(
            "play:T15",
            about=_trump_in(_("Diamonds are led.")),
            why=format_lazy(
                ngettext_lazy(
                    "The IX is on the table: the XV beats it and takes the diamond jack ({points} point).",
                    "The IX is on the table: the XV beats it and takes the diamond jack ({points} points).",
                    2,
                ),
                points=2,
            ),
        ),
        learner(
            "play:S10",
            about=_("You lead."),
            why=_("Lead a spade again: taroks you hold are worth more when the others have used theirs."),
        ),
        robot(1, "play:T10"),
        robot(2, "play:T11"),
        robot(
            3,
            "play:T1",
            note=format_lazy(
                ngettext_lazy(
                    "Robot {robot} played the pagát (I); it is worth {points} point to whoever wins it.",
                    "Robot {robot} played the pagát (I); it is worth {points} points to whoever wins it.",
                    5,
                ),
                robot=4,
                points=5,
            ),
        ),
        robot(2, "play:H4"),
        robot(3, "play:H3"),
        learner(
            "play:T7",
            about=_trump_in(_("Hearts are led.")),
            why=_("Two small hearts: your smallest tarok wins them, unless someone else trumps."),
        ),
        robot(1, "play:T13"),
        robot(
            1, "play:T19", note=format_lazy(_("Robot {robot} plays the XIX: it is your partner."), robot=2)
        ),
        robot(2, "play:T12"),
        robot(3, "play:HJ"),
        learner(
            "play:T21",
            about=_("A tarok is led: you must follow with a tarok."),
            why=format_lazy(
                ngettext_lazy(
                    "Your partner's XIX already wins; the XXI makes the trick safe and brings {points} point "
                    "home.",
                    "Your partner's XIX already wins; the XXI makes the trick safe and brings {points} "
                    "points home.",
                    5,
                ),
                points=5,
            ),
        ),
        learner(
            "play:SR",
            about=_("You lead, with the spade rider and the XVI left."),
            why=_("Lead the rider now; your XVI may still win the last trick."),
        ),
        robot(1, "play:T20"),
        robot(2, "play:T14"),
        robot(3, "play:DR"),
        robot(1, "play:T22", note=_("Your partner leads the škýz, the highest card.")),
        robot(2, "play:T17"),
        robot(3, "play:DQ"),
        learner("play:T16", about=_("The last trick: your XVI is your last card.")),
    ),
    receipt={
        "game": format_lazy(
            ngettext_lazy(
                "Your side took {points} card point: {over} more than half ({half}), so d = {over}. Then a = "
                "{over} + {bonus} = {a}, doubled in a partner game to {doubled}, and divided by ten: {value} "
                "(rounded half away from zero).",
                "Your side took {points} card points: {over} more than half ({half}), so d = {over}. Then a "
                "= {over} + {bonus} = {a}, doubled in a partner game to {doubled}, and divided by ten: "
                "{value} (rounded half away from zero).",
                77,
            ),
            points=77,
            over=24,
            half=53,
            bonus=10,
            a=34,
            doubled=68,
            value=7,
        ),
        "Tarocky": format_lazy(  # untranslated: the receipt line's key (ScoredItem.name), not shown as such
            _(
                "A money card of your partner's: eight or nine taroks after the discard. Each of the other "
                "three paid it {value} at once, outside the game's value."
            ),
            value=2,
        ),
    },
    settlement=format_lazy(
        _(
            "Your side won, so V = +{value}: you and your partner each receive {value} and each opponent "
            "pays {value}. The money cards were settled apart."
        ),
        value=7,
    ),
)
