"""Writes. Every write that changes what the engine replays gives the session a new revision.

No write leaves a session the engine cannot replay: a hand is saved only after the
replay with it succeeds, and a form submitted twice (its one-time token) is saved once.
Each write is one transaction holding the session row, so writes to a session happen
one after the other. A form says which revision it was built from (`revision`); a
write against an older one is refused (`SessionChanged`): another phone changed the
session meanwhile, and the table should see that before saving (two phones entering
the same hand would otherwise record it twice).
"""
from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Value
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext

from .entry import WinEntry
from .models import Hand, Player, Session, ShareLink
from .profiles import get_profile
from .replay import Replay, remember, replay_candidate, session_replay, settle_hand
from .wincheck import win_check, win_model


class SessionChanged(Exception):
    """The form was built from an older revision of the session: nothing was written."""

    def __init__(self, session: Session) -> None:
        super().__init__("The session changed")
        self.session = session


def player_get_or_create(*, name: str) -> Player:
    name = " ".join(name.split())
    player = Player.objects.filter(name__iexact=name).first()
    if player is None:
        try:
            with transaction.atomic():
                player = Player.objects.create(name=name)
        except IntegrityError:  # created by someone else meanwhile, or equal to one under the database's case rules
            player = Player.objects.alias(low=Lower("name")).filter(low=Lower(Value(name))).first()
            if player is None:
                raise
    return player


@transaction.atomic
def session_create(*, ruleset: str, names: Sequence[str], first_dealer: int, stakes: dict[str, str],
                   options: dict[str, Any], owner: Any = None, pay_as_you_go: bool | None = None) -> Session:
    """`pay_as_you_go` None: the way tables of the ruleset usually pay."""
    east, south, west, north = (player_get_or_create(name=name) for name in names)
    if pay_as_you_go is None:
        pay_as_you_go = get_profile(ruleset).usually_pays_as_you_go
    return Session.objects.create(
        owner=owner, ruleset=ruleset, stakes=stakes, options=options, east=east, south=south, west=west,
        north=north, first_dealer=first_dealer, pay_as_you_go=pay_as_you_go,
    )


@transaction.atomic
def session_set_paying(*, session: Session, pay_as_you_go: bool) -> Session:
    """Change how the table pays; what is owed follows from the replay, so the revision changes."""
    locked = _locked(session)
    _check_open(locked)
    if locked.pay_as_you_go != pay_as_you_go:
        locked.pay_as_you_go, locked.revision = pay_as_you_go, uuid.uuid4()
        locked.save(update_fields=["pay_as_you_go", "revision", "updated_at"])
    session.pay_as_you_go, session.revision = locked.pay_as_you_go, locked.revision
    return session


@transaction.atomic
def session_finish(*, session: Session) -> Session:
    locked = _locked(session)
    if locked.is_open:
        locked.status, locked.finished_at = Session.Status.FINISHED, timezone.now()
        locked.save(update_fields=["status", "finished_at", "updated_at"])
    session.status, session.finished_at = locked.status, locked.finished_at
    return session


@transaction.atomic
def session_reopen(*, session: Session) -> Session:
    locked = _locked(session)
    if not locked.is_open:
        locked.status, locked.finished_at = Session.Status.OPEN, None
        locked.save(update_fields=["status", "finished_at", "updated_at"])
    session.status, session.finished_at = locked.status, locked.finished_at
    return session


@transaction.atomic
def share_link_create(*, session: Session, role: str, label: str = "") -> ShareLink:
    _locked(session)
    return ShareLink.objects.create(session=session, role=role, label=label)


@transaction.atomic
def share_link_revoke(*, session: Session, link_id: int) -> bool:
    """Revoke one of the session's links: it and every grant made from it stop working at once."""
    _locked(session)
    deleted, _ = ShareLink.objects.filter(session=session, pk=link_id).delete()
    return bool(deleted)


def _locked(session: Session) -> Session:
    """The session row locked for this transaction: hands are written one at a time."""
    return Session.objects.select_for_update().select_related("east", "south", "west", "north").get(pk=session.pk)


def _token(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except (TypeError, ValueError):
        return None


def _already_saved(token: uuid.UUID | None) -> Hand | None:
    return Hand.objects.filter(entry_token=token).first() if token else None


def _check_open(session: Session) -> None:
    if not session.is_open:
        raise ValidationError({"__all__": gettext("This session is finished: reopen it on the Settle-up page to change it.")})


def _check_revision(session: Session, revision: str | None) -> None:
    """None: the caller is not a form (a script, a test), so there is nothing to compare."""
    if revision is not None and revision != str(session.revision):
        raise SessionChanged(session)


@transaction.atomic
def hand_record_win(*, session: Session, entry: WinEntry, revision: str | None = None) -> Hand:
    session = _locked(session)
    token = _token(entry.token)
    if (saved := _already_saved(token)) is not None:
        return saved
    _check_open(session)
    _check_revision(session, revision)
    check = win_check(session=session, entry=entry)
    if not check.ready or check.after is None:
        raise ValidationError(check.errors)
    hand = win_model(entry=entry, profile=get_profile(session.ruleset), check=check)
    return _append(session, hand, token, check.after)


@transaction.atomic
def hand_update_win(*, hand: Hand, entry: WinEntry, revision: str | None = None) -> Hand:
    session = _locked(hand.session)
    hand = _live_hand(hand)
    _check_open(session)
    _check_revision(session, revision)
    check = win_check(session=session, entry=entry, editing=hand)
    if not check.ready or check.after is None:
        raise ValidationError(check.errors)
    win_model(entry=entry, profile=get_profile(session.ruleset), check=check, hand=hand)
    hand.save()
    _touch(session, check.after)
    return hand


@transaction.atomic
def hand_record_draw(*, session: Session, note: str = "", token: str = "", revision: str | None = None) -> Hand:
    return _record_plain(session, Hand(kind=Hand.Kind.DRAW, note=note), token, revision)


@transaction.atomic
def hand_record_spot(*, session: Session, kind: str, player: int, count: int | None = None,
                     to: int | None = None, note: str = "", token: str = "", revision: str | None = None) -> Hand:
    hand = Hand(kind=Hand.Kind.SPOT, spot_kind=kind, spot_player=player, spot_count=count, spot_to=to, note=note)
    return _record_plain(session, hand, token, revision)


@transaction.atomic
def hand_update_plain(*, hand: Hand, fields: dict[str, Any], revision: str | None = None) -> Hand:
    """Edit a draw's or an on-the-spot payment's fields."""
    session = _locked(hand.session)
    hand = _live_hand(hand)
    _check_open(session)
    _check_revision(session, revision)
    for name, value in fields.items():
        setattr(hand, name, value)
    after = _replayed_with(session, hand, replacing=True)
    hand.save()
    _touch(session, after)
    return hand


@transaction.atomic
def hand_delete(*, hand: Hand, revision: str | None = None) -> None:
    """Set the hand aside (soft delete): the replay goes on without it, and it can be restored."""
    session = _locked(hand.session)
    hand = _live_hand(hand)
    _check_open(session)
    _check_revision(session, revision)
    replay = session_replay(session=session)
    after = replay_candidate(session=session, replay=replay, index=replay.index_of(hand.pk), candidate=None)
    if not after.ok:
        raise ValidationError({"__all__": gettext("Deleting this hand would break the replay: %(error)s")
                                          % {"error": after.error}})
    hand.deleted_at = timezone.now()
    hand.save(update_fields=["deleted_at", "updated_at"])
    _touch(session, after)


@transaction.atomic
def hand_restore(*, hand: Hand) -> Hand:
    """Put a deleted hand back in its place; refused when the session cannot be replayed with it."""
    session = _locked(hand.session)
    hand = Hand.objects.select_for_update().get(pk=hand.pk)
    if hand.deleted_at is None:  # restored already (a second tap, another phone): nothing to do
        return hand
    _check_open(session)
    replay = session_replay(session=session)
    index = Hand.objects.live().filter(session=session, position__lt=hand.position).count()
    after = replay_candidate(session=session, replay=replay, index=index,
                             candidate=settle_hand(session=session, hand=hand), hand_id=hand.pk)
    if not after.ok:
        raise ValidationError({"__all__": gettext("Restoring this hand would break the replay: %(error)s")
                                          % {"error": _without_hand_number(after.error)}})
    hand.deleted_at = None
    hand.save(update_fields=["deleted_at", "updated_at"])
    _touch(session, after)
    return hand


def _live_hand(hand: Hand) -> Hand:
    """The hand as stored now; a hand deleted meanwhile (on another phone) cannot be changed."""
    fresh = Hand.objects.filter(pk=hand.pk).first()
    if fresh is None or fresh.deleted_at is not None:
        raise SessionChanged(hand.session)
    hand.deleted_at = None
    return hand


def _record_plain(session: Session, hand: Hand, token_text: str, revision: str | None) -> Hand:
    session = _locked(session)
    token = _token(token_text)
    if (saved := _already_saved(token)) is not None:
        return saved
    _check_open(session)
    _check_revision(session, revision)
    return _append(session, hand, token, _replayed_with(session, hand, replacing=False))


def _replayed_with(session: Session, hand: Hand, *, replacing: bool) -> Replay:
    """The session replayed with this hand; refused with the engine's words when it cannot be."""
    replay = session_replay(session=session)
    index = replay.index_of(hand.pk) if replacing else len(replay.hand_ids)
    after = replay_candidate(session=session, replay=replay, index=index,
                             candidate=settle_hand(session=session, hand=hand), replacing=replacing)
    if not after.ok:
        raise ValidationError({"__all__": _without_hand_number(after.error)})
    return after


def _without_hand_number(message: str) -> str:
    """The engine names the hand ('hand 12: ...'); the form is about that hand already."""
    head, sep, rest = message.partition(": ")
    return rest[:1].upper() + rest[1:] if sep and head.startswith("hand ") else message


def _append(session: Session, hand: Hand, token: uuid.UUID | None, after: Replay) -> Hand:
    # Deleted hands count: they keep their positions for a restore.
    last = Hand.objects.filter(session=session).aggregate(last=Max("position"))["last"] or 0
    hand.session, hand.position, hand.entry_token = session, last + 1, token
    try:
        with transaction.atomic():
            hand.save()
    except IntegrityError:
        # The same form saved by a request that got in first (a double tap racing on a
        # database without row locks): that save stands, this one is the retry.
        if (saved := _already_saved(token)) is not None:
            return saved
        raise
    after.hand_ids[-1] = hand.pk
    _touch(session, after)
    return hand


def _touch(session: Session, after: Replay) -> None:
    """A new revision, with the replay already made for it kept for the next read."""
    session.revision = uuid.uuid4()
    session.save(update_fields=["revision", "updated_at"])
    transaction.on_commit(lambda: remember(session=session, replay=after))
