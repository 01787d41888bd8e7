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
- Events are taken as the table declares them (天胡 is not checked against
  `dealer`); `dealer_streak` without `dealer` adds nothing.
- Flowers or seasons in `concealed` or as `winning_tile` are refused (`bad_tile`):
  they belong in `bonus_tiles`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from ..errors import BAD_FIELD, BAD_TILE, EngineError
from ..facts import Facts
from ..groups import CHOW, PAIR, SEVEN_PAIRS_PUNG, STANDARD
from ..hand import Hand
from ..patterns import Counted, Pattern, count_patterns, pattern
from ..predicates import (
    has_big_four_winds,
    has_big_three_dragons,
    has_dragon_pungs,
    has_four_concealed_pungs,
    has_four_identical_chows,
    has_four_kongs,
    has_four_sequential_pungs,
    has_little_four_winds,
    has_little_three_dragons,
    has_mixed_triple_chow,
    has_mixed_triple_pung,
    has_nine_gates,
    has_round_wind_pungs,
    has_seat_wind_pungs,
    has_three_concealed_pungs,
    has_three_kongs,
    has_three_sequential_pungs,
    has_three_wind_pungs,
    is_all_chows,
    is_all_honors,
    is_all_pungs,
    is_all_simples,
    is_all_terminals,
    is_concealed_on_discard,
    is_concealed_self_drawn,
    is_earthly,
    is_full_flush,
    is_half_flush,
    is_heavenly,
    is_kong_replacement,
    is_last_wall_tile,
    is_self_drawn,
    is_terminals_and_honors,
)
from ..ruleset import Ruleset, Score
from ..tiles import BONUS_BASE, tile_name

LIMIT = 88
GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2 3 4 6 8 bamboo and the green dragon
WAIT_KEYS = ("single_wait", "edge_wait", "middle_wait", "pair_wait")
# taiwan.md: non-repeat — seven pairs take no 門清/門清自摸 and no wait fan
SEVEN_PAIRS_EXCLUDES = ("concealed", "concealed_self_drawn", *WAIT_KEYS)


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


# -- Taiwanese patterns of its own; the rest are rows of PATTERNS over shared predicates --
def is_all_green(f: Facts) -> bool:
    return all(t in GREEN for t in f.tiles)


def is_human(f: Facts) -> bool:
    return "human" in f.events


def is_ready_first_turn(f: Facts) -> bool:
    return "ready_first_turn" in f.events


def is_dealer(f: Facts) -> bool:
    return f.hand.dealer


@pattern("seven_consecutive_pairs", "Seven Consecutive Pairs", "連七對", 88, "pairs", SEVEN_PAIRS_EXCLUDES)
def seven_consecutive_pairs(f: Facts) -> bool:
    """Seven pairs of consecutive numbers in one suit, plus the pung."""
    kinds = _pair_kinds(f)
    if f.form != SEVEN_PAIRS_PUNG or len(kinds) != 7 or kinds[-1] >= 27:
        return False
    return kinds[0] // 9 == kinds[-1] // 9 and kinds[-1] - kinds[0] == 6


@pattern("seven_pairs", "Seven Pairs", "七對子", 24, "pairs", SEVEN_PAIRS_EXCLUDES)
def seven_pairs(f: Facts) -> bool:
    """Seven pairs of seven kinds plus a pung of an eighth, all concealed (嚦咕嚦咕)."""
    return f.form == SEVEN_PAIRS_PUNG


@pattern("all_melded", "All Melded Hand", "全求人", 12, excludes=WAIT_KEYS)
def all_melded(f: Facts) -> bool:
    """All five sets exposed (no concealed kong), won by a discard on the pair."""
    melds = f.hand.melds
    group = f.winning_group
    return (len(melds) == 5 and not any(m.is_concealed for m in melds) and not f.self_drawn
            and group is not None and group.kind == PAIR)


@pattern("all_chows", "All Chows", "平胡", 4)
def all_chows(f: Facts) -> bool:
    """Five chows and a pair of suit tiles."""
    pair = f.pair_kind
    return is_all_chows(f) and pair is not None and pair < 27


def _wait(key: str, name: str, name_zh: str, note: str) -> Pattern:
    return Pattern(key, name, name_zh, 1, lambda f: wait_kind(f) == key, "wait", note=note)


WAITS = (
    _wait("single_wait", "Single Wait", "獨聽", "Only one tile kind could complete the hand (no other wait shape)."),
    _wait("edge_wait", "Edge Wait", "邊張", "The only wait was a 3 for 12 or a 7 for 89."),
    _wait("middle_wait", "Middle Wait", "嵌張", "The only wait was the middle tile of a chow."),
    _wait("pair_wait", "Pair Wait", "單吊", "The only wait was a tile to pair a single."),
)
# taiwan.md: dealer — added after the cap; the value 1 is a first deal, 2n+1 on 連n
DEALER = Pattern("dealer", "Dealer", "莊家", 1, is_dealer, kind="dealer",
                 note="The winner is the dealer: 2n+1 fan on continuation n (+1, 連一 +3, 連二 +5).")

PATTERNS: tuple[Pattern, ...] = (
    Pattern("big_four_winds", "Great Four Winds", "大四喜", 88, has_big_four_winds, family="winds",
            note="Pungs or kongs of all four winds."),
    Pattern("big_three_dragons", "Great Three Dragons", "大三元", 88, has_big_three_dragons, family="dragons",
            note="Pungs or kongs of all three dragons."),
    Pattern("all_green", "All Green", "綠一色", 88, is_all_green,
            note="Only 2, 3, 4, 6, 8 of bamboo and the green dragon."),
    Pattern("nine_gates", "Nine Gates", "九蓮寶燈", 88, has_nine_gates,
            note="No melds, one suit; the 16 tiles before the win are 1112345678999 plus a complete set."),
    Pattern("four_kongs", "Four Kongs", "四槓", 88, has_four_kongs, family="kongs",
            note="Four kongs, exposed or concealed."),
    seven_consecutive_pairs,
    Pattern("heavenly", "Heavenly Hand", "天胡", 88, is_heavenly, note="The dealer wins on the initial deal."),
    Pattern("earthly", "Earthly Hand", "地胡", 88, is_earthly, note="Won on the dealer's first discard."),
    Pattern("human", "Humanly Hand", "人胡", 88, is_human, note="Won on one's first tile, before one's first discard."),
    Pattern("little_four_winds", "Lesser Four Winds", "小四喜", 64, has_little_four_winds, family="winds",
            note="Three wind pungs or kongs and a pair of the fourth wind."),
    Pattern("all_honors", "All Honours", "字一色", 64, is_all_honors, family="terminals", note="Honour tiles only."),
    Pattern("all_terminals", "All Terminals", "清老頭", 64, is_all_terminals, family="terminals",
            note="1s and 9s only."),
    Pattern("four_concealed_pungs", "Four Concealed Pungs", "四暗刻", 64, has_four_concealed_pungs,
            family="concealed_pungs", note="Four or more pungs of wall tiles (a concealed kong counts)."),
    Pattern("four_identical_chows", "Four Identical Chows", "一色四順", 48, has_four_identical_chows,
            note="Four identical chows."),
    Pattern("four_sequential_pungs", "Four Sequential Pungs", "一色四節高", 48, has_four_sequential_pungs,
            family="sequential_pungs", note="Four pungs of one suit with consecutive numbers."),
    Pattern("three_sequential_pungs", "Three Sequential Pungs", "一色三節高", 32, has_three_sequential_pungs,
            family="sequential_pungs", note="Three pungs of one suit with consecutive numbers."),
    Pattern("big_three_winds", "Three Great Winds", "大三風", 32, has_three_wind_pungs, family="winds",
            note="Three wind pungs or kongs."),
    seven_pairs,
    Pattern("full_flush", "Full Flush", "清一色", 24, is_full_flush, note="One suit, no honours."),
    Pattern("half_flush", "Half Flush", "湊一色", 24, is_half_flush, note="One suit plus honours."),
    Pattern("ready_first_turn", "Ready on First Turn", "地聽", 24, is_ready_first_turn,
            note="Ready from the first discard."),
    Pattern("mixed_triple_chow", "Mixed Triple Chow", "三色同順", 16, has_mixed_triple_chow,
            note="The same chow in all three suits."),
    Pattern("mixed_triple_pung", "Mixed Triple Pung", "三色同刻", 16, has_mixed_triple_pung,
            note="Pungs of the same number in all three suits."),
    Pattern("three_kongs", "Three Kongs", "三槓", 16, has_three_kongs, family="kongs",
            note="Three kongs, exposed or concealed."),
    Pattern("little_three_dragons", "Lesser Three Dragons", "小三元", 12, has_little_three_dragons, family="dragons",
            note="Two dragon pungs or kongs and a pair of the third dragon."),
    all_melded,
    Pattern("last_tile", "Last Tile Win", "海底撈月", 12, is_last_wall_tile,
            note="Self-drawn on the very last wall tile (a discard with the event is refused on reading)."),
    Pattern("kong_replacement", "Win on Kong Replacement", "槓上開花", 12, is_kong_replacement,
            note="Won on a kong's replacement tile."),
    Pattern("all_pungs", "All Pungs", "碰碰胡", 8, is_all_pungs, note="Five pungs or kongs and a pair."),
    Pattern("terminals_and_honors", "All Terminals and Honours", "混老頭", 8, is_terminals_and_honors,
            family="terminals",
            note="Only terminals and honours, both present."),
    Pattern("three_concealed_pungs", "Three Concealed Pungs", "三暗刻", 6, has_three_concealed_pungs,
            family="concealed_pungs", note="Exactly three pungs of wall tiles (a concealed kong counts)."),
    # taiwan.md: non-repeat — a self-drawn seven pairs keeps its 自摸, so this must not be met there
    Pattern("concealed_self_drawn", "Concealed Hand, Self-Drawn", "門清自摸", 5, is_concealed_self_drawn,
            excludes=("self_drawn", "concealed"),
            note="No exposed melds (concealed kongs allowed), self-drawn; not for seven pairs."),
    all_chows,
    Pattern("all_simples", "All Simples", "斷么九", 4, is_all_simples, note="No terminals or honours."),
    # taiwan.md: honour fan counts per set, beside the patterns above
    Pattern("round_wind", "Round Wind", "圈風", 2, has_round_wind_pungs, note="Each pung or kong of the round wind."),
    Pattern("seat_wind", "Seat Wind", "門風", 2, has_seat_wind_pungs,
            note="A pung or kong of the seat wind (counts beside Round Wind when the same wind)."),
    Pattern("dragon_pung", "Dragon Pung", "三元牌", 2, has_dragon_pungs, note="Each pung or kong of a dragon."),
    Pattern("self_drawn", "Self-Drawn Win", "自摸", 1, is_self_drawn,
            note="Self-drawn with exposed melds (or on seven pairs)."),
    Pattern("concealed", "Concealed Hand", "門清", 1, is_concealed_on_discard,
            note="No exposed melds (concealed kongs allowed), won by a discard."),
    *WAITS,
    DEALER,
)
TABLE = tuple(p for p in PATTERNS if p.kind == "points")
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

    def check(self, hand: Hand) -> None:
        super().check(hand)
        for event in REFUSED_EVENTS:
            if event in hand.events:
                raise EngineError(BAD_FIELD, f"the event {event!r} needs a gold tile: {self.name} plays without golds")
        for kind in (*hand.concealed, *((hand.winning_tile,) if hand.winning_tile is not None else ())):
            if kind >= BONUS_BASE:
                raise EngineError(BAD_TILE, f"{tile_name(kind)} is a bonus tile: give it in 'bonus_tiles', "
                                            "not among the tiles in hand")

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


RULESET = Taiwan()
