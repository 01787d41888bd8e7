"""The registry of rulesets: `get_ruleset("zung-jung")`.

Each ruleset lives in its own module exposing `RULESET`; the registry finds them
by key in `registry.MODULES`, the one list of rulesets, so adding a ruleset touches
no other module of this package.
"""
from __future__ import annotations

from importlib import import_module

from ..errors import UNKNOWN_RULESET, EngineError
from ..registry import KEYS as RULESET_KEYS
from ..registry import MODULES as RULESET_MODULES
from ..ruleset import Ruleset


def _load() -> dict[str, Ruleset]:
    found = {}
    for key, module in RULESET_MODULES.items():
        try:
            found[key] = import_module(f"{__name__}.{module}").RULESET
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{module}":
                raise
    return found


RULESETS: dict[str, Ruleset] = _load()


def get_ruleset(key: object) -> Ruleset:
    ruleset = RULESETS.get(key) if isinstance(key, str) else None
    if ruleset is None:
        if key in RULESET_KEYS:
            raise EngineError(UNKNOWN_RULESET, f"the {key} ruleset is not available yet")
        raise EngineError(UNKNOWN_RULESET, f"unknown ruleset {key!r}: it is one of {', '.join(RULESET_KEYS)}")
    return ruleset
