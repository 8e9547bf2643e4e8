"""The guided hand of Czech Taroky: povinnost, a partner game with the talon's four cards,
discards that make voids, calling the XIX, the money cards, and a game won with a partner."""

from __future__ import annotations

from games.rules import Deal

from .script import Script, cards, learner, robot

# The pack as it lies before the dealer (robot 4, seat 3) deals: Czech players shuffle and cut at
# the table, so the deal is the deck, top card first, and the salt of the dealer's shuffles.
DEAL = Deal(
    hands=(),
    deck=cards(
        "H2 DK T18 DR DQ DJ HK H3 SR T15 C9 HR T7 D2 CK T4 D4 SJ T19 T8 T14 H4 T11 S9 T12 T9 CQ "
        "D3 T3 HJ T1 CJ C8 T16 S10 H1 T10 C7 T5 T21 T2 HQ SK S7 D1 T13 T22 T20 T6 CR SQ T17 S8 C10"
    ),
    salt="800a4c9416f5c1ee1e9d19e796d2f9e0",
)

TRUMP_IN = "You have none of the suit led, so you must play a trump (tarok)."

SCRIPT = Script(
    variant="czech",
    title="Czech Taroky: povinnost and a partner game",
    intro=(
        "Four players, twelve cards each, six in the talon. The 22 taroks are trumps; the I (pagát), "
        "XXI and XXII (škýz) and the kings are worth 5 points each. The holder of the lowest tarok from "
        "II up is povinnost: the one who must play. The declaring side needs 54 of the 106 card points."
    ),
    dealer=3,
    deal=DEAL,
    moves=(
        robot(3, "pass", note="Robot 4 deals without an extra shuffle."),
        robot(2, "cut:32", note="Robot 3 cuts the pack; the cards are dealt."),
        learner(
            "pass",
            about=(
                "You hold the II, so you are povinnost. You may say prever (play alone against three, "
                "choosing between two halves of the talon) or pass: povinnost's pass means "
                "\u201cI play with a partner\u201d."
            ),
            why=(
                "Five taroks and no king: far too weak to play alone. With a partner you take four "
                "talon cards and share the work."
            ),
            otherwise="Pass: five taroks without a king is no prever; play with a partner.",
        ),
        robot(1, "pass"),
        robot(2, "pass"),
        robot(3, "pass", note="Nobody says prever: a partner game, povinnost's side against two."),
        robot(1, "take", note="You took talon cards 1 to 4; robots 2 and 3 take one each."),
        robot(2, "take"),
        learner(
            "discard:HQ",
            about=(
                "You hold sixteen cards: discard four, one at a time, into your own pile (they count for "
                "your side). Five-point cards (kings, I, XXI, XXII) may never go; taroks only if nothing "
                "else can."
            ),
            why=(
                "Empty a suit: your hearts (queen, rider, one) all go, and the queen's 4 points are safe "
                "in your pile. With no hearts you may trump every heart."
            ),
        ),
        learner(
            "discard:HR",
            about="Three more to discard.",
            why="The heart rider (3 points) goes to your pile too: hearts are nearly empty.",
        ),
        learner(
            "discard:H1",
            about="Two more to discard.",
            why="Your last heart: now you are void in hearts.",
        ),
        learner(
            "discard:D2",
            about="One more to discard.",
            why="Your only diamond: a second void, so diamonds can be trumped as well.",
        ),
        robot(1, "discard:SJ"),
        robot(2, "discard:SQ"),
        learner(
            "call:T19",
            about="As povinnost you call a tarok: its holder is your partner, and nobody is told who.",
            why="You do not hold the XIX, so the XIX is your call (the only one the rules give you here).",
        ),
        learner(
            "declare",
            about=(
                "Money cards: each hand is checked for its bonuses (no taroks, many taroks, the trul, "
                "the five-point cards), paid at once by the other three."
            ),
            why="Your hand has none to show; declaring is the only choice here.",
        ),
        learner(
            "pass",
            about="Valat: a promise to win all twelve tricks, for a big score.",
            why="Nobody takes every trick with six taroks: pass.",
        ),
        robot(1, "pass"),
        robot(2, "pass"),
        robot(3, "pass"),
        robot(3, "pass"),
        robot(2, "pass"),
        robot(3, "pass"),
        learner(
            "play:SK",
            about="Povinnost leads the first trick. Any card may be led.",
            why="Lead your spade king (5 points) early, before anyone runs out of spades.",
        ),
        robot(1, "play:T4", note="Robot 2 had no spade and trumped your king."),
        robot(2, "play:S8"),
        robot(3, "play:T18"),
        robot(3, "play:HK"),
        learner(
            "play:T2",
            about=f"The heart king is led and you discarded your hearts. {TRUMP_IN}",
            why="Any tarok beats the king for now: give the smallest, the II, and see who follows.",
        ),
        robot(1, "play:T6"),
        robot(2, "play:H2"),
        robot(1, "play:CK"),
        robot(2, "play:C7"),
        robot(3, "play:CJ"),
        learner(
            "play:C8",
            about="Clubs are led: you must follow suit with a club.",
            why="The king wins; keep your higher club and give the eight.",
        ),
        robot(1, "play:CR"),
        robot(2, "play:C10"),
        robot(3, "play:CQ"),
        learner("play:C9", about="Clubs again, and your last club must follow."),
        robot(3, "play:D3"),
        learner(
            "play:T5",
            about=f"Diamonds are led and you discarded yours. {TRUMP_IN}",
            why="A small tarok is enough to win a low diamond.",
        ),
        robot(1, "play:D1"),
        robot(2, "play:DK"),
        learner(
            "play:S7",
            about="You lead.",
            why="A small spade keeps your taroks for later and finds out who still has spades.",
        ),
        robot(1, "play:T8"),
        robot(2, "play:S9"),
        robot(3, "play:T3"),
        robot(1, "play:D4"),
        robot(2, "play:T9"),
        robot(3, "play:DJ"),
        learner(
            "play:T15",
            about=f"Diamonds are led. {TRUMP_IN}",
            why="The IX is on the table: the XV beats it and takes the diamond jack (2 points).",
        ),
        learner(
            "play:S10",
            about="You lead.",
            why="Lead a spade again: taroks you hold are worth more when the others have used theirs.",
        ),
        robot(1, "play:T10"),
        robot(2, "play:T11"),
        robot(3, "play:T1", note="Robot 4 played the pagát (I); it is worth 5 points to whoever wins it."),
        robot(2, "play:H4"),
        robot(3, "play:H3"),
        learner(
            "play:T7",
            about=f"Hearts are led. {TRUMP_IN}",
            why="Two small hearts: your smallest tarok wins them, unless someone else trumps.",
        ),
        robot(1, "play:T13"),
        robot(1, "play:T19", note="Robot 2 plays the XIX: it is your partner."),
        robot(2, "play:T12"),
        robot(3, "play:HJ"),
        learner(
            "play:T21",
            about="A tarok is led: you must follow with a tarok.",
            why="Your partner's XIX already wins; the XXI makes the trick safe and brings 5 points home.",
        ),
        learner(
            "play:SR",
            about="You lead, with the spade rider and the XVI left.",
            why="Lead the rider now; your XVI may still win the last trick.",
        ),
        robot(1, "play:T20"),
        robot(2, "play:T14"),
        robot(3, "play:DR"),
        robot(1, "play:T22", note="Your partner leads the škýz, the highest card."),
        robot(2, "play:T17"),
        robot(3, "play:DQ"),
        learner("play:T16", about="The last trick: your XVI is your last card."),
    ),
    receipt={
        "game": (
            "Your side took 77 card points: 24 more than half (53), so d = 24. Then a = 24 + 10 = 34, "
            "doubled in a partner game to 68, and divided by ten: 7 (rounded half away from zero)."
        ),
        "Tarocky": (
            "A money card of your partner's: eight or nine taroks after the discard. Each of the "
            "other three paid it 2 at once, outside the game's value."
        ),
    },
    settlement=(
        "Your side won, so V = +7: you and your partner each receive 7 and each opponent pays 7. "
        "The money cards were settled apart."
    ),
)
