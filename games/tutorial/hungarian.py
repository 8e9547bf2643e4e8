"""The guided hand of Hungarian Tarokk (XX-hívás): a sound "three", the talon and a discard that
makes voids, calling the XX, and a hand where the opponents lose their pagát in the last trick."""

from __future__ import annotations

from games.rules import Deal

from .script import Script, cards, learner, robot

# Dealer 3, so the learner (seat 0) is forehand: first to bid and first to lead.
DEAL = Deal(
    hands=(
        cards("T4 T7 T18 D1 T16 T21 HK T3 CQ"),
        cards("T6 T13 CK T20 T19 T12 T17 C10 DK"),
        cards("H1 T15 SQ HJ T9 T1 T22 T11 T14"),
        cards("T8 SK S10 T10 CJ T5 HQ CR SR"),
    ),
    talon=cards("DR T2 SJ DJ DQ HR"),
)

FOLLOW = "You must follow the suit led; with none of it you must play a tarokk."

SCRIPT = Script(
    variant="hungarian",
    title="Hungarian Tarokk: your first three",
    intro=(
        "Four players, nine cards each, six in the talon. Tarokks (I to XXI and the Skíz) are trumps. "
        "The three honours, Skíz, XXI and Pagát (I), matter most. Whoever wins the auction takes cards "
        "from the talon, calls the XX to find a partner, and their side needs 48 of the 94 card points."
    ),
    dealer=3,
    deal=DEAL,
    moves=(
        learner(
            "bid:three",
            about=(
                "The auction. You may bid only if you hold an honour: you hold the XXI. Three takes three "
                "talon cards and is worth 1; higher bids take fewer cards and are worth more."
            ),
            why=(
                "Six tarokks with the XXI and a king is a good hand for three, the bid that takes the most "
                "talon cards. One or solo would need far more tarokks."
            ),
            otherwise="Bid three here: your six tarokks and the XXI are enough for it, not for more.",
        ),
        robot(1, "pass", note="Robot 2 passes."),
        robot(2, "pass", note="Robot 3 passes."),
        robot(3, "pass", note="Robot 4 passes: you are the declarer."),
        learner(
            "keep",
            about="You were the only bidder, so you may keep three or raise the contract once.",
            why="Raising only multiplies the risk: your hand is no stronger than when you bid.",
        ),
        learner(
            "discard:SJ,DR,CQ",
            about=(
                "The talon: you took its first three cards (the II, the spade jack, the diamond rider); the "
                "others got one each. Now discard three cards. Kings and honours may never be discarded; "
                "your discard counts for your side."
            ),
            why=(
                "Every card of a short suit you throw makes a void, and into a void you may trump. "
                "Throwing the spade jack, the diamond rider and the club queen leaves you the heart king "
                "and the diamond ace beside eight tarokks."
            ),
            otherwise="Discard SJ, DR and CQ: short suits thrown away become voids you can trump.",
        ),
        robot(1, "discard:C10"),
        robot(2, "discard:SQ"),
        robot(3, "discard:CJ"),
        learner(
            "call:T20",
            about="You call a tarokk: whoever holds it is your partner, but stays silent about it.",
            why="You do not hold the XX, so the rules make you call it (XX-hívás: the XX call).",
        ),
        learner(
            "pass",
            about="Announcements: a bonus you promise (trull, four kings, pagát ultimó...) scores double.",
            why=(
                "You hold only one honour and no pagát: nothing here is sure enough to announce. "
                "A bonus made without announcing still scores."
            ),
        ),
        robot(1, "pass"),
        robot(2, "pass"),
        robot(3, "pass"),
        learner(
            "play:HK",
            about="You are forehand, so you lead the first trick. Any card may be led.",
            why=(
                "Lead your king of hearts while the others still hold hearts: it is likely to win "
                "and a king is worth 5 card points."
            ),
        ),
        robot(1, "play:T6", note="Robot 2 had no heart and trumped with a tarokk: it won your king."),
        robot(2, "play:H1"),
        robot(3, "play:HR"),
        robot(1, "play:DK"),
        robot(2, "play:DQ"),
        robot(3, "play:T5"),
        learner("play:D1", about=f"Diamonds are led and you hold one diamond. {FOLLOW}"),
        robot(3, "play:CR"),
        learner(
            "play:T2",
            about=f"Clubs are led and you discarded yours: you must trump. {FOLLOW}",
            why="Any tarokk wins here for now; the II is your cheapest, keep the big ones for later.",
        ),
        robot(1, "play:CK"),
        robot(2, "play:T9"),
        robot(2, "play:HJ"),
        robot(3, "play:HQ"),
        learner(
            "play:T18",
            about="Hearts are led and you have none left: you must play a tarokk.",
            why=(
                "The heart queen (4 points) and jack are on the table: win them with a tarokk high enough "
                "that the last player is unlikely to beat it."
            ),
        ),
        robot(1, "play:T12"),
        learner(
            "play:T3",
            about="You won the trick, so you lead. Only tarokks are left in your hand.",
            why="Lead a small tarokk to draw out the others' tarokks while your XXI stays safe.",
        ),
        robot(1, "play:T13"),
        robot(2, "play:T11"),
        robot(3, "play:T8"),
        robot(1, "play:T17"),
        robot(2, "play:T22", note="The Skíz, the highest card, wins the trick."),
        robot(3, "play:T10"),
        learner(
            "play:T4",
            about="A tarokk is led and already beaten by the Skíz: you must follow with a tarokk.",
            why="You cannot win this trick: give it your smallest tarokk.",
        ),
        robot(2, "play:T14"),
        robot(3, "play:S10"),
        learner(
            "play:T21",
            about="A tarokk is led and you hold tarokks only.",
            why=(
                "The Skíz has been played, so your XXI is now the highest card left: it wins for sure. "
                "It would be caught (the XXI-catch, 21 points) only by the Skíz."
            ),
        ),
        robot(1, "play:T19"),
        learner(
            "play:T7",
            about="You lead again, with the VII and the XVI left.",
            why="Lead the VII: your partner holds the XX, and the XVI should win the last trick.",
        ),
        robot(1, "play:T20", note="Robot 2 plays the XX: it is your partner."),
        robot(2, "play:T15"),
        robot(3, "play:SR"),
        robot(1, "play:DJ"),
        robot(2, "play:T1", note="Robot 3 plays the pagát (I) to the last trick, hoping it wins."),
        robot(3, "play:SK"),
        learner(
            "play:T16",
            about="The last trick, with the pagát in it: your last card is the XVI.",
            why="The XVI beats the pagát: catching a pagát in the last trick costs its side a pagát ultimó.",
        ),
    ),
    receipt={
        "game": (
            "You and your partner took 58 card points, at least 48: you win the game, worth 1 "
            "for a three (2 for two, 3 for one, 4 for solo)."
        ),
        "pagát ultimó": (
            "The opponents played the pagát to the last trick and it lost: a silent (unannounced) "
            "failed pagát ultimó costs its side 5, here paid to your side."
        ),
    },
    settlement=(
        "V, your side's total, is 1 + 5 = 6. With a partner, the declarer and the partner each "
        "receive V and each opponent pays V."
    ),
)
