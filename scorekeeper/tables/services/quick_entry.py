"""Quick entry saved: every line's hand, or none (the lines are read and checked in entry.quick_entry)."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ..entry.quick_entry import QuickEntryResult, quick_entry_check
from ..models import Session
from ..replay import session_replay
from .hands import hands_append


def quick_entry_preview(*, session: Session, text: str) -> QuickEntryResult:
    """The lines read and checked after the session's hands as they now are: nothing saved."""
    return quick_entry_check(session=session, text=text, replay=session_replay(session=session))


def quick_entry_apply(*, session: Session, text: str, revision: str | None = None,
                      token: str = "") -> QuickEntryResult:
    """Record every line, or none: `ok` with the saved `hands`, or the per-line `errors`.

    `revision` and `token` are the form's, as for every hand (services.hands.hands_append): a form
    built before another phone changed the session saves nothing (SessionChanged), and the same
    form sent twice saves its lines once; sent again with other lines, or refused by the save itself (a
    quota, the session finished meanwhile), it saves nothing and says why among `errors`: a refusal,
    never an error page, and the text as typed stays on the form."""
    result = quick_entry_preview(session=session, text=text)
    if not session.is_open:
        result.errors = [_("This session is finished: reopen it on the Settle-up page to add hands.")]
    if result.ok and result.after is not None:
        try:
            result.hands = hands_append(session=session, hands=result.entered, token=token, revision=revision,
                                        after=result.after)
        except ValidationError as refused:
            result.errors = list(refused.messages)
    return result
