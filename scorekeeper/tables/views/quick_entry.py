"""Quick entry: a session's hands typed one a line, checked, then saved all or none; and its help page."""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods
from django_ratelimit.decorators import ratelimit

from .. import selectors, services
from ..display.money import Payment, payments
from ..display.rulesets import SPOT_KINDS, get_profile, quick_entry_examples
from ..entry.forms import QuickEntryForm
from ..entry.quick_entry import QuickEntryResult
from ..models import Session
from ..replay.seating import people_money
from ..web import access
from ..web.conflict import form_page, session_changed
from ..web.requests import Request, go_to, parse_id
from .base import HEAVY_REQUESTS, open_session


@dataclass
class QuickLine:
    """One line as the check shows it: what it records and pays, or what is wrong with it."""

    number: int
    text: str
    error: str = ""
    label: str = ""
    title: str = ""
    detail: str = ""
    payments: list[Payment] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)  # several winners on one discard: each one's figure and money


def quick_lines(session: Session, result: QuickEntryResult) -> list[QuickLine]:
    names = selectors.hand_place(session=session).names  # those seated for the first line's hand
    profile = get_profile(session.ruleset)
    replay = result.replay
    start = len(replay.hand_ids) - len(result.entered) if replay is not None else 0
    rows = []
    for index, line in enumerate(result.lines):
        row = QuickLine(line.number, line.text, line.error)
        if replay is not None and not line.error:
            row.title, row.detail = selectors.hand_title(hand=result.entered[index], names=names, profile=profile)
            row.label = replay.label(start + index)
            row.payments = payments(names, replay.hands[start + index].transfers)
            row.winners = [w.words for w in selectors.winner_lines(
                hand=result.entered[index], answer=replay.hands[start + index], names=names, profile=profile,
                state=replay.states[start + index])]
            if row.winners:  # each winner's line says the figure
                row.detail = result.entered[index].note
        rows.append(row)
    return rows


@ratelimit(key="user_or_ip", rate=HEAVY_REQUESTS, method="POST")
@require_http_methods(["GET", "POST"])
@open_session("score", open_only=True)
def quick_entry(request: Request, session: Session) -> HttpResponseBase:
    form = QuickEntryForm(request.POST or None, initial={"token": uuid.uuid4(), "revision": session.revision})
    context: dict[str, Any] = {"session": session, "form": form}
    conflict = None
    if request.method == "POST" and form.is_valid():
        try:
            result = _checked_or_saved(request, session, form)
        except services.SessionChanged:
            conflict = session_changed(session)
            context["form"] = QuickEntryForm(conflict.rebased(request.POST))
        else:
            if request.POST.get("action") == "save" and result.ok:
                return _saved(request, session, result)
            context |= _checked_context(session, result)
    template = "tables/quick_entry.html#quick-form" if request.htmx else "tables/quick_entry.html"
    checked = context.get("result")
    invalid = bool(form.errors) or (checked is not None and not checked.ok)
    return form_page(request, template, context, conflict, invalid=invalid)


def _checked_or_saved(request: Request, session: Session, form: QuickEntryForm) -> QuickEntryResult:
    data = form.cleaned_data
    if request.POST.get("action") == "save":
        return services.quick_entry_apply(session=session, text=data["text"], revision=data["revision"],
                                          token=data["token"])
    return services.quick_entry_preview(session=session, text=data["text"])


def _saved(request: Request, session: Session, result: QuickEntryResult) -> HttpResponseBase:
    count = len(result.hands)
    messages.success(request, ngettext("%(count)d hand saved.", "%(count)d hands saved.", count) % {"count": count})
    return go_to(request, "session", session)


def _checked_context(session: Session, result: QuickEntryResult) -> dict[str, Any]:
    after = [(m.player.name, m.balance) for m in people_money(session=session, replay=result.replay)] \
        if result.ok and result.replay is not None else []
    on_lines = {line.error for line in result.lines}
    return {"result": result, "lines": quick_lines(session, result), "checked": True, "after": after,
            "general_errors": [e for e in result.errors if e not in on_lines]}


def help_quick_entry(request: Request) -> HttpResponse:
    """The format's help; opened from a session's form (?session=), it names that table's seats."""
    session = None
    if (pk := parse_id(request.GET.get("session"))) is not None:
        try:
            session = access.session_for(request, pk, "view")
        except Http404:
            session = None  # the general help: a stranger learns nothing of the session
    # The on-the-spot codes, each with its name in the reader's words (issue 35.17).
    spot_codes = [(code, str(label)) for code, (label, _help, _needs) in SPOT_KINDS.items()]
    return render(request, "tables/help_quick_entry.html", {"session": session, "spot_codes": spot_codes,
                                                            "examples": quick_entry_examples()})
