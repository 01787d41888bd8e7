"""JSON a visitor sends (a backup to import, a phone's offline queue), read so that no text crashes the request.

`json.loads` recurses once per level of nesting: `"[" * 5000 + "]" * 5000` raises RecursionError, which is
no ValueError, and would answer 500. No backup or queue of ours nests more than a few levels.
"""
from __future__ import annotations

import json
from typing import Any


class NestedTooDeep(ValueError):
    """JSON nested deeper than Python's parser recurses."""

    def __init__(self) -> None:
        super().__init__("its JSON is nested far too deep")


def json_loads(text: str | bytes) -> Any:
    """`json.loads`; NestedTooDeep (a ValueError) instead of RecursionError."""
    try:
        return json.loads(text)
    except RecursionError:
        raise NestedTooDeep from None
