"""Every ruleset the engine knows, in the rulebook's order (rules/README.md): `RULESETS`.

One object per ruleset answers everything about it: scoring (`score`, `describe`), what a
table enters for it (`events`, `bonus_tiles`, ...), and through the `payoff` it carries, the
money and the dealer rotation.
`get_ruleset("zung-jung")` finds one by key. Adding a ruleset is its two modules (here and
in `payoffs/`) and one instance in the tuple below (tests/engine/test_registry.py).
"""
from __future__ import annotations

from ..errors import UNKNOWN_RULESET, EngineError
from ..ruleset import Ruleset
from .fujian import Fujian
from .hk_faan import HongKongFaan
from .hk_old import HongKongOld
from .taiwan import Taiwan
from .taizhou import Taizhou
from .zung_jung import ZungJung

RULESETS: tuple[Ruleset, ...] = (Taiwan(), ZungJung(), HongKongOld(), Taizhou(), Fujian(), HongKongFaan())
RULESET_KEYS: tuple[str, ...] = tuple(ruleset.key for ruleset in RULESETS)
_BY_KEY = {ruleset.key: ruleset for ruleset in RULESETS}


def get_ruleset(key: object) -> Ruleset:
    """The ruleset of this key; `unknown_ruleset` for anything else (None, a typo, a number)."""
    ruleset = _BY_KEY.get(key) if isinstance(key, str) else None
    if ruleset is None:
        raise EngineError(
            UNKNOWN_RULESET,
            "unknown ruleset {key!r}: it is one of {choices}",
            key=key, choices=', '.join(RULESET_KEYS),
        )
    return ruleset
