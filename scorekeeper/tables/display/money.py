"""Money as the screens show it: exact amounts to the cent, signed balances, and payments between named players."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Any


# -- one hand as the screens tell it -------------------------------------------------
@dataclass
class Payment:
    payer: str
    payee: str
    amount: Decimal
    exact: Decimal | None = None  # what the amount was before the table's coin rounded it (option round_to)


def payments(names: list[str], transfers: list[dict[str, Any]]) -> list[Payment]:
    return [Payment(names[t["from"]], names[t["to"]], Decimal(str(t["amount"])),
                    Decimal(str(t["exact"])) if "exact" in t else None) for t in transfers]

CENT = Decimal("0.01")


def money(amount: Decimal | str) -> str:
    value = Decimal(str(amount))
    if value == value.to_integral():
        return f"{int(value):,}"
    # taiwan.md: amounts are exact (x1.5 and halving); shown to the cent, half a cent up. A long 拉
    # chain outgrows the default 28 digits, so the cents are found with as many digits as the amount has.
    with localcontext(prec=len(value.as_tuple().digits) + 3):
        return f"{value.quantize(CENT, rounding=ROUND_HALF_UP):,.2f}"


def signed(amount: Decimal | str) -> str:
    value = Decimal(str(amount))
    return ("+" if value > 0 else "−" if value < 0 else "") + money(abs(value))
