"""Reads for the rules pages: each ruleset as the engine describes itself."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from scorekeeper.engine import RULESETS, get_ruleset


# -- rules -----------------------------------------------------------------------------
def ruleset_descriptions() -> list[dict[str, Any]]:
    """Each ruleset the engine has, as it describes itself."""
    return [ruleset.describe() for ruleset in RULESETS]

KIND_TITLES = {
    "dealer": gettext_lazy("Dealer"), "flower": gettext_lazy("Flowers"), "chicken": gettext_lazy("Chicken hand"),
    "double": gettext_lazy("Doubles"), "limit": gettext_lazy("Limit hands"),
    "hu": gettext_lazy("Hu (胡): the set count"), "tai": gettext_lazy("Tai (台): each doubles the hu"),
    "special": gettext_lazy("Special bonuses"), "fan": gettext_lazy("Fan"), "points": gettext_lazy("Points"),
    "faan": gettext_lazy("Faan"),
}


def ruleset_description(*, key: str) -> dict[str, Any]:
    """The ruleset's own description, its patterns grouped by kind in the table's order."""
    described = get_ruleset(key).describe()
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in described["patterns"]:
        kind = row.get("kind") or "points"
        title = str(KIND_TITLES.get(described["unit"] if kind == "points" else kind, kind.capitalize()))
        groups.setdefault(title, []).append(row)
    return described | {"groups": list(groups.items())}
