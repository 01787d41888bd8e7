"""Reads for the rules pages: each ruleset as the engine describes itself."""
from __future__ import annotations

from typing import Any

from scorekeeper.engine import RULESETS, get_ruleset

from ..display.labels import PLAIN_KIND, kind_title


# -- rules -----------------------------------------------------------------------------
def ruleset_descriptions() -> list[dict[str, Any]]:
    """Each ruleset the engine has, as it describes itself."""
    return [ruleset.describe() for ruleset in RULESETS]



def ruleset_description(*, key: str) -> dict[str, Any]:
    """The ruleset's own description, its patterns grouped by kind in the table's order."""
    described = get_ruleset(key).describe()
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in described["patterns"]:
        title = kind_title(row.get("kind") or PLAIN_KIND, described["unit"])
        groups.setdefault(title, []).append(row)
    return described | {"groups": list(groups.items())}
