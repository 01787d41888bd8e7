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
  pairing is `bad_field`, never scored.
- Option `chicken: 0` (rules review 2026-11-23): a hand with no pattern in 1-10
  still lists `chicken_hand`, valued 0, so a player sees why it is worth 0.
  The option is the number 1 or 0 or the text "no": JSON `true`/`false` are
  `bad_field` (checked by type, as Python counts True as 1).
- The `human` event is not a Zung Jung pattern and counts nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..facts import Facts
from ..groups import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from ..hand import Hand
from ..patterns import Counted, Pattern, count_patterns, pattern
from ..predicates import (
    has_all_four_flowers,
    has_all_four_seasons,
    has_big_four_winds,
    has_big_three_dragons,
    has_bonus_tiles,
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
    has_own_flowers,
    has_pure_straight,
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
    is_earthly,
    is_full_flush,
    is_half_flush,
    is_heavenly,
    is_kong_replacement,
    is_last_wall_tile,
    is_robbing_kong,
    is_terminals_and_honors,
    is_thirteen_orphans,
    is_win,
)
from ..ruleset import Option, Ruleset, Score
from ..tiles import WINDS, is_major, is_terminal

LIMIT = 320


# -- Zung Jung's own patterns; the rest are rows of PATTERNS over shared predicates ---
@pattern("concealed_hand", "Concealed Hand", "門前清", 5, "1.2")
def concealed_hand(f: Facts) -> bool:
    """No exposed melds (concealed kongs allowed); not for irregular hands."""
    return f.is_standard and f.concealed_hand


@pattern("value_honor", "Value Honour", "番牌", 10, "3.1")
def value_honor(f: Facts) -> int:
    """Each pung or kong of a dragon or of the seat wind (the round wind counts nothing)."""
    return has_dragon_pungs(f) + has_seat_wind_pungs(f)


@pattern("small_three_winds", "Small Three Winds", "小三風", 30, "3.3")
def small_three_winds(f: Facts) -> bool:
    """Two wind pungs and a wind pair."""
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


@pattern("two_identical_sequences", "Two Identical Sequences", "一般高", 10, "5.1")
def two_identical(f: Facts) -> bool:
    """Two identical chows."""
    return _identical(f)[0] >= 2


@pattern("two_identical_sequences_twice", "Two Identical Sequences Twice", "兩般高", 60, "5.1")
def two_identical_twice(f: Facts) -> bool:
    """Two pairs of identical chows."""
    return _identical(f)[1] == 2


@pattern("three_identical_sequences", "Three Identical Sequences", "一色三同順", 120, "5.1")
def three_identical(f: Facts) -> bool:
    """Three identical chows."""
    return _identical(f)[0] >= 3


@pattern("small_three_similar_triplets", "Small Three Similar Triplets", "三色小同刻", 30, "6.2")
def small_three_similar_triplets(f: Facts) -> bool:
    """Pungs of one number in two suits and the pair of that number in the third."""
    pair = f.pair_kind
    if pair is None or pair >= 27:
        return False
    suits = {k // 9 for k in f.pung_kinds() if k < 27 and k % 9 == pair % 9}
    return len(suits) == 2 and pair // 9 not in suits


def _every_group_has(f: Facts, test: Callable[[int], bool]) -> bool:
    return f.is_standard and bool(f.chows) and all(any(test(t) for t in g.tiles) for g in f.groups)


@pattern("mixed_lesser_terminals", "Mixed Lesser Terminals", "混全帶么", 40, "8.1")
def mixed_lesser_terminals(f: Facts) -> bool:
    """Every set and the pair hold a terminal or an honour (with at least one chow)."""
    return f.has_honors and _every_group_has(f, is_major)


@pattern("pure_lesser_terminals", "Pure Lesser Terminals", "純全帶么", 50, "8.1")
def pure_lesser_terminals(f: Facts) -> bool:
    """Every set and the pair hold a terminal; no honours (with at least one chow)."""
    return not f.has_honors and _every_group_has(f, is_terminal)


@pattern("final_discard", "Final Discard", "河底撈魚", 10, "9.1")
def final_discard(f: Facts) -> bool:
    """Won on the last discard (with a self-draw the event is refused on reading)."""
    return "last_discard" in f.events


@pattern("seven_pairs", "Seven Pairs", "七對子", 30, "10.2")
def seven_pairs(f: Facts) -> bool:
    """Seven pairs (four alike not declared as a kong are two pairs)."""
    return f.form == SEVEN_PAIRS


# zung-jung.md 11: flowers are added after the limit
@pattern("improper_flower", "Improper Flower/Season", "偏花", 2, kind="flower")
def improper_flower(f: Facts) -> int:
    """Each flower or season of another seat."""
    return has_bonus_tiles(f) - has_own_flowers(f)


CHICKEN = Pattern("chicken_hand", "Chicken Hand", "雞和", 1, is_win, kind="chicken",
                  note="nothing in series 1-10 counts (option chicken)")

# zung-jung.md: the series (x.y) is the family; within one only the highest counts
PATTERNS: tuple[Pattern, ...] = (
    # 1 trivial
    Pattern("all_sequences", "All Sequences", "平和", 5, is_all_chows, family="1.1",
            note="Four chows and a pair; no pungs or kongs."),
    concealed_hand,
    Pattern("no_terminals", "No Terminals", "斷么九", 5, is_all_simples, family="1.3",
            note="Only 2 to 8 of the suits."),
    # 2 suits
    Pattern("mixed_one_suit", "Mixed One-Suit", "混一色", 40, is_half_flush, family="2.1",
            note="One suit plus honours."),
    Pattern("pure_one_suit", "Pure One-Suit", "清一色", 80, is_full_flush, family="2.1", note="One suit, no honours."),
    Pattern("nine_gates", "Nine Gates", "九蓮寶燈", 480, has_nine_gates, family="2.2",
            note="No melds; the 13 tiles before the win are 1112345678999 of one suit."),
    # 3 honours
    value_honor,
    Pattern("small_three_dragons", "Small Three Dragons", "小三元", 40, has_little_three_dragons, family="3.2",
            note="Two dragon pungs and a dragon pair."),
    Pattern("big_three_dragons", "Big Three Dragons", "大三元", 130, has_big_three_dragons, family="3.2",
            note="Three dragon pungs."),
    small_three_winds,
    Pattern("big_three_winds", "Big Three Winds", "大三風", 120, has_three_wind_pungs, family="3.3",
            note="Three wind pungs."),
    Pattern("small_four_winds", "Small Four Winds", "小四喜", 320, has_little_four_winds, family="3.3",
            note="Three wind pungs and a pair of the fourth wind."),
    Pattern("big_four_winds", "Big Four Winds", "大四喜", 400, has_big_four_winds, family="3.3",
            note="Four wind pungs."),
    Pattern("all_honors", "All Honours", "字一色", 320, is_all_honors, family="3.4", note="Honour tiles only."),
    # 4 triplets and kongs
    Pattern("all_triplets", "All Triplets", "對對和", 30, is_all_pungs, family="4.1", note="Four pungs or kongs."),
    Pattern("two_concealed_triplets", "Two Concealed Triplets", "二暗刻", 5, has_two_concealed_pungs, family="4.2",
            note="Two concealed pungs or concealed kongs."),
    Pattern("three_concealed_triplets", "Three Concealed Triplets", "三暗刻", 30, has_three_concealed_pungs,
            family="4.2",
            note="Three concealed pungs or concealed kongs."),
    Pattern("four_concealed_triplets", "Four Concealed Triplets", "四暗刻", 125, has_four_concealed_pungs, family="4.2",
            note="Four concealed pungs or concealed kongs."),
    Pattern("one_kong", "One Kong", "一槓", 5, has_one_kong, family="4.3", note="One kong, exposed or concealed."),
    Pattern("two_kongs", "Two Kongs", "二槓", 20, has_two_kongs, family="4.3", note="Two kongs."),
    Pattern("three_kongs", "Three Kongs", "三槓", 120, has_three_kongs, family="4.3", note="Three kongs."),
    Pattern("four_kongs", "Four Kongs", "四槓", 480, has_four_kongs, family="4.3", note="Four kongs."),
    # 5 identical sets
    two_identical, two_identical_twice, three_identical,
    Pattern("four_identical_sequences", "Four Identical Sequences", "一色四同順", 480, has_four_identical_chows,
            family="5.1", note="Four identical chows."),
    # 6 similar sets
    Pattern("three_similar_sequences", "Three Similar Sequences", "三色同順", 35, has_mixed_triple_chow, family="6.1",
            note="The same chow in all three suits."),
    small_three_similar_triplets,
    Pattern("three_similar_triplets", "Three Similar Triplets", "三色同刻", 120, has_mixed_triple_pung, family="6.2",
            note="Pungs of one number in all three suits."),
    # 7 consecutive sets
    Pattern("nine_tile_straight", "Nine-Tile Straight", "一氣通貫", 40, has_pure_straight, family="7.1",
            note="123, 456 and 789 of one suit."),
    Pattern("three_consecutive_triplets", "Three Consecutive Triplets", "三連刻", 100, has_three_sequential_pungs,
            family="7.2", note="Three pungs of consecutive numbers in one suit."),
    Pattern("four_consecutive_triplets", "Four Consecutive Triplets", "四連刻", 200, has_four_sequential_pungs,
            family="7.2", note="Four pungs of consecutive numbers in one suit."),
    # 8 terminals
    mixed_lesser_terminals, pure_lesser_terminals,
    Pattern("mixed_greater_terminals", "Mixed Greater Terminals", "混么九", 100, is_terminals_and_honors, family="8.1",
            note="Only terminals and honours, both present (not Thirteen Terminals)."),
    Pattern("pure_greater_terminals", "Pure Greater Terminals", "清么九", 400, is_all_terminals, family="8.1",
            note="Only terminals."),
    # 9 incidental
    Pattern("final_draw", "Final Draw", "海底撈月", 10, is_last_wall_tile, family="9.1",
            note="Self-drawn on the last wall tile (with a discard the event is refused on reading)."),
    final_discard,
    Pattern("win_on_kong", "Win on Kong", "嶺上開花", 10, is_kong_replacement, family="9.2",
            note="Won on a kong's replacement tile."),
    Pattern("robbing_kong", "Robbing a Kong", "搶槓", 10, is_robbing_kong, family="9.3", note="Won by robbing a kong."),
    Pattern("blessing_of_heaven", "Blessing of Heaven", "天和", 155, is_heavenly, family="9.4",
            note="East wins on the initial hand."),
    Pattern("blessing_of_earth", "Blessing of Earth", "地和", 155, is_earthly, family="9.4",
            note="Won on East's very first discard."),
    # 10 irregular
    Pattern("thirteen_terminals", "Thirteen Terminals", "十三么九", 160, is_thirteen_orphans, family="10.1",
            note="One of each terminal and honour, and a pair of one of them."),
    seven_pairs,
    # 11 flowers (added after the limit)
    improper_flower,
    Pattern("proper_flower", "Proper Flower/Season", "正花", 4, has_own_flowers, kind="flower",
            note="Each flower or season of one's own seat (nf and (n+4)f for seat n, East = 1)."),
    Pattern("four_flowers", "Four Flowers", "齊四花", 10, has_all_four_flowers, kind="flower",
            note="All four flowers."),
    Pattern("four_seasons", "Four Seasons", "齊四季", 10, has_all_four_seasons, kind="flower",
            note="All four seasons."),
    CHICKEN,
)
TABLE = tuple(p for p in PATTERNS if p.kind == "points")
FLOWERS = tuple(p for p in PATTERNS if p.kind == "flower")


class ZungJung(Ruleset):
    key = "zung-jung"
    name = "Zung Jung"
    name_zh = "中庸"
    description = "Additive points by series, limit 320; the official competition payoff."
    hand_size = 13
    forms = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
    patterns = PATTERNS
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

    def not_winning_message(self, hand: Hand) -> str:
        if self.option(hand, "chicken") == "no":
            return ("these tiles make no winning hand worth a pattern, and this table plays "
                    "without chicken hands")
        return super().not_winning_message(hand)

RULESET = ZungJung()
