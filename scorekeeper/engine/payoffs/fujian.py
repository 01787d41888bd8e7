"""fujian: all three losers pay the winner's total, whoever discarded (fujian.md, Settlement).

The dealer stays on a win or a draw; `dealer_streak` counts the dealer's hands,
1 on the first (fujian.md: N consecutive hands as dealer, this one included).

Decision where the page is silent: `per_point` (default 1) turns points into money.
"""
from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..entries import Win
from ..money import Payment
from . import Deal, Payoff, Table, others


class FujianPayoff(Payoff):
    key = "fujian"
    name = "fujian"
    streak_from = 1

    needs_discarder = False  # fujian.md: who discarded changes no payment

    def keeps_deal(self, dealer_won: bool, draw: bool, options: Mapping[str, Any]) -> bool:
        return dealer_won or draw

    def payments(self, win: Win, value: Decimal, losers: tuple[Decimal | None, ...], deal: Deal,
                 table: Table) -> list[Payment]:
        amount = value * table.stakes["per_point"]
        return [Payment(payer, win.winner, amount) for payer in others(win.winner)]
