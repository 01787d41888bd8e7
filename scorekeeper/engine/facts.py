"""What an arrangement of a hand shows: the facts patterns are tested against.

One `Facts` per (hand, arrangement); every predicate in a pattern table reads it.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .groups import CHOW, FREE_PAIR, KONG, PAIR, PUNG, STANDARD, Arrangement, Group
from .hand import Hand
from .tiles import DRAGONS, WINDS, is_honor, is_major, is_terminal

T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801 - reads like the functools one it replaces
    """functools.cached_property without its per-access lock (Python 3.11), which made
    fact lookups the slowest part of scoring; Facts are never shared between threads."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        if instance is None:
            return self  # type: ignore[return-value]
        value = self.compute(instance)
        instance.__dict__[self.name] = value
        return value


class Facts:
    def __init__(self, hand: Hand, arrangement: Arrangement, waits: frozenset[int] = frozenset()) -> None:
        self.hand = hand
        self.arrangement = arrangement
        self.waits = waits

    @property
    def form(self) -> str:
        return self.arrangement.form

    @property
    def is_standard(self) -> bool:
        return self.arrangement.form == STANDARD

    @cached_property
    def groups(self) -> tuple[Group, ...]:
        return self.arrangement.groups

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @cached_property
    def pair(self) -> Group | None:
        pairs = [g for g in self.groups if g.kind in (PAIR, FREE_PAIR)]
        return pairs[0] if self.is_standard and pairs else None

    @cached_property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs alike."""
        return tuple(g for g in self.groups if g.kind in (PUNG, KONG))

    @cached_property
    def chows(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind == CHOW)

    @cached_property
    def kongs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind == KONG)

    @cached_property
    def tiles(self) -> tuple[int, ...]:
        """Every tile of the hand as scored: a wild counts as what it stands for."""
        return tuple(t for g in self.groups for t in g.tiles)

    @cached_property
    def tile_counts(self) -> Counter[int]:
        return Counter(self.tiles)

    @cached_property
    def suits(self) -> frozenset[int]:
        """Number suits present (0 m, 1 p, 2 s)."""
        return frozenset(t // 9 for t in self.tiles if t < 27)

    @cached_property
    def has_honors(self) -> bool:
        return any(is_honor(t) for t in self.tiles)

    @cached_property
    def all_major(self) -> bool:
        return all(is_major(t) for t in self.tiles)

    @cached_property
    def has_terminals(self) -> bool:
        return any(is_terminal(t) for t in self.tiles)

    @property
    def winning_group(self) -> Group | None:
        return self.arrangement.winning_group

    @property
    def self_drawn(self) -> bool:
        return self.hand.self_drawn

    @property
    def events(self) -> frozenset[str]:
        return self.hand.events

    @cached_property
    def concealed_hand(self) -> bool:
        """No exposed melds (concealed kongs allowed)."""
        return not self.hand.has_exposed_melds

    def is_concealed_at(self, index: int) -> bool:
        """A set of wall tiles only: not claimed, and not completed by a discarded winning tile."""
        if self.groups[index].open:
            return False
        return self.self_drawn or self.arrangement.winning != index

    @cached_property
    def concealed_pungs(self) -> tuple[Group, ...]:
        return tuple(g for i, g in enumerate(self.groups) if g.kind in (PUNG, KONG) and self.is_concealed_at(i))

    @cached_property
    def open_pungs(self) -> tuple[Group, ...]:
        return tuple(g for i, g in enumerate(self.groups) if g.kind in (PUNG, KONG) and not self.is_concealed_at(i))

    def pung_kinds(self) -> list[int]:
        return [g.first for g in self.pungs]

    @cached_property
    def wind_pungs(self) -> int:
        return sum(1 for g in self.pungs if g.first in WINDS)

    @cached_property
    def dragon_pungs(self) -> int:
        return sum(1 for g in self.pungs if g.first in DRAGONS)

    @cached_property
    def pair_kind(self) -> int | None:
        pair = self.pair
        return pair.tiles[0] if pair is not None and pair.tiles else None

    @cached_property
    def longest_pung_run(self) -> int:
        """Most pungs of consecutive numbers in one suit."""
        kinds = sorted({k for k in self.pung_kinds() if k < 27})
        best = run = 0
        previous = -9
        for k in kinds:
            run = run + 1 if k == previous + 1 and k // 9 == previous // 9 else 1
            best = max(best, run)
            previous = k
        return best

    def chow_counts(self) -> Counter[int]:
        return self._chow_counter

    @cached_property
    def _chow_counter(self) -> Counter[int]:
        return Counter(g.first for g in self.chows)


def in_three_suits(kinds: list[int]) -> bool:
    """Some number appears in all three suits (similar sets)."""
    by_number: dict[int, set[int]] = {}
    for k in kinds:
        if k < 27:
            by_number.setdefault(k % 9, set()).add(k // 9)
    return any(len(suits) == 3 for suits in by_number.values())
