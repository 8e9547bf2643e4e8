"""Computing analyses in the background: where the robots run, never in a request.

A request queues a ``HandAnalysis`` row (``request``). A worker (``run_next``) claims the oldest
queued one, or one whose worker's lease ran out, by a conditional UPDATE: of two workers racing
for a row exactly one gets it. It then appraises the people's decisions in log order, saving
after each one, in one transaction, the decision's row, the progress and a renewed lease, on
the condition that it still holds the row; a worker that lost its row (its lease ran out and
another took it) stops at its next save. So a kill -9 or a restart loses at most the decision in
hand: the next claim goes on from ``done``, and since every draw is seeded by the hand and the
decision (never the clock), the rows are those an uninterrupted run would have written.

Where it runs (``settings.ROBOT_RUNNER``, as the robots): ``thread``, a daemon thread of the
process that runs the background jobs (``background.runs_here``: the embedded web process, the
production worker ``manage.py robots``; not a web process that drives only its own tables),
started with them (``games.autoplay.background``, installed in ``GamesConfig.ready``),
woken at once by a request in its own process and looking for work every
``settings.ANALYSIS_POLL`` seconds; ``inline``, at once after the request's commit, in the caller
(tests); ``off``, not in this process (a worker's thread finds the row by its poll).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
import socket
import threading
import traceback
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import F, Q
from django.utils import timezone

from games.analysis.models import AnalysedDecision, HandAnalysis
from games.autoplay import background
from games.bots import appraisal as engine
from games.models import Hand
from games.rules import words

log = logging.getLogger(__name__)

# This process's name on the rows it claims: host, process, and a token (a restarted process
# with a reused pid is another worker).
WORKER = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"  # untranslated: an id


class LostClaim(Exception):
    """The analysis is no longer this worker's (its lease ran out and another worker took it)."""


def seed_of(hand: Hand) -> str:
    """The seed of a hand's analysis: from what the hand is (its game, deal and context), not
    from its row's id, so that the same hand (a file imported again, a deal played again with
    the same moves) is analysed alike wherever it is stored."""
    what = json.dumps([hand.variant, hand.deal, hand.context], sort_keys=True, separators=(",", ":"))
    return f"analysis:{hashlib.sha256(what.encode()).hexdigest()[:16]}"  # untranslated: a seed


def decision_seed(analysis: HandAnalysis, seq: int) -> str:
    return f"{analysis.seed}:{seq}"  # untranslated: a seed


def people_decisions(actions: Sequence[tuple[int, int, str, str, int | None]]) -> list[int]:
    """The indexes, in ``actions`` (``(seq, seat, action, robot, actor id)`` in log order), of
    the decisions a person made: not a robot's, not the clock's or an away seat's."""
    return [i for i, (_seq, _seat, _action, robot, _actor) in enumerate(actions) if not robot]


def worlds_for(variant_key: str) -> int:
    """The worlds each decision is appraised in: ``settings.ANALYSIS_WORLDS``, or when it is 0
    the engine's default for the game (its marks' thresholds were measured at it). A count,
    stored with the analysis when it is queued."""
    return settings.ANALYSIS_WORLDS or engine.DEFAULT_WORLDS[variant_key]


def request(hand: Hand, user: Any) -> tuple[HandAnalysis, bool]:
    """Queue ``hand``'s analysis unless it is queued, running or done already: ``(analysis,
    queued now)``. A failed one is queued again from where it stopped."""
    with transaction.atomic():
        analysis, created = HandAnalysis.objects.get_or_create(
            hand=hand,
            defaults={
                "seed": seed_of(hand),
                "worlds": worlds_for(hand.variant),
                "requested_by": user if getattr(user, "is_authenticated", False) else None,
            },
        )
        queued = created
        if not created and analysis.state == HandAnalysis.FAILED:
            queued = bool(
                HandAnalysis.objects.filter(pk=analysis.pk, state=HandAnalysis.FAILED).update(
                    state=HandAnalysis.QUEUED, attempts=0, error="", worker="", lease=None
                )
            )
            analysis.refresh_from_db()
        if queued:
            transaction.on_commit(wake)
    return analysis, queued


def _claimable(now: Any) -> Q:
    return Q(state=HandAnalysis.QUEUED) | Q(state=HandAnalysis.RUNNING, lease__lt=now)


def claim(worker: str = WORKER) -> HandAnalysis | None:
    """Take the oldest analysis that is queued, or whose worker's lease ran out: a conditional
    UPDATE, so one worker only gets each. None if there is none."""
    now = timezone.now()
    lease = now + timedelta(seconds=settings.ANALYSIS_LEASE)
    for pk in (
        HandAnalysis.objects.filter(_claimable(now))
        .order_by("requested", "pk")
        .values_list("pk", flat=True)[:10]
    ):
        taken = HandAnalysis.objects.filter(_claimable(now), pk=pk).update(
            state=HandAnalysis.RUNNING, worker=worker, lease=lease, attempts=F("attempts") + 1
        )
        if taken:
            HandAnalysis.objects.filter(pk=pk, started__isnull=True).update(started=now)
            return HandAnalysis.objects.select_related("hand").get(pk=pk)
    return None


def _mine(analysis: HandAnalysis, worker: str) -> Any:
    return HandAnalysis.objects.filter(pk=analysis.pk, worker=worker, state=HandAnalysis.RUNNING)


def fail(analysis: HandAnalysis, worker: str, error: str) -> None:
    _mine(analysis, worker).update(
        state=HandAnalysis.FAILED, error=error[-4000:], lease=None, finished=timezone.now()
    )


def compute(analysis: HandAnalysis, worker: str = WORKER) -> None:
    """Appraise the decisions of ``analysis`` from ``done`` on, saving each; then mark it done.
    Raises ``LostClaim`` if another worker took it meanwhile."""
    if analysis.attempts > settings.ANALYSIS_ATTEMPTS:
        fail(analysis, worker, f"gave up after {analysis.attempts - 1} attempts")  # untranslated: staff's
        return
    hand = analysis.hand
    actions = list(hand.actions.order_by("seq").values_list("seq", "seat", "action", "robot", "actor_id"))
    log_so_far = [(seat, action) for _seq, seat, action, _robot, _actor in actions]
    decisions = people_decisions(actions)
    if analysis.total != len(decisions):
        if not _mine(analysis, worker).update(total=len(decisions)):
            raise LostClaim(analysis.pk)
        analysis.total = len(decisions)
    deal, context = hand.deal_value(), hand.context_value()
    for number in range(analysis.done, len(decisions)):
        index = decisions[number]
        seq, seat, action, _robot, actor = actions[index]
        try:
            appraisal = engine.appraise(
                hand.variant,
                deal,
                context,
                log_so_far[:index],
                seat,
                made=action,
                seed=decision_seed(analysis, seq),
                worlds=analysis.worlds,
            )
        except Exception:
            fail(analysis, worker, traceback.format_exc())
            raise
        _save(analysis, worker, number, seq, actor, appraisal)
    if not _mine(analysis, worker).update(state=HandAnalysis.DONE, finished=timezone.now(), lease=None):
        raise LostClaim(analysis.pk)


def _save(
    analysis: HandAnalysis, worker: str, number: int, seq: int, actor: int | None, appraisal: Any
) -> None:
    """One decision's row (none for a decision with nothing to appraise) and the progress past
    it, with a renewed lease: all or nothing, and only while the analysis is this worker's."""
    lease = timezone.now() + timedelta(seconds=settings.ANALYSIS_LEASE)
    changes: dict[str, Any] = {"done": number + 1, "lease": lease}
    if appraisal is not None and analysis.unit is None:
        analysis.unit = changes["unit"] = words.to_json(appraisal.unit)
    with transaction.atomic():
        if not _mine(analysis, worker).filter(done=number).update(**changes):
            raise LostClaim(analysis.pk)
        if appraisal is not None:
            AnalysedDecision.objects.create(
                analysis=analysis,
                seq=seq,
                seat=appraisal.seat,
                actor_id=actor,
                made=appraisal.made,
                best=appraisal.best,
                values=dict(appraisal.values),
                loss=appraisal.loss,
                mark=engine.mark(analysis.hand.variant, appraisal.loss),
                worlds=appraisal.worlds,
            )
    analysis.done = number + 1


def run_next(worker: str = WORKER) -> bool:
    """Claim one analysis and compute it. True if one was claimed (there may be more)."""
    analysis = claim(worker)
    if analysis is None:
        return False
    try:
        compute(analysis, worker)
    except LostClaim:
        log.warning("analysis %s was taken over by another worker", analysis.pk)
    except Exception:
        log.exception("analysis %s failed", analysis.pk)
    return True


def run_all(worker: str = WORKER) -> int:
    """Compute every analysis there is to claim (``inline`` mode, ``manage.py analyse --once``)."""
    count = 0
    while run_next(worker):
        count += 1
    return count


class _Thread:
    """The background thread: computes while there is work, else waits for a wake-up or the
    poll's interval."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._woken = False
        self._thread = threading.Thread(target=self._run, name="analysis", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        with self._cond:
            self._woken = True
            self._cond.notify()

    def _run(self) -> None:
        while True:
            worked = False
            if not background.runs_here():  # the robots moved elsewhere (tests switch modes)
                self._wait()
                continue
            try:
                close_old_connections()
                worked = run_next()
            except Exception:  # the database away: try again after the poll's interval
                log.exception("the analysis thread's pass failed")
            finally:
                close_old_connections()
            if not worked:
                self._wait()

    def _wait(self) -> None:
        """Until a wake-up, or the poll's interval (none: ``ANALYSIS_POLL`` 0, as in tests)."""
        with self._cond:
            if not self._woken:
                self._cond.wait(settings.ANALYSIS_POLL or None)
            self._woken = False


_thread: _Thread | None = None
_thread_lock = threading.Lock()


def start() -> None:
    """Start this process's analysis thread (``games.autoplay.background``: with the robots)."""
    global _thread
    with _thread_lock:
        if _thread is None:
            _thread = _Thread()


def wake() -> None:
    """A request was queued: compute it now (``inline``), or wake this process's thread."""
    mode = settings.ROBOT_RUNNER
    if mode == "inline":
        run_all()
    elif background.runs_here():
        start()
        assert _thread is not None
        _thread.wake()
