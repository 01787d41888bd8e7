"""Pattern tables and the one generic way of applying them.

A ruleset is a table of `Pattern`s, each binding a key, names, a value and a small
predicate (how many times the pattern is met by an arrangement). The table is data, a
TOML file beside the ruleset's module (`rulesets/zung_jung.toml`), read by `load_patterns`;
its `test` names the predicate: a fact several tables score is tested once in
`predicates.py`, a ruleset's own in its module. `count_patterns`
walks a table: within a `family` only the highest-ranked pattern met counts, and a
pattern met removes those it `excludes`. The ruleset then turns the counted
patterns into its total (sum and cap, base × doubles, hu × 2^tai, ...).
"""
from __future__ import annotations

import inspect
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from .answers import PatternLine
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

    def line(self) -> PatternLine:
        return PatternLine(self.pattern.key, self.pattern.name, self.pattern.name_zh, self.value, self.times)


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


class TableError(ValueError):
    """A pattern table file that does not read as rows; raised on import, naming the file and the row."""


# a row's fields and their TOML types; the first five are required
FIELDS: dict[str, type] = {"key": str, "name": str, "name_zh": str, "value": int, "test": str,
                           "family": str, "excludes": list, "kind": str, "note": str}
TYPE_WORDS = {str: "a text", int: "a whole number", list: "a list of texts"}
REQUIRED = ("key", "name", "name_zh", "value", "test")


def table_file(module: str) -> Traversable:
    """The table beside a ruleset's module: `...rulesets.zung_jung` reads `zung_jung.toml` (package data)."""
    package, _, name = module.rpartition(".")
    return files(package) / f"{name}.toml"


def predicates_of(*namespaces: Mapping[str, object]) -> dict[str, Predicate]:
    """The functions each namespace (a module's `globals()` or `vars(module)`) defines itself,
    not those it imports, by name; where two define one name, the earlier namespace's wins."""
    found: dict[str, Predicate] = {}
    for namespace in reversed(namespaces):
        found.update({name: value for name, value in namespace.items()
                      if inspect.isfunction(value) and value.__module__ == namespace.get("__name__")})
    return found


def load_patterns(path: Traversable, tests: Mapping[str, Predicate]) -> tuple[Pattern, ...]:
    """The rows of a table file, in its order: one `[[pattern]]` entry a row, its `test` a name in `tests`."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise TableError(f"{path}: not TOML ({error})") from error
    entries = data.pop("pattern", None)
    if data or not isinstance(entries, list):
        raise TableError(f"{path}: a table file holds [[pattern]] entries and nothing else")
    return tuple(_row(f"{path}, row {n}", entry, tests) for n, entry in enumerate(entries, 1))


def _row(where: str, entry: Any, tests: Mapping[str, Predicate]) -> Pattern:
    if not isinstance(entry, dict):
        raise TableError(f"{where}: a row is a [[pattern]] table")
    where = f"{where} ({entry.get('key', 'no key')})"
    _check_fields(where, entry)
    test = tests.get(entry["test"])
    if test is None:
        raise TableError(f"{where}: unknown test {entry['test']!r}: it names no predicate of the ruleset's "
                         "module nor of predicates.py")
    return Pattern(entry["key"], entry["name"], entry["name_zh"], entry["value"], test, entry.get("family"),
                   tuple(entry.get("excludes", ())), entry.get("kind", "points"), entry.get("note", ""))


def _check_fields(where: str, entry: Mapping[str, Any]) -> None:
    unknown = sorted(set(entry) - set(FIELDS))
    if unknown:
        raise TableError(f"{where}: unknown field {unknown[0]!r}: the fields are {', '.join(FIELDS)}")
    missing = [name for name in REQUIRED if name not in entry]
    if missing:
        raise TableError(f"{where}: the field {missing[0]!r} is missing")
    for name, value in entry.items():
        if not _is_a(value, FIELDS[name]):
            raise TableError(f"{where}: {name} = {value!r} is not {TYPE_WORDS[FIELDS[name]]}")


def _is_a(value: Any, kind: type) -> bool:
    if kind is list:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    return isinstance(value, kind) and not isinstance(value, bool)  # TOML true is no number
