"""A seat changes hands (issue 23): the newcomer found or made as a player of the session's owner, and the
change appended to the hand list like any hand (`hands_append`), so it is undone, deleted and restored like
one, and every balance follows from the replay."""
from __future__ import annotations

from django.db import transaction

from ..hand_input import HandInput
from ..models import Hand, Player, Session
from ..replay import session_replay
from ..replay.seating import check_session_seating, seating_of
from .guests import guest_player
from .hands import hands_append
from .refusal import refusals
from .sessions import player_get_or_create


def newcomer_player(*, session: Session, name: str) -> Player:
    """The owner's player of that name; for a session without an owner, one of the people who played at it,
    else a new player of its own (never another table's ownerless "Ann")."""
    if session.owner is not None:
        return player_get_or_create(name=name, owner=session.owner)
    people = seating_of(session=session, replay=session_replay(session=session)).people
    return guest_player(name=name, known=people)


def seat_change_record(*, session: Session, seat: int, name: str, token: str = "",
                       revision: str | None = None) -> Hand:
    """The newcomer `name` takes `seat` from the next hand (`token`, `revision`: as for every form). Raises
    `SaveRefused`."""
    with refusals(), transaction.atomic():
        hand = HandInput(Hand.Kind.SEAT, seat=seat, newcomer=newcomer_player(session=session, name=name))
        check_session_seating(session=session, changed=hand.as_row())
        return hands_append(session=session, hands=[hand], token=token, revision=revision)[0]
