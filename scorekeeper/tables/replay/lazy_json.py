"""A list of JSON texts decoded one by one, when first read.

A long session's replay snapshots come from the database as text; a page reads the last few
hands and the chart a hundred points, so decoding all of them on every cold read would cost
what the snapshots are there to save.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, MutableSequence
from typing import Any, overload


class Decoded(MutableSequence[Any]):
    """Made from JSON texts; holds each as text until it is read, then the value it holds.

    A value read (or set) is kept in a one-item tuple: told apart from text not yet read even when
    the value is itself a string, while the texts, most of the list, are kept as they came."""

    __slots__ = ("_items",)

    def __init__(self, texts: Iterable[str] = ()) -> None:
        self._items: list[Any] = list(texts)

    @classmethod
    def _of(cls, items: list[Any]) -> Decoded:
        made = cls()
        made._items = items
        return made

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> Decoded: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return Decoded._of(self._items[index])
        item = self._items[index]
        if type(item) is str:
            value = json.loads(item)
            self._items[index] = (value,)
            return value
        return item[0]

    def decoded(self) -> list[Any]:
        """Every item's value: the texts not yet read decoded in one pass (one parse, not one per item)."""
        texts = [index for index, item in enumerate(self._items) if type(item) is str]
        if texts:
            values = json.loads("[" + ",".join(self._items[index] for index in texts) + "]")
            for index, value in zip(texts, values):
                self._items[index] = (value,)
        return [item[0] for item in self._items]

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            self._items[index] = [(item,) for item in value]
        else:
            self._items[index] = (value,)

    def __delitem__(self, index: Any) -> None:
        del self._items[index]

    def insert(self, index: int, value: Any) -> None:
        self._items.insert(index, (value,))

    def __iter__(self) -> Iterator[Any]:
        for index in range(len(self._items)):
            yield self[index]

    def __add__(self, other: Iterable[Any]) -> Decoded:
        return Decoded._of([*self._items, *_held(other)])

    def __radd__(self, other: Iterable[Any]) -> Decoded:
        return Decoded._of([*_held(other), *self._items])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, Decoded)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Decoded:
        return Decoded._of(list(self._items))

    def __repr__(self) -> str:
        return f"Decoded({len(self._items)} items)"


def _held(values: Iterable[Any]) -> list[Any]:
    return values._items if isinstance(values, Decoded) else [(value,) for value in values]
