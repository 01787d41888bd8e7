"""`hk-old`: Hong Kong Old Style, the Chinese Classical points-and-doubles count (rules/hk-old.md).

A hand's base points (20 for the win, its pungs and kongs, a valuable pair, the
self-draw, a concealed discard win, bonus tiles) are doubled once per double
met; the result is rounded to the nearest 10 (5 up) and capped at 500. A limit
hand scores 500 and lists only its limit pattern. The page's numbers stand even
where other Classical tables differ (a concealed pung is 8/16 here).

Decisions where the page is silent:
- Nine Gates needs the 13 tiles before the win to be exactly 1112345678999 of one
  suit (any tile of that suit then wins); 14 tiles that merely contain the
  pattern, held in another shape, are not Nine Gates.
- A hand meeting several limit patterns lists the first in the page's order
  (Thirteen Orphans, Nine Gates, Four Concealed Pungs, Big Four Winds, All
  Honours, All Terminals); the score is 500 either way. Its `base_points` is 500
  and its `doubles` 0, so base × 2^doubles still reads as the total.
- `limit` is true for a limit hand and when the cap lowered the rounded score;
  a count that rounds to exactly 500 is not capped.
- Events must fit the win (rules review 2026-11-23, README.md `events`, checked in
  hand.py): `last_tile` and `kong_replacement` need a self-draw, `last_discard` and
  `robbing_kong` a discard; the other pairing is `bad_field`. `last_tile` and
  `last_discard` both give the one last-tile double.
- Where two arrangements round to the same score, the answer shows the limit
  hand, then the one with the higher unrounded count.
- `bonus_tiles` holds only flowers and seasons; a flower among the playing
  tiles, or a playing tile among the bonus tiles, is refused. The option
  `classical_extras` must be JSON true or false (1 or "yes" is `bad_field`).
- Three dragon pungs are not Little Three Dragons; the page lists no Big Three
  Dragons double, so such a hand counts its pungs (and, with the option, its
  value pungs) only.
- `wait_points` goes by the shape the winning tile filled in the arrangement
  scored: 23 waiting on 1 and 4 with every 4 already held is the single tile
  that could win, but it filled no edge, middle or pair wait, so it counts
  nothing; a pung wait never counts.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import BAD_FIELD, BAD_TILE, EngineError
from ..facts import Facts
from ..groups import CHOW, KONG, PAIR, PUNG, STANDARD, THIRTEEN_ORPHANS, Group
from ..hand import Hand
from ..patterns import Counted, Pattern, count_patterns, pattern
from ..predicates import (
    has_all_four_flowers,
    has_all_four_seasons,
    has_big_four_winds,
    has_bonus_tiles,
    has_dragon_pungs,
    has_four_concealed_pungs,
    has_little_three_dragons,
    has_nine_gates,
    has_own_flowers,
    has_pure_straight,
    has_round_wind_pungs,
    has_seat_wind_pungs,
    is_all_honors,
    is_all_pungs,
    is_all_simples,
    is_all_terminals,
    is_concealed_on_discard,
    is_concealed_self_drawn,
    is_full_flush,
    is_kong_replacement,
    is_robbing_kong,
    is_self_drawn,
    is_thirteen_orphans,
    is_win,
)
from ..ruleset import Option, Ruleset, Score
from ..tiles import BONUS_BASE, DRAGONS, is_major, tile_code

LIMIT = 500
EXTRAS = "classical_extras"
# hk-old.md: option classical_extras swaps own_bonus for flower and adds wait_points and value_pung
EXTRAS_ONLY = ("flower", "wait_points", "value_pung")
PLAIN_ONLY = ("own_bonus",)


# -- base points: sets ----------------------------------------------------------------
def _sets(groups: tuple[Group, ...], kind: str, major: bool) -> int:
    return sum(1 for g in groups if g.kind == kind and is_major(g.first) == major)


def _set_points(key: str, name: str, name_zh: str, points: int, kind: str, concealed: bool) -> tuple[Pattern, ...]:
    """Two rows per set, simples and terminals/honours: the page gives the two values under one key."""
    def counter(major: bool) -> Callable[[Facts], int]:
        # hk-old.md: a pung completed by a discarded winning tile is melded (Facts.open_pungs)
        return lambda f: _sets(f.concealed_pungs if concealed else f.open_pungs, kind, major)
    what = name.lower()
    return (Pattern(key, name, name_zh, points, counter(False), note=f"Each {what} of simples."),
            Pattern(key, f"{name} of Terminals/Honours", f"么九{name_zh}", 2 * points, counter(True),
                    note=f"Each {what} of terminals or honours."))


SET_POINTS = (
    *_set_points("exposed_pung", "Melded Pung", "明刻", 2, PUNG, False),
    *_set_points("concealed_pung", "Concealed Pung", "暗刻", 8, PUNG, True),
    *_set_points("exposed_kong", "Melded Kong", "明槓", 8, KONG, False),
    *_set_points("concealed_kong", "Concealed Kong", "暗槓", 16, KONG, True),
)


# -- Hong Kong Old Style's own patterns; the rest are rows of PATTERNS over shared predicates --
@pattern("dragon_pair", "Dragon Pair", "箭牌將", 2)
def dragon_pair(f: Facts) -> bool:
    """The pair is a dragon."""
    return f.pair_kind in DRAGONS


# hk-old.md: a pair that is both seat and prevailing wind meets both rows (2 + 2 = 4)
@pattern("seat_wind_pair", "Seat Wind Pair", "門風將", 2)
def seat_wind_pair(f: Facts) -> bool:
    """The pair is one's own seat wind."""
    return f.pair_kind == f.hand.seat_wind


@pattern("round_wind_pair", "Prevailing Wind Pair", "圈風將", 2)
def round_wind_pair(f: Facts) -> bool:
    """The pair is the prevailing wind."""
    return f.pair_kind == f.hand.round_wind


@pattern("wait_points", "Single Wait", "獨聽", 2)
def wait_points(f: Facts) -> bool:
    """Only one tile could have won and it filled an edge, middle or pair wait (option classical_extras)."""
    group = f.winning_group
    tile = f.hand.winning_tile
    if group is None or f.waits != frozenset({tile}):
        return False
    if group.kind == PAIR:
        return True
    if group.kind != CHOW:
        return False
    number = group.first % 9
    return (tile == group.tiles[1]  # middle
            or (number == 0 and tile == group.tiles[2]) or (number == 6 and tile == group.first))  # edge


@pattern("last_tile", "Last Tile", "海底", 2, kind="double")
def last_tile(f: Facts) -> bool:
    """Won on the last wall tile or the last discard."""
    return bool(f.events & {"last_tile", "last_discard"})


@pattern("bonus_set", "Full Set of Flowers/Seasons", "一台花", 2, kind="double")
def bonus_set(f: Facts) -> int:
    """Each full set: all four flowers, or all four seasons."""
    return has_all_four_flowers(f) + has_all_four_seasons(f)


@pattern("value_pung", "Value Pung", "番牌", 2, kind="double")
def value_pung(f: Facts) -> int:
    """Each pung or kong of a dragon, the seat wind, the prevailing wind; a wind that is both counts twice
    (option classical_extras)."""
    return has_dragon_pungs(f) + has_seat_wind_pungs(f) + has_round_wind_pungs(f)


# A double's value is its factor; a limit hand scores LIMIT and lists nothing else.
PATTERNS: tuple[Pattern, ...] = (
    # limit hands, in the page's order: the first met is the one listed
    Pattern("thirteen_orphans", "Thirteen Orphans", "十三么", LIMIT, is_thirteen_orphans, kind="limit",
            note="One of each terminal and honour plus a duplicate of one of them."),
    Pattern("nine_gates", "Nine Gates", "九蓮寶燈", LIMIT, has_nine_gates, kind="limit",
            note="No melds; the 13 tiles before the win are 1112345678999 of one suit."),
    Pattern("four_concealed_pungs", "Four Concealed Pungs", "四暗刻", LIMIT, has_four_concealed_pungs, kind="limit",
            note="Four pungs or kongs of wall tiles (a pung completed by a discard is melded)."),
    Pattern("big_four_winds", "Big Four Winds", "大四喜", LIMIT, has_big_four_winds, kind="limit",
            note="Four wind pungs or kongs."),
    Pattern("all_honors", "All Honours", "字一色", LIMIT, is_all_honors, kind="limit", note="Honour tiles only."),
    Pattern("all_terminals", "All Terminals", "清么九", LIMIT, is_all_terminals, kind="limit",
            note="Ones and nines only."),
    # base points
    Pattern("win", "Winning", "和牌", 20, is_win, note="Every win."),
    *SET_POINTS,
    dragon_pair, seat_wind_pair, round_wind_pair,
    Pattern("self_draw_points", "Self-Drawn", "自摸", 2, is_self_drawn, note="Won on a tile from the wall."),
    Pattern("concealed_discard", "Concealed Hand on a Discard", "門前清", 10, is_concealed_on_discard,
            note="No melds (concealed kongs allowed), won on a discard."),
    Pattern("own_bonus", "Own Flower/Season", "正花", 4, has_own_flowers,
            note="Each flower or season of one's own seat (1f/5f East ... 4f/8f North)."),
    Pattern("flower", "Flower/Season", "花", 4, has_bonus_tiles,
            note="Each flower or season, whoever's (option classical_extras, instead of Own Flower/Season)."),
    wait_points,
    # doubles
    Pattern("concealed_self_drawn", "Concealed Self-Drawn", "門清自摸", 2, is_concealed_self_drawn, kind="double",
            note="No melds (concealed kongs allowed), self-drawn."),
    # hk-old.md: counts beside concealed_self_drawn and the +2 points, as the source lists all three
    Pattern("self_drawn", "Self-Drawn", "自摸", 2, is_self_drawn, kind="double", note="Any self-drawn win."),
    Pattern("all_simples", "All Simples", "斷么九", 2, is_all_simples, kind="double", note="No terminals or honours."),
    Pattern("one_suit", "One Suit", "清一色", 4, is_full_flush, kind="double", note="One suit only, no honours."),
    last_tile,
    # hk-old.md mends the source: robbing a kong and the kong replacement are two separate doubles
    Pattern("kong_replacement", "Win on a Kong Replacement", "槓上開花", 2, is_kong_replacement, kind="double",
            note="Won on a kong's replacement tile."),
    Pattern("robbing_kong", "Robbing a Kong", "搶槓", 2, is_robbing_kong, kind="double",
            note="Won on the tile another player added to a melded pung."),
    Pattern("three_consecutive_chows", "Three Consecutive Chows", "一條龍", 2, has_pure_straight, kind="double",
            note="Chows 123, 456 and 789 of one suit."),
    Pattern("all_pungs", "All Pungs", "對對和", 2, is_all_pungs, kind="double", note="Four pungs or kongs."),
    # hk-old.md mends the source: two dragon pungs and a pair of the third
    Pattern("little_three_dragons", "Little Three Dragons", "小三元", 2, has_little_three_dragons, kind="double",
            note="Two dragon pungs or kongs and a pair of the third dragon."),
    bonus_set, value_pung,
)
LIMITS = tuple(p for p in PATTERNS if p.kind == "limit")


def _table(kind: str, extras: bool) -> tuple[Pattern, ...]:
    left_out = PLAIN_ONLY if extras else EXTRAS_ONLY
    return tuple(p for p in PATTERNS if p.kind == kind and p.key not in left_out)


TABLES = {extras: (_table("points", extras), _table("double", extras)) for extras in (False, True)}


def doubles_of(counted: Counted) -> int:
    """How many doublings a counted double is worth (×4 is two)."""
    return (counted.pattern.value.bit_length() - 1) * counted.times


def round_to_ten(points: int) -> int:
    """hk-old.md: nearest 10, a 5 rounds up."""
    return (points + 5) // 10 * 10


@dataclass
class ClassicalScore(Score):
    raw: int = 0  # base × 2^doubles before rounding and the cap
    limit_hand: bool = False

    def key(self) -> tuple[int, int, int, int]:  # type: ignore[override]
        return (self.total, int(self.limit_hand), self.raw, len(self.patterns))


class HongKongOld(Ruleset):
    key = "hk-old"
    name = "Hong Kong Old Style (Classical points)"
    name_zh = "香港舊章"
    description = "Chinese Classical base points and doubles, rounded to 10, limit 500."
    unit = "points"
    hand_size = 13
    forms = (STANDARD, THIRTEEN_ORPHANS)
    patterns = PATTERNS
    options = (
        Option(EXTRAS, False, (False, True),
               "true: count every flower/season (4 each), a single wait (2) and value pungs (×2), "
               "as Classical tables do"),
    )

    def check(self, hand: Hand) -> None:
        # the option's true/false is checked by type in Ruleset.check_options (1 == True in Python)
        super().check(hand)
        for kind in hand.all_tiles():
            if kind >= BONUS_BASE:
                raise EngineError(BAD_TILE, f"{tile_code(kind)} is a flower or season: put it in 'bonus_tiles'")
        for kind in hand.bonus_tiles:
            if kind < BONUS_BASE:
                raise EngineError(BAD_FIELD, f"'bonus_tiles' holds flowers and seasons (1f-8f), not {tile_code(kind)}")

    def needs_waits(self, hand: Hand) -> bool:
        return bool(self.option(hand, EXTRAS))  # only wait_points asks for them

    def evaluate(self, facts: Facts) -> Score | None:
        for limit in LIMITS:
            if limit.test(facts):  # hk-old.md: a limit hand scores 500 and nothing else
                return ClassicalScore(LIMIT, [Counted(limit)], True, extra={"base_points": LIMIT, "doubles": 0},
                                      raw=LIMIT, limit_hand=True)
        if not facts.is_standard:
            return None
        points_table, doubles_table = TABLES[bool(self.option(facts.hand, EXTRAS))]
        points = count_patterns(points_table, facts)
        doubles = count_patterns(doubles_table, facts)
        base = sum(c.value for c in points)
        n = sum(doubles_of(c) for c in doubles)
        raw = base * 2 ** n
        rounded = round_to_ten(raw)
        return ClassicalScore(min(rounded, LIMIT), points + doubles, rounded > LIMIT,
                              extra={"base_points": base, "doubles": n}, raw=raw)

    def answer(self, score: Score) -> dict[str, Any]:
        answer = super().answer(score)
        answer["patterns"] = [as_answer(c) for c in score.patterns]
        return answer


def as_answer(counted: Counted) -> dict[str, Any]:
    """A double shows its factor as text ('x2', 'x4'), as fujian.md writes its ×2."""
    answer = counted.as_answer()
    if counted.pattern.kind == "double":
        answer["value"] = f"x{2 ** doubles_of(counted)}"
    return answer


RULESET = HongKongOld()
