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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext

from ..models import Hand, Session
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
    done: Any = None  # what the same write, sent before, did already: the caller returns it
    delta: ReplayDelta | None = None
    fields: tuple[str, ...] = ()
    changed_replay: bool = False

    def changed(self, delta: ReplayDelta | None, *fields: str) -> None:
        """The write changed what the session replays: it ends with a new revision, the snapshots of what
        `delta` replayed kept for it. None: no hand's answer changed, only the session's own `fields`."""
        self.delta, self.fields, self.changed_replay = delta, fields, True


@contextmanager
def session_write(session: Session, revision: str | None, *, hand: Hand | None = None,
                  done_already: Callable[[Session], Any] | None = None) -> Iterator[SessionWrite]:
    """A write to the session, in one transaction: its row locked, `hand` still live (when the write is about
    a saved hand), the session open, the form's `revision` the session's; the caller then replays, writes and
    says so (`SessionWrite.changed`), and the write ends with a new revision and the replay kept.

    `done_already`: asked, with the row locked, before a refusal: what the same write sent before did (a
    form sent twice), returned to the caller as `done` instead of refusing it."""
    with transaction.atomic():
        write = SessionWrite(locked_session(session))
        try:
            _check_writable(write.session, revision, hand)
        except (SessionChanged, ValidationError):
            write.done = done_already(write.session) if done_already is not None else None
            if write.done is None:
                raise
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
    players' rows are read with it, not locked (another session of the same players saves meanwhile). It
    comes with `last_position`, the last position a hand of it holds (deleted hands count), for an append."""
    last = Hand.objects.filter(session=OuterRef("pk")).order_by("-position").values("position")[:1]
    return (Session.objects.select_for_update(of=("self",)).select_related("east", "south", "west", "north")
            .annotate(last_position=Subquery(last)).get(pk=session.pk))


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
