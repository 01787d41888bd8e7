"""What the seat-change page reads: who sits where now, who leaves, and whom the table played with before."""
from __future__ import annotations

from dataclasses import dataclass

from ..models import Player, Session
from ..replay import session_replay
from ..replay.seating import seating_of
from .sessions import known_players, seat_debts


@dataclass(frozen=True)
class SeatChangeTable:
    seat: int
    seated: tuple[Player, ...]
    leaving: Player
    hand_number: int  # the newcomer plays from this hand
    wind: str  # the seat's wind at that hand
    picks: list[str]  # people played with before, not seated now: one tap each
    debts: str = ""  # the leaving person's open 拉 debts, which the change ends


def seat_change_table(*, session: Session, seat: int) -> SeatChangeTable:
    replay = session_replay(session=session)
    seating = seating_of(session=session, replay=replay)
    seated = seating.now
    here = {p.name.casefold() for p in seated}
    if session.owner is not None:
        before = known_players(owner=session.owner)
    else:  # a table without an account: the people who played at it
        before = [p.name for p in seating.people]
    picks = [name for name in before if name.casefold() not in here]
    return SeatChangeTable(seat, seated, seated[seat], replay.number(len(replay.hand_ids)),
                           replay.next_state.seat_winds[seat], picks,
                           seat_debts(seat, [p.name for p in seated], replay.tracked))
