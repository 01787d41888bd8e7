"""Deleting and restoring a hand, and what the page says after any change to a hand: what changed after it."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseBase
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from .. import selectors, services
from ..models import Hand, Session
from ..replay import ReplayState
from . import access
from .base import Request, closed, go_to, gone, open_hand
from .conflict import Conflict, form_page, session_changed

# What happened to a hand, as the message after an edit, a delete or a restore says it.
VERBS = {"changed": gettext_lazy("%(hand)s changed."), "deleted": gettext_lazy("%(hand)s deleted."),
         "restored": gettext_lazy("%(hand)s restored.")}
# Undo on the session screen's "saved" notice comes back there: Restore beside "deleted".
BACK_TO_SESSION = {"deleted": "?deleted={pk}", "restored": "", "changed": ""}


def told_what_changed(request: Request, session: Session, before: ReplayState, hand_id: int,
                      verb: str) -> HttpResponseBase:
    """Tell what the edit, delete or restore changed after the hand, then show the history from its top,
    where the notice is (or the session screen, for an Undo made there)."""
    told = selectors.what_changed(session=session, before=before, hand_id=hand_id)
    back_to_session = request.POST.get("then") == "session"
    if not (back_to_session and verb == "deleted"):  # there, the notice with Restore says it
        messages.success(request, str(VERBS[verb]) % {"hand": told.label})
    for line in told.lines:
        messages.info(request, line, extra_tags="change")
    if back_to_session:
        return go_to(request, "session", session, BACK_TO_SESSION[verb].format(pk=hand_id))
    return go_to(request, "history", session)


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
