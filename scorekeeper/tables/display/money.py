"""Money as the screens show it: exact amounts to the cent, signed balances, and payments between named players."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext

from django.utils.translation import gettext, ngettext

from scorekeeper.engine import PaymentRow


# -- one hand as the screens tell it -------------------------------------------------
@dataclass
class Payment:
    payer: str
    payee: str
    amount: Decimal
    exact: Decimal | None = None  # what the amount was before the table's coin rounded it (option round_to)
    shares: str = ""  # the amount in shares, where the ruleset pays in shares ("2 shares": hk-faan)


def payments(names: list[str], transfers: Sequence[PaymentRow], share: Decimal | None = None) -> list[Payment]:
    """The engine's transfers by name; with one loser's share of the win, each also in shares."""
    return [Payment(names[t.payer], names[t.payee], Decimal(t.amount), None if t.exact is None else Decimal(t.exact),
                    share_words(Decimal(t.exact or t.amount) / share) if share else "") for t in transfers]


def share_words(shares: Decimal) -> str:
    """'2 shares', '1 share', 'half a share', '1.5 shares'."""
    if shares == Decimal("0.5"):
        return gettext("half a share")
    count = int(shares) if shares == shares.to_integral() else shares.normalize()
    return ngettext("%(count)s share", "%(count)s shares", 1 if count == 1 else 2) % {"count": count}

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
