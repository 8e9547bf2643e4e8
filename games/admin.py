"""Django admin for staff: rooms, hands (filter by variant, date, player) and the log."""

from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html

from games.models import Hand, HandAction, Room, Seat


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

    @admin.display(description="Inspector")
    def inspect(self, hand: Hand) -> str:
        return format_html('<a href="/staff/hands/{}/">step through</a>', hand.pk)


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("code", "variant", "created_by", "created", "closed")
    list_filter = ("variant", "closed", "created")
    search_fields = ("code", "seats__user__username")
    inlines = [SeatInline, HandInline]


class HandActionInline(admin.TabularInline):
    model = HandAction
    extra = 0
    fields = ("seq", "seat", "action", "actor", "robot", "created")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
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
        "inspect",
    )
    exclude = ("players",)
    inlines = [HandActionInline]

    @admin.display(description="Inspector")
    def inspect(self, hand: Hand) -> str:
        return format_html('<a href="/staff/hands/{}/">step through</a>', hand.pk)

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(HandAction)
class HandActionAdmin(admin.ModelAdmin):
    """The log is append-only: staff read it; only the game writes it."""

    list_display = ("hand", "seq", "seat", "action", "actor", "robot", "created")
    list_filter = ("hand__variant", "robot", "created")
    search_fields = ("hand__room__code", "action", "actor__username")
    readonly_fields = ("hand", "seq", "seat", "action", "actor", "robot", "created")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
