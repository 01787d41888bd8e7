"""Deleting and restoring a hand (what the page says after it: presenters/changes.py)."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseBase
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .. import selectors, services
from ..models import Hand
from ..presenters.changes import told_what_changed
from ..replay import ReplayState
from ..web import access
from ..web.conflict import Conflict, form_page, session_changed
from ..web.requests import Request, closed, go_to, gone
from .base import open_hand


@require_http_methods(["GET", "POST"])
@open_hand
def hand_delete(request: Request, hand: Hand) -> HttpResponseBase:
    session = hand.session
    before = selectors.hand_place(session=session, hand_id=hand.pk).replay  # what the delete is told against
    if request.method == "GET":
        return _delete_page(request, hand, before)
    try:
        services.hand_delete(hand=hand, revision=request.POST.get("revision", ""))
    except services.SaveRefused as refused:
        if refused.changed:
            return _delete_page_changed(request, hand)
        return _delete_page(request, hand, before, error=refused.message)
    return told_what_changed(request, session, before, hand.pk, "deleted")


def _delete_page(request: Request, hand: Hand, before: ReplayState, *, error: str = "",
                 conflict: Conflict | None = None) -> HttpResponseBase:
    session = conflict.session if conflict else hand.session
    row = selectors.hand_rows(session=session, replay=before, hands=[hand])[0]
    return form_page(request, "tables/hand_delete.html", {
        "session": session, "row": row, "error": error, "revision": str(session.revision),
    }, conflict, invalid=bool(error))


def _delete_page_changed(request: Request, hand: Hand) -> HttpResponseBase:
    hand.refresh_from_db()
    if hand.deleted_at is not None:
        return gone(request, hand.session)
    conflict = session_changed(hand.session)  # the hand itself is shown just below, as it now is
    return _delete_page(request, hand, conflict.standings.replay, conflict=conflict)


@require_POST
def hand_restore(request: Request, pk: int) -> HttpResponseBase:
    hand = access.hand_for(request, pk, "score")
    session = hand.session
    if not session.is_open:
        return closed(request, session)
    if hand.deleted_at is None:  # a second tap, or restored on another phone
        messages.info(request, _("That hand is already back in the session."))
        return go_to(request, "history", session, f"#hand-{hand.pk}")
    before = selectors.hand_place(session=session).replay  # the session without it: what the restore is told against
    try:
        services.hand_restore(hand=hand)
    except services.SaveRefused as refused:
        messages.error(request, refused.message)
        return go_to(request, "history", session, "#deleted-hands")
    return told_what_changed(request, session, before, hand.pk, "restored")
