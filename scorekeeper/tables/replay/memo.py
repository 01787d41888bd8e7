"""A small cache of what pages derive from a replay state (who sat where, each person's money, the chart).

A page asks for these several times, and the next page of the same revision asks again; the state
itself stays as it was made (state.py), so they are kept here instead: by session, revision and
whatever else they depend on (the players, the language), and only for the very state they were made
from. A check's candidate state has the session's revision too but other hands: it never gets the
session's own values. The state is held weakly: the memo keeps no state alive past the replay cache,
and the values made from states no longer alive are let go as new ones are kept, so the memo holds little
more than what the live states (which the replay cache bounds in bytes) derive.
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

# Values kept at most, least recently used first out: room for every session the replay cache keeps (a state
# is asked for about 4, in each language read). At 256 in all, 50 tables at once made each of them twice a
# revision (counted in process: a session screen after each save, another, and History).
MEMO_SIZE = CACHE_SIZE * 16

T = TypeVar("T")

_memo: OrderedDict[tuple[Hashable, ...], tuple[weakref.ref[ReplayState], Any]] = OrderedDict()
_lock = threading.Lock()
SWEEP_FROM = 64  # values at least before the memo looks for the dead
_sweep_at = [SWEEP_FROM]  # the memo's size at which it next looks


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
        if len(_memo) >= _sweep_at[0]:
            _let_go_of_the_dead()
        _memo[full] = (weakref.ref(state), value)
        _memo.move_to_end(full)
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)
    return value


def _let_go_of_the_dead() -> None:
    """A save replaces its session's state in the replay cache, and the cache lets go of the least used: what
    their states derived goes with them (the chart lines of a session of 1,000 hands are some 440 kB). Looked
    for once the memo has doubled since the last look, so each value kept pays for it once, whatever its size."""
    for gone in [key for key, (made_from, _) in _memo.items() if made_from() is None]:
        del _memo[gone]
    _sweep_at[0] = min(MEMO_SIZE, max(SWEEP_FROM, 2 * len(_memo)))


def forget_all() -> None:
    with _lock:
        _memo.clear()
        _sweep_at[0] = SWEEP_FROM
