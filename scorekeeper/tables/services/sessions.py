"""Writes of a session's own fields: start one, change how it pays, finish and reopen it, share it."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils import timezone

from scorekeeper.engine import get_ruleset

from ..entry.forms import seat_name
from ..models import Player, Session, ShareLink
from .quota import quota_spend
from .session_lock import locked_session, session_write


def player_get_or_create(*, name: str, owner: Any = None) -> Player:
    """The owner's player of that name (any case); never another account's."""
    name = seat_name(name)
    mine = Player.objects.filter(owner__isnull=True) if owner is None else Player.objects.filter(owner=owner)
    player = mine.filter(name__iexact=name).first()
    if player is None:
        try:
            with transaction.atomic():
                player = Player.objects.create(name=name, owner=owner)
        except IntegrityError:  # created by another request meanwhile, or equal under the database's case rules
            player = mine.alias(low=Lower("name")).filter(low=Lower(Value(name))).first()
            if player is None:
                raise
    return player


def player_not_among(*, name: str, owner: Any, among: Sequence[Player]) -> Player:
    """The owner's player of that name numbered "(2)", "(3)"…, the first not `among` those seated: how two
    people of one name are told apart at a table."""
    taken = {player.pk for player in among}
    number = 2
    while True:
        suffix = f" ({number})"
        player = player_get_or_create(name=seat_name(name)[:40 - len(suffix)] + suffix, owner=owner)
        if player.pk not in taken:
            return player
        number += 1


@transaction.atomic
def session_create(*, ruleset: str, names: Sequence[str], first_dealer: int, stakes: dict[str, str],
                   options: dict[str, Any], owner: Any = None, pay_as_you_go: bool | None = None,
                   players: Sequence[Player] | None = None, **more: Any) -> Session:
    """`pay_as_you_go` None: the way tables of the ruleset usually pay. `players`: the seats' players when
    the caller has them (a guest's, the same table again), else the owner's by `names`. `more`: other
    fields of the session (`entry_mode`, `start_token`). Refused (QuotaReached) past the owner's sessions
    for the day (services.quota)."""
    quota_spend(owner_id=getattr(owner, "pk", None), sessions=1)
    east, south, west, north = players or [player_get_or_create(name=name, owner=owner) for name in names]
    if pay_as_you_go is None:
        pay_as_you_go = get_ruleset(ruleset).usually_pays_as_you_go
    return Session.objects.create(
        owner=owner, ruleset=ruleset, stakes=stakes, options=options, east=east, south=south, west=west,
        north=north, first_dealer=first_dealer, pay_as_you_go=pay_as_you_go, **more,
    )


def session_set_paying(*, session: Session, pay_as_you_go: bool) -> Session:
    """Change how the table pays; what is owed follows from the replay, so the revision changes."""
    with session_write(session, None) as write:
        locked = write.session
        if locked.pay_as_you_go != pay_as_you_go:
            # Each hand's answer is the same either way (only what is owed at the end changes): the
            # snapshots stay good for the new revision, and no hand is replayed.
            locked.pay_as_you_go = pay_as_you_go
            write.changed(None, "pay_as_you_go")
    session.pay_as_you_go = locked.pay_as_you_go
    return session


def session_remember_entry_mode(*, session: Session, mode: str) -> None:
    """The way the last win was entered, for the next one. A preference, not play: no new revision."""
    if mode in ("figure", "tiles") and session.entry_mode != mode:
        Session.objects.filter(pk=session.pk).update(entry_mode=mode)
        session.entry_mode = mode


@transaction.atomic
def session_set_confirming(*, session: Session, confirm_before_saving: bool) -> Session:
    """Whether a figure chip saves a win at once (three taps) or shows who pays first; not the replay's
    business, so the revision stays."""
    locked = locked_session(session)
    if locked.confirm_before_saving != confirm_before_saving:
        locked.confirm_before_saving = confirm_before_saving
        locked.save(update_fields=["confirm_before_saving", "updated_at"])
    session.confirm_before_saving = locked.confirm_before_saving
    return session


def session_finish(*, session: Session) -> Session:
    return _set_status(session, Session.Status.FINISHED)


def session_reopen(*, session: Session) -> Session:
    return _set_status(session, Session.Status.OPEN)


@transaction.atomic
def _set_status(session: Session, status: str) -> Session:
    """Finish or reopen: a second tap, or another phone's, finds it done already and changes nothing."""
    locked = locked_session(session)
    if locked.status != status:
        locked.status = status
        locked.finished_at = timezone.now() if status == Session.Status.FINISHED else None
        locked.save(update_fields=["status", "finished_at", "updated_at"])
    session.status, session.finished_at = locked.status, locked.finished_at
    return session


@transaction.atomic
def share_link_create(*, session: Session, role: str, label: str = "") -> ShareLink:
    locked_session(session)
    return ShareLink.objects.create(session=session, role=role, label=label)


@transaction.atomic
def share_link_revoke(*, session: Session, link_id: int) -> bool:
    """Revoke one of the session's links: it and every grant made from it stop working at once. (A guest's
    owner grant is no link: it goes only when an account claims the session.)"""
    locked_session(session)
    links = ShareLink.objects.filter(session=session, pk=link_id).exclude(role=ShareLink.Role.OWNER)
    deleted, _ = links.delete()
    return bool(deleted)
