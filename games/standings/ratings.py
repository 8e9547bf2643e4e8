"""Ratings per game for people, with openskill's Plackett-Luce model (Weng-Lin): made for
multiplayer games with ranks and ties, which a match's standing is. Each seat is its own team
(a partnership changes from hand to hand, the standing is per seat); robots are opponents of a
fixed strength by level, never updated themselves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from games.models import Room
from games.services import matches
from games.standings.models import PlayerHand, RatedMatch, Rating
from games.standings.players import robot_levels

MODEL = PlackettLuce()

# (mu, sigma) of each robot level: the basic robot is an average player (openskill's starting
# mu), the strong one better, the random one far worse; a small sigma, as their play is known.
ROBOT_STRENGTH = {"random": (12.0, 2.0), "basic": (25.0, 2.0), "strong": (31.0, 2.0)}
ROBOT_DEFAULT = "basic"  # a seat a robot kept for a player who left


@dataclass(frozen=True)
class Entrant:
    """One seat of a rated match: a person's rating before the match, or a robot's strength."""

    mu: float
    sigma: float
    user_id: int | None = None  # None: a robot


def rated(entrants: list[Entrant], places: list[int]) -> list[tuple[float, float]]:
    """(mu, sigma) of every entrant after a match where each finished at ``places[i]`` (1 best,
    equal places for a tie), as openskill computes it."""
    teams = [[MODEL.rating(mu=e.mu, sigma=e.sigma)] for e in entrants]
    after = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in after]


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def rate_match(room: Room, match_no: int) -> RatedMatch | None:
    """Change the ratings of the people of a rated table's finished match by its standing, once.

    Returns the match's record, or None when nothing is rated: the table is unrated, the match
    is not over, or no person played in it."""
    if not room.rated:
        return None
    match = matches.match_of(room, match_no)
    if match is None or not match.over:
        return None
    people = _people_by_seat(room, match_no)
    if not people:
        return None
    levels = robot_levels(room.pk)
    places = {seat: place for place, seat, _ in match.standings()}
    now = timezone.now()
    try:
        with transaction.atomic():
            # The unique (room, match_no) makes a second announcement of the same end a no-op.
            record = RatedMatch.objects.create(
                room=room, match_no=match_no, variant=room.variant, finished=now
            )
            current = {
                r.user_id: r
                for r in Rating.objects.select_for_update().filter(
                    variant=room.variant, user_id__in=people.values()
                )
            }
            entrants = []
            for seat in sorted(places):
                user_id = people.get(seat)
                if user_id is None:
                    mu, sigma = ROBOT_STRENGTH.get(
                        levels.get(seat) or ROBOT_DEFAULT, ROBOT_STRENGTH[ROBOT_DEFAULT]
                    )
                elif user_id in current:
                    mu, sigma = current[user_id].mu, current[user_id].sigma
                else:
                    mu, sigma = MODEL.mu, MODEL.sigma
                entrants.append(Entrant(mu, sigma, user_id))
            after = rated(entrants, [places[seat] for seat in sorted(places)])
            record.changes = [
                _save(current.get(e.user_id), room.variant, e, new, places[seat], seat, now)
                for seat, e, new in zip(sorted(places), entrants, after, strict=True)
                if e.user_id is not None
            ]
            record.save(update_fields=["changes"])
    except IntegrityError:
        return None  # rated already
    return record


def _save(
    rating: Rating | None,
    variant: str,
    entrant: Entrant,
    new: tuple[float, float],
    place: int,
    seat: int,
    now: Any,
) -> dict[str, Any]:
    mu, sigma = new
    if rating is None:
        assert entrant.user_id is not None  # a person: robots have no rating
        rating = Rating(user_id=entrant.user_id, variant=variant, matches=0)
    rating.mu, rating.sigma, rating.ordinal = mu, sigma, ordinal(mu, sigma)
    rating.matches += 1
    rating.updated = now
    rating.save()
    return {
        "user": entrant.user_id,
        "seat": seat,
        "place": place,
        "before": [entrant.mu, entrant.sigma],
        "after": [mu, sigma],
    }


def _people_by_seat(room: Room, match_no: int) -> dict[int, int]:
    """Seat -> the person who played most of the match's hands on it (seats robots held
    throughout are not among them)."""
    counts: Counter[tuple[int, int]] = Counter(
        PlayerHand.objects.filter(room=room, match_no=match_no).values_list("seat", "user_id")
    )
    people: dict[int, int] = {}
    for (seat, user_id), _ in counts.most_common():
        people.setdefault(seat, user_id)
    return people
