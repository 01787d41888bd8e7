"""Who sat where, hand by hand, and each person's money (issue 23: people come and go).

The engine sees four seats (rules/README.md, `{"seat_change": i}`); people are the app's. A seat
change is an entry in the session's hand list (Hand.Kind.SEAT: `seat`, `newcomer`): the person in
that seat leaves and `newcomer` sits in from the next hand. So the person at a seat during an entry is
the session's first four with every earlier change applied; the seat change's own entry (taiwan: the
chain debts it collects) is still the leaving person's.

Money is per person, and derived as everything is: each entry's per-seat `transfers` go to the person in
that seat at that entry; after the last entry, what the engine's `closing` settles (taiwan's open 拉 debts)
goes to the people seated now — a seat change ends every chain its seat is in, so an open debt is always
between people seated now. With `pay_as_you_go` the transfers were paid at the table, so what a person
still owes is their part of the closing only; on a tab it is their balance. Settle up is the engine's
fewest-payments plan over everyone who played (engine/settle_up.py).

Decisions where the issue is silent:
- A person sits in one seat at a time: a change that would seat someone twice is refused.
- A person who leaves and comes back is one person: their balance goes on from where it stood.
- A seat change is not a hand: it has the number of the hand it comes before ("from hand 12").
- Without any seat change the engine's per-seat figures are the people's, read as they are.
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from scorekeeper.engine import PaymentRow
from scorekeeper.engine.settle_up import settle_up

from ..models import Hand, Player, Session
from .cache import session_replay
from .state import ReplayState


@dataclass(frozen=True)
class SeatChange:
    index: int  # the entry in the replay
    seat: int
    newcomer: Player


@dataclass
class Seating:
    """The four at the start, then each change of seat in the order of the entries."""

    first: tuple[Player, ...]
    changes: list[SeatChange] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._at = [self.first]
        for change in self.changes:
            seated = list(self._at[-1])
            seated[change.seat] = change.newcomer
            self._at.append(tuple(seated))
        self._indexes = [change.index for change in self.changes]

    def at(self, index: int) -> tuple[Player, ...]:
        """The people seated during entry `index` (a seat change's own entry: before it)."""
        return self._at[bisect_right(self._indexes, index - 1)]

    def after(self, index: int) -> tuple[Player, ...]:
        return self._at[bisect_right(self._indexes, index)]

    @property
    def now(self) -> tuple[Player, ...]:
        return self._at[-1]

    def names_at(self, index: int) -> list[str]:
        return [p.name for p in self.at(index)]

    def leaving(self, change: SeatChange) -> Player:
        return self.at(change.index)[change.seat]

    @property
    def people(self) -> list[Player]:
        """Everyone who played, in the order they first sat down."""
        seen: dict[int, Player] = {}
        for seated in self._at:
            for person in seated:
                seen.setdefault(person.pk, person)
        return list(seen.values())


def seating_of(*, session: Session, replay: ReplayState) -> Seating:
    """The session's seating: who sat where, from its players and the seat changes its replay holds."""
    return Seating(tuple(session.players), seat_changes(session, replay))


def names_at(*, session: Session, replay: ReplayState, index: int) -> list[str]:
    """The names of the people in the seats at entry `index` (`len(hand_ids)`: the hand about to be played)."""
    return seating_of(session=session, replay=replay).names_at(index)


def seated_now(*, session: Session) -> tuple[Player, ...]:
    return seating_of(session=session, replay=session_replay(session=session)).now


def seat_changes(session: Session, replay: ReplayState) -> list[SeatChange]:
    if not any(replay.spot_flags()):  # no entry between hands: no seat change (no query on most sessions)
        return []
    hands = session.hands.live().filter(kind=Hand.Kind.SEAT).select_related("newcomer")
    changes = [SeatChange(replay.index_of(h.pk), h.seat or 0, h.newcomer) for h in hands
               if h.pk in replay.hand_ids and h.newcomer is not None]
    return sorted(changes, key=lambda change: change.index)


def check_seating(first: Sequence[Player], changes: Sequence[tuple[int, Player]]) -> None:
    """Refused when the changes (seat, newcomer, in order) would seat one person in two seats at once."""
    seated = list(first)
    for seat, newcomer in changes:
        seated[seat] = newcomer
        if len({p.pk for p in seated}) < len(seated):
            raise ValidationError({"__all__": gettext("%(name)s is already at the table, in another seat.")
                                   % {"name": newcomer.name}})


def check_session_seating(*, session: Session, changed: Hand, removing: bool = False) -> None:
    """The session's seat changes, with `changed` saved (or removed), still seat each person once."""
    hands = [h for h in session.hands.live().filter(kind=Hand.Kind.SEAT).select_related("newcomer")
             if h.pk != changed.pk]
    if not removing:
        hands.append(changed)
    hands.sort(key=lambda h: h.position or 1 << 62)
    check_seating(session.players, [(h.seat or 0, h.newcomer) for h in hands if h.newcomer is not None])


# -- money per person ----------------------------------------------------------------------
@dataclass
class PersonMoney:
    player: Player
    balance: Decimal = Decimal(0)
    owed: Decimal = Decimal(0)  # still to collect (+) or to pay (-) at Settle up
    seat: int | None = None  # where they sit now; None: they left

    @property
    def paid(self) -> Decimal:
        return self.balance - self.owed


def people_money(*, session: Session, replay: ReplayState) -> list[PersonMoney]:
    """Everyone who played, with their balance and what they still owe: the seated in seat order, then
    those who left in the order they first sat down."""
    return _money(session, replay, seating_of(session=session, replay=replay))


def _money(session: Session, replay: ReplayState, seating: Seating) -> list[PersonMoney]:
    people = {p.pk: PersonMoney(p) for p in seating.people}
    for seat, person in enumerate(seating.now):
        people[person.pk].seat = seat
    if not seating.changes:  # one person a seat: the engine's figures are theirs
        for seat, person in enumerate(seating.now):
            people[person.pk].balance = Decimal(str(replay.balances[seat]))
            people[person.pk].owed = Decimal(str(replay.owed[seat]))
    else:
        _add_transfers(people, replay, seating, session.pay_as_you_go)
    seated = [people[p.pk] for p in seating.now]
    return seated + [m for m in people.values() if m.seat is None]


def _add_transfers(people: dict[int, PersonMoney], replay: ReplayState, seating: Seating, paying: bool) -> None:
    for index, answer in enumerate(replay.hands):
        _move(people, seating.at(index), answer.transfers, owing=not paying)
    _move(people, seating.now, replay.closing, owing=True)


def _move(people: dict[int, PersonMoney], seated: tuple[Player, ...], rows: Sequence[PaymentRow],
          *, owing: bool) -> None:
    for row in rows:
        amount = Decimal(row.amount)
        payer, payee = people[seated[row.payer].pk], people[seated[row.payee].pk]
        payer.balance -= amount
        payee.balance += amount
        if owing:
            payer.owed -= amount
            payee.owed += amount


def people_settle_up(*, session: Session, replay: ReplayState) -> list[tuple[Player, Player, Decimal]]:
    """The fewest payments that clear what everyone who played still owes."""
    people = people_money(session=session, replay=replay)
    return [(people[p.payer].player, people[p.payee].player, p.amount)
            for p in settle_up([m.owed for m in people])]


def running_balances(*, session: Session, replay: ReplayState) -> tuple[list[Player], list[list[Decimal]]]:
    """Everyone who played, and their balances after each entry (the chart's lines): the transfers so far,
    and the open 拉 debts as they stand (the engine's running balances, split by who sat where)."""
    seating = seating_of(session=session, replay=replay)
    people = seating.people
    column = {p.pk: i for i, p in enumerate(people)}
    cash = [Decimal(0)] * len(people)
    rows = []
    for index, answer in enumerate(replay.hands):
        seated = seating.at(index)
        for t in answer.transfers:
            cash[column[seated[t.payer].pk]] -= Decimal(t.amount)
            cash[column[seated[t.payee].pk]] += Decimal(t.amount)
        row = list(cash)
        after = seating.after(index)
        for t in answer.tracked:
            row[column[after[t.payer].pk]] -= Decimal(t.amount)
            row[column[after[t.payee].pk]] += Decimal(t.amount)
        rows.append(row)
    return people, rows
