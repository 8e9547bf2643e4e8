"""Django admin for staff: rooms, hands (filter by variant, date, player) and the log.

The log is append-only (ARCHITECTURE.md, "The log is the truth"): hands, their actions and their
results can be looked at, filtered and exported here, never edited or deleted (nor a room that
holds hands, which would take its hands with it). A staff correction, if ever needed, is a
separate logged action through ``games.services``, not an edit in the admin (no such action is
built yet).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpResponse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.chat import writes as chat_writes
from games.models import (
    AnalysedDecision,
    ChatMessage,
    Entry,
    Hand,
    HandAction,
    HandAnalysis,
    Home,
    Room,
    Seat,
    Tournament,
    TournamentTable,
)
from games.services import Refused, homes, seating_changed


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "robot")
    raw_id_fields = ("user",)


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    fields = ("number", "phase", "seq", "created", "finished", "inspect")
    readonly_fields = fields
    show_change_link = True
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=gettext_lazy("Inspector"))
    def inspect(self, hand: Hand) -> str:
        return format_html('<a href="/staff/hands/{}/">{}</a>', hand.pk, _("step through"))


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("code", "variant", "created_by", "created", "closed")
    list_filter = ("variant", "closed", "created")
    search_fields = ("code", "seats__user__username")
    inlines = [SeatInline, HandInline]

    def has_delete_permission(self, request, obj=None) -> bool:
        # Deleting a room deletes its hands and their log: only a room with no hand may go.
        return obj is not None and not obj.hands.exists() and super().has_delete_permission(request, obj)

    def save_related(self, request, form, formsets, change) -> None:
        # A room or its seats edited here: the pages' remembered seating is out of date.
        super().save_related(request, form, formsets, change)
        if change:
            seating_changed(form.instance.pk)


class ReadOnlyLog(admin.ModelAdmin):
    """Staff may view (and export) the log, never add, change or delete it."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.action(description=gettext_lazy("Export selected as JSON lines"), permissions=["view"])
def export_json_lines(modeladmin, request, queryset) -> HttpResponse:
    """One JSON object a line per hand: its deal and context, its actions in order (the
    canonical text form, card notation), and its result; a download, nothing written."""
    selected = queryset.values("hand") if queryset.model is HandAction else queryset.values("pk")
    hands = Hand.objects.filter(pk__in=selected)
    lines = []
    for hand in hands.select_related("room").order_by("pk"):
        actions = hand.actions.order_by("seq").values_list("seq", "seat", "action", "robot")
        lines.append(
            json.dumps(
                {
                    "hand": hand.pk,
                    "room": hand.room.code,
                    "number": hand.number,
                    "match_no": hand.match_no,
                    "variant": hand.variant,
                    "deal": hand.deal,
                    "context": hand.context,
                    "actions": [{"seq": q, "seat": s, "action": a, "robot": r} for q, s, a, r in actions],
                    "result": hand.result,
                },
                sort_keys=True,
            )
        )
    response = HttpResponse("".join(line + "\n" for line in lines), content_type="application/x-ndjson")
    response["Content-Disposition"] = 'attachment; filename="hands.jsonl"'
    return response


class HandActionInline(admin.TabularInline):
    model = HandAction
    extra = 0
    fields = ("seq", "seat", "action", "actor", "robot", "created")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(ReadOnlyLog):
    list_display = ("__str__", "variant", "phase", "seq", "created", "finished", "inspect")
    list_filter = ("variant", "created", "finished", "players")
    search_fields = ("room__code", "players__username")
    date_hierarchy = "created"
    readonly_fields = (
        "room",
        "number",
        "variant",
        "deal",
        "context",
        "seq",
        "phase",
        "to_act",
        "result",
        "created",
        "finished",
        "home",
        "inspect",
    )
    exclude = ("players",)
    inlines = [HandActionInline]
    actions = [export_json_lines]

    @admin.display(description=gettext_lazy("Inspector"))
    def inspect(self, hand: Hand) -> str:
        return format_html('<a href="/staff/hands/{}/">{}</a>', hand.pk, _("step through"))


@admin.register(Home)
class HomeAdmin(ReadOnlyLog):
    """The processes that drive tables' robots and clocks, and when each last said it was alive
    (games.services.homes): written by the processes themselves, read here."""

    list_display = ("name", "beat", "alive")
    readonly_fields = ("name", "beat")
    ordering = ("-beat",)

    @admin.display(boolean=True, description=gettext_lazy("alive"))
    def alive(self, home: Home) -> bool:
        return home.name in homes.alive()


@admin.register(HandAction)
class HandActionAdmin(ReadOnlyLog):
    """The log is append-only: staff read it; only the game writes it."""

    list_display = ("hand", "seq", "seat", "action", "actor", "robot", "created")
    list_filter = ("hand__variant", "robot", "created")
    search_fields = ("hand__room__code", "action", "actor__username")
    readonly_fields = ("hand", "seq", "seat", "action", "actor", "robot", "created")
    actions = [export_json_lines]


@admin.action(
    description=gettext_lazy("Remove the selected messages from the table's pages"), permissions=["remove"]
)
def remove_messages(modeladmin, request, queryset) -> None:
    """The removal staff can also make on the room page (games.chat.writes.remove): the
    message leaves every page at once and stays here with who removed it."""
    removed = 0
    for message in queryset.filter(removed_at=None).select_related("room"):
        try:
            chat_writes.remove(message.room, request.user, message.pk)
        except Refused as refusal:
            modeladmin.message_user(
                request,
                _("Message %(number)s: %(refusal)s") % {"number": message.pk, "refusal": refusal.message},
                level="error",
            )
        else:
            removed += 1
    modeladmin.message_user(
        request,
        ngettext("Removed %(count)s message.", "Removed %(count)s messages.", removed) % {"count": removed},
    )


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyLog):
    """What was said at the tables: read-only, except that staff may remove a message."""

    list_display = ("room", "author", "channel", "text", "created", "removed_at", "removed_by")
    list_filter = ("channel", "created", ("removed_at", admin.EmptyFieldListFilter))
    search_fields = ("room__code", "author__username", "text")
    readonly_fields = ("room", "author", "channel", "text", "created", "removed_at", "removed_by")
    list_select_related = ("room", "author", "removed_by")
    actions = [remove_messages]

    def has_remove_permission(self, request) -> bool:
        return request.user.is_active and request.user.is_staff


class AnalysedDecisionInline(admin.TabularInline):
    model = AnalysedDecision
    extra = 0
    fields = ("seq", "seat", "actor", "made", "best", "loss", "mark", "values", "worlds")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(HandAnalysis)
class HandAnalysisAdmin(admin.ModelAdmin):
    """The analyses (games/analysis): derived rows, looked at here; deleting one lets it be
    asked for and computed again."""

    list_display = ("__str__", "state", "done", "total", "worlds", "requested_by", "requested", "finished")
    list_filter = ("state", "requested")
    search_fields = ("hand__room__code", "requested_by__username")
    raw_id_fields = ("hand", "requested_by")
    readonly_fields = (
        "hand",
        "state",
        "done",
        "total",
        "seed",
        "worlds",
        "unit",
        "requested_by",
        "requested",
        "started",
        "finished",
        "worker",
        "lease",
        "attempts",
        "error",
        "replay",
    )
    inlines = [AnalysedDecisionInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=gettext_lazy("Replay"))
    def replay(self, analysis: HandAnalysis) -> str:
        return format_html('<a href="/hands/{}/">{}</a>', analysis.hand_id, _("replay with the analysis"))


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("user", "joined", "absent_since")
    readonly_fields = ("joined", "absent_since")
    raw_id_fields = ("user",)


class TournamentTableInline(admin.TabularInline):
    model = TournamentTable
    extra = 0
    fields = ("round", "number", "room", "seating", "done")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Staff feature a public tournament (it heads the list of /tournaments/), or look into one:
    its entries and its tables round by round. Its rounds and tables are the driver's alone."""

    list_display = ("name", "code", "variant", "state", "round", "rounds", "starts_at", "public", "featured")
    list_filter = ("state", "variant", "public", "featured")
    list_editable = ("featured",)
    search_fields = ("name", "code", "created_by__username")
    readonly_fields = ("code", "seed", "state", "round", "started", "finished", "created")
    raw_id_fields = ("created_by",)
    filter_horizontal = ("invited",)
    inlines = [EntryInline, TournamentTableInline]
