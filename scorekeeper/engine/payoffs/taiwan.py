"""taiwan: win payments, the losing dealer's continuation fan, on-the-spot payments, the pull chain.

taiwan.md, Money: a win is worth `base + fan × per_fan` to each payer (self-draw: the
three others; discard: the discarder). A losing dealer on 連n (n >= 1) pays for
`fan + (2n+1)`. The dealer keeps the deal on a win and on a draw. Win payments are
carried by the pull ledger (`pull_ledger.py`); on-the-spot payments move at once. A seat
change (ruling 2026-11-25) collects the chain debts the leaving seat is in (`pull_ledger.leave`).
With the house option `several_winners` (ruling 2026-11-28), two or three may win on one discard:
each is paid as if alone, one carries the chain, the others are paid at once (`pull_ledger.pull_several`).

Decisions where the page is silent:
- `count` multiplies every on-the-spot kind (a table may record two concealed kongs
  at once), not only flowers and grass.
- The dice payments are the dealer's: `player` may be left out and, when given, must
  be the dealer of the coming hand (the dice are rolled before it).
- `to` is for `failed_peng` alone, and must be another player.
- `fan` from a scored `hand` is the scorer's total, which already holds the winning
  dealer's 2n+1; `pattern_fan` gets it added here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from ..entries import SEVERAL_WINNERS, Spot, Win
from ..errors import BAD_FIELD, EngineError
from ..money import Payment
from ..options import Option
from . import Deal, Payoff, Table, others, payers
from .pull_ledger import Chain, leave, pull, pull_several

FALSE_WIN_FAN = 30  # taiwan.md: a false win pays each other player a 30-fan win
# taiwan.md, Several winners on one discard: the one house option, which `score` takes too (rulesets/taiwan.py
# declares it, as hk-faan's scorer declares its payoff's) and the settlement reads
OPTIONS = (
    Option(SEVERAL_WINNERS, False, (False, True),
           "true (一炮多響): two or three players may win on one discard, each paid by the discarder as if alone; "
           "false (截糊): the winner nearest in turn after the discarder wins alone."),
)


def _unit(stakes: Mapping[str, Decimal]) -> Decimal:
    return stakes["unit"]


@dataclass(frozen=True)
class SpotKind:
    key: str
    receives: bool  # True: the player receives from each other; False: pays each other
    amount: Callable[[Mapping[str, Decimal]], Decimal]
    dealers: bool = False  # only the dealer rolls the dice
    to_one: bool = False  # paid to `to` alone
    counted: bool = False  # taiwan.md: paid per flower or grass shown (`count`), so a table enters how many

    @property
    def needs(self) -> str:
        """The field a table enters for this kind besides the player: "count", "dealer" (the
        dealer is the player), "to" (the one paid), or "" (nothing more)."""
        if self.dealers:
            return "dealer"
        if self.to_one:
            return "to"
        return "count" if self.counted else ""


SPOTS = {s.key: s for s in (
    SpotKind("flower", True, lambda s: s["flower_units"] * s["unit"], counted=True),
    SpotKind("grass", True, lambda s: s["grass_units"] * s["unit"], counted=True),
    SpotKind("concealed_kong", True, _unit),
    SpotKind("unrevealed_kong", False, lambda s: 2 * s["unit"]),
    SpotKind("chase", False, _unit),
    SpotKind("dice_123", False, _unit, dealers=True),
    SpotKind("dice_triplet", True, _unit, dealers=True),
    SpotKind("false_win", False, lambda s: s["base"] + FALSE_WIN_FAN * s["per_fan"]),
    SpotKind("failed_peng", False, _unit, to_one=True),
)}


def dealer_bonus(continuations: int) -> int:
    """taiwan.md, Dealer: 2n+1 on 連n (+1 on a first deal)."""
    return 2 * continuations + 1


class TaiwanPayoff(Payoff):
    key = "taiwan"
    name = "taiwan"
    figures = ("fan", "pattern_fan")
    spot_kinds = frozenset(SPOTS)
    spot_needs: ClassVar[Mapping[str, str]] = {key: kind.needs for key, kind in SPOTS.items()}
    pull_ledger = True  # taiwan.md: win payments are tracked debts of the winner's chain
    settlement_options: ClassVar[Mapping[str, tuple[Any, ...]]] = {
        **Payoff.settlement_options, **{o.name: o.allowed for o in OPTIONS}}
    stake_defaults: ClassVar[Mapping[str, Decimal]] = {
        "base": Decimal(10), "per_fan": Decimal(1), "unit": Decimal(10),
        "flower_units": Decimal(1), "grass_units": Decimal(2),
    }

    def read_stakes(self, raw: Mapping[str, object]) -> dict[str, Decimal]:
        stakes = super().read_stakes(raw)
        if "unit" not in raw:  # taiwan.md: the on-the-spot unit is one base unit unless named
            stakes["unit"] = stakes["base"]
        return stakes

    def keeps_deal(self, dealer_won: bool, draw: bool, options: Mapping[str, Any]) -> bool:
        return dealer_won or draw  # taiwan.md: 流局連莊

    def dealer_extra(self, continuations: int) -> int:
        return dealer_bonus(continuations)

    def figure(self, win: Win, deal: Deal, scored: int | None) -> Decimal:
        fan = super().figure(win, deal, scored)
        if win.winner == deal.dealer:  # a figure given without the dealer's 2n+1 (pattern_fan) gets it here
            fan += self.figure_extra(win.figure_field, deal.continuations)
        return fan

    def payments(self, win: Win, value: Decimal, losers: tuple[Decimal | None, ...], deal: Deal,
                 table: Table) -> list[Payment]:
        base, per_fan = table.stakes["base"], table.stakes["per_fan"]
        out = []
        for payer in payers(win):
            fan = value
            if payer == deal.dealer and deal.continuations >= 1:  # taiwan.md: a losing dealer on 連n
                fan += dealer_bonus(deal.continuations)
            out.append(Payment(payer, win.winner, base + fan * per_fan))
        return out

    def spot_payments(self, spot: Spot, deal: Deal, table: Table) -> list[Payment]:
        kind = SPOTS[spot.kind]
        player = self._spot_player(spot, kind, deal)
        amount = kind.amount(table.stakes) * spot.times
        if kind.to_one:
            if spot.to is None or spot.to == player:
                raise EngineError(
                    BAD_FIELD,
                    "{kind} needs 'to': the other player who discarded",
                    kind=spot.kind,
                )
            return [Payment(player, spot.to, amount)]
        if spot.to is not None:
            raise EngineError(
                BAD_FIELD,
                "{kind} is paid between the player and each other: leave 'to' out",
                kind=spot.kind,
            )
        if kind.receives:
            return [Payment(other, player, amount) for other in others(player)]
        return [Payment(player, other, amount) for other in others(player)]

    @staticmethod
    def _spot_player(spot: Spot, kind: SpotKind, deal: Deal) -> int:
        if kind.dealers:
            if spot.player is not None and spot.player != deal.dealer:
                raise EngineError(
                    BAD_FIELD,
                    "{kind} is the dealer's: seat {dealer} deals, not seat {player}",
                    kind=spot.kind, dealer=deal.dealer, player=spot.player,
                )
            return deal.dealer
        if spot.player is None:
            raise EngineError(
                BAD_FIELD,
                "{kind} needs 'player': the seat it concerns",
                kind=spot.kind,
            )
        return spot.player

    def carry(self, chain: Chain, win: Win, payments: list[Payment]) -> tuple[Chain, list[Payment]]:
        return pull(chain, win.winner, payments)

    def carry_several(self, chain: Chain, discarder: int, dues: list[tuple[int, list[Payment]]]
                      ) -> tuple[Chain, list[Payment], int | None]:
        return pull_several(chain, discarder, dues)

    def seat_change(self, chain: Chain, seat: int) -> tuple[Chain, list[Payment]]:
        return leave(chain, seat)  # README.md (ruling 2026-11-25): every chain the seat is in ends
