"""A draw and an on-the-spot payment (taiwan): new or edited; and the edit page, for any kind of hand."""
from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseBase, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from scorekeeper.engine import get_ruleset

from .. import services
from ..display.rulesets import get_profile
from ..entry.forms import DrawForm, SpotForm
from ..models import Hand, Session
from ..replay import session_replay
from ..seating import names_at
from .base import Request, go_to, latest, open_hand, open_session, refusal_status, saved_notice, with_revision
from .hand_changes import told_what_changed
from .wins import edit_win

PlainForm = DrawForm | SpotForm
TEMPLATES = {Hand.Kind.DRAW: "tables/draw.html", Hand.Kind.SPOT: "tables/spot.html"}


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
        saved = services.hands_append(session=session, hands=[form.as_hand(hand)], token=form.cleaned_data["token"],
                                      revision=form.cleaned_data["revision"])
    except services.SessionChanged:
        return _page_changed(request, session, hand)
    except ValidationError as error:
        form.add_error(None, error.messages[0])
        return _page(request, session, hand, form)
    return saved_notice(request, session, saved[0])


@require_http_methods(["GET", "POST"])
@open_hand
def hand_edit(request: Request, hand: Hand) -> HttpResponseBase:
    if hand.kind == Hand.Kind.WIN:
        return edit_win(request, hand)
    if hand.kind == Hand.Kind.SEAT:  # seating.py: made, undone or deleted, never edited
        messages.info(request, gettext("A seat change is not edited: delete it, then make it again."))
        return go_to(request, "history", hand.session)
    session = hand.session
    before = session_replay(session=session)
    form = _form(request.POST or None, session, hand, {"revision": session.revision} | _initial(hand))
    if request.method != "POST" or not form.is_valid():
        return _page(request, session, hand, form)
    try:
        services.hand_replace(hand=form.as_hand(hand), revision=form.cleaned_data["revision"])
    except services.SessionChanged:
        return _page_changed(request, session, hand)
    except ValidationError as error:
        form.add_error(None, error.messages[0])
        return _page(request, session, hand, form)
    return told_what_changed(request, session, before, hand.pk, "changed")


def _form(data: QueryDict | None, session: Session, hand: Hand, initial: dict[str, Any]) -> PlainForm:
    if hand.kind == Hand.Kind.DRAW:
        return DrawForm(data, initial=initial)
    replay = session_replay(session=session)
    index = replay.index_of(hand.pk) if hand.pk in replay.hand_ids else len(replay.hand_ids)
    return SpotForm(data, names=names_at(session=session, replay=replay, index=index), dealer=_dealer(session, hand),
                    initial=initial, profile=get_profile(session.ruleset))


def _initial(hand: Hand) -> dict[str, Any]:
    return SpotForm.initial_from(hand) if hand.kind == Hand.Kind.SPOT else {"note": hand.note}


def _dealer(session: Session, hand: Hand) -> int:
    """Who deals during the hand (a new one: the next hand's dealer)."""
    replay = session_replay(session=session)
    index = replay.index_of(hand.pk) if hand.pk in replay.hand_ids else len(replay.hand_ids)
    return replay.states[index].dealer


def _page(request: Request, session: Session, hand: Hand, form: PlainForm,
          changed: dict[str, Any] | None = None) -> HttpResponseBase:
    editing = hand if hand.pk else None
    replay = session_replay(session=session)
    index = replay.index_of(hand.pk) if editing else len(replay.hand_ids)
    context = {"session": session, "form": form, "editing": editing, "label": replay.label(index),
               "dealer": names_at(session=session, replay=replay, index=index)[replay.states[index].dealer],
               **(changed or {})}
    status = refusal_status(request, changed=bool(changed), invalid=bool(form.errors))
    return render(request, TEMPLATES[Hand.Kind(hand.kind)], context, status=status)


def _page_changed(request: Request, session: Session, hand: Hand) -> HttpResponseBase:
    """Another phone changed the session: the form as typed, now built from the latest revision."""
    changed = latest(session, hand if hand.pk else None)
    fresh = changed["changed"].session
    form = _form(with_revision(request.POST, session), fresh, hand, {})
    return _page(request, fresh, hand, form, changed)
