"""A house option a ruleset's page names: its name, default, allowed values and a note for the rules page.

Its own module, below the rulesets and their payoffs alike (payoffs/hk_faan.py declares hk-faan's options,
which its scorer checks), so nothing imports upward."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    allowed: tuple[Any, ...] = ()
    note: str = ""
