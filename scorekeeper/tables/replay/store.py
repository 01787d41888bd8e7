"""The replay's store: each hand's answer and checkpoint kept in the database, beside the hands.

This module is the only reader and writer of the snapshot rows (`HandReplay`) and of the session fields
that say whose they are (`Session.replayed_revision`, `replayed_engine`).

The replay is prefix-stable: what a hand answers depends only on the hands before it. So each
write keeps, in its own transaction, the answer and the replay's checkpoint of every hand it
replayed (an append: the new hands; an edit, delete or restore: that hand and those after it),
and marks the session's snapshots as those of its new revision. A page on any server, after a
restart, reads them instead of replaying the session (one query, the JSON decoded only where a
page reads it); a save goes on from the last checkpoint.

They are derived data, never the truth: `Session.replayed_revision` other than the session's
revision (snapshots dropped, or a write that did not keep them) means they are not read; the
session is then replayed whole and the snapshots written again. Dropping them changes nothing
but speed (tests/web/replay/test_store.py; `manage.py drop_snapshots` drops them all).

They are trusted only from the engine that made them: `Session.replayed_engine` records it, as
`ENGINE_VERSION`, a digest of the engine's sources (its Python and its pattern tables), so any change
to the engine, scoring or not, is a new version without anyone having to remember to bump one.
Snapshots of another version are not read, and the next read or write replays the session whole
with this engine and writes them again: during a deploy, a server with the old engine and one with
the new each replay a session whole before writing to it, so no session holds hands replayed by
two engines. A write goes on from the last checkpoint only when the snapshots are this revision's
and this engine's.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery

import scorekeeper.engine
from scorekeeper.engine import Checkpoint, Settlement, finish

from ..models import Hand, HandReplay, Session
from . import tallies
from .replaying import ReplayDelta, hand_states, settle_fields
from .state import DecodedHands, ReplayState


def engine_version(root: Path, *also: Path) -> str:
    """A digest of the engine's sources under `root` (what it scores with) and of `also`, other sources whose
    output the snapshots keep."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".toml")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for path in also:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


# The per-hand tally kept beside each checkpoint is tallies.py's: a change to how it counts is a new version
# too, so a deploy that changes it writes every session's snapshots again rather than reading old tallies.
ENGINE_VERSION = engine_version(Path(scorekeeper.engine.__file__).parent, Path(tallies.__file__))


def is_current(session: Session) -> bool:
    """The session's snapshots are those of its revision, made by this engine."""
    return (session.replayed_revision is not None and session.replayed_revision == session.revision
            and session.replayed_engine == ENGINE_VERSION)


def read(*, session: Session) -> ReplayState | None:
    """The session's replay from its snapshots; None when they are not this revision's and this engine's, or
    one is missing."""
    if not is_current(session):
        return None
    rows = list(Hand.objects.live().filter(session=session).order_by("position").values_list(
        "pk", "kind", "replayed__given", "replayed__answer", "replayed__checkpoint", "replayed__balances",
        "replayed__tally"))
    if any(None in row or not row[6] for row in rows):
        return None
    checkpoints = decoded(row[4] for row in rows)
    last = Checkpoint.from_json(checkpoints[-1]) if rows else Checkpoint.start(session.first_dealer)
    if last.hands != len(rows):
        return None  # not the snapshots of these hands
    ended = finish(settle_fields(session=session, hands=[]), last)
    if not isinstance(ended, Settlement):
        return None
    answer = replace(ended, hands=DecodedHands(decoded(row[3] for row in rows)))
    return ReplayState(tuple(row[0] for row in rows), decoded(row[2] for row in rows), answer,
                       hand_states(session=session, answer=answer, count=len(rows)), checkpoints,
                       tuple(row[1] in (Hand.Kind.SPOT, Hand.Kind.SEAT) for row in rows),
                       tallies.TallyTexts([row[6] for row in rows]), decoded(row[5] for row in rows))


def decoded(texts: Iterable[str]) -> list[Any]:
    """The snapshots' JSON texts as values, in one parse (one call of the decoder, not one a text)."""
    return json.loads("[" + ",".join(texts) + "]")  # type: ignore[no-any-return]


def last_tallies(*, sessions: list[Session]) -> dict[int, tuple[Any, Settlement]]:
    """For each session whose snapshots are current: its seats' tallies after its last hand (tallies.py) and
    the session's end as the engine answers it (its balances and its `closing`: the open 拉 debts settled), from
    that hand's snapshot alone (two queries, whatever the sessions' lengths). A session left out has no current
    snapshots: the caller replays it."""
    current = {session.pk: session for session in sessions if is_current(session)}
    last = Hand.objects.live().filter(session_id=OuterRef("pk")).order_by("-position").values("pk")[:1]
    lasts = dict(Session.objects.filter(pk__in=current).annotate(last=Subquery(last)).values_list("pk", "last"))
    rows = HandReplay.objects.filter(hand_id__in=[pk for pk in lasts.values() if pk]).values_list(
        "hand__session_id", "tally", "checkpoint")
    found: dict[int, tuple[Any, Settlement]] = {}
    for pk, hand in lasts.items():
        if hand is None:
            ended = finish(settle_fields(session=current[pk], hands=[]), Checkpoint.start(current[pk].first_dealer))
            assert isinstance(ended, Settlement), ended
            found[pk] = (tallies.empty(), ended)
    for session_id, tally, checkpoint in rows:
        if tally:
            after = Checkpoint.from_json(json.loads(checkpoint))
            ended = finish(settle_fields(session=current[session_id], hands=[]), after)
            assert isinstance(ended, Settlement), ended  # the snapshots are of a session that replayed
            found[session_id] = (json.loads(tally), ended)
    return found


def keep(*, session: Session, delta: ReplayDelta | None, valid: bool) -> None:
    """In a write's transaction (the session row held), the session given its new revision: keep the
    snapshots of what the write replayed for `session.revision`, and say whose they are; the caller saves
    the session row (REPLAYED_FIELDS with its own).

    `valid`: the snapshots were those of the revision the write started from, so only the hands the
    write replayed (`delta.start` on) need writing; otherwise all are written. `delta` None: the write
    changed no hand's answer (how the table pays), so the snapshots stand for the new revision when they
    stood for the old."""
    if delta is None:
        session.replayed_revision = session.revision if valid else None
        return
    state = delta.state
    if not state.ok or len(state.checkpoints) != len(state.hand_ids):
        _forget(session)
        return
    start = delta.start if valid else 0
    kept = state.tallies.texts[start:] if isinstance(state.tallies, tallies.TallyTexts) else \
        [tallies.text(tally) for tally in state.tallies[start:]]
    rows = [HandReplay(hand_id=hand_id, given=_text(given), answer=_text(answer.to_json()),
                       checkpoint=_text(checkpoint), balances=_text(list(answer.balances)), tally=tally)
            for (hand_id, given, answer, checkpoint, _), tally in zip(state.snapshot_rows(start), kept)]
    if not (delta.new and start == delta.start):  # else: new hands, no snapshot to replace
        HandReplay.objects.filter(hand_id__in=[row.hand_id for row in rows]).delete()
    HandReplay.objects.bulk_create(rows)
    session.replayed_revision, session.replayed_engine = session.revision, ENGINE_VERSION


# The session fields keep sets: saved with the revision by the caller.
REPLAYED_FIELDS = ("replayed_revision", "replayed_engine")


def told(*, session: Session, by: Session) -> None:
    """The caller's copy of a session told whose snapshots they are, as the write's locked copy (`by`) says."""
    session.replayed_revision, session.replayed_engine = by.replayed_revision, by.replayed_engine


def write_all(*, session: Session, state: ReplayState) -> None:
    """After a whole replay on reading: the snapshots written for the next read, unless a write got in first."""
    if not state.ok:
        return
    with transaction.atomic():
        locked = Session.objects.select_for_update().filter(pk=session.pk, revision=session.revision).first()
        if locked is None:
            return  # the session changed meanwhile: that write kept (or dropped) its own snapshots
        keep(session=locked, delta=ReplayDelta(state), valid=False)
        Session.objects.filter(pk=locked.pk).update(replayed_revision=locked.replayed_revision,
                                                    replayed_engine=locked.replayed_engine)
    told(session=session, by=locked)


def drop(*, session: Session) -> None:
    """Every snapshot of the session forgotten: the next read replays the hands whole."""
    with transaction.atomic():
        _forget(session)
        HandReplay.objects.filter(hand__session=session).delete()


def _forget(session: Session) -> None:
    session.replayed_revision = None
    Session.objects.filter(pk=session.pk).update(replayed_revision=None)


def _text(value: Any) -> str:
    return json.dumps(value.as_json() if isinstance(value, Checkpoint) else value, separators=(",", ":"))
