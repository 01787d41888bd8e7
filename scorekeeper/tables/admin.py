"""The admin for the server's staff: accounts (Django's own), sessions, share links, and hands to look at.

Hands are read-only here: they are the truth every balance is replayed from, and a write must go through the
services (which hold the session's row, bump its revision and re-derive the replay). Deleting a session or
revoking a link (deleting its row) is safe: nothing is derived across sessions, and a revoked link's phones
stop at their next update.
"""
from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import Hand, Player, RecoveryCode, Session, ShareLink


class HandInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Hand
    fields = ("position", "kind", "winner", "discarder", "figure", "note", "deleted_at", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ("position",)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ShareLinkInline(admin.TabularInline):  # type: ignore[type-arg]
    model = ShareLink
    fields = ("role", "label", "created_at")
    readonly_fields = ("role", "created_at")
    extra = 0


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("id", "ruleset", "owner", "status", "created_at", "updated_at")
    list_filter = ("ruleset", "status")
    search_fields = ("owner__username", "east__name", "south__name", "west__name", "north__name")
    date_hierarchy = "created_at"
    fields = ("owner", "ruleset", "status", "created_at", "updated_at", "finished_at")
    readonly_fields = ("ruleset", "created_at", "updated_at", "finished_at")
    raw_id_fields = ("owner",)
    inlines = (ShareLinkInline, HandInline)


@admin.register(ShareLink)
class ShareLinkAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("session", "role", "label", "created_at")
    list_filter = ("role",)
    fields = ("session", "role", "label", "created_at")
    readonly_fields = ("session", "role", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # links are made on the session's Share page (or `manage.py share_session`)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "owner", "created_at")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner",)


@admin.register(RecoveryCode)
class RecoveryCodeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Which accounts have a code, and when it was made; a new one is `manage.py recovery_code NAME`."""

    list_display = ("user", "created_at")
    fields = ("user", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
