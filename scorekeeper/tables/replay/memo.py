"""A small cache of what pages derive from a replay state (who sat where, each person's money, the chart).

A page asks for these several times, and the next page of the same revision asks again; the state
itself stays as it was made (state.py), so they are kept here instead: by session, revision and
whatever else they depend on (the players, the language), and only for the very state they were made
from. A check's candidate state has the session's revision too but other hands: it never gets the
session's own values. The state is held weakly: the memo keeps no state alive past the replay cache.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ..models import Session
from .cache import CACHE_SIZE
from .state import ReplayState

# Values kept in this process, least recently used first out: enough for every session the replay cache keeps
# (a revision asks for about 4, in each language read, and a save leaves the old revision's until they age
# out). At 256, 50 tables at once made each value twice a revision (benchmarks/tables.py). A value is at most a
# few kB (the chart's SVG): a few MB a process.
MEMO_SIZE = CACHE_SIZE * 16

T = TypeVar("T")

_memo: OrderedDict[tuple[Hashable, ...], tuple[weakref.ref[ReplayState], Any]] = OrderedDict()
_lock = threading.Lock()


def derived(session: Session, state: ReplayState, key: tuple[Hashable, ...], make: Callable[[], T]) -> T:
    """`make()`, made once for this state of the session and `key` (what else the value depends on)."""
    full = (session.pk, str(session.revision), *key)
    with _lock:
        kept = _memo.get(full)
        if kept is not None and kept[0]() is state:
            _memo.move_to_end(full)
            return kept[1]  # type: ignore[no-any-return]
    value = make()
    with _lock:
        _memo[full] = (weakref.ref(state), value)
        _memo.move_to_end(full)
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)
    return value


def forget_all() -> None:
    with _lock:
        _memo.clear()
