"""A phone's offline queue, saved in the order it was made: each change once, or refused with the reason.

The whole queue is one transaction holding the session's row. A change already saved (its answer
was lost on the way back, and the phone sent the queue again) is found, never saved twice: a new
hand by its entry token, an edit, a delete or a restore by its `SentChange`. The first change that
cannot be saved stops the queue there: the changes after it wait behind it, so nothing is ever
saved out of order (a later hand before an earlier one would change who deals).

A queue is built on the revision the phone last saw (`base`). It is saved when the session is
still at that revision, or when every revision since was made by this phone's queue: the session
keeps who wrote last from a queue (`queued_by`, `queued_from`, `queued_to`), so a queue sent in
parts, or sent again after a lost answer, follows on from itself. Any other write (another phone,
this phone online) changes the revision past `queued_to`: the queue is then refused as "changed",
and the phone asks the table whether to add its hands after the latest ones (it sends the queue
again with the latest revision as its base) or to discard them.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from ..entry.forms import same_name
from ..entry.queued import (
    NEW_HANDS,
    Queue,
    QueuedChange,
    queued_hand,
    queued_seat_change,
    queued_win_entry,
    saved_hand,
)
from ..hand_input import HandInput
from ..models import Hand, SentChange, Session
from ..replay import session_replay
from ..replay.seating import seating_of
from ..replay.store import REPLAYED_FIELDS
from .hands import hand_delete, hand_restore, saved_elsewhere
from .plain_hands import draw_record, spot_record
from .refusal import SaveRefused
from .seats import seat_change_record
from .session_lock import locked_session
from .wins import win_record

SAVED, ALREADY, REFUSED, WAITING = "saved", "already", "refused", "waiting"
# Why a change was refused: another phone changed the session first; the session is finished; the form
# would refuse it (the reason's words say what); the hand it changes was deleted on another phone.
CHANGED, FINISHED, INVALID, GONE = "changed", "finished", "invalid", "gone"


@dataclass(frozen=True)
class Sent:
    """What became of one change."""

    token: uuid.UUID
    status: str
    hand_id: int | None = None
    reason: str = ""
    message: str = ""


@transaction.atomic
def queue_send(*, session: Session, queue: Queue) -> list[Sent]:
    """Save the queue's changes in order, in one transaction; see the module's docstring."""
    locked = locked_session(session)
    follows = locked.revision == queue.base or _chain_of(locked, queue)
    results: list[Sent] = []
    stopped = False
    for change in queue.changes:
        done = _sent_before(locked, change)
        if done is None and stopped:
            done = Sent(change.token, WAITING)
        elif done is None:
            done = _sent(locked, change) if follows else Sent(change.token, REFUSED, reason=CHANGED)
            stopped = done.status == REFUSED
        results.append(done)
    if any(sent.status == SAVED for sent in results):
        _keep_chain(locked, queue)
    session.revision = locked.revision
    return results


def _chain_of(session: Session, queue: Queue) -> bool:
    """Every revision since the queue's base was written by this same queue."""
    return (session.queued_by == queue.device and session.queued_from == queue.base
            and session.queued_to == session.revision)


def _keep_chain(session: Session, queue: Queue) -> None:
    session.queued_by, session.queued_from, session.queued_to = queue.device, queue.base, session.revision
    session.save(update_fields=["queued_by", "queued_from", "queued_to"])


def _sent_before(session: Session, change: QueuedChange) -> Sent | None:
    """A change whose token was used already: the same change sent again (its answer lost) is found, never
    saved twice; a token that saved something else (another hand, another session's) is refused, as the
    form's own token is (services.hands), never reported saved."""
    if change.kind in NEW_HANDS:
        hand = Hand.objects.filter(entry_token=change.token).first()
        return None if hand is None else _resent_hand(session, change, hand)
    sent = SentChange.objects.filter(token=change.token).first()
    if sent is None:
        return None
    if sent.session_id != session.pk or sent.hand_id != change.hand_id:
        return Sent(change.token, REFUSED, reason=INVALID, message=gettext(
            "This change was already saved for another hand: nothing new was saved."))
    return Sent(change.token, ALREADY, sent.hand_id)


def _resent_hand(session: Session, change: QueuedChange, saved: Hand) -> Sent:
    if saved.session_id == session.pk and _same_change(session, change, saved):
        return Sent(change.token, ALREADY, saved.pk)
    mine = saved.session_id == session.pk
    return Sent(change.token, REFUSED, hand_id=saved.pk if mine else None, reason=INVALID,
                message=saved_elsewhere(session, saved))


def _sent(session: Session, change: QueuedChange) -> Sent:
    """One change saved (in a savepoint: a refusal leaves nothing of it), or why not."""
    if not session.is_open:
        return Sent(change.token, REFUSED, reason=FINISHED)
    try:
        with transaction.atomic():
            hand_id = SAVERS[change.kind](session, change)
    except ValidationError as refused:  # the form would refuse it (entry.queued)
        return Sent(change.token, REFUSED, reason=INVALID, message=refused.messages[0])
    except SaveRefused as refused:
        if refused.changed:  # the queue holds the session: only the hand it changes, deleted meanwhile
            return Sent(change.token, REFUSED, hand_id=change.hand_id, reason=GONE)
        return Sent(change.token, REFUSED, reason=INVALID,
                    message=refused.message or gettext("The engine refused this hand."))
    except LookupError:  # the hand it changes is not this session's, or was deleted meanwhile
        return Sent(change.token, REFUSED, hand_id=change.hand_id, reason=GONE)
    except IntegrityError:  # its token taken by another session's request at this very moment
        return Sent(change.token, REFUSED, reason=INVALID, message=gettext(
            "This change was already saved for another hand: nothing new was saved."))
    session.refresh_from_db(fields=["revision", *REPLAYED_FIELDS])
    return Sent(change.token, SAVED, hand_id)


def _same_change(session: Session, change: QueuedChange, saved: Hand) -> bool:
    """Whether the change sent again is the one its token saved (a seat change: the same seat and newcomer)."""
    if change.kind == "seat":
        typed = change.fields.get("newcomer") or change.fields.get("typed") or ""
        seat = change.fields.get("seat", "")
        return saved.kind == Hand.Kind.SEAT and str(saved.seat) == seat and saved.newcomer is not None \
            and same_name(saved.newcomer.name, str(typed))
    try:
        hand = queued_hand(session=session, change=change, replay=session_replay(session=session))
    except (ValidationError, LookupError):
        return False
    return hand.same_entry(HandInput.from_row(saved))


def _win(session: Session, change: QueuedChange) -> int:
    """A win kept offline, saved as its form saves it (services.wins), its offline keypad taps applied first."""
    return win_record(session=session, entry=queued_win_entry(session=session, change=change),
                      token=str(change.token)).hand.pk


def _plain(session: Session, change: QueuedChange) -> int:
    """A draw or an on-the-spot payment kept offline, read by its form and saved as the form saves it."""
    hand = queued_hand(session=session, change=change, replay=session_replay(session=session))
    return PLAIN_SAVERS[change.kind](session=session, entry=hand, token=str(change.token)).pk


def _seat_change(session: Session, change: QueuedChange) -> int:
    seated = seating_of(session=session, replay=session_replay(session=session)).now
    seat, name = queued_seat_change(seated=seated, change=change)
    return seat_change_record(session=session, seat=seat, name=name, token=str(change.token)).pk


def _edit(session: Session, change: QueuedChange) -> int:
    hand = saved_hand(session=session, change=change)
    if hand.kind == Hand.Kind.WIN:
        edited = win_record(session=session, entry=queued_win_entry(session=session, change=change), editing=hand)
        return _noted(session, change, edited.hand)
    entered = queued_hand(session=session, change=change, replay=session_replay(session=session), editing=hand)
    return _noted(session, change, PLAIN_SAVERS[hand.kind](session=session, entry=entered, editing=hand))


def _delete(session: Session, change: QueuedChange) -> int:
    hand = saved_hand(session=session, change=change)
    hand_delete(hand=hand)
    return _noted(session, change, hand)


def _restore(session: Session, change: QueuedChange) -> int:
    hand = saved_hand(session=session, change=change)
    hand_restore(hand=hand)
    return _noted(session, change, hand)


def _noted(session: Session, change: QueuedChange, hand: Hand) -> int:
    SentChange.objects.create(token=change.token, session=session, hand=hand)
    return hand.pk


PLAIN_SAVERS: dict[str, Callable[..., Hand]] = {Hand.Kind.DRAW: draw_record, Hand.Kind.SPOT: spot_record}
SAVERS: dict[str, Callable[[Session, QueuedChange], int]] = {
    "win": _win, "draw": _plain, "spot": _plain, "seat": _seat_change,
    "edit": _edit, "delete": _delete, "restore": _restore,
}
