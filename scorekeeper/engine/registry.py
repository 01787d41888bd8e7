"""Every ruleset the engine knows, in the rulebook's order (rules/README.md), by key.

Each key names one module in `rulesets/` (its scoring: `RULESET`) and the module of the
same name in `payoffs/` (its settlement: `PAYOFF`); both registries read this one list.
Adding a ruleset is a line here and those two modules, nothing else: every other fact
about it is an attribute of its `Ruleset` or `Payoff` (tests/engine/test_registry.py).
"""
from __future__ import annotations

MODULES = {"taiwan": "taiwan", "zung-jung": "zung_jung", "hk-old": "hk_old", "taizhou": "taizhou", "fujian": "fujian",
           "hk-faan": "hk_faan"}
KEYS = tuple(MODULES)
