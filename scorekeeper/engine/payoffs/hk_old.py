"""hk-old: the four payout cases on the 2,000-point tallies (hk-old.md, Settlement).

| win | dealer wins | non-dealer wins |
| self-drawn | each other pays 2 × score | dealer pays 2 ×, the others 1 × |
| on a discard | discarder pays 6 × score | discarder pays 4 × score |

Balances are the change of each tally. The dealer keeps the deal until losing (a draw
keeps it too). Seat winds stay fixed by list order (E, S, W, N); the first dealer may
be any of the four.

Decision where the page is silent: `per_point` (default 1) turns tally points into money.
"""
from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..entries import Win
from ..money import Payment
from . import Deal, Payoff, Table, payers


class HkOldPayoff(Payoff):
    key = "hk-old"
    name = "hk-old"
    fixed_seats = True

    def keeps_deal(self, dealer_won: bool, draw: bool, options: Mapping[str, Any]) -> bool:
        return dealer_won or draw

    def payments(self, win: Win, value: Decimal, losers: tuple[Decimal | None, ...], deal: Deal,
                 table: Table) -> list[Payment]:
        dealer_won = win.winner == deal.dealer
        out = []
        for payer in payers(win):
            if not win.self_drawn:
                times = 6 if dealer_won else 4
            else:
                times = 2 if dealer_won or payer == deal.dealer else 1
            out.append(Payment(payer, win.winner, times * value * table.stakes["per_point"]))
        return out
