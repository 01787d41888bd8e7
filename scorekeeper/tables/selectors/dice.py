"""The table's last roll of the three dice, as the screens show it: read from the session's own fields (no query
of its own), so the session screen costs what it did.

Which wall a roll breaks: the dealer counts the total round the table counter-clockwise, themselves first (1, 5,
9, 13, 17: the dealer's own wall; 2, 6, 10, 14, 18: the next seat's), the custom every ruleset's table follows
(rules/*.md are silent on it).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..models import SEATS, Session
from .sessions import Standings


@dataclass(frozen=True)
class Roll:
    values: tuple[int, ...]
    seat: int | None  # who rolled: the seat, and `by` the name sitting there then
    by: str
    hand: int | None  # the hand it was rolled for
    at: datetime

    @property
    def total(self) -> int:
        return sum(self.values)

    def is_for(self, hand_number: int) -> bool:
        """Rolled for this hand's deal (a roll before the last hand was saved is the last deal's)."""
        return self.hand == hand_number

    def wall_seat(self, dealer: int) -> int:
        """The seat whose wall the dealer breaks: the total counted counter-clockwise from the dealer."""
        return (dealer + self.total - 1) % len(SEATS)


def session_roll(*, session: Session) -> Roll | None:
    if not session.dice or session.dice_at is None:
        return None
    return Roll(tuple(int(v) for v in session.dice), session.dice_seat, session.dice_by, session.dice_hand,
                session.dice_at)


@dataclass(frozen=True)
class ShownRoll:
    """A roll as the screens show it: who rolled, the dice, and whose wall the dealer breaks."""

    roll: Roll
    wall: str  # the name of the seat whose wall is broken


def shown_roll(*, standings: Standings) -> ShownRoll | None:
    """The last roll while it is this hand's (rolled since the last hand was saved); else nothing to show."""
    roll = session_roll(session=standings.session)
    if roll is None or not roll.is_for(standings.hand_number) or not standings.session.is_open:
        return None
    return ShownRoll(roll, standings.seats[roll.wall_seat(standings.state.dealer)].name)
