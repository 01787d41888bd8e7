"""What the page says after a change to a saved hand (an edit, a delete, a restore): what changed after it."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseBase
from django.utils.translation import gettext_lazy

from .. import selectors
from ..models import Session
from ..replay import ReplayState
from ..web.requests import Request, go_to

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
