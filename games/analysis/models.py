"""A hand's analysis and its appraised decisions: derived rows (the log is the truth), computed
by ``games.analysis.jobs`` and never edited by hand."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _


class HandAnalysis(models.Model):
    """One hand's analysis: requested once, queued, claimed by one worker at a time (``lease``),
    its progress saved after each decision."""

    QUEUED = "queued"  # untranslated: a stored state
    RUNNING = "running"  # untranslated: a stored state
    DONE = "done"  # untranslated: a stored state
    FAILED = "failed"  # untranslated: a stored state
    STATES = [
        (QUEUED, pgettext_lazy("analysis", "queued")),
        (RUNNING, pgettext_lazy("analysis", "running")),
        (DONE, pgettext_lazy("analysis", "done")),
        (FAILED, pgettext_lazy("analysis", "failed")),
    ]

    hand = models.OneToOneField(
        "games.Hand", on_delete=models.CASCADE, related_name="analysis", verbose_name=_("hand")
    )
    state = models.CharField(max_length=10, choices=STATES, default=QUEUED, verbose_name=_("state"))
    # Decisions appraised so far, of ``total`` (the people's decisions, in log order).
    done = models.PositiveIntegerField(default=0, verbose_name=_("decisions done"))
    total = models.PositiveIntegerField(default=0, verbose_name=_("decisions"))
    # Every random draw comes from this seed and the decision's seq; the worlds each decision
    # is appraised in (settings.ANALYSIS_WORLDS when it was queued).
    seed = models.CharField(max_length=64, verbose_name=_("seed"))
    worlds = models.PositiveIntegerField(verbose_name=_("worlds"))
    # What the values count (a games.rules.words message as JSON), from the engine.
    unit = models.JSONField(null=True, blank=True, verbose_name=_("unit"))
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("requested by"),
    )
    requested = models.DateTimeField(auto_now_add=True, verbose_name=_("requested"))
    started = models.DateTimeField(null=True, blank=True, verbose_name=_("started"))
    finished = models.DateTimeField(null=True, blank=True, verbose_name=_("finished"))
    # The worker that holds it (a token of its own) and until when: a worker that dies lets its
    # lease run out, and the next one claims the analysis again (games.analysis.jobs.claim).
    worker = models.CharField(max_length=64, blank=True, default="", verbose_name=_("worker"))
    lease = models.DateTimeField(null=True, blank=True, db_index=True, verbose_name=_("lease until"))
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=_("attempts"))
    error = models.TextField(blank=True, default="", verbose_name=_("error"))

    class Meta:
        verbose_name = _("hand analysis")
        verbose_name_plural = _("hand analyses")
        ordering = ["-requested"]
        indexes = [models.Index(fields=["state", "requested"], name="analysis_state_requested")]

    def __str__(self) -> str:
        return gettext("Analysis of hand %(hand)s") % {"hand": self.hand_id}

    @property
    def pending(self) -> bool:
        return self.state in (self.QUEUED, self.RUNNING)


class AnalysedDecision(models.Model):
    """One person's decision appraised: what they chose, the best choice, every appraised
    choice's expected payment (``values``), the expected loss and its mark."""

    analysis = models.ForeignKey(
        HandAnalysis, on_delete=models.CASCADE, related_name="decisions", verbose_name=_("analysis")
    )
    seq = models.PositiveIntegerField(verbose_name=_("move number"))  # the action's HandAction.seq
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    # Who made it (HandAction.actor): a player of a private table sees only their own.
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("actor"),
    )
    made = models.CharField(max_length=200, verbose_name=_("choice made"))
    best = models.CharField(max_length=200, verbose_name=_("best choice"))
    values = models.JSONField(verbose_name=_("values"))
    loss = models.FloatField(verbose_name=_("expected loss"))
    mark = models.CharField(max_length=12, verbose_name=_("mark"))
    worlds = models.PositiveIntegerField(verbose_name=_("worlds"))

    class Meta:
        verbose_name = _("analysed decision")
        verbose_name_plural = _("analysed decisions")
        ordering = ["analysis", "seq"]
        constraints = [models.UniqueConstraint(fields=["analysis", "seq"], name="unique_analysed_seq")]

    def __str__(self) -> str:
        return gettext("#%(seq)s seat %(seat)s: %(action)s") % {
            "seq": self.seq,
            "seat": self.seat + 1,
            "action": self.made,
        }
