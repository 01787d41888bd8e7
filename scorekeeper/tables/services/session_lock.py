"""What every write does first: hold the session's row, and refuse a write the table did not mean.

Each write is one transaction holding the session row, so writes to a session happen one
after the other. A form says which revision it was built from; a write against an older
one is refused (`SessionChanged`): another phone changed the session meanwhile, and the
table should see that before saving (two phones entering the same hand would otherwise
record it twice). Every write that changes what the engine replays gives the session a
new revision, and keeps the replay already made for it.
"""
from __future__ import annotations

import uuid

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext

from .. import snapshots
from ..models import Hand, Session
from ..replay import Replay, remember


class SessionChanged(Exception):
    """The form was built from an older revision of the session: nothing was written."""

    def __init__(self, session: Session) -> None:
        super().__init__("The session changed")
        self.session = session


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


def new_revision(session: Session, after: Replay) -> None:
    """A new revision, with the replay already made for it kept for the next read: in this process,
    and as snapshots in the database, in this transaction, for every other process and server."""
    valid = snapshots.is_current(session)
    session.revision = uuid.uuid4()
    snapshots.keep(session=session, replay=after, valid=valid)
    session.save(update_fields=["revision", "replayed_revision", "replayed_engine", "updated_at"])
    transaction.on_commit(lambda: remember(session=session, replay=after))
