"""Fortune tiles (财神) for `taizhou`: what the winner's substitutes may stand for, and the
fast readings that let every substitution be scored (rules/taizhou.md).

The search sees fortunes as a count of wilds and whites standing for the
indicator as real tiles of the indicator's kind (`fortune_variants`). Where it
returns a group made (mostly) of wilds — a free set, a free pair, or a flex group
of one real tile and two wilds — `picks` makes it concrete from a short list of
candidates: only the class of a tile matters to the score (dragon, seat wind,
other wind, major or minor suit tile, the hand's own suit for one-suit hands),
so one tile of each class is tried, never all 34 kinds.

A wild hand has many arrangements; a `Reading` (counts of what the table scores,
summed from cached per-group parts) lets equal ones be scored once.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import product
from operator import add
from typing import Any, NamedTuple

from ..groups import CHOW, FLEX, FREE_PAIR, FREE_SET, KONG, PAIR, PUNG, Arrangement, Group
from ..hand import Hand
from ..ruleset import Variant
from ..tiles import DRAGONS, KINDS, WHITE, WINDS, counts_of, is_major

CHOOSABLE = (FREE_SET, FREE_PAIR, FLEX)


def fortune_variants(tiles: Sequence[int], indicator: int) -> list[Variant]:
    """Fortunes become wilds; for k = 0..whites, k whites stand for the indicator's kind."""
    counts = counts_of(tiles)
    fortunes = counts[indicator]
    counts[indicator] = 0
    # taizhou.md: when the indicator is itself white, whites are simply fortunes
    whites = 0 if indicator == WHITE else counts[WHITE]
    found = []
    for k in range(whites + 1):
        seen = list(counts)
        seen[WHITE] -= k
        seen[indicator] += k
        found.append(Variant(tuple(seen), fortunes, (indicator,) * fortunes, ((WHITE, indicator),) * k))
    return found


def calls_any_tile(concealed: Sequence[int], indicator: int) -> bool:
    """Before the win, the hand is complete sets but one fortune: an eye call that waits on every tile."""
    for variant in fortune_variants(concealed, indicator):
        if variant.wilds and _all_sets(variant.counts[:KINDS], variant.wilds - 1):
            return True
    return False


@lru_cache(maxsize=50_000)
def _all_sets(counts: tuple[int, ...], wilds: int) -> bool:
    """Can every tile go into sets (no eye), wilds filling gaps? Lowest tile first."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return wilds % 3 == 0
    rest = list(counts)
    for real in (3, 2, 1):
        if counts[i] >= real and wilds >= 3 - real:
            rest[i] = counts[i] - real
            if _all_sets(tuple(rest), wilds - (3 - real)):
                return True
    rest[i] = counts[i]
    if i >= 27:
        return False
    low = i - i % 9
    for start in (i - 1, i):  # a chow below i would hold two wilds: the same as a pung of i
        if start < low or start + 2 > low + 8:
            continue
        chow = list(counts)
        needed = 0
        for k in (start, start + 1, start + 2):
            if k < i or not chow[k]:
                needed += 1
            else:
                chow[k] -= 1
        if needed <= wilds and _all_sets(tuple(chow), wilds - needed):
            return True
    return False


# -- readings: what a concrete arrangement shows the table, summed group by group --
# Readings are sums, yet four winds needs each wind once: each wind counts in its own base-8
# digit (a hand holds at most 4 sets and 7 pairs, so a digit never carries into the next).
WIND_DIGITS = {wind: 8 ** place for place, wind in enumerate(WINDS)}
EACH_WIND_ONCE = sum(WIND_DIGITS.values())


class Reading(NamedTuple):
    """What an arrangement shows the table, summed group by group; the predicates read only
    this and the hand's own fields, so equal readings score alike and are scored once."""

    open_pung_minor: int = 0
    open_pung_major: int = 0
    closed_pung_minor: int = 0
    closed_pung_major: int = 0
    open_kong_minor: int = 0
    open_kong_major: int = 0
    closed_kong_minor: int = 0
    closed_kong_major: int = 0
    dragon_pungs: int = 0
    seat_pungs: int = 0
    wind_sets: int = 0  # pungs and kongs of each wind, a digit per wind (WIND_DIGITS)
    value_pairs: int = 0  # pairs of a dragon or the seat wind
    wind_pairs: int = 0  # pairs of each wind, a digit per wind
    characters: int = 0  # tiles of each suit, then of honours
    dots: int = 0
    bamboo: int = 0
    honors: int = 0
    gap: int = 0

    @property
    def pungs(self) -> int:
        return sum(self[:8])

    @property
    def suits(self) -> int:
        return (self.characters > 0) + (self.dots > 0) + (self.bamboo > 0)

    def plus(self, other: Reading) -> Reading:
        return Reading(*map(add, self, other))

    def has_four_winds(self, *, little: bool) -> bool:
        """A set of each wind; with `little`, also a set of three winds and a pair of the fourth.

        taizhou.md 四喜 is the four winds: now that a fortune may be a fifth copy, two sets
        (or a set and the pair) of one wind could otherwise pass for two of the four.
        """
        if self.wind_sets == EACH_WIND_ONCE:
            return True
        missing = EACH_WIND_ONCE - self.wind_sets
        return little and missing in WIND_DIGITS.values() and (self.wind_pairs // missing) % 8 > 0


SUIT_FIELDS = ("characters", "dots", "bamboo", "honors")


@lru_cache(maxsize=20_000)
def contribution(group: Group, closed: bool, seat_wind: int) -> Reading:
    """One group's part of a reading (all but the gap call, which is the whole hand's)."""
    first = group.tiles[0]
    marks: Counter[str] = Counter(SUIT_FIELDS[min(t // 9, 3)] for t in group.tiles)
    if group.kind in (PUNG, KONG):
        size = "major" if is_major(first) else "minor"
        marks[f"{'closed' if closed else 'open'}_{group.kind}_{size}"] = 1
        marks["dragon_pungs"] = int(first in DRAGONS)
        marks["seat_pungs"] = int(first == seat_wind)
        marks["wind_sets"] = WIND_DIGITS.get(first, 0)
    elif group.kind == PAIR:
        marks["value_pairs"] = int(first in DRAGONS or first == seat_wind)
        marks["wind_pairs"] = WIND_DIGITS.get(first, 0)
    return Reading(**marks)


def read_groups(hand: Hand, winning: int | None, indices: Sequence[int], groups: Sequence[Group]) -> Reading:
    """The reading of some groups (`groups[k]` standing at `indices[k]`), the gap call apart."""
    drawn, seat = hand.self_drawn, hand.seat_wind
    parts = [
        # taizhou.md: a pung containing the discarded winning tile is open
        contribution(group, not group.open and (drawn or winning != index), seat)
        for index, group in zip(indices, groups)
    ]
    return Reading._make(map(sum, zip(*parts))) if parts else Reading()


def reading_of(hand: Hand, arrangement: Arrangement) -> Reading:
    groups = arrangement.groups
    reading = read_groups(hand, arrangement.winning, range(len(groups)), groups)
    return reading._replace(gap=int(is_gap(hand, groups, arrangement.winning, arrangement.substitutions)))


# Tiles of one kind may trade places: a fortune standing for 5m and a real 5m elsewhere can
# swap, so a real winning tile fits any place of its kind, and a self-drawn fortune any place
# of a kind some fortune stands for, whatever the search happened to mark as wild.
def is_gap(hand: Hand, groups: Sequence[Group], winning: int | None, substitutions: Sequence[tuple[int, int]]) -> bool:
    """The winning tile can be the middle of the run it completed (`groups` made concrete)."""
    tile = hand.winning_tile
    if tile is None or winning is None or groups[winning].kind != CHOW:
        return False
    middle = groups[winning].tiles[1]
    if tile == hand.wild:
        return middle in stood_for(groups)
    return middle in winning_kinds(tile, substitutions)


def winning_kinds(tile: int, substitutions: Sequence[tuple[int, int]]) -> frozenset[int]:
    """The winning tile's kind, and the indicator's when the winning tile is a white standing in."""
    return frozenset((tile, *(to for face, to in substitutions if face == tile)))


def stood_for(groups: Sequence[Group]) -> frozenset[int]:
    """The kinds some fortune stands for."""
    return frozenset(t for g in groups if g.wild for t, w in zip(g.tiles, g.wild) if w)


def winning_places(hand: Hand, variant: Variant, arrangement: Arrangement) -> list[int]:
    """The groups the winning tile could have completed, one per way that changes the score.

    On a wall tile the place decides only the gap call, which is judged on each concrete
    reading (`gap_place`), so one place is enough. On a discard it also decides an open
    pung (major or minor), and the eye needs a real partner for the discarded tile
    (taizhou.md: never a fortune).
    """
    tile = hand.winning_tile
    assert tile is not None
    as_fortune = tile in variant.wild_tiles
    places = stood_for(arrangement.groups) if as_fortune else winning_kinds(tile, variant.substitutions)
    kept: dict[tuple[Any, ...], int] = {}
    for index, group in enumerate(arrangement.groups):
        if group.declared or not _holds(group, places, as_fortune):
            continue
        if hand.self_drawn:
            return [index]
        if group.kind == PAIR and _real_count(arrangement, group.first) < 2:
            continue
        gap = group.kind == CHOW and group.tiles[1] in places
        kept.setdefault((group.kind, is_major(group.first), gap), index)
    return list(kept.values())


def gap_place(hand: Hand, groups: Sequence[Group], substitutions: Sequence[tuple[int, int]]) -> int | None:
    """On a wall tile: a run whose middle the winning tile can be, if any."""
    for index, group in enumerate(groups):
        if group.kind == CHOW and not group.declared and is_gap(hand, groups, index, substitutions):
            return index
    return None


def _holds(group: Group, places: frozenset[int], as_fortune: bool) -> bool:
    if not group.tiles:
        return as_fortune  # a free set or pair: only fortunes
    if group.kind == FLEX:
        return as_fortune or group.first in places
    return any(t in places for t in group.tiles)


def _real_count(arrangement: Arrangement, kind: int) -> int:
    return sum(1 for g in arrangement.groups if not g.declared for t in g.real_tiles() if t == kind)


# -- picks: free and flex groups made concrete ---------------------------------------
Pick = tuple[tuple[int, Group], ...]  # (index of a free or flex group, the concrete group it becomes)


def picks(arrangement: Arrangement, seat_wind: int) -> list[Pick]:
    """Ways to make the free or flex groups concrete, one per class of candidate; one empty
    pick when nothing is free.

    taizhou.md: a substitute stands for any tile, even a fifth copy of a kind (only
    physical tiles count toward four), so no candidate is ever ruled out by the tiles held.
    """
    slots = [i for i, g in enumerate(arrangement.groups) if g.kind in CHOOSABLE]
    if not slots:
        return [()]
    held = Counter(t for g in arrangement.groups if g.kind not in CHOOSABLE for t in g.tiles)
    suits = _suits(arrangement.groups)
    options = [[(i, g) for g in _candidates(arrangement.groups[i], held, suits, seat_wind)] for i in slots]
    return list(product(*options))


def concrete(arrangement: Arrangement, pick: Pick) -> Arrangement:
    if not pick:
        return arrangement
    groups = list(arrangement.groups)
    for index, group in pick:
        groups[index] = group
    return replace(arrangement, groups=tuple(groups))


def _suits(groups: Sequence[Group]) -> tuple[int, ...]:
    """The number suits of the real tiles; characters when there are none (any one suit will do)."""
    found = sorted({t // 9 for g in groups for t in g.real_tiles() if t < 27})
    return tuple(found) or (0,)


def _classes(seat_wind: int, suits: tuple[int, ...], pair: bool) -> list[Sequence[int]]:
    """Kinds that score alike as a wild pung (or pair), but for four winds: one of each class
    is tried, the one the other groups hold least (`_least_held`).

    taizhou.md: a pung scores by major or minor, tai for a dragon or the seat wind, and
    one-suit by its suit; four winds needs each wind, so the wind no other group holds.
    """
    classes: list[Sequence[int]] = [DRAGONS, (seat_wind,), tuple(w for w in WINDS if w != seat_wind)]
    for s in suits:
        low = s * 9
        if pair:
            classes.append(range(low, low + 9))
        else:
            classes.extend(((low, low + 8), range(low + 1, low + 8)))
    return classes


def _least_held(kinds: Sequence[int], held: Counter[int]) -> int:
    """The class's kind the other groups hold least: the missing wind for four winds, and
    otherwise no needless fifth copy in the sets shown."""
    return min(kinds, key=held.__getitem__)


def _candidates(group: Group, held: Counter[int], suits: tuple[int, ...], seat_wind: int) -> list[Group]:
    if group.kind == FLEX:
        # A pung scores at least what a chow does wherever the winning tile is (a closed
        # pung beats a gap call, an open one ties it and may make all pungs), and it is
        # always allowed (taizhou.md: a fortune may be a fifth copy), so chows are never tried.
        return [Group(PUNG, (group.first,) * 3, (False, True, True))]
    size = 2 if group.kind == FREE_PAIR else 3
    return [Group(PAIR if size == 2 else PUNG, (_least_held(kinds, held),) * size, (True,) * size)
            for kinds in _classes(seat_wind, suits, size == 2)]


def shown(arrangement: Arrangement, indicator: int) -> list[str]:
    """The sets as scored; a white standing for the indicator is marked like a fortune."""
    if indicator == WHITE or not arrangement.substitutions:
        return arrangement.notation()
    out = []
    for g in arrangement.groups:
        if not g.declared and indicator in g.tiles:
            mask = g.wild or (False,) * len(g.tiles)
            g = replace(g, wild=tuple(w or t == indicator for t, w in zip(g.tiles, mask)))
        out.append(g.notation())
    return out


def fortune_to_middle(arrangement: Arrangement) -> Arrangement:
    """Show a self-drawn fortune in the middle of the run it completed, trading places with
    the real tile of that kind the search had put there."""
    group = arrangement.winning_group
    index = arrangement.winning
    if group is None or index is None or group.kind != CHOW or (group.wild and group.wild[1]):
        return arrangement
    middle = group.tiles[1]
    groups = list(arrangement.groups)
    for i, other in enumerate(groups):
        spots = [p for p, (t, w) in enumerate(zip(other.tiles, other.wild)) if w and t == middle]
        if i != index and spots:
            groups[i] = replace(other, wild=tuple(w and p != spots[0] for p, w in enumerate(other.wild)))
            mask = group.wild or (False, False, False)
            groups[index] = replace(group, wild=(mask[0], True, mask[2]))
            return replace(arrangement, groups=tuple(groups))
    return arrangement
