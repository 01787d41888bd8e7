"""Replay snapshots: each hand's answer and checkpoint kept in the database, beside the hands.

The replay is prefix-stable: what a hand answers depends only on the hands before it. So each
write keeps, in its own transaction, the answer and the replay's checkpoint of every hand it
replayed (an append: the new hands; an edit, delete or restore: that hand and those after it),
and marks the session's snapshots as those of its new revision. A page on any server, after a
restart, reads them instead of replaying the session; a save goes on from the last checkpoint.

They are derived data, never the truth: `Session.replayed_revision` other than the session's
revision (snapshots dropped, or a write that did not keep them) means they are not read; the
session is then replayed whole and the snapshots written again. Dropping them changes nothing
but speed (tests/web/test_snapshots.py).
"""
from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from scorekeeper.engine import Checkpoint, finish

from .models import Hand, HandReplay, Session
from .replay import Replay, hand_states, settle_fields, settle_hand


def live_hands(session: Session) -> list[Hand]:
    """The hands the replay counts, in order, each with its snapshot when it has one (one query)."""
    return list(session.hands.live().order_by("position").select_related("replayed"))


def read(*, session: Session, hands: Sequence[Hand]) -> Replay | None:
    """The session's replay from its snapshots; None when they are not this revision's, or one is missing."""
    if session.replayed_revision is None or session.replayed_revision != session.revision:
        return None
    kept = _kept(hands)
    if kept is None:
        return None
    inputs = [settle_hand(session=session, hand=hand) for hand in hands]
    fields = settle_fields(session=session, hands=[])
    last = Checkpoint.from_json(kept[-1].checkpoint) if kept else Checkpoint.start(session.first_dealer)
    if last.hands != len(hands):
        return None  # not the snapshots of these hands
    answer = {"ok": True, "ruleset": session.ruleset, "hands": [row.answer for row in kept], **finish(fields, last)}
    if not answer.get("balances"):
        return None
    return Replay([hand.pk for hand in hands], inputs, answer, hand_states(session=session, answer=answer,
                  count=len(hands)), [row.checkpoint for row in kept])


def _kept(hands: Sequence[Hand]) -> list[HandReplay] | None:
    cached = [Hand.replayed.is_cached(hand) for hand in hands]
    if all(cached):
        rows = [getattr(hand, "replayed", None) for hand in hands]
    else:
        found = HandReplay.objects.in_bulk([hand.pk for hand in hands])
        rows = [found.get(hand.pk) for hand in hands]
    return None if any(row is None for row in rows) else rows  # type: ignore[return-value]


def keep(*, session: Session, replay: Replay, valid: bool) -> None:
    """In a write's transaction (the session row held): keep `replay`'s snapshots for `session.revision`.

    `valid`: the snapshots were those of the revision the write started from, so only the hands the
    write replayed (`replay.fresh_from` on) need writing; otherwise all are written."""
    if not replay.ok or len(replay.checkpoints) != len(replay.hand_ids):
        _forget(session)
        return
    start = replay.fresh_from if valid else 0
    rows = [HandReplay(hand_id=hand_id, answer=answer, checkpoint=_json(checkpoint))
            for hand_id, answer, checkpoint in zip(replay.hand_ids[start:], replay.hands[start:],
                                                   replay.checkpoints[start:])]
    HandReplay.objects.filter(hand_id__in=[row.hand_id for row in rows]).delete()
    HandReplay.objects.bulk_create(rows)
    session.replayed_revision = session.revision
    Session.objects.filter(pk=session.pk).update(replayed_revision=session.revision)


def write_all(*, session: Session, replay: Replay) -> None:
    """After a whole replay on reading: the snapshots written for the next read, unless a write got in first."""
    if not replay.ok:
        return
    with transaction.atomic():
        locked = Session.objects.select_for_update().filter(pk=session.pk, revision=session.revision).first()
        if locked is None:
            return  # the session changed meanwhile: that write kept (or dropped) its own snapshots
        locked.replayed_revision = None  # whatever was there is not these
        keep(session=locked, replay=replay, valid=False)
    session.replayed_revision = locked.replayed_revision


def drop(*, session: Session) -> None:
    """Every snapshot of the session forgotten: the next read replays the hands whole."""
    with transaction.atomic():
        _forget(session)
        HandReplay.objects.filter(hand__session=session).delete()


def _forget(session: Session) -> None:
    session.replayed_revision = None
    Session.objects.filter(pk=session.pk).update(replayed_revision=None)


def _json(checkpoint: Checkpoint | dict[str, object]) -> dict[str, object]:
    return checkpoint if isinstance(checkpoint, dict) else checkpoint.as_json()
