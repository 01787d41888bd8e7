"""How each ruleset turns a hand into money and passes the deal (one module per ruleset).

A `Payoff` declares its fields and stakes as class attributes, with what a table
enters for the settlement (`figures`, `win_fields`, `spot_needs`, stakes and options; the
rest of the entry form is its ruleset's: `Ruleset.events`, `bonus_tiles`, ...), and overrides
a few hooks, like `Ruleset`:
`payments` (who pays whom for a win), `keeps_deal` (the dealer rotation),
`spot_payments` and `deal_after_spot` (taiwan, hk-faan), `carry`/`close` (taiwan's pull
ledger; elsewhere money moves at once), `carry_several` (several wins on one discard, taiwan)
and `seat_change` (what a player leaving moves: nothing, but for taiwan's pull chain). There is
no registry here: each ruleset carries its own payoff (`get_ruleset("taiwan").payoff`, the `payoff`
its class in `rulesets/` is written with).

Shared decisions where the pages are silent:
- The round wind wraps after North back to East (a fifth round is East again);
  answers also give the round's number (1, 2, ...) and the hand's number in it.
- A table's figures may be multiplied by a `per_point` stake (default 1) in the
  rulesets that score in points; taiwan has its own stakes.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, NamedTuple

from ..entries import Spot, Win
from ..errors import BAD_FIELD, EngineError
from ..hand import is_allowed
from ..money import COINS, Payment, parse_amount
from ..session import SEATS
from .pull_ledger import EMPTY, Chain

WIND_LETTERS = "ESWN"
SEAT_WINDS = tuple(tuple(WIND_LETTERS[(seat - dealer) % SEATS] for seat in range(SEATS)) for dealer in range(SEATS))


class Deal(NamedTuple):
    """Who deals this hand and where the session stands."""

    dealer: int
    continuations: int = 0  # hands the dealer has kept the deal (連n)
    rounds: int = 0  # rounds completed: the deal went round all four and back to the first dealer
    hand_in_round: int = 0  # hands dealt since this round began

    @property
    def round_wind(self) -> str:
        return WIND_LETTERS[self.rounds % SEATS]


@dataclass(frozen=True)
class Table:
    """What holds for every hand of the session."""

    first_dealer: int
    stakes: Mapping[str, Decimal]
    options: Mapping[str, Any]


class Payoff:
    key: ClassVar[str]
    name: ClassVar[str]
    figures: ClassVar[tuple[str, ...]] = ("points",)
    win_fields: ClassVar[frozenset[str]] = frozenset()
    spot_kinds: ClassVar[frozenset[str]] = frozenset()
    stake_defaults: ClassVar[Mapping[str, Decimal]] = {"per_point": Decimal(1)}
    # name -> allowed values (first: default); every ruleset may round what changes hands to a coin
    settlement_options: ClassVar[Mapping[str, tuple[Any, ...]]] = {"round_to": COINS}
    needs_discarder: ClassVar[bool] = True  # who discarded decides who pays (not in taizhou, fujian)
    fixed_seats: ClassVar[bool] = False  # hk-old: seat winds by list order
    streak_from: ClassVar[int] = 0  # fujian counts the dealer's hands from 1
    # A figure past the table's limit is refused (hk-faan's limit_faan caps every hand), not merely unusual.
    refuses_over_limit: ClassVar[bool] = False
    # An on-the-spot entry ends the hand (hk-faan's false win: `deal_after_spot` moves the deal as a hand's
    # end does); elsewhere it happens during a hand and the deal does not change.
    spot_ends_hand: ClassVar[bool] = False
    # Whether win payments wait in a pull (拉) ledger (`carry` holds them back as tracked debts, taiwan.md)
    # instead of moving at once: the screens say what a table paying as it goes pays, and when.
    pull_ledger: ClassVar[bool] = False
    # What a table enters for the settlement, beyond the fields above (the rest is its ruleset's: `Ruleset`).
    spot_needs: ClassVar[Mapping[str, str]] = {}  # on-the-spot kind -> the field it takes besides the player
    figure_answer: ClassVar[str] = ""  # the field a win's answer gives its figure in, where the page asks one
    # on-the-spot kind -> what it pays, in English, where the page prices a kind its own way (hk-faan's false win)
    spot_notes: ClassVar[Mapping[str, str]] = {}
    spot_names: ClassVar[Mapping[str, str]] = {}  # on-the-spot kind -> the table's word for it, where its own
    # A stake -> the names tables give its usual amounts (hk-faan's 二五雞, 五一, 一二蚊), and what it means
    # in English where its name alone would mislead (hk-faan's `base` is a share, not the 底 chip).
    stake_names: ClassVar[Mapping[str, tuple[tuple[str, Decimal], ...]]] = {}
    stake_notes: ClassVar[Mapping[str, str]] = {}

    # -- the session's stakes and options --------------------------------------
    def read_stakes(self, raw: Mapping[str, Any]) -> dict[str, Decimal]:
        stakes = dict(self.stake_defaults)
        for name, value in raw.items():
            if name not in self.stake_defaults:
                raise EngineError(
                    BAD_FIELD,
                    "unknown stake {name!r} for {ruleset}: its stakes are {choices}",
                    name=name, ruleset=self.name, choices=', '.join(self.stake_defaults),
                )
            stakes[name] = parse_amount(value, f"the stake {name!r}")
        return stakes

    def read_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The settlement's own options with defaults; the scorer checks the rest."""
        options = dict(raw)
        for name, allowed in self.settlement_options.items():
            value = options.setdefault(name, allowed[0])
            if not is_allowed(value, allowed):  # as the scorer checks them: true is not 1
                raise EngineError(
                    BAD_FIELD,
                    "option {name!r} is {value}: it must be one of {choices}",
                    name=name, value=json.dumps(value, default=repr), choices=', '.join(json.dumps(a) for a in allowed),
                )
        return options

    def share_of(self, figure: int, stakes: Mapping[str, Any], options: Mapping[str, Any]) -> Decimal | None:
        """One loser's share of a win of this figure, where the page pays a win in shares (hk-faan); None
        elsewhere. The screens say each payment in shares beside the money."""
        return None

    @property
    def loser_points(self) -> bool:
        """A win names every loser's points (taizhou)."""
        return "loser_points" in self.win_fields

    @property
    def has_spots(self) -> bool:
        """The table enters on-the-spot payments (taiwan, hk-faan)."""
        return bool(self.spot_needs)

    @property
    def figure_events(self) -> tuple[str, ...]:
        """The events a win by figure names, where one changes who pays (hk-faan's robbed kong, sent as
        `robbed_kong`)."""
        return ("robbing_kong",) if "robbed_kong" in self.win_fields else ()

    # -- dealers and winds -----------------------------------------------------
    def keeps_deal(self, dealer_won: bool, draw: bool, options: Mapping[str, Any]) -> bool:
        """Whether the dealer deals again after this hand; `options` are the table's settlement options with
        their defaults (`read_options`), where a house rule decides it (hk-faan's draw_keeps_deal)."""
        raise NotImplementedError

    def next_deal(self, deal: Deal, table: Table, dealer_won: bool, draw: bool) -> Deal:
        if self.keeps_deal(dealer_won, draw, table.options):
            return Deal(deal.dealer, deal.continuations + 1, deal.rounds, deal.hand_in_round + 1)
        dealer = (deal.dealer + 1) % SEATS
        if dealer == table.first_dealer:  # the deal has gone round all four: a new round wind
            return Deal(dealer, 0, deal.rounds + 1, 0)
        return Deal(dealer, 0, deal.rounds, deal.hand_in_round + 1)

    def dealer_extra(self, continuations: int) -> int:
        """What a table's pattern figure gains when the dealer wins on 連n (taiwan's 2n+1); 0 where the
        figure is the table's whole score."""
        return 0

    def figure_extra(self, figure_field: str, continuations: int) -> int:
        """What `figure` adds to a figure given in `figure_field` when the dealer wins: the dealer's extra
        for a figure without it (taiwan's `pattern_fan`), else nothing."""
        return self.dealer_extra(continuations) if figure_field == "pattern_fan" else 0

    def streak(self, deal: Deal) -> int:
        """`dealer_streak` in this ruleset's meaning (rules/README.md, `score`)."""
        return deal.continuations + self.streak_from

    def seat_wind(self, deal: Deal, seat: int) -> str:
        return self.seat_winds(deal)[seat]

    def seat_winds(self, deal: Deal) -> tuple[str, ...]:
        """Each seat's wind: the dealer is East (hk-old: fixed by list order)."""
        return SEAT_WINDS[0 if self.fixed_seats else deal.dealer]

    # -- money -----------------------------------------------------------------
    def figure(self, win: Win, deal: Deal, scored: int | None) -> Decimal:
        """The winner's figure (fan or points) the payments are made of."""
        return Decimal(scored if scored is not None else win.figure or 0)

    def payments(self, win: Win, value: Decimal, losers: tuple[Decimal | None, ...], deal: Deal,
                 table: Table) -> list[Payment]:
        raise NotImplementedError

    def spot_payments(self, spot: Spot, deal: Deal, table: Table) -> list[Payment]:
        raise EngineError(
            BAD_FIELD,
            "{ruleset} has no on-the-spot payments",
            ruleset=self.name,
        )

    def deal_after_spot(self, spot: Spot, deal: Deal, table: Table) -> Deal:
        """The deal after an on-the-spot entry: unchanged (taiwan.md), unless it ends the hand."""
        return deal

    def carry(self, chain: Chain, win: Win, payments: list[Payment]) -> tuple[Chain, list[Payment]]:
        """What moves for real at a win, and the debts left tracked; elsewhere all is paid at once."""
        return chain, payments

    def carry_several(self, chain: Chain, discarder: int, dues: list[tuple[int, list[Payment]]]
                      ) -> tuple[Chain, list[Payment], int | None]:
        """Several wins on one discard (README.md, ruling 2026-11-28), each `(winner, dues)`: the chain after,
        what moves for real, and the winner whose win carries the chain (None where there is none: every win
        is paid at once)."""
        return chain, [paid for _winner, due in dues for paid in due], None

    def seat_change(self, chain: Chain, seat: int) -> tuple[Chain, list[Payment]]:
        """What moves for real when the player in `seat` leaves (README.md, ruling 2026-11-25): nothing,
        where money moves at each hand and no debt is left open."""
        return chain, []

    def close(self, chain: Chain) -> list[Payment]:
        """The tracked debts paid at the end of the session."""
        return chain.settle()


OTHERS = tuple(tuple(p for p in range(SEATS) if p != seat) for seat in range(SEATS))


def others(seat: int) -> tuple[int, ...]:
    """The three other seats, in turn order."""
    return OTHERS[seat]


def payers(win: Win) -> tuple[int, ...]:
    """Who pays a win where the discarder alone pays a discard (taiwan, hk-old)."""
    if win.self_drawn:
        return others(win.winner)
    assert win.discarder is not None  # session.read_entry: a discard win names its discarder
    return (win.discarder,)


__all__ = ["Chain", "Deal", "EMPTY", "Payoff", "Table", "others", "payers"]
