"""hk-faan: shares from a faan table, paid by the discarder alone or shared (hk-faan.md, Money).

A share is `base` × M(faan), M from 半辣上 (`payout: "half_spicy"`) or 辣辣上 (`"full_spicy"`).
A self-draw collects one share from each of the three others; a discard win two shares,
from the discarder alone (全銃, `discard_pays: "all"`) or one from the discarder and half
from each other loser (半銃, `"half"`). 包: a `responsible` loser pays everything the hand
costs (on a discard win only the discarder may be named). 搶槓: the robbed player, entered
as the discarder, pays three shares by default (搶槓當自摸), else as an ordinary discard.
A false win (詐糊) pays each other player three shares at `limit_faan`. No dealer bonus.
The dealer keeps the deal on a win and, by default, after a draw; a false win ends the
hand: the deal passes if the offender dealt, otherwise it moves as after a draw.

Decisions where the page is silent:
- A false win is entered once per offence: `count` other than 1 is `bad_field` (each one
  ends a hand and moves the deal), and so is `to` (the offender pays all three others).
- `responsible` null is nobody, as if left out; on a self-draw it may be any loser.
- Every win's faan, a figure or a scored hand's total, is checked against the session's
  `min_faan` and `limit_faan`: a hand's own `options` may score it under another limit,
  but the table pays within its own.
- The ruleset's `figure_limit` is the default limit, 10; at a table its `limit_at` is the table's own
  `limit_faan`, and its usual figures (`figures_at`) run from `min_faan` to `limit_faan`, one chip each.
- The stake's names (`stake_names`): 二五雞 is `base` 0.5, 五一 1, 一二蚊 2, as the page maps them;
  a table may still give another `base`. `stake_notes` says what `base` is, since it is no 底.
- A payment in shares (`share_of`) is its amount over one share, `base` × M(faan), at the table's
  stakes and options: 2 shares for 全銃, 1 and ½ each for 半銃, 3 for a self-draw, 包 or 搶槓當自摸.
- The false win is 詐糊 at these tables (`spot_names`; taiwan writes 詐胡) and its words say what it
  pays (`spot_notes`).
- Without flowers (`flowers: false`) a hand is entered with no bonus tiles (the ruleset's
  `bonus_tiles_at`): the keypad has no flowers line.
- 包 on a self-draw may name any loser (the ruleset's `responsible_self_draw`); the app offers it on a
  self-draw too. On a discard only the discarder may be named (`responsible_on_discard`, `shares`).
- `limit_faan` caps every hand (`refuses_over_limit`): more is refused, and the app offers the limit
  itself. A false win ends its hand (`spot_ends_hand`, `deal_after_spot`).
- The app enters a robbed kong by figure as the hand's event `robbing_kong` (ticked beside the
  figure) and sends it as `"robbed_kong": true`; quick entry's `F` is the false win here (taiwan's
  flowers there): a letter stands for the first of its kinds the ruleset has.
"""
from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, ClassVar

from ..entries import Spot, Win
from ..errors import BAD_FIELD, EngineError
from ..money import HALF, Payment
from ..options import Option
from . import Deal, Payoff, Table, others

MIN_FAAN, LIMIT_FAAN, FLOWERS = "min_faan", "limit_faan", "flowers"
# hk-faan.md, Options: `score` checks all seven (rulesets/hk_faan.py imports them from here, its payoff's
# module); the settlement reads all but flowers
OPTIONS = (
    Option(MIN_FAAN, 3, (0, 1, 2, 3), "The fewest faan that win (三番起糊); 0 lets a chicken hand win."),
    Option(LIMIT_FAAN, 10, tuple(range(3, 14)),
           "The limit (爆棚): totals are capped here and a limit hand scores exactly this."),
    Option(FLOWERS, True, (True, False), "false: the 136-tile game, without bonus tiles or No Flowers."),
    Option("payout", "half_spicy", ("half_spicy", "full_spicy"),
           "The money table: half_spicy (半辣上) doubles every two faan after 4; full_spicy (辣辣上) every faan."),
    Option("discard_pays", "all", ("all", "half"),
           "all (全銃): the discarder pays both shares; half (半銃): the discarder one, the other two half each."),
    Option("robbed_kong_pays", "self_draw", ("self_draw", "discard"),
           "self_draw (搶槓當自摸): the robbed player pays three shares; discard: paid as an ordinary discard."),
    Option("draw_keeps_deal", True, (True, False), "true: the dealer keeps the deal after a drawn hand (流局)."),
)

# hk-faan.md, Money: M(n) for n = 0…13; half_spicy doubles up to 4 faan, then ×1.5 and ×4/3 in turn
MULTIPLIERS: dict[str, tuple[int, ...]] = {
    "half_spicy": (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384),
    "full_spicy": tuple(2 ** n for n in range(14)),
}
SELF_DRAW, DISCARD = Decimal(3), Decimal(2)  # shares a win collects: 1.5× on a self-draw
ONE = Decimal(1)


class HkFaanPayoff(Payoff):
    key = "hk-faan"
    name = "hk-faan"
    figures = ("faan",)
    figure_answer = "faan"
    win_fields = frozenset({"responsible", "robbed_kong"})
    spot_kinds = frozenset({"false_win"})
    spot_ends_hand = True  # deal_after_spot: the offending dealer passes the deal, else as after a draw
    refuses_over_limit = True  # hk-faan.md: limit_faan caps every hand; checked_faan refuses more
    spot_needs: ClassVar[Mapping[str, str]] = {"false_win": ""}
    stake_defaults: ClassVar[Mapping[str, Decimal]] = {"base": ONE}  # one loser's share at 0 faan
    # hk-faan.md, Money: the tables' names for their stakes
    stake_names: ClassVar[Mapping[str, tuple[tuple[str, Decimal], ...]]] = {
        "base": (("二五雞", Decimal("0.5")), ("五一", ONE), ("一二蚊", Decimal(2)))}
    stake_notes: ClassVar[Mapping[str, str]] = {
        "base": "One loser's share at 0 faan; the money table multiplies it by the hand's faan."}
    # the page's options the money reads, default first (hk_faan.OPTIONS holds them once, with their notes)
    settlement_options: ClassVar[Mapping[str, tuple[Any, ...]]] = {**Payoff.settlement_options, **{
        o.name: (o.default, *(a for a in o.allowed if a != o.default)) for o in OPTIONS if o.name != FLOWERS}}

    spot_names: ClassVar[Mapping[str, str]] = {"false_win": "詐糊"}
    spot_notes: ClassVar[Mapping[str, str]] = {
        "false_win": "pays each other player what a self-drawn limit hand collects: three shares at the limit"}

    def share_of(self, figure: int, stakes: Mapping[str, Any], options: Mapping[str, Any]) -> Decimal | None:
        table = Table(0, self.read_stakes(stakes), self.read_options(options))
        if not 0 <= figure < len(MULTIPLIERS[table.options["payout"]]):
            return None
        return self.share(figure, table)

    def keeps_deal(self, dealer_won: bool, draw: bool, options: Mapping[str, Any]) -> bool:
        # hk-faan.md: with draw_keeps_deal false a draw passes the deal, as another player's win does
        return dealer_won or (draw and bool(options["draw_keeps_deal"]))

    def payments(self, win: Win, value: Decimal, losers: tuple[Decimal | None, ...], deal: Deal,
                 table: Table) -> list[Payment]:
        share = self.share(self.checked_faan(value, table), table)
        return [Payment(payer, win.winner, shares * share) for payer, shares in self.shares(win, table)]

    @staticmethod
    def checked_faan(value: Decimal, table: Table) -> int:
        low, high = table.options[MIN_FAAN], table.options[LIMIT_FAAN]
        if value < low:
            raise EngineError(
                BAD_FIELD,
                "{value} faan is below this table's minimum of {low} (min_faan): such a hand does not win",
                value=value, low=low,
            )
        if value > high:
            raise EngineError(
                BAD_FIELD,
                "{value} faan is above this table's limit of {high} (limit_faan): enter the limit, {high}",
                value=value, high=high,
            )
        return int(value)

    @staticmethod
    def share(faan: int, table: Table) -> Decimal:
        return table.stakes["base"] * MULTIPLIERS[table.options["payout"]][faan]

    @staticmethod
    def shares(win: Win, table: Table) -> list[tuple[int, Decimal]]:
        """Who pays how many shares of the hand."""
        if win.self_drawn:
            if win.responsible is not None:  # 包自摸: one pays for all three
                return [(win.responsible, SELF_DRAW)]
            return [(payer, ONE) for payer in others(win.winner)]
        discarder = win.discarder
        assert discarder is not None  # session.read_entry: a discard win names its discarder
        if win.responsible not in (None, discarder):
            raise EngineError(BAD_FIELD, "on a discard win only the discarder can be responsible (包): "
                                         "the discarder pays as usual, so enter the win without 'responsible'")
        if win.robbed_kong and table.options["robbed_kong_pays"] == "self_draw":  # 搶槓當自摸
            return [(discarder, SELF_DRAW)]
        if table.options["discard_pays"] == "all" or win.responsible is not None:  # 全銃, or 包出銃
            return [(discarder, DISCARD)]
        return [(payer, ONE if payer == discarder else HALF) for payer in others(win.winner)]  # 半銃

    def spot_payments(self, spot: Spot, deal: Deal, table: Table) -> list[Payment]:
        if spot.player is None:
            raise EngineError(BAD_FIELD, "false_win needs 'player': the seat that declared the false win")
        if spot.to is not None or spot.times != 1:
            raise EngineError(BAD_FIELD, "a false win is one entry with its 'player' only: the offender pays "
                                         "each other player, and each false win ends its hand")
        amount = SELF_DRAW * self.share(table.options[LIMIT_FAAN], table)  # a self-drawn limit hand
        return [Payment(spot.player, other, amount) for other in others(spot.player)]

    def deal_after_spot(self, spot: Spot, deal: Deal, table: Table) -> Deal:
        # hk-faan.md: a false win ends the hand; the offending dealer passes the deal, else as after a draw
        return self.next_deal(deal, table, False, spot.player != deal.dealer)
