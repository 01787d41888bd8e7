"""A draw and an on-the-spot payment (taiwan): new or edited; a seat change is never edited."""
from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponseBase, QueryDict
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from scorekeeper.engine import get_ruleset

from .. import selectors, services
from ..display.rulesets import get_profile
from ..entry.forms import DrawForm, SpotForm
from ..hand_input import HandInput
from ..models import Hand, Session
from ..presenters.changes import told_what_changed
from ..web.conflict import Conflict, form_page, hand_gone, session_changed
from ..web.requests import Request, go_to, gone, saved_notice
from .base import open_session

PlainForm = DrawForm | SpotForm
TEMPLATES = {Hand.Kind.DRAW: "tables/draw.html", Hand.Kind.SPOT: "tables/spot.html"}
SAVE: dict[str, Callable[..., Hand]] = {Hand.Kind.DRAW: services.draw_record, Hand.Kind.SPOT: services.spot_record}


@require_http_methods(["GET", "POST"])
@open_session("score", open_only=True)
def draw_new(request: Request, session: Session) -> HttpResponseBase:
    return _new(request, session, Hand(kind=Hand.Kind.DRAW))


@require_http_methods(["GET", "POST"])
@open_session("score", open_only=True)
def spot_new(request: Request, session: Session) -> HttpResponseBase:
    if not get_ruleset(session.ruleset).payoff.has_spots:
        raise Http404("This ruleset has no on-the-spot payments")
    return _new(request, session, Hand(kind=Hand.Kind.SPOT))


def _new(request: Request, session: Session, hand: Hand) -> HttpResponseBase:
    form = _form(request.POST or None, session, hand, {"token": uuid.uuid4(), "revision": session.revision})
    if request.method != "POST" or not form.is_valid():
        return _page(request, session, hand, form)
    try:
        saved = SAVE[hand.kind](session=session, entry=form.as_input(), token=form.cleaned_data["token"],
                                revision=form.cleaned_data["revision"])
    except services.SaveRefused as refused:
        return _refused(request, session, hand, form, refused)
    return saved_notice(request, session, saved)


def seat_change_edit(request: Request, hand: Hand) -> HttpResponseBase:
    """The edit page of a seat change: there is none (seating.py: made, undone or deleted, never edited)."""
    messages.info(request, gettext("A seat change is not edited: delete it, then make it again."))
    return go_to(request, "history", hand.session)


def plain_edit(request: Request, hand: Hand) -> HttpResponseBase:
    """The edit page of a draw or an on-the-spot payment (urls.py: views.base.by_hand_kind has opened it)."""
    session = hand.session
    before = selectors.hand_place(session=session, hand_id=hand.pk).replay  # what the change is told against
    form = _form(request.POST or None, session, hand, {"revision": session.revision} | _initial(hand))
    if request.method != "POST" or not form.is_valid():
        return _page(request, session, hand, form)
    try:
        SAVE[hand.kind](session=session, entry=form.as_input(), revision=form.cleaned_data["revision"], editing=hand)
    except services.SaveRefused as refused:
        return _refused(request, session, hand, form, refused)
    return told_what_changed(request, session, before, hand.pk, "changed")


def _form(data: QueryDict | None, session: Session, hand: Hand, initial: dict[str, Any]) -> PlainForm:
    if hand.kind == Hand.Kind.DRAW:
        return DrawForm(data, initial=initial)
    place = selectors.hand_place(session=session, hand_id=hand.pk)
    return SpotForm(data, names=place.names, dealer=place.dealer, initial=initial, profile=get_profile(session.ruleset))


def _initial(hand: Hand) -> dict[str, Any]:
    return SpotForm.initial_from(HandInput.from_row(hand)) if hand.kind == Hand.Kind.SPOT else {"note": hand.note}


def _page(request: Request, session: Session, hand: Hand, form: PlainForm,
          conflict: Conflict | None = None) -> HttpResponseBase:
    editing = hand if hand.pk else None
    place = selectors.hand_place(session=session, hand_id=hand.pk)
    context = {"session": session, "form": form, "editing": editing, "label": place.label,
               "dealer": place.names[place.dealer],
               "ends_hand": get_profile(session.ruleset).ruleset.payoff.spot_ends_hand}
    return form_page(request, TEMPLATES[Hand.Kind(hand.kind)], context, conflict, invalid=bool(form.errors))


def _refused(request: Request, session: Session, hand: Hand, form: PlainForm,
             refused: services.SaveRefused) -> HttpResponseBase:
    if refused.changed:
        return _page_changed(request, session, hand)
    form.add_error(None, refused.message)
    return _page(request, session, hand, form)


def _page_changed(request: Request, session: Session, hand: Hand) -> HttpResponseBase:
    """Another phone changed the session: the form as typed, now built from the latest revision."""
    if hand.pk and hand_gone(hand):
        return gone(request, session)
    conflict = session_changed(session, hand if hand.pk else None)
    form = _form(conflict.rebased(request.POST), conflict.session, hand, {})
    return _page(request, conflict.session, hand, form, conflict)
