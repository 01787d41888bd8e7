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

from dataclasses import replace

from ..facts import Facts, in_three_suits
from ..groups import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from ..patterns import Counted, Pattern, count_patterns, pattern
from ..ruleset import Option, Ruleset, Score
from ..hand import Hand
from ..tiles import BONUS_BASE, DRAGONS, WINDS, counts_of, is_honor, is_major, is_terminal

LIMIT = 320


# -- 1 trivial -----------------------------------------------------------------
@pattern("all_sequences", "All Sequences", "平和", 5, "1.1")
def all_sequences(f: Facts) -> bool:
    """Four chows and a pair; no pungs or kongs."""
    return f.is_standard and len(f.chows) == len(f.sets)


@pattern("concealed_hand", "Concealed Hand", "門前清", 5, "1.2")
def concealed_hand(f: Facts) -> bool:
    """No exposed melds (concealed kongs allowed); not for irregular hands."""
    return f.is_standard and f.concealed_hand


@pattern("no_terminals", "No Terminals", "斷么九", 5, "1.3")
def no_terminals(f: Facts) -> bool:
    """Only 2 to 8 of the suits."""
    return not any(is_major(t) for t in f.tiles)


# -- 2 suits ---------------------------------------------------------------------
@pattern("mixed_one_suit", "Mixed One-Suit", "混一色", 40, "2.1")
def mixed_one_suit(f: Facts) -> bool:
    """One suit plus honours."""
    return len(f.suits) == 1 and f.has_honors


@pattern("pure_one_suit", "Pure One-Suit", "清一色", 80, "2.1")
def pure_one_suit(f: Facts) -> bool:
    """One suit, no honours."""
    return len(f.suits) == 1 and not f.has_honors


@pattern("nine_gates", "Nine Gates", "九蓮寶燈", 480, "2.2")
def nine_gates(f: Facts) -> bool:
    """No melds; the 13 tiles before the win are 1112345678999 of one suit."""
    return not f.hand.melds and is_nine_gates_wait(f.hand.concealed)


def is_nine_gates_wait(concealed: tuple[int, ...]) -> bool:
    counts = counts_of(concealed)
    for suit in range(3):
        if counts[suit * 9: suit * 9 + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3] and len(concealed) == 13:
            return True
    return False


# -- 3 honours -------------------------------------------------------------------
@pattern("value_honor", "Value Honour", "番牌", 10, "3.1")
def value_honor(f: Facts) -> int:
    """Each pung or kong of a dragon or of the seat wind (the round wind counts nothing)."""
    return sum(1 for k in f.pung_kinds() if k in DRAGONS or k == f.hand.seat_wind)


@pattern("small_three_dragons", "Small Three Dragons", "小三元", 40, "3.2")
def small_three_dragons(f: Facts) -> bool:
    """Two dragon pungs and a dragon pair."""
    return f.dragon_pungs == 2 and f.pair_kind in DRAGONS


@pattern("big_three_dragons", "Big Three Dragons", "大三元", 130, "3.2")
def big_three_dragons(f: Facts) -> bool:
    """Three dragon pungs."""
    return f.dragon_pungs == 3


@pattern("small_three_winds", "Small Three Winds", "小三風", 30, "3.3")
def small_three_winds(f: Facts) -> bool:
    """Two wind pungs and a wind pair."""
    return f.wind_pungs == 2 and f.pair_kind in WINDS


@pattern("big_three_winds", "Big Three Winds", "大三風", 120, "3.3")
def big_three_winds(f: Facts) -> bool:
    """Three wind pungs."""
    return f.wind_pungs == 3


@pattern("small_four_winds", "Small Four Winds", "小四喜", 320, "3.3")
def small_four_winds(f: Facts) -> bool:
    """Three wind pungs and a pair of the fourth wind."""
    return f.wind_pungs == 3 and f.pair_kind in WINDS


@pattern("big_four_winds", "Big Four Winds", "大四喜", 400, "3.3")
def big_four_winds(f: Facts) -> bool:
    """Four wind pungs."""
    return f.wind_pungs == 4


@pattern("all_honors", "All Honours", "字一色", 320, "3.4")
def all_honors(f: Facts) -> bool:
    """Honour tiles only."""
    return all(is_honor(t) for t in f.tiles)


# -- 4 triplets and kongs ----------------------------------------------------------
@pattern("all_triplets", "All Triplets", "對對和", 30, "4.1")
def all_triplets(f: Facts) -> bool:
    """Four pungs or kongs."""
    return f.is_standard and len(f.pungs) == 4


def _concealed_triplets(n: int):  # type: ignore[no-untyped-def]
    return lambda f: f.is_standard and len(f.concealed_pungs) == n


def _kongs(n: int):  # type: ignore[no-untyped-def]
    return lambda f: len(f.kongs) == n


# -- 5 identical sets --------------------------------------------------------------
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


@pattern("four_identical_sequences", "Four Identical Sequences", "一色四同順", 480, "5.1")
def four_identical(f: Facts) -> bool:
    """Four identical chows."""
    return _identical(f)[0] == 4


# -- 6 similar sets ----------------------------------------------------------------
@pattern("three_similar_sequences", "Three Similar Sequences", "三色同順", 35, "6.1")
def three_similar_sequences(f: Facts) -> bool:
    """The same chow in all three suits."""
    return in_three_suits([g.first for g in f.chows])


@pattern("small_three_similar_triplets", "Small Three Similar Triplets", "三色小同刻", 30, "6.2")
def small_three_similar_triplets(f: Facts) -> bool:
    """Pungs of one number in two suits and the pair of that number in the third."""
    pair = f.pair_kind
    if pair is None or pair >= 27:
        return False
    suits = {k // 9 for k in f.pung_kinds() if k < 27 and k % 9 == pair % 9}
    return len(suits) == 2 and pair // 9 not in suits


@pattern("three_similar_triplets", "Three Similar Triplets", "三色同刻", 120, "6.2")
def three_similar_triplets(f: Facts) -> bool:
    """Pungs of one number in all three suits."""
    return in_three_suits(f.pung_kinds())


# -- 7 consecutive sets --------------------------------------------------------------
@pattern("nine_tile_straight", "Nine-Tile Straight", "一氣通貫", 40, "7.1")
def nine_tile_straight(f: Facts) -> bool:
    """123, 456 and 789 of one suit."""
    starts = {g.first for g in f.chows}
    return any({s * 9, s * 9 + 3, s * 9 + 6} <= starts for s in range(3))


@pattern("three_consecutive_triplets", "Three Consecutive Triplets", "三連刻", 100, "7.2")
def three_consecutive_triplets(f: Facts) -> bool:
    """Three pungs of consecutive numbers in one suit."""
    return f.longest_pung_run >= 3


@pattern("four_consecutive_triplets", "Four Consecutive Triplets", "四連刻", 200, "7.2")
def four_consecutive_triplets(f: Facts) -> bool:
    """Four pungs of consecutive numbers in one suit."""
    return f.longest_pung_run == 4


# -- 8 terminals ---------------------------------------------------------------------
def _every_group_has(f: Facts, test) -> bool:  # type: ignore[no-untyped-def]
    return f.is_standard and bool(f.chows) and all(any(test(t) for t in g.tiles) for g in f.groups)


@pattern("mixed_lesser_terminals", "Mixed Lesser Terminals", "混全帶么", 40, "8.1")
def mixed_lesser_terminals(f: Facts) -> bool:
    """Every set and the pair hold a terminal or an honour (with at least one chow)."""
    return f.has_honors and _every_group_has(f, is_major)


@pattern("pure_lesser_terminals", "Pure Lesser Terminals", "純全帶么", 50, "8.1")
def pure_lesser_terminals(f: Facts) -> bool:
    """Every set and the pair hold a terminal; no honours (with at least one chow)."""
    return not f.has_honors and _every_group_has(f, is_terminal)


@pattern("mixed_greater_terminals", "Mixed Greater Terminals", "混么九", 100, "8.1")
def mixed_greater_terminals(f: Facts) -> bool:
    """Only terminals and honours, both present (not Thirteen Terminals)."""
    return f.form != THIRTEEN_ORPHANS and f.all_major and f.has_honors and f.has_terminals


@pattern("pure_greater_terminals", "Pure Greater Terminals", "清么九", 400, "8.1")
def pure_greater_terminals(f: Facts) -> bool:
    """Only terminals."""
    return all(is_terminal(t) for t in f.tiles)


# -- 9 incidental ----------------------------------------------------------------------
@pattern("final_draw", "Final Draw", "海底撈月", 10, "9.1")
def final_draw(f: Facts) -> bool:
    """Self-drawn on the last wall tile (with a discard the event is refused on reading)."""
    return "last_tile" in f.events


@pattern("final_discard", "Final Discard", "河底撈魚", 10, "9.1")
def final_discard(f: Facts) -> bool:
    """Won on the last discard (with a self-draw the event is refused on reading)."""
    return "last_discard" in f.events


@pattern("win_on_kong", "Win on Kong", "嶺上開花", 10, "9.2")
def win_on_kong(f: Facts) -> bool:
    """Won on a kong's replacement tile."""
    return "kong_replacement" in f.events


@pattern("robbing_kong", "Robbing a Kong", "搶槓", 10, "9.3")
def robbing_kong(f: Facts) -> bool:
    """Won by robbing a kong."""
    return "robbing_kong" in f.events


@pattern("blessing_of_heaven", "Blessing of Heaven", "天和", 155, "9.4")
def blessing_of_heaven(f: Facts) -> bool:
    """East wins on the initial hand."""
    return "heavenly" in f.events


@pattern("blessing_of_earth", "Blessing of Earth", "地和", 155, "9.4")
def blessing_of_earth(f: Facts) -> bool:
    """Won on East's very first discard."""
    return "earthly" in f.events


# -- 10 irregular --------------------------------------------------------------------------
@pattern("thirteen_terminals", "Thirteen Terminals", "十三么九", 160, "10.1")
def thirteen_terminals(f: Facts) -> bool:
    """One of each terminal and honour, and a pair of one of them."""
    return f.form == THIRTEEN_ORPHANS


@pattern("seven_pairs", "Seven Pairs", "七對子", 30, "10.2")
def seven_pairs(f: Facts) -> bool:
    """Seven pairs (four alike not declared as a kong are two pairs)."""
    return f.form == SEVEN_PAIRS


# -- 11 flowers (added after the limit) -------------------------------------------------------
def _proper(f: Facts, kind: int) -> bool:
    seat = f.hand.seat_wind - WINDS[0]
    return kind - BONUS_BASE in (seat, seat + 4)


@pattern("improper_flower", "Improper Flower/Season", "偏花", 2, kind="flower")
def improper_flower(f: Facts) -> int:
    """Each flower or season of another seat."""
    return sum(1 for k in f.hand.bonus_tiles if not _proper(f, k))


@pattern("proper_flower", "Proper Flower/Season", "正花", 4, kind="flower")
def proper_flower(f: Facts) -> int:
    """Each flower or season of one's own seat (nf and (n+4)f for seat n, East = 1)."""
    return sum(1 for k in f.hand.bonus_tiles if _proper(f, k))


@pattern("four_flowers", "Four Flowers", "齊四花", 10, kind="flower")
def four_flowers(f: Facts) -> bool:
    """All four flowers."""
    return set(range(BONUS_BASE, BONUS_BASE + 4)) <= set(f.hand.bonus_tiles)


@pattern("four_seasons", "Four Seasons", "齊四季", 10, kind="flower")
def four_seasons(f: Facts) -> bool:
    """All four seasons."""
    return set(range(BONUS_BASE + 4, BONUS_BASE + 8)) <= set(f.hand.bonus_tiles)


CHICKEN = Pattern("chicken_hand", "Chicken Hand", "雞和", 1, lambda f: True, kind="chicken",
                  note="nothing in series 1-10 counts (option chicken)")

PATTERNS: tuple[Pattern, ...] = (
    all_sequences, concealed_hand, no_terminals,
    mixed_one_suit, pure_one_suit, nine_gates,
    value_honor, small_three_dragons, big_three_dragons,
    small_three_winds, big_three_winds, small_four_winds, big_four_winds, all_honors,
    all_triplets,
    Pattern("two_concealed_triplets", "Two Concealed Triplets", "二暗刻", 5, _concealed_triplets(2), "4.2",
            note="Two concealed pungs or concealed kongs."),
    Pattern("three_concealed_triplets", "Three Concealed Triplets", "三暗刻", 30, _concealed_triplets(3), "4.2",
            note="Three concealed pungs or concealed kongs."),
    Pattern("four_concealed_triplets", "Four Concealed Triplets", "四暗刻", 125, _concealed_triplets(4), "4.2",
            note="Four concealed pungs or concealed kongs."),
    Pattern("one_kong", "One Kong", "一槓", 5, _kongs(1), "4.3", note="One kong, exposed or concealed."),
    Pattern("two_kongs", "Two Kongs", "二槓", 20, _kongs(2), "4.3", note="Two kongs."),
    Pattern("three_kongs", "Three Kongs", "三槓", 120, _kongs(3), "4.3", note="Three kongs."),
    Pattern("four_kongs", "Four Kongs", "四槓", 480, _kongs(4), "4.3", note="Four kongs."),
    two_identical, two_identical_twice, three_identical, four_identical,
    three_similar_sequences, small_three_similar_triplets, three_similar_triplets,
    nine_tile_straight, three_consecutive_triplets, four_consecutive_triplets,
    mixed_lesser_terminals, pure_lesser_terminals, mixed_greater_terminals, pure_greater_terminals,
    final_draw, final_discard, win_on_kong, robbing_kong, blessing_of_heaven, blessing_of_earth,
    thirteen_terminals, seven_pairs,
    improper_flower, proper_flower, four_flowers, four_seasons,
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
