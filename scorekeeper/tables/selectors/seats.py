"""What the seat-change page reads: who sits where now, who leaves, and whom the table played with before."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from scorekeeper.engine import PaymentRow

from ..display.money import money, signed
from ..display.words import listed
from ..models import Player, Session
from ..replay import session_replay
from ..replay.seating import people_money, seating_of
from .sessions import known_players


@dataclass(frozen=True)
class SeatChangeTable:
    seat: int
    seated: tuple[Player, ...]
    leaving: Player
    hand_number: int  # the newcomer plays from this hand
    wind: str  # the seat's wind at that hand
    picks: list[str]  # people played with before, not seated now: one tap each
    debts: str = ""  # the leaving person's open 拉 debts, which the change ends, as payments
    returning: dict[str, str] | None = None  # those who left this session earlier: their balance, signed

    @property
    def pick_chips(self) -> list[tuple[str, str]]:
        """Each pick with the balance they come back with ('' for someone new to this session)."""
        return [(name, (self.returning or {}).get(name, "")) for name in self.picks]


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
    # Someone who played earlier this session comes back with what they had: the chip says how much.
    returning = {m.player.name: signed(m.balance) or "0" for m in people_money(session=session, replay=replay)
                 if m.seat is None}
    return SeatChangeTable(seat, seated, seated[seat], replay.number(len(replay.hand_ids)),
                           replay.next_state.seat_winds[seat], picks,
                           chain_ends([p.name for p in seated], seat, replay.tracked, paying=session.pay_as_you_go),
                           returning)


def chain_ends(names: list[str], seat: int, tracked: Sequence[PaymentRow], *, paying: bool) -> str:
    """The open 拉 debts the leaving seat is in, as what now moves: 'Cy pays Eve 14' (on a tab: 'Cy owes Eve 14
    on the tab'), each once."""
    verb = gettext("%(payer)s pays %(payee)s %(amount)s") if paying else \
        gettext("%(payer)s owes %(payee)s %(amount)s on the tab")
    return listed([verb % {"payer": names[d.payer], "payee": names[d.payee], "amount": money(d.amount)}
                   for d in tracked if seat in (d.payer, d.payee)])
