"""Writes for sessions started without an account, and for "Same table again".

A guest's session has no owner; the phone that started it holds its `owner` grant (a ShareLink row of
role owner, kept in the phone's cookie: web/grants.py). Its players have no owner either, and are the
guest's own: a name the guest typed before (in a session this phone started) is that player again,
any other name a new row, never another guest's or another account's "Ann" (services.sessions'
`player_get_or_create` would share every ownerless "Ann" between strangers).

Signing up or logging in claims the phone's guest sessions (`guest_sessions_claim`): each becomes the
account's, its seats merged by name into the account's players (a hand names seats, never players, so
no hand changes), its owner grant deleted (from then on the account owns it, on every phone it logs in
on). A guest player no session sits with any more is deleted.
"""
from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext

from ..entry.forms import same_name, seat_name
from ..models import SEAT_FIELDS, Hand, Player, Session, ShareLink
from ..replay.seating import seated_now
from ..selectors import session_started
from .session_lock import locked_session
from .sessions import player_get_or_create, player_not_among, session_create

TOKEN_USED = "token_used"  # a "Same table again" form's one-time token, used by another table


def guest_player(*, name: str, known: Sequence[Player]) -> Player:
    """The guest's player of that name (any case), else a new one of the guest's."""
    name = seat_name(name)
    found = next((p for p in known if p.owner_id is None and same_name(p.name, name)), None)
    return found or Player.objects.create(name=name, owner=None)


@transaction.atomic
def guest_session_create(*, names: Sequence[str], known: Sequence[Player], **fields: Any) -> ShareLink:
    """A session without an owner, and its owner grant for the phone that started it (`link.session`)."""
    players = [guest_player(name=name, known=known) for name in names]
    session = session_create(names=names, players=players, owner=None, **fields)
    return ShareLink.objects.create(session=session, role=ShareLink.Role.OWNER)


def session_again(*, session: Session, first_dealer: int,
                  token: uuid.UUID | None) -> tuple[Session, ShareLink | None]:
    """A new session of the same table: its players in the same seats, ruleset, stakes, options and way of
    paying, and its owner; with its owner grant when the table plays as a guest. A second call with the same
    form's `token` (a double tap) finds the session the first one started; a token that started a session
    from another table (the form re-posted to another finished session) is refused (ValidationError,
    code TOKEN_USED), and nothing is started."""
    again = session_started(token=token, session=session)
    if again is None:
        try:
            return _same_table(session, first_dealer, token)
        except IntegrityError:  # the other tap's request started it meanwhile, or the token started another
            again = session_started(token=token, session=session)
            if again is None:
                raise ValidationError(gettext(
                    "This form already started a session from another table: nothing new was started. Tap "
                    "Same table again once more to start one from this session."), code=TOKEN_USED) from None
    return again, again.share_links.filter(role=ShareLink.Role.OWNER).first()


@transaction.atomic
def _same_table(session: Session, first_dealer: int, token: uuid.UUID | None) -> tuple[Session, ShareLink | None]:
    seated = list(seated_now(session=session))  # those at the table at its end (people come and go)
    again = session_create(
        ruleset=session.ruleset, names=[p.name for p in seated], players=seated,
        first_dealer=first_dealer, stakes=session.stakes, options=session.options, owner=session.owner,
        pay_as_you_go=session.pay_as_you_go, entry_mode=session.entry_mode, start_token=token,
        confirm_before_saving=session.confirm_before_saving, length_rounds=session.length_rounds,
        length_hands=session.length_hands)
    if session.owner_id is not None:
        return again, None
    return again, ShareLink.objects.create(session=again, role=ShareLink.Role.OWNER)


@transaction.atomic
def guest_sessions_claim(*, link_ids: Sequence[int], owner: Any) -> list[Session]:
    """The phone's guest sessions (those its owner grants name) become `owner`'s, players merged by name."""
    links = ShareLink.objects.filter(pk__in=list(link_ids), role=ShareLink.Role.OWNER, session__owner__isnull=True)
    claimed = [_claim(session_id, owner) for session_id in links.values_list("session_id", flat=True)]
    return [session for session in claimed if session is not None]


def _claim(session_id: int, owner: Any) -> Session | None:
    session = locked_session(Session(pk=session_id))
    if session.owner_id is not None:  # claimed meanwhile (the same phone logging in twice at once)
        return None
    left = session.players
    seats = {f"{seat}_id": player_get_or_create(name=player.name, owner=owner).pk
             for seat, player in zip(SEAT_FIELDS, left)}
    # An update, not save(): the claim is no play, so neither the revision nor `updated_at` (the home
    # page's order) changes; the replay names seats only, so it stays good.
    Session.objects.filter(pk=session.pk).update(owner=owner, **seats)
    owners_players = Player.objects.in_bulk(list(seats.values()))
    changes = _newcomers_merged(session, owner, [owners_players[pk] for pk in seats.values()])
    ShareLink.objects.filter(session=session, role=ShareLink.Role.OWNER).delete()
    _delete_unseated([*left, *(change.newcomer for change in changes if change.newcomer is not None)])
    return Session.objects.get(pk=session.pk)


def _newcomers_merged(session: Session, owner: Any, seated: list[Player]) -> list[Hand]:
    """Those who sat in for someone are merged by name too (a seat change names its newcomer), unless that
    would seat one person in two seats at once: two guest players of one name, as the old code made them
    ("José" typed two ways), stay two people, the later one "José (2)". The seat changes, as they were."""
    changes = list(Hand.objects.filter(session=session, newcomer__isnull=False).select_related("newcomer")
                   .order_by("position"))
    for change in changes:
        name = change.newcomer.name if change.newcomer else ""
        newcomer = player_get_or_create(name=name, owner=owner)
        if change.deleted_at is None and change.seat is not None:
            others = [player for seat, player in enumerate(seated) if seat != change.seat]
            if newcomer in others:
                newcomer = player_not_among(name=name, owner=owner, among=others)
            seated[change.seat] = newcomer
        Hand.objects.filter(pk=change.pk).update(newcomer=newcomer)
    return changes


def _delete_unseated(players: Sequence[Player]) -> None:
    for player in players:
        seated = Q(east=player) | Q(south=player) | Q(west=player) | Q(north=player)
        sat_in = Hand.objects.filter(newcomer=player).exists()
        if player.owner_id is None and not sat_in and not Session.objects.filter(seated).exists():
            player.delete()
