"""Writes of hands: every new hand enters through `hands_append`; a hand is replaced, set aside or restored.

No write leaves a session the engine cannot replay: a hand is saved only with a replay
that succeeds, and a form submitted twice (its one-time token) is saved once. The
callers (a win's check, quick entry's check, an import) have usually replayed the session
with the new hands already; that replay is used when the session has not changed since.
"""
from __future__ import annotations

import copy
import uuid
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext

from ..display.refusals import replay_error, replay_refusal
from ..entry.forms import MAX_SESSION_HANDS
from ..hand_input import HandInput
from ..models import Hand, Session
from ..replay import ReplayDelta, ReplayState, replay_appended, replay_candidate, session_replay, settle_inputs
from ..replay.seating import check_session_seating
from .quota import quota_spend
from .refusal import refusals
from .session_lock import SessionChanged, session_write


def hands_append(*, session: Session, hands: Sequence[HandInput], token: str = "", revision: str | None = None,
                 after: ReplayDelta | None = None, counted: bool = False) -> list[Hand]:
    """Append `hands` (as entered) to the session: the one way a hand is recorded; the rows saved.

    `token` is the form's one-time token: the same form sent again returns the hands it saved; other
    content under a token already used is refused, never dropped in silence.
    `revision` is the session revision the form was built from (None: not a form).
    `after` is the session replayed with the hands, made from `session` as the caller read it.
    `counted`: the hands were counted against the owner's quota for the day already (an import).

    A save is a few statements while the session's row is held: the lock, the day's count, the hands,
    their snapshots, the new revision. A token is looked up only when the save cannot go through as sent
    (another revision, the session finished) or its insert finds the token taken (the unique entry_token):
    then the transaction has written nothing, and the form sent again gets what it saved."""
    if not hands:
        return []
    tokens = entry_tokens(token, len(hands))
    try:
        return _append(session, list(hands), tokens, revision, after, counted)
    except IntegrityError:
        if saved := _saved_with(tokens):  # a double tap that raced the first, or a form sent again
            return _sent_again(session, saved, hands)
        raise


def _append(session: Session, hands: list[HandInput], tokens: list[uuid.UUID], revision: str | None,
            after: ReplayDelta | None, counted: bool) -> list[Hand]:
    try:
        with session_write(session, revision) as write:
            locked = write.session
            if after is None or locked.revision != session.revision:
                after = _replayed_with(locked, hands)
            _check_room(after.state)
            if not counted:
                quota_spend(owner_id=locked.owner_id, hands=len(hands))
            rows = _insert(locked, hands, tokens)
            write.changed(after.with_ids([row.pk for row in rows]))
    except (SessionChanged, ValidationError):
        if saved := _saved_with(tokens):  # sent again after its own save moved the revision on
            return _sent_again(session, saved, hands)
        raise
    return rows


def entry_tokens(token: str, count: int) -> list[uuid.UUID]:
    """Each hand's one-time token: the form's own for one hand; for several (quick entry), one made from it."""
    try:
        form_token = uuid.UUID(token)
    except (TypeError, ValueError):
        return []
    return [form_token] if count == 1 else [uuid.uuid5(form_token, str(index)) for index in range(count)]


def hand_replace(*, hand: Hand, entered: HandInput, revision: str | None = None,
                 after: ReplayDelta | None = None) -> Hand:
    """Save `hand` as `entered` now says, in its place; `after` as for `hands_append`. The row saved is a copy:
    `hand` stays as it was, for a form refused to be drawn again."""
    session = hand.session
    with session_write(session, revision, hand=hand) as write:
        locked = write.session
        if after is None or locked.revision != session.revision:
            replay = session_replay(session=locked)
            candidate = settle_inputs(session=locked, hands=[entered])[0]
            after = _checked(replay_candidate(session=locked, replay=replay, index=replay.index_of(hand.pk),
                                              candidate=candidate, replacing=True))
        row = entered.as_row(onto=copy.copy(hand))
        row.save()
        write.changed(after)
    return row


def hand_delete(*, hand: Hand, revision: str | None = None) -> None:
    """Set the hand aside (soft delete): the replay goes on without it, and it can be restored. Raises
    `SaveRefused`."""
    with refusals(), session_write(hand.session, revision, hand=hand) as write:
        session = write.session
        if hand.kind == Hand.Kind.SEAT:
            check_session_seating(session=session, changed=hand, removing=True)
        replay = session_replay(session=session)
        after = replay_candidate(session=session, replay=replay, index=replay.index_of(hand.pk), candidate=None)
        if not after.state.ok:
            raise ValidationError({"__all__": gettext("Deleting this hand would break the replay: %(error)s")
                                              % {"error": replay_error(after.state)}})
        hand.deleted_at = timezone.now()
        hand.save(update_fields=["deleted_at", "updated_at"])
        write.changed(after)


def hand_restore(*, hand: Hand, revision: str | None = None) -> Hand:
    """Put a deleted hand back in its place; refused (`SaveRefused`) when the session cannot be replayed with
    it. Restored already (a second tap, another phone): nothing to do, and nothing refused."""
    with refusals():
        try:
            return _restore(hand, revision)
        except (SessionChanged, ValidationError):
            if (back := _restored_already(hand)) is not None:
                return back
            raise


def _restore(hand: Hand, revision: str | None) -> Hand:
    with session_write(hand.session, revision) as write:
        hand = Hand.objects.select_for_update().get(pk=hand.pk)
        if hand.deleted_at is None:  # restored already (a second tap, another phone): nothing to do
            return hand
        session = write.session
        if hand.kind == Hand.Kind.SEAT:
            check_session_seating(session=session, changed=hand)
        index = Hand.objects.live().filter(session=session, position__lt=hand.position).count()
        after = replay_candidate(session=session, replay=session_replay(session=session), index=index,
                                 candidate=settle_inputs(session=session, hands=[HandInput.from_row(hand)])[0],
                                 hand_id=hand.pk)
        if not after.state.ok:
            raise ValidationError({"__all__": gettext("Restoring this hand would break the replay: %(error)s")
                                              % {"error": replay_refusal(after.state)}})
        _check_room(after.state)
        hand.deleted_at = None
        hand.save(update_fields=["deleted_at", "updated_at"])
        write.changed(after)
    return hand


def _restored_already(hand: Hand) -> Hand | None:
    """The hand, when it is back in the session already: a restore sent again is not refused."""
    return Hand.objects.live().filter(pk=hand.pk).first()


def _check_room(after: ReplayState) -> None:
    """A session holds at most MAX_SESSION_HANDS entries (what a backup may hold, so every session can be
    restored from its own backup)."""
    if len(after.hand_ids) > MAX_SESSION_HANDS:
        raise ValidationError({"__all__": gettext(
            "This session holds %(most)s hands and payments, the most one session keeps: start a new session to "
            "go on.") % {"most": f"{MAX_SESSION_HANDS:,}"}})


def _saved_with(tokens: list[uuid.UUID]) -> list[Hand]:
    return list(Hand.objects.filter(entry_token__in=tokens).order_by("position")) if tokens else []


def _sent_again(session: Session, saved: list[Hand], hands: Sequence[HandInput]) -> list[Hand]:
    """A form sent twice (a double tap, an offline save retried) gets what it saved; a form whose token
    was used for other content (a copy kept from before, a crafted request) is refused, saying where."""
    if len(saved) == len(hands) and all(b.same_entry(HandInput.from_row(a)) for a, b in zip(saved, hands)):
        return saved
    raise ValidationError({"__all__": saved_elsewhere(session, saved[0])})


def saved_elsewhere(session: Session, first: Hand) -> str:
    """Why a form whose token saved other content saves nothing: which hand it saved."""
    replay = session_replay(session=session)
    if first.session_id == session.pk and first.pk in replay.hand_ids:
        where = gettext("hand %(number)d") % {"number": replay.number(replay.index_of(first.pk))}
    else:
        where = gettext("another hand")
    return gettext("This form was already saved as %(hand)s, with other content: nothing new was saved. Open the "
                   "form again to enter another hand.") % {"hand": where}


def _replayed_with(session: Session, hands: Sequence[HandInput]) -> ReplayDelta:
    return _checked(replay_appended(session=session, base=session_replay(session=session), hands=hands))


def _checked(after: ReplayDelta) -> ReplayDelta:
    """The replay with the new hand; refused with the engine's words when it cannot be made."""
    if not after.state.ok:
        raise ValidationError({"__all__": replay_refusal(after.state)})
    return after


def _insert(session: Session, hands: list[HandInput], tokens: list[uuid.UUID]) -> list[Hand]:
    # Deleted hands count: they keep their positions for a restore. Read with the lock (locked_session).
    last = getattr(session, "last_position", None) or 0
    rows = [hand.as_row() for hand in hands]
    for index, row in enumerate(rows):
        row.session, row.position = session, last + 1 + index
        row.entry_token = tokens[index] if tokens else None
    return Hand.objects.bulk_create(rows)  # a token taken: IntegrityError, and hands_append finds what it saved
