"""`zung-jung`: Zung Jung (中庸) v3.3 scoring, as rules/zung-jung.md decides.

Every pattern met counts when the patterns are in different series (x.y); within
one series only the highest counts, and Value Honour counts per set. A listed
limit (a pattern worth 320 or more) scores only its single highest pattern; any
other sum of 320 or more scores 320. Flower points are added after the limit.

Decisions where the page and its source are silent:
- Mixed Greater Terminals needs terminals as well as honours (an all-honour hand
  is All Honours); both Lesser patterns need at least one chow (without one the
  hand is a Greater one).
- Events must fit the win (rules review 2026-11-23, README.md `events`, checked in
  hand.py): `last_tile` (Final Draw) and `kong_replacement` (Win on Kong) need a
  self-draw, `last_discard` (Final Discard) and `robbing_kong` a discard; the other
  pairing is `bad_field`, never scored. Blessing of Heaven (`heavenly`) needs a
  self-draw and Blessing of Earth (`earthly`) a discard, and neither counts after any
  meld, a concealed kong included (9.4.1; ruling 2026-11-25): such a hand is
  `bad_field` too, checked in hand.py for every ruleset.
- Option `chicken: 0` (rules review 2026-11-23): a hand with no pattern in 1-10
  still lists `chicken_hand`, valued 0, so a player sees why it is worth 0.
  The option is the number 1 or 0 or the text "no": JSON `true`/`false` are
  `bad_field` (checked by type, as Python counts True as 1).
- The `human` event is not a Zung Jung pattern and counts nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .. import predicates
from ..errors import NOT_WINNING, EngineError
from ..examples import example
from ..facts import Facts
from ..groups import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from ..hand import Hand
from ..options import Option
from ..patterns import Counted, Pattern, count_patterns, load_patterns, predicates_of, table_file
from ..payoffs.zung_jung import ZungJungPayoff
from ..ruleset import Ruleset, Score
from ..tiles import WINDS, is_major, is_terminal

LIMIT = 320


# -- Zung Jung's own predicates; zung_jung.toml binds them and shared ones to its rows --
def concealed_hand(f: Facts) -> bool:
    return f.is_standard and f.concealed_hand


def value_honor(f: Facts) -> int:
    return predicates.has_dragon_pungs(f) + predicates.has_seat_wind_pungs(f)


def small_three_winds(f: Facts) -> bool:
    return f.wind_pungs == 2 and f.pair_kind in WINDS


def has_two_concealed_pungs(f: Facts) -> bool:
    return len(f.concealed_pungs) == 2


def has_one_kong(f: Facts) -> bool:
    return len(f.kongs) == 1


def has_two_kongs(f: Facts) -> bool:
    return len(f.kongs) == 2


def _identical(f: Facts) -> tuple[int, int]:
    """(largest number of identical chows, how many chows are doubled)."""
    counts = f.chow_counts()
    if not counts:
        return 0, 0
    return max(counts.values()), sum(1 for n in counts.values() if n >= 2)


def two_identical(f: Facts) -> bool:
    return _identical(f)[0] >= 2


def two_identical_twice(f: Facts) -> bool:
    return _identical(f)[1] == 2


def three_identical(f: Facts) -> bool:
    return _identical(f)[0] >= 3


def small_three_similar_triplets(f: Facts) -> bool:
    pair = f.pair_kind
    if pair is None or pair >= 27:
        return False
    suits = {k // 9 for k in f.pung_kinds() if k < 27 and k % 9 == pair % 9}
    return len(suits) == 2 and pair // 9 not in suits


def _every_group_has(f: Facts, test: Callable[[int], bool]) -> bool:
    return f.is_standard and bool(f.chows) and all(any(test(t) for t in g.tiles) for g in f.groups)


def mixed_lesser_terminals(f: Facts) -> bool:
    return f.has_honors and _every_group_has(f, is_major)


def pure_lesser_terminals(f: Facts) -> bool:
    return not f.has_honors and _every_group_has(f, is_terminal)


def seven_pairs(f: Facts) -> bool:
    return f.form == SEVEN_PAIRS


def improper_flower(f: Facts) -> int:
    return predicates.has_bonus_tiles(f) - predicates.has_own_flowers(f)


PATTERNS: tuple[Pattern, ...] = load_patterns(table_file(__name__), predicates_of(globals(), vars(predicates)))
TABLE = tuple(p for p in PATTERNS if p.kind == "points")
FLOWERS = tuple(p for p in PATTERNS if p.kind == "flower")
CHICKEN = next(p for p in PATTERNS if p.kind == "chicken")


class ZungJung(Ruleset):
    key = "zung-jung"
    name = "Zung Jung"
    name_zh = "中庸"
    description = "Additive points by series, limit 320; the official competition payoff."
    hand_size = 13
    forms = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
    patterns = PATTERNS
    payoff = ZungJungPayoff()
    quick_entry_example = ("# East round", "W2 d3 30", "W1 s 10", "D", "W4 d1 70 r2", "W3 d2 40 r-")
    money_examples = (
        example("discard",
            "The winner collects 3 × the hand's value. On a discard of 25 points or less each of the three "
            "pays the value; each point is worth %(per_point)s.",
            figure=20),
        example("discard",
            option="payoff",
            rules={
                "competition": "Over 25 points on a discard, the two others pay 25 each and the responsible "
                               "player, the discarder, pays the rest: 3 × the value − 50.",
                "uniform": "With the Uniform payoff every loser pays the value, however big."},
            figure=40,
            title="A big win on a discard"),
        example("immune",
            "When the winner had discarded that same tile earlier in the round, no one is responsible: all "
            "three pay the value.",
            figure=40),
        example("self_draw",
            "On a self-draw each of the three pays the value.",
            figure=40),
        example("scored",
            "Limit %(limit)s: a hand worth %(limit)s or more scores %(limit)s (a listed limit hand scores "
            "only its highest pattern); flowers are added after the limit.",
            key="limit",
            title="The limit",
            said="%(winner)s self-draws a hand over the limit. Its patterns:",
            hand={"concealed": "111222333m4445m", "winning_tile": "5m"}),
        example("payoff_schemes",
            "The house option Payoff: Competition, the official rule, or Uniform, the official casual one.",
            figure=40),
        example("paying",
            hands=[{"winner": 1, "discarder": 2, "points": 40}, {"winner": 3, "discarder": None, "points": 20}]),
    )
    responsible = "discarder"  # zung-jung.md: the discarder pays beyond 25 unless the hand says otherwise
    # zung-jung.md 9.1-9.4: the events its incidental patterns count
    events = ("last_tile", "last_discard", "kong_replacement", "robbing_kong", "heavenly", "earthly")
    game_rounds = 4  # zung-jung.md: 16 hands make a game, the deal passing every hand
    usual_figures = (5, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100, 160)
    figure_limit = 320  # zung-jung.md: Limit 320
    options = (
        Option("chicken", 1, (1, 0, "no"), "what a hand with no pattern scores: 1, 0, or 'no' (not a win)"),
        Option("payoff", "competition", ("competition", "uniform"),
               "competition: the responsible discarder pays beyond 25; uniform: every loser pays the value"),
    )

    def evaluate(self, facts: Facts) -> Score | None:
        counted = count_patterns(TABLE, facts)
        limit = False
        if counted:
            top = max(counted, key=lambda c: c.value)
            if top.pattern.value >= LIMIT:  # zung-jung.md: listed limit
                counted, limit = [top], True
                points = top.value
            else:
                points = sum(c.value for c in counted)
                if points >= LIMIT:  # zung-jung.md: compound limit
                    points, limit = LIMIT, True
        else:
            chicken = self.option(facts.hand, "chicken")
            if chicken == "no":
                return None
            # zung-jung.md: chicken hand; with option 0 it is still listed, worth 0
            counted = [Counted(replace(CHICKEN, value=chicken))]
            points = sum(c.value for c in counted)
        flowers = count_patterns(FLOWERS, facts)
        return Score(points + sum(c.value for c in flowers), counted + flowers, limit)

    def not_winning(self, hand: Hand) -> EngineError:
        if self.option(hand, "chicken") == "no":
            return EngineError(NOT_WINNING, "these tiles make no winning hand worth a pattern, and this table plays "
                                            "without chicken hands")
        return super().not_winning(hand)
