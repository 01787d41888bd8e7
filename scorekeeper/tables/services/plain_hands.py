"""A draw and an on-the-spot payment saved: the one way their forms and the offline queue record or change one.

The form (entry.forms: DrawForm, SpotForm) reads what was typed and makes the hand entered (`HandInput`);
each service appends it, or puts it in the place of the hand it edits, under the session's write lock
(services.hands), and refuses as `SaveRefused`.
"""
from __future__ import annotations

from ..hand_input import HandInput
from ..models import Hand, Session
from .hands import hand_replace, hands_append
from .refusal import refusals


def draw_record(*, session: Session, entry: HandInput, token: str = "", revision: str | None = None,
                editing: Hand | None = None) -> Hand:
    """Save `entry` (a draw) as a new hand (`token`: the form's one-time token: sent again, it saves once), or
    in the place of the draw `editing`. `revision`: the session revision the form was built from (None: the
    offline queue, which holds the session itself). Raises `SaveRefused`."""
    return _record(Hand.Kind.DRAW, session, entry, token, revision, editing)


def spot_record(*, session: Session, entry: HandInput, token: str = "", revision: str | None = None,
                editing: Hand | None = None) -> Hand:
    """As `draw_record`, for an on-the-spot payment (taiwan)."""
    return _record(Hand.Kind.SPOT, session, entry, token, revision, editing)


def _record(kind: str, session: Session, entry: HandInput, token: str, revision: str | None,
            editing: Hand | None) -> Hand:
    if entry.kind != kind or (editing is not None and editing.kind != kind):
        raise ValueError(f"A {entry.kind} is not saved as a {kind}")
    with refusals():
        if editing is not None:
            return hand_replace(hand=editing, entered=entry, revision=revision)
        return hands_append(session=session, hands=[entry], token=token, revision=revision)[0]
