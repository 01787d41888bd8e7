"""What every write to a session does around its own work: `session_write`.

Each write is one transaction holding the session row, so writes to a session happen one
after the other. A form says which revision it was built from; a write against an older
one is refused (`SessionChanged`): another phone changed the session meanwhile, and the
table should see that before saving (two phones entering the same hand would otherwise
record it twice). Every write that changes what the engine replays gives the session a
new revision, and hands the replay already made for it (a `ReplayDelta`) to the replay's
store, in the same transaction, and to this process's cache once it commits.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import connection, transaction
from django.db.models import ForeignKey, OuterRef, Subquery
from django.utils.translation import gettext

from ..models import SEAT_FIELDS, Hand, Player, Session
from ..replay import ReplayDelta
from ..replay.cache import remember
from ..replay.store import REPLAYED_FIELDS, is_current, keep, told


class SessionChanged(Exception):
    """The form was built from an older revision of the session: nothing was written."""

    def __init__(self, session: Session) -> None:
        super().__init__("The session changed")
        self.session = session


@dataclass
class SessionWrite:
    """One write to a session, under way: its row locked (`session`), as the write found it."""

    session: Session
    delta: ReplayDelta | None = None
    fields: tuple[str, ...] = ()
    changed_replay: bool = False

    def changed(self, delta: ReplayDelta | None, *fields: str) -> None:
        """The write changed what the session replays: it ends with a new revision, the snapshots of what
        `delta` replayed kept for it. None: no hand's answer changed, only the session's own `fields`."""
        self.delta, self.fields, self.changed_replay = delta, fields, True


@contextmanager
def session_write(session: Session, revision: str | None, *, hand: Hand | None = None) -> Iterator[SessionWrite]:
    """A write to the session, in one transaction: its row locked, `hand` still live (when the write is about
    a saved hand), the session open, the form's `revision` the session's; the caller then replays, writes and
    says so (`SessionWrite.changed`), and the write ends with a new revision and the replay kept. A write refused
    (`SessionChanged`, a `ValidationError`) is the caller's to answer: a form sent twice finds what it saved.
    """
    with transaction.atomic():
        write = SessionWrite(locked_session(session))
        _check_writable(write.session, revision, hand)
        yield write
        if write.changed_replay:
            new_revision(write.session, write.delta, write.fields)
    session.revision = write.session.revision
    told(session=session, by=write.session)


def _check_writable(session: Session, revision: str | None, hand: Hand | None) -> None:
    if hand is not None:
        check_live(hand)
    check_open(session)
    check_revision(session, revision)


def locked_session(session: Session) -> Session:
    """The session row locked for this transaction: hands are written one at a time. Only its own row: the
    players' rows are not locked (another session of the same players saves meanwhile); they are the ones
    `session` came with when it has them, else read once. It comes with `last_position`, the last position a
    hand of it holds (deleted hands count), for an append.

    Every other write waits while this one holds the lock (on SQLite, every write of the database), so the
    read is SQL the ORM compiled once per process: compiling it on each save cost more than the rest of the
    save's statements together (2 to 3 ms of a 6 ms hold, measured with benchmarks/tables.py)."""
    sql, compiled, index = _locking_read(connection.vendor)
    params = [*compiled[:index], session.pk, *compiled[index + 1:]]  # the compiled ones are every thread's
    found = list(Session.objects.raw(sql, params))
    if not found:
        raise Session.DoesNotExist("No session matches the given query.")
    locked = found[0]
    _seat_players(locked, came_with=session)
    return locked


_MARK = -424242  # a pk no session has: where the compiled read takes the session's


@cache
def _locking_read(_vendor: str) -> tuple[str, tuple[Any, ...], int]:
    """The locking read's SQL and parameters as the ORM compiles it for this database, and which parameter is
    the session's pk."""
    last = Hand.objects.filter(session=OuterRef("pk")).order_by("-position").values("position")[:1]
    query = (Session.objects.select_for_update(of=("self",)).annotate(last_position=Subquery(last))
             .filter(pk=_MARK).order_by().query)
    sql, params = query.sql_with_params()
    return sql, tuple(params), tuple(params).index(_MARK)


def _seat_players(locked: Session, came_with: Session) -> None:
    wanted = []
    for seat in SEAT_FIELDS:
        field = Session._meta.get_field(seat)
        assert isinstance(field, ForeignKey)
        player_id = getattr(locked, field.attname)
        if field.is_cached(came_with) and getattr(came_with, field.attname) == player_id:
            field.set_cached_value(locked, field.get_cached_value(came_with))
        elif player_id is not None:
            wanted.append((field, player_id))
    if wanted:
        players = Player.objects.in_bulk([player_id for _, player_id in wanted])
        for field, player_id in wanted:
            if player_id not in players:
                raise ObjectDoesNotExist(f"Player {player_id} is gone")
            field.set_cached_value(locked, players[player_id])


def check_open(session: Session) -> None:
    if not session.is_open:
        raise ValidationError({"__all__": gettext("This session is finished: reopen it on the Settle-up page to "
                                                  "change it.")})


def check_revision(session: Session, revision: str | None) -> None:
    """None: the caller is not a form (a script, a test), so there is nothing to compare."""
    if revision is not None and revision != str(session.revision):
        raise SessionChanged(session)


def check_live(hand: Hand) -> None:
    """A hand deleted meanwhile (on another phone) cannot be changed."""
    if not Hand.objects.live().filter(pk=hand.pk).exists():
        raise SessionChanged(hand.session)


def new_revision(session: Session, delta: ReplayDelta | None, fields: tuple[str, ...] = ()) -> None:
    """A new revision, with the replay already made for it kept for the next read: in this process,
    and as snapshots in the database (the store), in this transaction, for every other process and server."""
    valid = is_current(session)
    session.revision = uuid.uuid4()
    keep(session=session, delta=delta, valid=valid)
    session.save(update_fields=["revision", *REPLAYED_FIELDS, *fields, "updated_at"])
    if delta is not None:
        state = delta.state
        transaction.on_commit(lambda: remember(session=session, state=state))
