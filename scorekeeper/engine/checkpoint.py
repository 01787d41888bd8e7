"""Where a session's replay stands after some of its hands: enough to go on from there.

A replay is a loop carrying the deal, taiwan's pull chain and each seat's cash; nothing
else of the hands before matters to the hands after (the replay is prefix-stable). A
`Checkpoint` is that carry, with how many hands it stands after, as plain JSON a database
can keep: amounts as exact text, never floats.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any, NamedTuple

from .errors import BAD_FIELD, EngineError
from .money import ZERO, format_amount
from .payoffs import EMPTY, Chain, Deal

SEATS = 4


class Checkpoint(NamedTuple):
    hands: int  # how many of the session's hands it stands after
    deal: Deal  # the deal of the next hand
    chain: Chain = EMPTY
    cash: tuple[Decimal, ...] = (ZERO,) * SEATS  # the money moved for real so far, per seat

    @classmethod
    def start(cls, dealer: int) -> Checkpoint:
        return cls(0, Deal(dealer))

    def as_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "deal": list(self.deal), "holder": self.chain.holder,
                "debts": [format_amount(d) for d in self.chain.debts], "cash": [format_amount(c) for c in self.cash]}

    @classmethod
    def from_json(cls, data: Any) -> Checkpoint:
        """Refused (EngineError) unless it has the shape `as_json` gives."""
        try:
            numbers = [int(n) for n in data["deal"]]
            holder = data["holder"]
            debts = tuple(Decimal(str(d)) for d in data["debts"])
            cash = tuple(Decimal(str(c)) for c in data["cash"])
            hands = int(data["hands"])
        except (KeyError, TypeError, ValueError, ArithmeticError) as error:
            raise EngineError(
                BAD_FIELD,
                "not a replay checkpoint: {error}",
                error=error,
            ) from None
        if len(debts) != SEATS or len(cash) != SEATS or len(numbers) != len(Deal._fields) or hands < 0:
            raise EngineError(BAD_FIELD, "not a replay checkpoint: four seats and a whole deal are needed")
        if holder is not None and holder not in range(SEATS):
            raise EngineError(BAD_FIELD, "not a replay checkpoint: the chain holder is not a seat")
        return cls(hands, Deal(*numbers), Chain(holder, debts), cash)
