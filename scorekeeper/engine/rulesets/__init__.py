"""Every ruleset the engine knows, in the rulebook's order (rules/README.md): `RULESETS`.

One object per ruleset answers everything about it: scoring (`score`, `describe`), what a
table enters for it (`events`, `bonus_tiles`, ...), and through the `payoff` it carries, the
money and the dealer rotation.
`get_ruleset("zung-jung")` finds one by key. Adding a ruleset is its two modules (here and
in `payoffs/`) and one instance in the registry below (tests/engine/test_registry.py).

`RULESETS` and `RULESET_KEYS` are live views of one registry, so a ruleset registered later (a test's
seventh, `RULESETS.registered(ruleset)`) is seen by everyone who imported them, the app included.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import overload

from ..errors import UNKNOWN_RULESET, EngineError
from ..ruleset import Ruleset
from .fujian import Fujian
from .hk_faan import HongKongFaan
from .hk_old import HongKongOld
from .taiwan import Taiwan
from .taizhou import Taizhou
from .zung_jung import ZungJung


class _Seq(Sequence[str]):
    """A sequence equal to any other of the same items (a tuple, a list)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and not isinstance(other, str) and tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(tuple(self))


class Registry(Sequence[Ruleset]):
    """The rulesets the engine knows, in the rulebook's order."""

    def __init__(self, *rulesets: Ruleset) -> None:
        self._rulesets = rulesets
        self._by_key = {ruleset.key: ruleset for ruleset in rulesets}
        self.keys = RulesetKeys(self)

    @overload
    def __getitem__(self, index: int) -> Ruleset: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Ruleset]: ...

    def __getitem__(self, index: int | slice) -> Ruleset | Sequence[Ruleset]:
        return self._rulesets[index]

    def __len__(self) -> int:
        return len(self._rulesets)

    def __iter__(self) -> Iterator[Ruleset]:
        return iter(self._rulesets)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Registry{self._rulesets!r}"

    def get(self, key: object) -> Ruleset | None:
        return self._by_key.get(key) if isinstance(key, str) else None

    @contextmanager
    def registered(self, ruleset: Ruleset) -> Iterator[Ruleset]:
        """One more ruleset, known while the block runs (a test's): after every other, in the order."""
        assert ruleset.key not in self._by_key, ruleset.key
        before = self._rulesets
        self._set((*before, ruleset))
        try:
            yield ruleset
        finally:
            self._set(before)

    def _set(self, rulesets: tuple[Ruleset, ...]) -> None:
        self._rulesets = rulesets
        self._by_key = {ruleset.key: ruleset for ruleset in rulesets}


class RulesetKeys(_Seq):
    """The registry's keys, in its order: a live view."""

    def __init__(self, registry: Registry) -> None:
        self._registry = registry

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        keys = tuple(ruleset.key for ruleset in self._registry)
        return keys[index]

    def __len__(self) -> int:
        return len(self._registry)

    def __iter__(self) -> Iterator[str]:
        return (ruleset.key for ruleset in self._registry)

    def __contains__(self, key: object) -> bool:
        return self._registry.get(key) is not None


RULESETS = Registry(Taiwan(), ZungJung(), HongKongOld(), Taizhou(), Fujian(), HongKongFaan())
RULESET_KEYS: Sequence[str] = RULESETS.keys


def get_ruleset(key: object) -> Ruleset:
    """The ruleset of this key; `unknown_ruleset` for anything else (None, a typo, a number)."""
    ruleset = RULESETS.get(key)
    if ruleset is None:
        raise EngineError(
            UNKNOWN_RULESET,
            "unknown ruleset {key!r}: it is one of {choices}",
            key=key, choices=', '.join(RULESET_KEYS),
        )
    return ruleset
