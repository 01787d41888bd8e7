"""`taiwan`: Hong Kong-style Taiwanese mahjong (港式台灣麻雀), 16-tile play, as rules/taiwan.md decides.

A win is 17 tiles: five sets and a pair, or 嚦咕嚦咕 (seven pairs and a pung, all
concealed). Every pattern met adds its fan, except where the page's non-repeat
families and exclusions say otherwise; honour fan (`round_wind`, `seat_wind`,
`dragon_pung`) counts per set beside them. The pattern fan is capped at 88, then a
winning dealer adds 2n+1 (n = continuations so far). Flowers add no fan: they are
paid on the spot by the settlement.

Decisions where the page and its source are silent:
- A hand with no pattern is still a win worth 0 fan (the base alone is paid):
  the page sets no minimum.
- `limit` is true whenever the pattern fan reaches 88 (a limit hand, or a sum
  capped at 88); every counted pattern is still listed so players see why.
- `all_green` does not need the green dragon: bamboo 2, 3, 4, 6, 8 alone qualify.
- `four_kongs` and `four_concealed_pungs` also count for five; five pungs in a run
  are `four_sequential_pungs`.
- The pung of 嚦咕嚦咕 is a pung: honour fan and tile-wide patterns (flushes,
  all simples, 混老頭) count on a seven-pairs hand; set patterns need sets it lacks.
- Events must fit the win (rules review 2026-11-23, README.md `events`, checked in
  hand.py): `last_tile` (海底撈月, the last *wall* tile) and `kong_replacement`
  (槓上開花) with `win: discard` are `bad_field`, as are `last_discard` and
  `robbing_kong` with a self-draw. Those two have no fan in this table and count
  nothing; `three_golds` and `robbing_gold` belong to a game with golds and are refused.
- Wait fans: a winning chow completed on its 1 (or its 9) with only one kind
  waited on (the other end all held) is `single_wait`, as is a pung completed
  from two pairs when the other pair's kind cannot come.
- 天胡 (`heavenly`) must be a self-draw and 地胡 (`earthly`) a win on a discard, neither
  with any meld, a concealed kong included (ruling 2026-11-25, checked in hand.py for
  every ruleset). Beyond that, events are taken as the table declares them (天胡 is not
  checked against `dealer`); `dealer_streak` without `dealer` adds nothing.
- Flowers or seasons in `concealed` or as `winning_tile` are refused (`bad_tile`):
  they belong in `bonus_tiles`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from .. import predicates
from ..errors import BAD_FIELD, BAD_TILE, EngineError
from ..examples import example
from ..facts import Facts
from ..groups import CHOW, PAIR, SEVEN_PAIRS_PUNG, STANDARD
from ..hand import Hand
from ..options import Option
from ..patterns import Counted, Pattern, Predicate, count_patterns, load_patterns, predicates_of, table_file
from ..payoffs.taiwan import OPTIONS, TaiwanPayoff
from ..ruleset import Ruleset, Score
from ..tiles import BONUS_BASE, tile_name

LIMIT = 88
GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2 3 4 6 8 bamboo and the green dragon
WAIT_KEYS = ("single_wait", "edge_wait", "middle_wait", "pair_wait")


# -- views of an arrangement only this table asks for ----------------------------------
def _pair_kinds(f: Facts) -> list[int]:
    return sorted(g.first for g in f.groups if g.kind == PAIR)


def wait_kind(f: Facts) -> str | None:
    """taiwan.md: the one wait fan, only when exactly one tile kind completed the hand."""
    group = f.winning_group
    tile = f.hand.winning_tile
    if len(f.waits) != 1 or group is None or tile is None:
        return None
    if group.kind == PAIR:
        return "pair_wait"
    if group.kind == CHOW:
        first = group.first
        if tile == first + 1:
            return "middle_wait"
        if (tile == first + 2 and first % 9 == 0) or (tile == first and first % 9 == 6):
            return "edge_wait"
    return "single_wait"


# -- Taiwanese predicates of its own; taiwan.toml binds them and shared ones to its rows --
def is_all_green(f: Facts) -> bool:
    return all(t in GREEN for t in f.tiles)


def is_human(f: Facts) -> bool:
    return "human" in f.events


def is_ready_first_turn(f: Facts) -> bool:
    return "ready_first_turn" in f.events


def is_dealer(f: Facts) -> bool:
    return f.hand.dealer


def seven_consecutive_pairs(f: Facts) -> bool:
    kinds = _pair_kinds(f)
    if f.form != SEVEN_PAIRS_PUNG or len(kinds) != 7 or kinds[-1] >= 27:
        return False
    return kinds[0] // 9 == kinds[-1] // 9 and kinds[-1] - kinds[0] == 6


def seven_pairs(f: Facts) -> bool:
    return f.form == SEVEN_PAIRS_PUNG


def all_melded(f: Facts) -> bool:
    melds = f.hand.melds
    group = f.winning_group
    return (len(melds) == 5 and not any(m.is_concealed for m in melds) and not f.self_drawn
            and group is not None and group.kind == PAIR)


def all_chows(f: Facts) -> bool:
    pair = f.pair_kind
    return predicates.is_all_chows(f) and pair is not None and pair < 27


def _is_wait(key: str) -> Predicate:
    return lambda f: wait_kind(f) == key


WAIT_TESTS = {f"is_{key}": _is_wait(key) for key in WAIT_KEYS}
PATTERNS: tuple[Pattern, ...] = load_patterns(
    table_file(__name__), {**predicates_of(globals(), vars(predicates)), **WAIT_TESTS})
TABLE = tuple(p for p in PATTERNS if p.kind == "points")
DEALER = next(p for p in PATTERNS if p.kind == "dealer")  # taiwan.md: dealer, added after the cap
REFUSED_EVENTS = ("three_golds", "robbing_gold")


class Taiwan(Ruleset):
    key = "taiwan"
    name = "Taiwanese (HK style)"
    name_zh = "港式台灣麻雀"
    description = "16-tile play: fan per pattern, capped at 88, plus the dealer's 2n+1; base + fan per payer."
    unit = "fan"
    hand_size = 16
    forms = (STANDARD, SEVEN_PAIRS_PUNG)
    patterns: ClassVar[tuple[Pattern, ...]] = PATTERNS
    options: ClassVar[tuple[Option, ...]] = OPTIONS  # several_winners: the settlement's, listed on the rules page
    payoff = TaiwanPayoff()
    quick_entry_example = ("F2 x2", "W1 d3 5", "S dice_123", "W1 s 8", "S failed_peng 4 to 2", "D", "G3")
    money_examples = (
        example("discard",
            "A win is worth the base, %(base)s, plus %(per_fan)s for each fan. On a discard the discarder "
            "alone pays it.",
            figure=6),
        example("self_draw",
            "On a self-draw each of the three others pays. A dealer on a first deal (no 連 yet) pays the plain "
            "value too.",
            figure=6),
        example("dealer_wins",
            "A winning dealer adds 2n + 1 fan on 連n: +1 on a first deal, +3 on 連1, +5 on 連2. The dealer keeps "
            "the deal on a win and on a draw, and n rises by one.",
            figure=6,
            draws=2),
        example("dealer_pays",
            "A dealer on 連n (n of 1 or more) who pays, for another's self-draw or on the dealer's own "
            "discard, pays for the fan + 2n + 1.",
            figure=6,
            draws=2),
        example("scored",
            "The patterns' fan is capped at %(limit)s; a winning dealer's 2n + 1 comes after the cap.",
            key="limit",
            title="The limit",
            said="%(winner)s self-draws a hand over the limit. Its patterns:",
            hand={"concealed": "111222333444z555z6z", "winning_tile": "6z"}),
        example("pull_again",
            "A win is not paid at once: it is owed to the winner's chain (拉). When the same player wins again "
            "(draws between do not matter), each payer's debt is multiplied by 1.5 and the new win added; the "
            "debts of those who do not pay this hand stay as they are."),
        example("pull_ends",
            "When another player wins, the chain ends: everything owed to its holder is paid then, and the "
            "new winner's chain begins. Debts still owed at the end of the session are paid then."),
        example("pull_halves",
            "If the chain's holder pays the new winner (a discard, or the new winner's self-draw), the new "
            "winner's debt to the holder is halved first; then the chain is paid."),
        example("several_winners",
            "With the house option 一炮多響 on, two or three players may win on one discard. The discarder pays "
            "each as if alone (a losing dealer on 連n adds 2n + 1 for each), and the dealer keeps the deal if among "
            "them. The 拉 chain stays with its holder if among them, else goes to the winner nearest in turn after "
            "the discarder; every other winner is paid at once. With it off (截糊, the default) that nearest "
            "winner wins alone."),
        example("spots",
            "Paid at once, never tracked: one unit is %(unit)s; each flower is %(flower_units)s unit and each "
            "grass %(grass_units)s units; a false win pays each other player a 30-fan win.",
            count=2),
        example("paying",
            hands=[{"winner": 0, "discarder": None, "fan": 13},
                   {"winner": 0, "discarder": 1, "fan": 5},
                   {"spot": "flower", "player": 1, "count": 1},
                   {"winner": 2, "discarder": 3, "fan": 6}]),
    )
    usual_figures = tuple(range(1, 17))  # the pattern fan tables say most: 1 to 16
    figure_limit = 88  # taiwan.md: the pattern fan is capped at 88
    bonus_tiles = ""  # taiwan.md: flowers are paid on the spot, not entered with the hand
    # taiwan.md: the events its fan table counts
    events = ("last_tile", "kong_replacement", "heavenly", "earthly", "human", "ready_first_turn")
    usually_pays_as_you_go = True  # taiwan.md: on-the-spot payments are 即時付錢, chain ends paid as they come

    def check(self, hand: Hand) -> None:
        super().check(hand)
        for event in REFUSED_EVENTS:
            if event in hand.events:
                raise EngineError(
                    BAD_FIELD,
                    "the event {event!r} needs a gold tile: {ruleset} plays without golds",
                    event=event, ruleset=self.name,
                )
        for kind in (*hand.concealed, *((hand.winning_tile,) if hand.winning_tile is not None else ())):
            if kind >= BONUS_BASE:
                raise EngineError(
                    BAD_TILE,
                    "{tile} is a bonus tile: give it in 'bonus_tiles', not among the tiles in hand",
                    tile=tile_name(kind),
                )

    def needs_waits(self, hand: Hand) -> bool:
        return True

    def evaluate(self, facts: Facts) -> Score:
        counted = count_patterns(TABLE, facts)
        fan = sum(c.value for c in counted)
        limit = fan >= LIMIT  # taiwan.md: limit
        fan = min(fan, LIMIT)
        hand = facts.hand
        if hand.dealer:  # taiwan.md: dealer, after the cap
            counted.append(Counted(replace(DEALER, value=2 * hand.dealer_streak + 1)))
            fan += 2 * hand.dealer_streak + 1
        return Score(fan, counted, limit)
