"""The facts more than one ruleset scores, each tested once.

A predicate answers how many times its fact holds in one arrangement: a bool, or a
count for a fact met once per set or per tile (`has_dragon_pungs`). A ruleset's table
(its TOML file) names these by their names (`test = "is_all_pungs"`) and its module keeps
only its own odd tests; the row, not the predicate, holds the value, the names and the
note a player reads, so the same fact may be worth 8 fan in one table and ×2 in another.

Where two pages word one fact differently, the test below is the one every table
meets alike: "three wind pungs" is "at least three" because a fourth is a higher
pattern of the same family in every table that has both.
"""
from __future__ import annotations

from .facts import Facts, in_three_suits
from .groups import THIRTEEN_ORPHANS
from .tiles import BONUS_BASE, DRAGONS, EAST, WINDS, counts_of, is_honor, is_simple, is_terminal

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


# -- the whole hand's shape --------------------------------------------------------
def is_win(f: Facts) -> bool:
    """Every win: a base, a chicken hand, a doubling that always applies."""
    return True


def is_all_chows(f: Facts) -> bool:
    return f.is_standard and len(f.chows) == len(f.sets)


def is_all_pungs(f: Facts) -> bool:
    return f.is_standard and len(f.pungs) == len(f.sets)


def is_thirteen_orphans(f: Facts) -> bool:
    return f.form == THIRTEEN_ORPHANS


def has_nine_gates(f: Facts) -> bool:
    """No melds; the tiles before the win are 1112345678999 of one suit and, in 16-tile
    play (taiwan.md), one complete set of that suit besides."""
    return not f.hand.melds and any(_is_gates_and_set(f.hand.concealed, suit) for suit in range(3))


def _is_gates_and_set(concealed: tuple[int, ...], suit: int) -> bool:
    counts = counts_of(concealed)[suit * 9: suit * 9 + 9]
    extra = [held - gates for held, gates in zip(counts, NINE_GATES)]
    if sum(counts) != len(concealed) or min(extra) < 0:
        return False
    return not any(extra) or (sum(extra) == 3 and (3 in extra or _is_run(extra)))


def _is_run(extra: list[int]) -> bool:
    return any(extra[i: i + 3] == [1, 1, 1] for i in range(7))


# -- suits and kinds of tile ---------------------------------------------------------
def is_full_flush(f: Facts) -> bool:
    return len(f.suits) == 1 and not f.has_honors


def is_half_flush(f: Facts) -> bool:
    return len(f.suits) == 1 and f.has_honors


def is_all_honors(f: Facts) -> bool:
    return all(is_honor(t) for t in f.tiles)


def is_all_terminals(f: Facts) -> bool:
    return all(is_terminal(t) for t in f.tiles)


def is_all_simples(f: Facts) -> bool:
    return all(is_simple(t) for t in f.tiles)


def is_terminals_and_honors(f: Facts) -> bool:
    """Both present and nothing else, in sets and a pair (thirteen orphans is a hand of its own)."""
    return f.form != THIRTEEN_ORPHANS and f.all_major and f.has_honors and f.has_terminals


# -- honours -------------------------------------------------------------------------
def has_dragon_pungs(f: Facts) -> int:
    return f.dragon_pungs


def has_seat_wind_pungs(f: Facts) -> int:
    return sum(1 for k in f.pung_kinds() if k == f.hand.seat_wind)


def has_round_wind_pungs(f: Facts) -> int:
    return sum(1 for k in f.pung_kinds() if k == f.hand.round_wind)


def has_little_three_dragons(f: Facts) -> bool:
    return f.dragon_pungs == 2 and f.pair_kind in DRAGONS


def has_big_three_dragons(f: Facts) -> bool:
    return f.dragon_pungs == 3


def has_three_wind_pungs(f: Facts) -> bool:
    return f.wind_pungs >= 3


def has_little_four_winds(f: Facts) -> bool:
    return f.wind_pungs == 3 and f.pair_kind in WINDS


def has_big_four_winds(f: Facts) -> bool:
    return f.wind_pungs == 4


# -- sets ------------------------------------------------------------------------------
def has_mixed_triple_chow(f: Facts) -> bool:
    return in_three_suits([g.first for g in f.chows])


def has_mixed_triple_pung(f: Facts) -> bool:
    return in_three_suits(f.pung_kinds())


def has_pure_straight(f: Facts) -> bool:
    starts = {g.first for g in f.chows}
    return any({s * 9, s * 9 + 3, s * 9 + 6} <= starts for s in range(3))


def has_four_identical_chows(f: Facts) -> bool:
    return any(n >= 4 for n in f.chow_counts().values())


def has_three_sequential_pungs(f: Facts) -> bool:
    return f.longest_pung_run >= 3


def has_four_sequential_pungs(f: Facts) -> bool:
    return f.longest_pung_run >= 4


def has_three_concealed_pungs(f: Facts) -> bool:
    return len(f.concealed_pungs) == 3


def has_four_concealed_pungs(f: Facts) -> bool:
    return len(f.concealed_pungs) >= 4


def has_three_kongs(f: Facts) -> bool:
    return len(f.kongs) >= 3


def has_four_kongs(f: Facts) -> bool:
    return len(f.kongs) >= 4


# -- how the hand was won ----------------------------------------------------------------
def is_self_drawn(f: Facts) -> bool:
    return f.self_drawn


def is_concealed_self_drawn(f: Facts) -> bool:
    """Not for an irregular hand: seven pairs keeps its own self-draw (taiwan.md, non-repeat)."""
    return f.is_standard and f.concealed_hand and f.self_drawn


def is_concealed_on_discard(f: Facts) -> bool:
    return f.concealed_hand and not f.self_drawn


# The events need no check of the win here: one that does not fit it is refused on reading (hand.py).
def is_last_wall_tile(f: Facts) -> bool:
    return "last_tile" in f.events


def is_last_discard(f: Facts) -> bool:
    return "last_discard" in f.events


def is_kong_replacement(f: Facts) -> bool:
    return "kong_replacement" in f.events


def is_robbing_kong(f: Facts) -> bool:
    return "robbing_kong" in f.events


def is_heavenly(f: Facts) -> bool:
    return "heavenly" in f.events


def is_earthly(f: Facts) -> bool:
    return "earthly" in f.events


# -- bonus tiles ---------------------------------------------------------------------------
def has_bonus_tiles(f: Facts) -> int:
    return len(f.hand.bonus_tiles)


def has_own_flowers(f: Facts) -> int:
    """Flowers and seasons of one's own seat: nf and (n+4)f for seat n, East = 1."""
    seat = f.hand.seat_wind - EAST
    return sum(1 for k in f.hand.bonus_tiles if k - BONUS_BASE in (seat, seat + 4))


def has_all_four_flowers(f: Facts) -> bool:
    return set(range(BONUS_BASE, BONUS_BASE + 4)) <= set(f.hand.bonus_tiles)


def has_all_four_seasons(f: Facts) -> bool:
    return set(range(BONUS_BASE + 4, BONUS_BASE + 8)) <= set(f.hand.bonus_tiles)


def has_flower_sets(f: Facts) -> int:
    """Complete sets of four: the four flowers, the four seasons."""
    return has_all_four_flowers(f) + has_all_four_seasons(f)
