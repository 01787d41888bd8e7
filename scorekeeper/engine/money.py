"""Money: exact decimals in, normalized decimal strings out (rules/README.md: never floats).

Stakes arrive as decimal strings ("2.5") or whole numbers; every amount the engine
computes stays a `Decimal` and is written without trailing zeros or exponent
("36", "71.25", "35.625", "-91.25", "0").
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Context, Decimal, DivisionByZero, Inexact, InvalidOperation, Overflow, Rounded
from functools import lru_cache
from typing import Any, NamedTuple

from .errors import BAD_FIELD, EngineError

ZERO = Decimal(0)
HALF = Decimal("0.5")
ONE_AND_A_HALF = Decimal("1.5")

# taiwan.md: a pull chain multiplies by 1.5 hand after hand, adding about one digit a hand;
# the context is wide enough for any real session and traps rounding instead of losing a cent.
EXACT = Context(prec=100_000, traps=[InvalidOperation, DivisionByZero, Overflow, Inexact, Rounded])

_DECIMAL_TEXT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


# A table's smallest coin (settle option `round_to`): each amount that changes hands is rounded to it,
# halves up; "exact" (the default) rounds nothing.
COINS = ("exact", "0.01", "0.1", "0.5", "1", "5", "10")
_ROUNDING = Context(prec=100_000)


def coin_of(option: Any) -> Decimal | None:
    return None if option in (None, "exact") else Decimal(str(option))


def rounded(payments: Iterable[Payment], coin: Decimal | None) -> list[Payment]:
    """Each payment to the nearest coin (halves up): each is moved whole, so the money still sums to zero."""
    if coin is None:
        return list(payments)
    whole = Decimal(1)
    return [Payment(p.payer, p.payee, (p.amount / coin).quantize(whole, rounding=ROUND_HALF_UP,
                                                                 context=_ROUNDING) * coin) for p in payments]


class Payment(NamedTuple):
    """Money from one player to another (seats 0-3)."""

    payer: int
    payee: int
    amount: Decimal

    def as_row(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": format_amount(self.amount)}


def parse_amount(value: Any, what: str) -> Decimal:
    """A non-negative stake: a whole number or a decimal string; floats would not be exact."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise EngineError(
            BAD_FIELD,
            "{what} is {value!r}: write it as a whole number or a decimal string like \"2.5\"",
            what=what, value=value,
        )
    if isinstance(value, int):
        if value < 0:
            raise EngineError(
                BAD_FIELD,
                "{what} is {value}: a stake cannot be negative",
                what=what, value=value,
            )
        return Decimal(value)
    text = value.strip()
    if text.startswith("-") and _DECIMAL_TEXT.fullmatch(text[1:]):
        raise EngineError(
            BAD_FIELD,
            "{what} is {value!r}: a stake cannot be negative",
            what=what, value=value,
        )
    if not _DECIMAL_TEXT.fullmatch(text):
        raise EngineError(
            BAD_FIELD,
            "{what} is {value!r}: write an amount like \"10\" or \"2.5\"",
            what=what, value=value,
        )
    return Decimal(text)


@lru_cache(maxsize=4096)  # a session repeats the same few amounts in every running balance
def format_amount(amount: Decimal) -> str:
    """The shortest exact text: no trailing zeros, no exponent, no negative zero."""
    if not amount:
        return "0"
    text = format(amount, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def rows(payments: Iterable[Payment]) -> list[dict[str, Any]]:
    """Payments as the contract's {"from", "to", "amount"} rows; nothing is written for zero."""
    return [{"from": p.payer, "to": p.payee, "amount": format_amount(p.amount)} for p in payments if p.amount]
