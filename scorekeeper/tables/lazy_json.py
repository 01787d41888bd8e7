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
    __slots__ = ("_items",)

    def __init__(self, items: Iterable[Any] = ()) -> None:
        self._items: list[Any] = list(items)  # JSON text not yet read, or the value it holds

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> Decoded: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return Decoded(self._items[index])
        item = self._items[index]
        if isinstance(item, str):
            item = self._items[index] = json.loads(item)
        return item

    def __setitem__(self, index: Any, value: Any) -> None:
        self._items[index] = value

    def __delitem__(self, index: Any) -> None:
        del self._items[index]

    def insert(self, index: int, value: Any) -> None:
        self._items.insert(index, value)

    def __iter__(self) -> Iterator[Any]:
        for index in range(len(self._items)):
            yield self[index]

    def __add__(self, other: Iterable[Any]) -> Decoded:
        return Decoded([*self._items, *(other._items if isinstance(other, Decoded) else other)])

    def __radd__(self, other: Iterable[Any]) -> Decoded:
        return Decoded([*other, *self._items])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, Decoded)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Decoded:
        return Decoded(self._items)

    def __repr__(self) -> str:
        return f"Decoded({len(self._items)} items)"
