"""Reads for the rules pages: each ruleset object as the engine keeps it, its patterns grouped for the page."""
from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine import RULESETS, Pattern, Ruleset, get_ruleset

from ..display.labels import PLAIN_KIND, kind_title


@dataclass(frozen=True)
class RulesPage:
    """One ruleset's page: the ruleset, and its pattern table in groups titled by kind, in the table's order."""

    ruleset: Ruleset
    groups: tuple[tuple[str, tuple[Pattern, ...]], ...]


def ruleset_descriptions() -> tuple[Ruleset, ...]:
    """Each ruleset the engine has."""
    return tuple(RULESETS)


def ruleset_description(*, key: str) -> RulesPage:
    """The ruleset `key` names (an EngineError for none), its patterns grouped by kind in the table's order."""
    ruleset = get_ruleset(key)
    groups: dict[str, list[Pattern]] = {}
    for pattern in ruleset.patterns:
        groups.setdefault(kind_title(pattern.kind or PLAIN_KIND, ruleset.unit), []).append(pattern)
    return RulesPage(ruleset, tuple((title, tuple(patterns)) for title, patterns in groups.items()))
