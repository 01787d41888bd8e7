"""Pattern tables and the one generic way of applying them.

A ruleset is a table of `Pattern`s, each binding a key, names, a value and a small
predicate (how many times the pattern is met by an arrangement): a fact several tables
score is tested once in `predicates.py`, a ruleset's own beside its table. `count_patterns`
walks a table: within a `family` only the highest-ranked pattern met counts, and a
pattern met removes those it `excludes`. The ruleset then turns the counted
patterns into its total (sum and cap, base × doubles, hu × 2^tai, ...).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .facts import Facts

Predicate = Callable[[Facts], int | bool]


@dataclass(frozen=True, slots=True)
class Pattern:
    key: str
    name: str
    name_zh: str
    value: int
    test: Predicate
    family: str | None = None
    excludes: tuple[str, ...] = ()
    kind: str = "points"  # how the ruleset combines it: points, double, hu, tai, ...
    note: str = ""  # the condition in a player's words, for the app's rules page

    def describe(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "name_zh": self.name_zh, "value": self.value,
                "kind": self.kind, "family": self.family, "note": self.note}


@dataclass(frozen=True, slots=True)
class Counted:
    pattern: Pattern
    times: int = 1

    @property
    def key(self) -> str:
        return self.pattern.key

    @property
    def value(self) -> int:
        return self.pattern.value * self.times

    def as_answer(self) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "key": self.pattern.key, "name": self.pattern.name, "name_zh": self.pattern.name_zh,
            "value": self.value,
        }
        if self.times > 1:
            answer["count"] = self.times
        return answer


def count_patterns(table: Sequence[Pattern], facts: Facts) -> list[Counted]:
    met = []
    for pattern in table:
        times = int(pattern.test(facts))
        if times > 0:
            met.append(Counted(pattern, times))
    return apply_exclusions(met)


def apply_exclusions(met: Iterable[Counted]) -> list[Counted]:
    met = list(met)
    best_in_family: dict[str, Counted] = {}
    for counted in met:
        family = counted.pattern.family
        if family is None:
            continue
        best = best_in_family.get(family)
        if best is None or counted.pattern.value > best.pattern.value:
            best_in_family[family] = counted
    kept = [c for c in met if c.pattern.family is None or best_in_family[c.pattern.family] is c]
    excluded = {key for c in kept for key in c.pattern.excludes}
    return [c for c in kept if c.key not in excluded]


def pattern(key: str, name: str, name_zh: str, value: int, family: str | None = None,
            excludes: tuple[str, ...] = (), kind: str = "points", note: str = "") -> Callable[[Predicate], Pattern]:
    """Decorator form: the predicate below becomes a table row."""
    def wrap(test: Predicate) -> Pattern:
        return Pattern(key, name, name_zh, value, test, family, excludes, kind, note or (test.__doc__ or "").strip())
    return wrap
