"""taizhou: every hand is scored; losers pay the winner and each other (taizhou.md, Settlement).

- Each loser pays the winner the winner's points; a loser pays another loser the
  difference when the other scored more.
- Full when the payer or the receiver is the banker, half otherwise, except that a
  100-point (limit) winning hand is never halved when paid to the winner.
- A `responsible` loser pays the winner everything the three would have paid it;
  the payments between losers stay as they are.
- The banker stays only on a win; otherwise, even after a draw, the deal passes.

Decisions where the page is silent:
- A loser's entry in `loser_points` may be the points or the loser's hand as a score
  input (scored with `role: "loser"`).
- `responsible` may be any loser, on a discard or a self-draw (the page leaves the
  choice to the players); null or absent means nobody.
- `per_point` (default 1) turns points into money.
"""
from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..entries import Win
from ..money import HALF, Payment
from . import Deal, Payoff, Table, others

LIMIT = 100


def _share(points: Decimal, full: bool, per_point: Decimal) -> Decimal:
    """taizhou.md: full when the banker pays or is paid, half between two others."""
    return (points if full else points * HALF) * per_point


class TaizhouPayoff(Payoff):
    key = "taizhou"
    name = "taizhou"
    win_fields = frozenset({"loser_points", "responsible"})

    needs_discarder = False  # taizhou.md: who discarded changes no payment

    def keeps_deal(self, dealer_won: bool, draw: bool, options: Mapping[str, Any]) -> bool:
        return dealer_won  # taizhou.md: even after a draw the deal passes

    def payments(self, win: Win, value: Decimal, losers: tuple[Decimal | None, ...], deal: Deal,
                 table: Table) -> list[Payment]:
        per_point = table.stakes["per_point"]
        banker = deal.dealer
        winner = win.winner
        seats = others(winner)
        limit = value >= LIMIT  # taizhou.md: a limit hand is never halved to the winner
        to_winner = [Payment(p, winner, _share(value, limit or banker in (p, winner), per_point)) for p in seats]
        if win.responsible is not None:  # taizhou.md: 包, one pays for all three
            to_winner = [Payment(win.responsible, winner, sum((p.amount for p in to_winner), Decimal(0)))]
        between = []
        for payer in seats:
            mine = losers[payer]
            for payee in seats:
                theirs = losers[payee]
                if mine is not None and theirs is not None and theirs > mine:
                    between.append(Payment(payer, payee, _share(theirs - mine, banker in (payer, payee), per_point)))
        return to_winner + between
