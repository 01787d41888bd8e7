"""`hk-faan`: Hong Kong mahjong scored in faan (香港麻雀, the 清章 faan table), as rules/hk-faan.md decides.

A win is four sets and a pair, or thirteen orphans; seven pairs is no win. The faan of
every pattern met add up, one shape, one suit pattern and one dragon pattern at most
(families in hk_faan.toml); the sum is capped at `limit_faan`, and a limit hand (例牌)
scores exactly `limit_faan`, listed alone. A hand under `min_faan` (the sum before the
cap, flower faan included) is no win. The money is the settlement's (payoffs/hk_faan.py),
which also declares the seven options once: the ruleset carries its payoff, so the payoff
cannot import the ruleset back.

Decisions where the page is silent:
- Nine Gates is the page's 14-tile condition, unlike hk-old's and zung-jung's
  (`predicates.has_nine_gates`: the 13 before the win are the gates exactly): the 14
  tiles hold 1112345678999 and one more of the suit, whatever the hand waited on.
- `raw_faan` of a limit hand is `limit_faan`: nothing else counts, so nothing adds up.
- Where two arrangements reach the limit, the one with more faan before the cap is
  scored, so `raw_faan` is the hand's best.
- A hand of seven pairs is told so in its refusal (`not_winning`): tables used to other
  rules expect it to win.
- `bonus_tiles` holds only flowers and seasons: a playing tile there is `bad_field`, a
  flower among the playing tiles `bad_tile` (as in hk-old).
- Options are checked by JSON type: `min_faan: true` or `flowers: 1` is `bad_field`.
- The README's rule that 天糊 is a self-draw and 地糊 a discard, neither with a meld, is
  the event check every ruleset shares (hand.py); this module checks whose win each is.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import predicates
from ..errors import BAD_FIELD, NOT_WINNING, EngineError
from ..examples import example
from ..facts import Facts
from ..groups import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from ..hand import Hand, check_flowers_apart
from ..patterns import Counted, Pattern, count_patterns, load_patterns, predicates_of, table_file
from ..payoffs.hk_faan import FLOWERS, LIMIT_FAAN, MIN_FAAN, OPTIONS, HkFaanPayoff
from ..ruleset import Ruleset, Score
from ..search import FORM_SEARCHES
from ..tiles import counts_of


# -- the 清章 table's own predicates; hk_faan.toml binds them and shared ones to its rows --
def holds_nine_gates(f: Facts) -> bool:
    """hk-faan.md: no melds; the 14 tiles are one suit and hold 1112345678999 (+ any tile of that suit)."""
    counts = counts_of(f.hand.full_concealed)
    return not f.hand.melds and any(_holds_gates(counts[s * 9: s * 9 + 9]) for s in range(3))


def _holds_gates(suit: list[int]) -> bool:
    # the 14th tile is of the suit too: a tile of another suit beside the 13 would make no win
    return all(held >= gates for held, gates in zip(suit, predicates.NINE_GATES))


def has_no_melds(f: Facts) -> bool:
    """門前清: a concealed kong is a meld here (hk-faan.md, Decisions)."""
    return not f.hand.melds


def own_flowers(f: Facts) -> int:
    """正花 outside a complete set: a complete set holds the seat's own tile of it, counted in 一台花."""
    return predicates.has_own_flowers(f) - predicates.has_flower_sets(f)


def has_no_bonus_tiles(f: Facts) -> bool:
    return not f.hand.bonus_tiles


PATTERNS: tuple[Pattern, ...] = load_patterns(table_file(__name__), predicates_of(globals(), vars(predicates)))
LIMITS = tuple(p for p in PATTERNS if p.kind == "limit")
CHICKEN = next(p for p in PATTERNS if p.kind == "chicken")
# hk-faan.md: 無花 only with flowers in play
TABLES = {flowers: tuple(p for p in PATTERNS if p.kind == "points" and (flowers or p.key != "no_flowers"))
          for flowers in (True, False)}


@dataclass
class FaanScore(Score):
    def key(self) -> tuple[int, int, int]:  # type: ignore[override]
        return (self.total, self.extra["raw_faan"], len(self.patterns))


class HongKongFaan(Ruleset):
    key = "hk-faan"
    name = "Hong Kong (faan)"
    name_zh = "香港麻雀"
    description = "13-tile play with flowers: faan per pattern, three to win, capped at the limit; a faan money table."
    unit = "faan"
    hand_size = 13
    forms = (STANDARD, THIRTEEN_ORPHANS)
    patterns = PATTERNS
    options = OPTIONS
    payoff = HkFaanPayoff()
    quick_entry_example = ("W2 d3 5", "W1 s 3", "D", "W4 8 r2  # 包: seat 2 fed the fourth set", "F3", "W3 d1 10 r1")
    money_examples = (
        example("money_table",
            "A hand of n faan is paid in shares: one share is the stake, %(base)s, times the money table's "
            "multiple for n. A discard win collects two shares and a self-draw three; there is no dealer "
            "bonus."),
        example("discard",
            option="discard_pays",
            rules={
                "all": "全銃: the discarder alone pays both shares.",
                "half": "半銃: the discarder pays one share and each of the other two half a share."},
            figure=3),
        example("self_draw",
            "On a self-draw each of the three others pays one share.",
            figure=3),
        example("self_draw",
            "包: the player who fed the fourth exposed set (or the third dragon, the fourth wind) pays all "
            "three shares of the self-draw alone. On a discard win only the discarder can be responsible.",
            figure=8,
            title="Responsible (包)",
            responsible=2),
        example("discard",
            option="robbed_kong_pays",
            rules={
                "self_draw": "搶槓當自摸: the robbed player alone pays the hand as a self-draw, three shares.",
                "discard": "A robbed kong is paid as an ordinary discard."},
            figure=3,
            title="A robbed kong (搶槓)",
            robbed_kong=True),
        example("scored",
            "Totals are capped at the limit, %(limit)s faan (爆棚), and a limit hand (例牌) scores exactly that.",
            key="limit",
            title="The limit",
            said="%(winner)s self-draws a hand over the limit. Its patterns:",
            hand={"concealed": "111222333m4445m", "winning_tile": "5m"}),
        example("spots",
            "A false win (詐糊) ends the hand: the offender pays each other player three shares at the limit.",
            count=1),
        example("paying",
            hands=[{"winner": 1, "discarder": 2, "faan": 3},
                   {"winner": 3, "discarder": None, "faan": 5},
                   {"spot": "false_win", "player": 0}]),
    )
    usual_figures = (3, 4, 5, 6, 7, 8, 9, 10)  # hk-faan.md: three to win (三番起糊), the limit 10 by default
    figure_limit = 10
    responsible = "optional"  # hk-faan.md: 包 only when the hand names the responsible loser
    responsible_self_draw = True  # 包自摸: the one who fed the fourth set pays all three shares
    responsible_on_discard = "discarder"  # payoffs/hk_faan.py, shares: any other is refused
    # hk-faan.md: the events its faan table counts
    events = ("last_tile", "last_discard", "kong_replacement", "robbing_kong", "heavenly", "earthly")

    def bonus_tiles_at(self, options: Mapping[str, Any]) -> str:
        return self.bonus_tiles if options.get(FLOWERS, True) is not False else ""  # the 136-tile game

    def figures_at(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The table's minimum to its limit (三番起糊 to 爆棚: 3 to 10 by default)."""
        return tuple(range(self._table_option(options, MIN_FAAN), self._table_option(options, LIMIT_FAAN) + 1))

    def limit_at(self, options: Mapping[str, Any]) -> int | None:
        return int(self._table_option(options, LIMIT_FAAN))

    @staticmethod
    def _table_option(options: Mapping[str, Any], name: str) -> int:
        value = options.get(name, next(o.default for o in OPTIONS if o.name == name))
        return int(value)

    def check(self, hand: Hand) -> None:
        super().check(hand)
        check_flowers_apart(hand)
        if hand.bonus_tiles and not self.option(hand, FLOWERS):
            raise EngineError(BAD_FIELD, "this table plays without flowers (option flowers: false): "
                                         "leave 'bonus_tiles' out")
        self.check_events(hand)

    @staticmethod
    def check_events(hand: Hand) -> None:
        """hk-faan.md: Faan table, Limit hands and Not in the table (rulings 2026-11-25)."""
        if "human" in hand.events:
            raise EngineError(BAD_FIELD, "人糊 (human) is not in the 清章 faan table: enter this win in the session "
                                         "by figure ('faan'), as your table agrees")
        if "kong_replacement" in hand.events and not any(m.kind in ("kong", "concealed_kong") for m in hand.melds):
            raise EngineError(BAD_FIELD, "kong_replacement (槓上開花) needs a kong among the melds: "
                                         "the replacement tile is drawn after a kong")
        if "heavenly" in hand.events and not hand.dealer:
            raise EngineError(BAD_FIELD, "heavenly (天糊) is the dealer's win on the dealt tiles, and this "
                                         "winner is not the dealer")
        if "earthly" in hand.events and hand.dealer:
            raise EngineError(BAD_FIELD, "earthly (地糊) is a win on the dealer's first discard, and this "
                                         "winner is the dealer")

    def score(self, hand: Hand) -> Score:
        best = super().score(hand)
        needed = self.option(hand, MIN_FAAN)
        faan = best.extra["raw_faan"]
        if faan < needed:  # hk-faan.md, Minimum; a limit hand is worth limit_faan >= 3, so always qualifies
            raise EngineError(
                NOT_WINNING,
                "this hand is worth {faan} faan and the table needs at least {needed} to win (min_faan)",
                faan=faan, needed=needed,
            )
        return best

    def evaluate(self, facts: Facts) -> Score | None:
        limit = self.option(facts.hand, LIMIT_FAAN)
        for pattern in LIMITS:
            if pattern.test(facts):  # hk-faan.md: a limit hand scores exactly limit_faan, nothing else counts
                return FaanScore(limit, [Counted(replace(pattern, value=limit))], True, extra={"raw_faan": limit})
        if not facts.is_standard:
            return None
        counted = count_patterns(TABLES[self.option(facts.hand, FLOWERS)], facts) or [Counted(CHICKEN)]
        faan = sum(c.value for c in counted)
        return FaanScore(min(faan, limit), counted, faan >= limit, extra={"raw_faan": faan})

    def not_winning(self, hand: Hand) -> EngineError:
        if not hand.melds and FORM_SEARCHES[SEVEN_PAIRS](counts_of(hand.full_concealed)):
            return EngineError(NOT_WINNING, "seven pairs (七對子) is not a winning hand in the 清章 faan table: a win "
                                            "is four sets and a pair")
        return super().not_winning(hand)
