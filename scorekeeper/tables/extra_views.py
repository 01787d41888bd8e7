"""Views past the table itself: a player's page, a session's CSV and backup, importing a backup,
quick entry and its help page.

Each asks `access` as the other views do: a stranger gets a 404. Every one works without
JavaScript (plain links, plain forms); the quick-entry form is swapped in place by HTMX.
"""
from __future__ import annotations

import json
import uuid
from decimal import Decimal
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _, ngettext
from django.views.decorators.http import require_GET, require_http_methods

from . import access, exports, selectors
from .extra_forms import ImportForm, QuickEntryForm
from .hand_views import CONFLICT, _latest, _with_revision
from .models import Player, Session
from .profiles import get_profile
from .quick_entry import QuickEntryResult, quick_entry_apply, quick_entry_check
from .services import SessionChanged
from .stats import player_sessions, player_stats
from .views import closed, go


# -- a player's page ---------------------------------------------------------------------------
@require_GET
def player(request: HttpRequest, pk: int) -> HttpResponse:
    # Names are shared by every table that typed them, so only the sessions this visitor may open
    # count (their own, and those opened by a share link): a visitor with none gets a 404.
    found = Player.objects.filter(pk=pk).first() if pk <= access.MAX_ID else None
    sessions = [s for s in player_sessions(player=found) if access.access_of(request, s)] if found else []
    if found is None or not sessions:
        raise Http404("No such player")
    return render(request, "tables/player.html", {
        "player": found, "stats": player_stats(player=found, sessions=sessions), "sessions": sessions[::-1],
    })


# -- export and import -------------------------------------------------------------------------
def _download(session: Session, body: str, extension: str, content_type: str) -> HttpResponse:
    response = HttpResponse(body, content_type=f"{content_type}; charset=utf-8")
    name = f"mahjong-{session.ruleset}-{session.created_at:%Y-%m-%d}-{session.pk}.{extension}"
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@require_GET
def session_csv(request: HttpRequest, pk: int) -> HttpResponse:
    session = access.session_for(request, pk, "view")
    # The byte-order mark tells Excel the file is UTF-8: names in 中文 open as written.
    return _download(session, "\ufeff" + exports.session_csv(session=session), "csv", "text/csv")


@require_GET
def session_backup(request: HttpRequest, pk: int) -> HttpResponse:
    session = access.session_for(request, pk, "view")
    body = json.dumps(exports.session_backup(session=session), ensure_ascii=False, indent=1)
    return _download(session, body, "json", "application/json")


@login_required
@require_http_methods(["GET", "POST"])
def session_import(request: HttpRequest) -> HttpResponseBase:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            session = exports.session_restore(data=form.cleaned_data["backup"], owner=request.user)
        except ValueError as error:
            form.add_error("backup", str(error))
        else:
            messages.success(request, _("Session imported: it is yours, as a new session."))
            return go(request, reverse("session", args=[session.pk]))
    return render(request, "tables/session_import.html", {"form": form}, status=422 if form.errors else 200)


# -- quick entry -------------------------------------------------------------------------------
@dataclass
class QuickLine:
    """One line as the check shows it: what it records and pays, or what is wrong with it."""

    number: int
    text: str
    error: str = ""
    label: str = ""
    title: str = ""
    detail: str = ""
    payments: list[selectors.Payment] = field(default_factory=list)


def quick_lines(session: Session, result: QuickEntryResult) -> list[QuickLine]:
    names = [p.name for p in session.players]
    profile = get_profile(session.ruleset)
    replay = result.replay
    start = len(replay.hand_ids) - len(result.hands) if replay is not None else 0
    rows = []
    for index, line in enumerate(result.lines):
        row = QuickLine(line.number, line.text, line.error)
        if replay is not None and not line.error:
            row.title, row.detail = selectors.hand_title(hand=result.hands[index], names=names, profile=profile)
            row.label = replay.label(start + index)
            row.payments = selectors.payments(names, replay.hands[start + index].get("transfers", []))
        rows.append(row)
    return rows


@require_http_methods(["GET", "POST"])
def quick_entry(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = access.session_for(request, pk, "score")
    if not session.is_open:
        return closed(request, session)
    form = QuickEntryForm(request.POST or None, initial={"token": uuid.uuid4(), "revision": session.revision})
    context: dict[str, Any] = {"session": session, "form": form}
    if request.method == "POST" and form.is_valid():
        data, saving = form.cleaned_data, request.POST.get("action") == "save"
        try:
            result = quick_entry_apply(session=session, text=data["text"], revision=data["revision"],
                                       token=data["token"]) if saving else \
                quick_entry_check(session=session, text=data["text"])
        except SessionChanged:
            context |= _latest(session) | {"form": QuickEntryForm(_with_revision(request.POST, session))}
        else:
            if saving and result.ok:
                count = len(result.hands)
                messages.success(request, ngettext("%(count)d hand saved.", "%(count)d hands saved.", count)
                                 % {"count": count})
                return go(request, reverse("session", args=[session.pk]))
            after = [(p.name, Decimal(b)) for p, b in zip(session.players, result.replay.balances)] \
                if result.ok and result.replay is not None else []
            on_lines = {line.error for line in result.lines}
            context |= {"result": result, "lines": quick_lines(session, result), "checked": True, "after": after,
                        "general_errors": [e for e in result.errors if e not in on_lines]}
    template = "tables/quick_entry.html#quick-form" if request.htmx else "tables/quick_entry.html"
    return render(request, template, context, status=_status(request, context))


def _status(request: HttpRequest, context: dict[str, Any]) -> int:
    """A refused save says so in its status; HTMX swaps only 2xx answers, so it gets 200."""
    if request.method != "POST" or request.htmx:
        return 200
    if "changed" in context:
        return CONFLICT
    result = context.get("result")
    return 422 if context["form"].errors or (result is not None and not result.ok) else 200


def help_quick_entry(request: HttpRequest) -> HttpResponse:
    """The format's help; opened from a session's form (?session=), it names that table's seats."""
    session = None
    if (pk := request.GET.get("session", "")).isascii() and pk.isdigit() and len(pk) < 19:
        try:
            session = access.session_for(request, int(pk), "view")
        except Http404:
            session = None  # the general help: a stranger learns nothing of the session
    return render(request, "tables/help_quick_entry.html", {"session": session})
