"""A ruleset's worked examples of money, as data: what the app's Rules page shows (issue 19, issue 36).

Each `MoneyExample` names its kind (what the app knows how to build and tell: a win on a discard, a self-draw,
the 拉 chain, a money table, ...), the rule it shows in English (or one rule for each value of a house option),
and the figures and hands the kind takes. The app plays each example through `settle` at the table's stakes and
translates the English by its text, so a ruleset brings its own examples and the app names no ruleset.
Seats are 0-3 (East, South, West, North), the first dealer at East.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# The English words an example's params may carry (the app translates them), beside its rule.
WORDS = ("title", "said")


@dataclass(frozen=True)
class MoneyExample:
    kind: str
    rule: str = ""
    option: str = ""  # the house option whose value picks the rule from `rules`
    rules: Mapping[Any, str] = field(default_factory=dict)
    params: Mapping[str, Any] = field(default_factory=dict)

    def texts(self) -> list[str]:
        """Every English sentence of the example, for the translators."""
        return [self.rule, *self.rules.values(), *(str(self.params[w]) for w in WORDS if w in self.params)]


def example(kind: str, rule: str = "", *, option: str = "", rules: Mapping[Any, str] | None = None,
            **params: Any) -> MoneyExample:
    return MoneyExample(kind, rule, option, dict(rules or {}), params)
