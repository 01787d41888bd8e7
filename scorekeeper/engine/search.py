"""Arrangement search: every way a hand splits into sets and a pair, wilds included.

The concealed tiles are a 34-slot count vector plus a number of wild tiles. The
search decomposes each suit on its own (a set never crosses suits), caching each
suit's decompositions by its 9 counts and wild budget, then combines one
decomposition per suit so that exactly one pair is formed; wilds left over form
sets and a pair made only of wilds (`FREE_SET`, `FREE_PAIR`). A wild is only ever
placed beside a real tile of the suit being decomposed, so the work grows with
the shapes the real tiles allow, never as 34^k substitutions.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import product

from .groups import (
    CHOW,
    FLEX,
    FREE_PAIR,
    FREE_SET,
    PAIR,
    PUNG,
    SEVEN_PAIRS,
    SEVEN_PAIRS_PUNG,
    STANDARD,
    THIRTEEN_ORPHANS,
    Arrangement,
    Group,
    make_group,
)
from .tiles import KINDS

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

# A suit's decomposition: (wilds used, pairs formed, groups)
SuitPart = tuple[int, int, tuple[Group, ...]]


def standard_arrangements(counts: Sequence[int], wilds: int = 0) -> list[tuple[Group, ...]]:
    """Every split of the tiles (counts over 34 kinds, plus `wilds`) into sets + one pair."""
    total = sum(counts[:KINDS]) + wilds
    if total % 3 != 2:
        return []
    per_suit: list[dict[tuple[int, int], list[tuple[Group, ...]]]] = []
    for suit, (start, stop) in enumerate(SUIT_SLICES):
        part = tuple(counts[start:stop])
        if not any(part):
            continue
        buckets = _suit_buckets(part, suit, wilds)
        if not buckets:
            return []
        per_suit.append(buckets)
    if not wilds:
        return _combine_without_wilds(per_suit)
    sets_needed = (total - 2) // 3
    found: list[tuple[Group, ...]] = []
    for keys in _bucket_choices(per_suit, 0, wilds, 1):
        pairs = sum(k[1] for k in keys)
        for choice in product(*(buckets[key] for buckets, key in zip(per_suit, keys))):
            groups = tuple(g for part in choice for g in part)
            free_sets = sets_needed - (len(groups) - pairs)
            found.append(groups + (_FREE_SET,) * free_sets + ((_FREE_PAIR,) if pairs == 0 else ()))
    return found


SUIT_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))


def _combine_without_wilds(per_suit: list[dict[tuple[int, int], list[tuple[Group, ...]]]]) -> list[tuple[Group, ...]]:
    """Without wilds exactly one suit holds the pair and every other suit splits into sets."""
    found: list[tuple[Group, ...]] = []
    for pair_suit, buckets in enumerate(per_suit):
        with_pair = buckets.get((0, 1))
        if not with_pair:
            continue
        others = [b.get((0, 0)) for i, b in enumerate(per_suit) if i != pair_suit]
        if not all(others):
            continue
        for choice in product(with_pair, *others):
            found.append(tuple(g for part in choice for g in part))
    return found


def _bucket_choices(
    per_suit: list[dict[tuple[int, int], list[tuple[Group, ...]]]], index: int, wilds: int, pairs: int
) -> Iterator[tuple[tuple[int, int], ...]]:
    """One (wilds used, pairs) bucket per suit, within the wild budget and at most one pair."""
    if index == len(per_suit):
        yield ()
        return
    for key in per_suit[index]:
        if key[0] <= wilds and key[1] <= pairs:
            for rest in _bucket_choices(per_suit, index + 1, wilds - key[0], pairs - key[1]):
                yield (key, *rest)


_FREE_SET = Group(FREE_SET, (), ())
_FREE_PAIR = Group(FREE_PAIR, (), ())


def has_standard_win(counts: Sequence[int], wilds: int = 0) -> bool:
    """Existence only (for waits): do the tiles split into sets and one pair?"""
    total = sum(counts[:KINDS]) + wilds
    if total % 3 != 2:
        return False
    if wilds:
        return _completes(tuple(counts[:KINDS]), wilds, True)
    # without wilds the pair's suit is the one whose count leaves 2 over 3
    parts = [tuple(counts[a:b]) for a, b in SUIT_SLICES]
    remainders = [sum(p) % 3 for p in parts]
    if 1 in remainders or remainders.count(2) != 1:
        return False
    return all(_suit_fits(p, s == 3, r == 2) for s, (p, r) in enumerate(zip(parts, remainders)))


@lru_cache(maxsize=1 << 16)
def _suit_fits(part: tuple[int, ...], honors: bool, pair: bool) -> bool:
    """One suit's tiles split into sets (and the pair when `pair`), the lowest tile first."""
    i = next((k for k, c in enumerate(part) if c), -1)
    if i < 0:
        return not pair
    takes: list[tuple[tuple[int, ...], bool]] = [((i, i), False)] if pair and part[i] >= 2 else []
    if part[i] >= 3:
        takes.append(((i, i, i), pair))
    if not honors and i + 2 < len(part) and part[i + 1] and part[i + 2]:
        takes.append(((i, i + 1, i + 2), pair))
    for take, still_pair in takes:
        rest = list(part)
        for k in take:
            rest[k] -= 1
        if _suit_fits(tuple(rest), honors, still_pair):
            return True
    return False


@lru_cache(maxsize=200_000)
def _completes(counts: tuple[int, ...], wilds: int, need_pair: bool) -> bool:
    """Existence with wilds: can the tiles all be used in sets and one pair?"""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        leftover = wilds - (2 if need_pair else 0)
        return leftover >= 0 and leftover % 3 == 0
    c = list(counts)
    here = c[i]
    if need_pair:
        for real in (2, 1):
            if here >= real and wilds >= 2 - real:
                c[i] = here - real
                if _completes(tuple(c), wilds - (2 - real), False):
                    return True
                c[i] = here
    for real in (3, 2, 1):
        if here >= real and wilds >= 3 - real:
            c[i] = here - real
            if _completes(tuple(c), wilds - (3 - real), need_pair):
                return True
            c[i] = here
    if i < 27:
        pos = i % 9
        for start in (i - 2, i - 1, i):
            if start < i - pos or start + 2 > i - pos + 8:
                continue
            needed = 0
            c2 = list(counts)
            for k in (start, start + 1, start + 2):
                if k < i:
                    needed += 1
                elif c2[k]:
                    c2[k] -= 1
                else:
                    needed += 1
            if needed <= wilds and _completes(tuple(c2), wilds - needed, need_pair):
                return True
    return False


def _group_order(group: Group) -> tuple[int, str, tuple[bool, ...]]:
    return (group.tiles[0], group.kind, group.wild)


@lru_cache(maxsize=100_000)
def _suit_buckets(part: tuple[int, ...], suit: int, max_wilds: int) -> dict[tuple[int, int], list[tuple[Group, ...]]]:
    """A suit's decompositions, bucketed by (wilds used, pairs formed)."""
    if max_wilds == 0:
        splits = _plain(part, suit * 9, suit == 3, sum(part) % 3 == 2)
        return {(0, sum(part) % 3 == 2): list(splits)} if splits else {}
    buckets: dict[tuple[int, int], dict[tuple[Group, ...], None]] = {}
    for used, pairs, groups in _decompose(part, suit * 9, suit == 3, max_wilds, True):
        # the lowest tile may open several groups in either order: keep each split once
        buckets.setdefault((used, pairs), {})[tuple(sorted(groups, key=_group_order))] = None
    return {key: list(splits) for key, splits in buckets.items()}


@cache
def _set_of(kind: str, first: int) -> Group:
    """Groups without wilds are values: one shared instance each."""
    tiles = (first, first + 1, first + 2) if kind == CHOW else (first,) * (2 if kind == PAIR else 3)
    return Group(kind, tiles)


@lru_cache(maxsize=200_000)
def _plain(counts: tuple[int, ...], base: int, honors: bool, need_pair: bool) -> tuple[tuple[Group, ...], ...]:
    """Splits of one suit without wilds. All groups through the lowest tile are chosen at
    once (a pair or not, a pung or not, the rest chows from it), so each split comes once."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return () if need_pair else ((),)
    here = counts[i]
    out: list[tuple[Group, ...]] = []
    for pairs in ((1, 0) if need_pair and here >= 2 else (0,)):
        for pungs in (1, 0):
            chows = here - 2 * pairs - 3 * pungs
            if chows < 0 or (chows and (honors or i > 6 or counts[i + 1] < chows or counts[i + 2] < chows)):
                continue
            rest = list(counts)
            rest[i] = 0
            if chows:
                rest[i + 1] -= chows
                rest[i + 2] -= chows
            head = ((_set_of(PAIR, base + i),) * pairs + (_set_of(PUNG, base + i),) * pungs
                    + (_set_of(CHOW, base + i),) * chows)
            for tail in _plain(tuple(rest), base, honors, need_pair and not pairs):
                out.append(head + tail)
    return tuple(out)


@lru_cache(maxsize=200_000)
def _decompose(
    counts: tuple[int, ...], base: int, honors: bool, wilds: int, pair_free: bool
) -> tuple[tuple[int, int, tuple[Group, ...]], ...]:
    """Every (wilds used, pairs, groups) using all tiles of one suit; the lowest tile goes first."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return ((0, 0, ()),)
    out = []
    for take, wild_mask, group in _groups_with_lowest(counts, i, base, honors, wilds, pair_free):
        rest = list(counts)
        for offset in take:
            rest[offset] -= 1
        used = sum(wild_mask)
        is_pair = group.kind == PAIR
        for sub_used, sub_pairs, sub_groups in _decompose(
            tuple(rest), base, honors, wilds - used, pair_free and not is_pair
        ):
            out.append((used + sub_used, sub_pairs + is_pair, (group, *sub_groups)))
    return tuple(out)


def _groups_with_lowest(
    counts: tuple[int, ...], i: int, base: int, honors: bool, wilds: int, pair_free: bool
) -> Iterator[tuple[tuple[int, ...], tuple[bool, ...], Group]]:
    """Every group the lowest tile `i` can belong to: (offsets of real tiles used, wild mask, group)."""
    kind = base + i
    here = counts[i]
    if pair_free:
        for real in (2, 1):
            if here >= real and wilds >= 2 - real:
                mask = (False,) * real + (True,) * (2 - real)
                yield (i,) * real, mask, make_group(PAIR, (kind, kind), mask)
    for real in (3, 2):
        if here >= real and wilds >= 3 - real:
            mask = (False,) * real + (True,) * (3 - real)
            yield (i,) * real, mask, make_group(PUNG, (kind,) * 3, mask)
    if wilds >= 2:
        mask = (False, True, True)
        yield (i,), mask, make_group(PUNG if honors else FLEX, (kind,) * 3, mask)
    if honors:
        return
    for start in (i - 2, i - 1, i):
        if start < 0 or start + 2 > 8:
            continue
        yield from _chows_through(counts, i, start, base, wilds)


def _chows_through(
    counts: tuple[int, ...], i: int, start: int, base: int, wilds: int
) -> Iterator[tuple[tuple[int, ...], tuple[bool, ...], Group]]:
    """Chows from `start` that use the real tile `i`; each other place is a real tile or a wild."""
    choices: list[tuple[bool, ...]] = []
    for offset in (start, start + 1, start + 2):
        if offset < i:
            choices.append((True,))
        elif offset == i:
            choices.append((False,))
        elif counts[offset]:
            # A real tile is always preferred to a wild where one is left: swapping a wild
            # for a real tile of the same kind in another group gives the same sets.
            choices.append((False,))
        else:
            choices.append((True,))
    tiles = (base + start, base + start + 1, base + start + 2)
    for mask in product(*choices):
        if sum(mask) > min(wilds, 1):  # two wilds with one real tile: the FLEX group
            continue
        take = tuple(o for o, w in zip((start, start + 1, start + 2), mask) if not w)
        yield take, mask, make_group(CHOW, tiles, mask)


def seven_pairs_arrangements(counts: Sequence[int], wilds: int = 0, *,
                             four_as_two: bool = True) -> list[tuple[Group, ...]]:
    """Seven pairs (14 tiles). With `four_as_two`, four alike count as two pairs."""
    if sum(counts[:KINDS]) + wilds != 14:
        return []
    groups: list[Group] = []
    for kind in range(KINDS):
        c = counts[kind]
        if c > 2 and not four_as_two:
            return []
        for _ in range(c // 2):
            groups.append(Group(PAIR, (kind, kind)))
        if c % 2:
            if wilds == 0:
                return []
            wilds -= 1
            groups.append(make_group(PAIR, (kind, kind), (False, True)))
    if wilds % 2:
        return []
    groups.extend([_FREE_PAIR] * (wilds // 2))
    return [tuple(groups)]


def seven_pairs_pung_arrangements(counts: Sequence[int], wilds: int = 0) -> list[tuple[Group, ...]]:
    """Taiwan's 16-tile 嚦咕嚦咕: seven pairs of seven kinds plus a pung of an eighth (17 tiles)."""
    if sum(counts[:KINDS]) + wilds != 17:
        return []
    held = [k for k in range(KINDS) if counts[k]]
    if len(held) > 8 or any(counts[k] > 3 for k in held):
        return []
    if not wilds and sorted(counts[k] for k in held) != [2, 2, 2, 2, 2, 2, 2, 3]:
        return []
    found = []
    for pung_kind in held:
        if counts[pung_kind] > 3:
            continue
        need = 3 - counts[pung_kind]
        if need > wilds:
            continue
        mask = (False,) * counts[pung_kind] + (True,) * need
        rest = [k for k in held if k != pung_kind]
        pairs = [make_group(PAIR, (k, k), (False,) * counts[k] + (True,) * (2 - counts[k]))
                 for k in rest if counts[k] <= 2]
        if len(pairs) != len(rest):
            continue
        left = wilds - need - sum(2 - counts[k] for k in rest)
        if left < 0 or left % 2:
            continue
        pairs.extend([_FREE_PAIR] * (left // 2))
        if len(pairs) != 7:
            continue
        found.append((make_group(PUNG, (pung_kind,) * 3, mask), *sorted(pairs, key=_group_order_free)))
    return found


def _group_order_free(group: Group) -> tuple[int, ...]:
    return group.tiles or (99,)


def thirteen_orphans_arrangements(counts: Sequence[int], wilds: int = 0) -> list[tuple[Group, ...]]:
    """One of each terminal and honour plus a duplicate of one of them."""
    if sum(counts[:KINDS]) + wilds != 14:
        return []
    if any(counts[k] for k in range(KINDS) if k not in TERMINALS_AND_HONORS):
        return []
    missing = sum(1 for k in TERMINALS_AND_HONORS if counts[k] == 0)
    extra = [k for k in TERMINALS_AND_HONORS if counts[k] >= 2]
    if any(counts[k] > 2 for k in TERMINALS_AND_HONORS) or len(extra) > 1 or missing > wilds:
        return []
    singles = tuple(
        make_group("single", (k,), (counts[k] == 0,)) for k in TERMINALS_AND_HONORS
    )
    if extra:
        pair_kinds = extra
    else:
        pair_kinds = [k for k in TERMINALS_AND_HONORS]  # a wild doubles any of them
    found = []
    for k in pair_kinds:
        groups = tuple(g if g.first != k else make_group(PAIR, (k, k), (counts[k] == 0, counts[k] < 2))
                       for g in singles)
        found.append(groups)
    return found


FORM_SEARCHES = {
    STANDARD: standard_arrangements,
    SEVEN_PAIRS: seven_pairs_arrangements,
    SEVEN_PAIRS_PUNG: seven_pairs_pung_arrangements,
    THIRTEEN_ORPHANS: thirteen_orphans_arrangements,
}


def arrangements(
    counts: Sequence[int], wilds: int = 0, forms: Sequence[str] = (STANDARD,), melds: Sequence[Group] = ()
) -> list[Arrangement]:
    """Every arrangement of the concealed tiles under the given forms, with the melds added."""
    found = []
    for form in forms:
        if form != STANDARD and melds:
            continue
        for groups in FORM_SEARCHES[form](counts, wilds):
            found.append(Arrangement(form, tuple(melds) + groups))
    return found
