"""zung-jung: the official Formal Competition payoff (zung-jung.md, Settlement).

The winner collects 3 × V. Self-draw: each of the three pays V. On a discard with
V <= 25 each pays V; with V > 25 the two others pay 25 each and the responsible
player pays 3V − 50. `responsible` defaults to the discarder; a null one (same-round
immunity: the winner's own previous discard was that tile) makes all three pay V.
Option `payoff: "uniform"`: every loser always pays V. The deal passes after every hand.

Decisions where the page is silent:
- A self-drawn win has no responsible player: naming one is `bad_field`.
- The 25-point threshold is in points; `per_point` turns points into money after it.
"""
from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..entries import Win
from ..errors import BAD_FIELD, EngineError
from ..money import Payment
from . import Deal, Payoff, Table, others

PAR = 25  # zung-jung.md: the two others pay 25 each beyond it


class ZungJungPayoff(Payoff):
    key = "zung-jung"
    name = "zung-jung"
    win_fields = frozenset({"responsible"})
    settlement_options = {**Payoff.settlement_options, "payoff": ("competition", "uniform")}

    def keeps_deal(self, dealer_won: bool, draw: bool, options: Mapping[str, Any]) -> bool:
        return False  # zung-jung.md: the deal passes after every hand, wins and draws alike

    def payments(self, win: Win, value: Decimal, losers: tuple[Decimal | None, ...], deal: Deal,
                 table: Table) -> list[Payment]:
        per_point = table.stakes["per_point"]
        responsible = self._responsible(win)
        out = []
        for payer in others(win.winner):
            points = value
            if responsible is not None and table.options["payoff"] == "competition" and value > PAR:
                points = 3 * value - 2 * PAR if payer == responsible else Decimal(PAR)
            out.append(Payment(payer, win.winner, points * per_point))
        return out

    @staticmethod
    def _responsible(win: Win) -> int | None:
        if win.self_drawn:
            if win.responsible is not None:
                raise EngineError(BAD_FIELD, "a self-drawn win has no responsible player: each of the three pays")
            return None
        if win.responsible_named:
            return win.responsible  # null: same-round immunity, all three pay V
        return win.discarder
