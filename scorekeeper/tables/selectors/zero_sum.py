"""The check a table asks for after two screens disagreed: the money sums to zero (issue 23).

Every amount the engine moves goes from one player to another, so each hand's payments and the session's
balances sum to zero; the screens show it ("Σ 0 ✓", in words for screen readers). Where a figure does not sum
to zero by the ruleset's design (hk-old's tallies start at a stake each, so the four tallies sum to four
stakes), the line says why. A sum other than zero would be a fault, and is shown as one, never hidden.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext

from ..display.money import Payment, money, signed
from ..display.rulesets import Profile


@dataclass(frozen=True)
class ZeroSum:
    total: Decimal
    why: str = ""  # a figure on the screen that does not sum to zero by design, and why

    @property
    def ok(self) -> bool:
        return self.total == 0

    @property
    def shown(self) -> str:
        return "Σ 0 ✓" if self.ok else f"Σ {signed(self.total)} ✗"

    @property
    def words(self) -> str:
        if self.ok:
            return gettext("The amounts sum to zero.")
        return gettext("The amounts do not sum to zero: they are %(total)s off.") % {"total": signed(self.total)}


def zero_sum(*, profile: Profile | None, amounts: Iterable[Decimal]) -> ZeroSum:
    listed = list(amounts)
    total = sum(listed, Decimal(0))
    if profile is not None and profile.ruleset.starting_tally:
        start = Decimal(profile.ruleset.starting_tally)
        why = gettext("The tallies sum to %(total)s, not zero: each player starts with %(tally)s.") % {
            "total": money(start * len(listed) + total), "tally": money(start)}
        return ZeroSum(total, why)
    return ZeroSum(total)


def payments_sum(payments: Iterable[Payment]) -> ZeroSum:
    """A hand's payments, added up per person: what each pays counts against them, what they get for them."""
    nets: dict[str, Decimal] = {}
    for p in payments:
        nets[p.payer] = nets.get(p.payer, Decimal(0)) - p.amount
        nets[p.payee] = nets.get(p.payee, Decimal(0)) + p.amount
    return zero_sum(profile=None, amounts=nets.values())
