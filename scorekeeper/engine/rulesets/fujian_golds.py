"""The gold search for `fujian` (rules/fujian.md): can a hand's real tiles and golds be sets and a pair,
can its pair be two golds (金对), and one arrangement that shows it.

The score depends on how the hand is arranged only through those two facts, so both are
answered without enumerating arrangements: each suit's fewest golds needed (the search's
`has_standard_win` on that suit alone, cached by its 9 counts) decides. One representative
arrangement is then built, guided by the same check, for the answer's `sets`.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..groups import CHOW, PAIR, PUNG, Group, make_group
from ..search import has_standard_win
from ..tiles import KINDS, WHITE

MAX_GOLDS = 3  # fujian.md: the fourth copy is the face-up indicator
MAX_HELD = MAX_GOLDS + 1  # with robbing_gold
# A pair of a kind no Fujian hand holds: added to one suit's counts, it turns the
# "sets and one pair" check into a "sets only" check (any pair plus a wild is a pung,
# so the dummy pair never helps where sets alone would fail).
DUMMY_PAIR_KIND = WHITE


def fits(counts: Sequence[int], wilds: int, need_pair: bool) -> bool:
    """Can the real tiles and `wilds` golds all be used in sets (and one pair if `need_pair`)?

    A set never crosses suits, so each suit is checked on its own for the fewest golds
    it needs (cached by its 9 counts); a pair of golds stands apart from every suit.
    """
    total = sum(counts[:KINDS]) + wilds
    if total % 3 != (2 if need_pair else 0):
        return False
    parts = [tuple(counts[s * 9: s * 9 + 9]) for s in range(3)]
    alone = [suit_need(p, False) for p in parts]
    if not need_pair:
        return _spent(alone) <= wilds
    if _spent(alone) + 2 <= wilds:  # the pair made of two golds
        return True
    for index, part in enumerate(parts):
        others = _spent(alone[:index] + alone[index + 1:])
        with_pair = suit_need(part, True)
        if with_pair is not None and others + with_pair <= wilds:
            return True
    return False


def _spent(needs: Sequence[int | None]) -> int:
    """Golds the suits need together; more than any hand holds when one cannot be completed."""
    return sum(MAX_HELD + 1 if n is None else n for n in needs)


@lru_cache(maxsize=50_000)
def suit_need(part: tuple[int, ...], with_pair: bool) -> int | None:
    """The fewest golds that complete one suit's tiles into sets (plus a pair); None: more than 4.

    Golds beyond the fewest come in threes (a set of golds), so the fewest decides.
    """
    counts = list(part) + [0] * (KINDS - len(part))
    if not with_pair:
        counts[DUMMY_PAIR_KIND] += 2
    first = (2 - sum(part)) % 3 if with_pair else (-sum(part)) % 3
    for wilds in range(first, MAX_HELD + 1, 3):
        if has_standard_win(counts, wilds):
            return wilds
    return None


def has_golden_pair(counts: Sequence[int], wilds: int) -> bool:
    """Two golds as the pair and everything else in sets."""
    return wilds >= 2 and fits(counts, wilds - 2, False)


def one_arrangement(counts: Sequence[int], wilds: int, gold: int, golden: bool) -> list[Group]:
    """One split into sets and a pair (the pair two golds when `golden`); the hand must fit."""
    if golden:
        return _split(counts, wilds - 2, gold, False) + [_gold_group(PAIR, gold, 2)]
    return _split(counts, wilds, gold, True)


def _split(counts: Sequence[int], wilds: int, gold: int, need_pair: bool) -> list[Group]:
    """Take the lowest real tile's group, checking each choice keeps the rest completable."""
    left = list(counts[:KINDS])
    groups: list[Group] = []
    while (i := next((k for k, c in enumerate(left) if c), -1)) >= 0:
        for take, group in _groups_with(left, i, wilds, need_pair):
            rest = list(left)
            for kind in take:
                rest[kind] -= 1
            is_pair = group.kind == PAIR
            if fits(rest, wilds - group.wild_count, need_pair and not is_pair):
                left, wilds, need_pair = rest, wilds - group.wild_count, need_pair and not is_pair
                groups.append(group)
                break
        else:  # pragma: no cover - the caller checked the hand fits
            raise AssertionError("no group fits")
    if need_pair:
        groups.append(_gold_group(PAIR, gold, 2))
        wilds -= 2
    groups.extend(_gold_group(PUNG, gold, 3) for _ in range(wilds // 3))
    return groups


def _gold_group(kind: str, gold: int, size: int) -> Group:
    """Golds standing as themselves: what the players see on the table."""
    return Group(kind, (gold,) * size, (True,) * size)


def _groups_with(counts: Sequence[int], i: int, wilds: int, need_pair: bool) -> Iterator[tuple[tuple[int, ...], Group]]:
    """Groups holding the lowest real tile `i`, fewest golds first: (real tiles taken, group)."""
    for used in range(3):
        if used > wilds:
            return
        real = 3 - used
        if counts[i] >= real:
            yield (i,) * real, make_group(PUNG, (i,) * 3, (False,) * real + (True,) * used)
        yield from _chows_with(counts, i, used)
        if need_pair and used < 2 and counts[i] >= 2 - used:
            yield (i,) * (2 - used), make_group(PAIR, (i, i), (False,) * (2 - used) + (True,) * used)


def _chows_with(counts: Sequence[int], i: int, used: int) -> Iterator[tuple[tuple[int, ...], Group]]:
    """Chows through `i` needing exactly `used` golds (a place below `i` or missing is a gold)."""
    if i >= 27:
        return
    low = i - i % 9
    for start in (i - 2, i - 1, i):
        if start < low or start + 2 > low + 8:
            continue
        tiles = (start, start + 1, start + 2)
        mask = tuple(k < i or (k > i and not counts[k]) for k in tiles)
        if sum(mask) == used:
            yield tuple(k for k, w in zip(tiles, mask) if not w), make_group(CHOW, tiles, mask)
