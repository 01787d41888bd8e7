"""taiwan's pull (拉) ledger: win payments are tracked as debts of the winner's chain (taiwan.md).

Only the chain holder P is ever owed: `debts[L]` is what player L owes P. When W wins:
1. W = P: each payer L of this hand owes `debts[L] × 1.5 + value_L`; the others' debts stay.
2. W ≠ P: if P pays this hand, `debts[W]` is halved first; then every debt to P is paid
   for real, and W's chain starts with `debts[L] = value_L`.
3. A draw (or an on-the-spot payment) leaves the chain alone; at the end every debt is paid.
4. A seat change (ruling 2026-11-25) ends every chain the seat is in: if the seat is P, every
   debt to P is paid for real and there is no chain until the next win; if the seat owes P,
   that debt is paid and P's chain goes on against the others.
5. Several wins on one discard by D (一炮多響, ruling 2026-11-28): one winner carries the chain,
   P if P is among them (rule 1), else the winner nearest in turn after D (rule 2, where P
   discarding halves each winner's debt to P); every other winner is paid by D at once.

Decisions where the ruling is silent:
- After a debtor leaves, whoever sits in owes P nothing: should P win again on their
  discard, their debt starts anew (0 × 1.5 + value), and the halving of rule 2 has
  nothing to halve should they win while P pays.
- A chain whose holder is owed nothing (every debtor has left) is still P's chain: P's
  next win is rule 1, which gives the same debts a new chain would.
- After the holder leaves, the next win starts a new chain (rule 2 with no P): whoever
  sits in the holder's seat does not inherit it.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any, NamedTuple

from ..money import HALF, ONE_AND_A_HALF, ZERO, Payment, rows

NOBODY_OWES = (ZERO, ZERO, ZERO, ZERO)


class Chain(NamedTuple):
    holder: int | None = None
    debts: tuple[Decimal, ...] = NOBODY_OWES

    def tracked(self) -> list[Payment]:
        if self.holder is None:
            return []
        return [Payment(seat, self.holder, debt) for seat, debt in enumerate(self.debts) if debt]

    def tracked_rows(self) -> list[dict[str, Any]]:
        return rows(self.tracked())

    def settle(self) -> list[Payment]:
        """Every tracked debt paid for real."""
        return self.tracked()


EMPTY = Chain()


def leave(chain: Chain, seat: int) -> tuple[Chain, list[Payment]]:
    """The chain after the player in `seat` leaves the table, and the money that moved for real."""
    if chain.holder == seat:  # the holder leaves: the chain is over, as when another player wins
        return EMPTY, chain.settle()
    debt = chain.debts[seat]
    if chain.holder is None or not debt:
        return chain, []
    debts = list(chain.debts)
    debts[seat] = ZERO
    return Chain(chain.holder, tuple(debts)), [Payment(seat, chain.holder, debt)]


def pull(chain: Chain, winner: int, dues: list[Payment]) -> tuple[Chain, list[Payment]]:
    """The chain after `winner` wins this hand's `dues`, and the money that moved for real."""
    debts = list(chain.debts)
    if chain.holder == winner:  # taiwan.md pull rule 1: a consecutive win
        for due in dues:
            debts[due.payer] = debts[due.payer] * ONE_AND_A_HALF + due.amount
        return Chain(winner, tuple(debts)), []
    paid: list[Payment] = []
    if chain.holder is not None:
        if any(due.payer == chain.holder for due in dues):  # taiwan.md pull rule 2: P pays, W's debt halves
            debts[winner] = debts[winner] * HALF
        paid = [Payment(seat, chain.holder, debt) for seat, debt in enumerate(debts) if debt]
    fresh = [ZERO] * len(debts)
    for due in dues:
        fresh[due.payer] += due.amount
    return Chain(winner, tuple(fresh)), paid


def pull_several(chain: Chain, discarder: int, dues: list[tuple[int, list[Payment]]]
                 ) -> tuple[Chain, list[Payment], int]:
    """The chain after several `(winner, dues)` win on `discarder`'s tile, the money that moved for real (the
    ended chain's collections, then the other winners' dues), and the winner who carries the chain."""
    winners = [winner for winner, _due in dues]
    if chain.holder in winners:  # taiwan.md, several winners 3: the holder's win is a consecutive win
        carrier = chain.holder
    else:  # the one who would have won under 截糊
        carrier = min(winners, key=lambda winner: (winner - discarder) % len(chain.debts))
        if chain.holder is not None and chain.holder == discarder:  # P pays them all: each winner's debt halves
            chain = Chain(chain.holder, tuple(debt * HALF if seat in winners and seat != carrier else debt
                                              for seat, debt in enumerate(chain.debts)))
    chain, collected = pull(chain, carrier, dict(dues)[carrier])
    return chain, collected + [paid for winner, due in dues if winner != carrier for paid in due], carrier
