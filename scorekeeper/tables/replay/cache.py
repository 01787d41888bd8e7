"""The session's replay as a page reads it: `session_replay`, kept in a small per-process cache.

Each state is kept for the session's `revision`, which every write changes: a cached state is never
stale, and processes need not share it. A process that has not kept it reads the snapshots the last
write left in the database (store.py), else replays the session whole and writes them for the next
read. The states kept are immutable (state.py), so threads share them freely.
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict

from ..hand_input import HandInput
from ..models import Session
from . import store
from .replaying import replay_whole, settle_inputs
from .state import ReplayState

CACHE_SIZE = 64  # sessions a process keeps replayed
# ... and the bytes they may hold, estimated: a replay fully read (every answer, checkpoint, balance row and
# tally decoded) holds about BYTES_PER_HAND a hand (measured with tracemalloc: 10 kB a hand by tiles, 7 kB by
# figure; a replay made by the engine itself, about 6 and 4; since the tallies are kept as text, issue 39.1,
# 8.0 and 5.2 kB read from the snapshots). Least recently used first out; a replay bigger
# than the whole budget is not kept at all. With `make serve`'s 4 workers, at most 4 x 64 MB.
CACHE_BYTES = int(os.environ.get("REPLAY_CACHE_MB", "64")) * 1024 * 1024
BYTES_PER_HAND = 10_000
BYTES_PER_REPLAY = 20_000

# session id -> (revision, replay, its estimated bytes): only a session's latest revision is worth keeping.
_cache: OrderedDict[int, tuple[str, ReplayState, int]] = OrderedDict()
_cache_bytes = 0
_lock = threading.Lock()


def session_replay(*, session: Session) -> ReplayState:
    """The session replayed by the engine: kept in this process by revision, else read from the
    snapshots the last write left (store.py), else replayed whole (and the snapshots written for
    the next read, on any server)."""
    with _lock:
        cached = _cache.get(session.pk)
        if cached is not None and cached[0] == str(session.revision):
            _cache.move_to_end(session.pk)
            return cached[1]
    state = store.read(session=session)
    if state is None:
        hands = list(session.hands.live().order_by("position").select_related("newcomer"))
        state = replay_whole(session=session, hand_ids=[h.pk for h in hands],
                             inputs=settle_inputs(session=session, hands=map(HandInput.from_row, hands)))
        store.write_all(session=session, state=state)
    remember(session=session, state=state)
    return state


def remember(*, session: Session, state: ReplayState) -> None:
    """Keep the state for the session's revision, within the cache's count and bytes (CACHE_BYTES)."""
    global _cache_bytes
    size = replay_bytes(state)
    with _lock:
        _cache_bytes -= _cache.pop(session.pk, ("", state, 0))[2]
        if size > CACHE_BYTES:
            return
        _cache[session.pk] = (str(session.revision), state, size)
        _cache_bytes += size
        while len(_cache) > CACHE_SIZE or _cache_bytes > CACHE_BYTES:
            _cache_bytes -= _cache.popitem(last=False)[1][2]


def replay_bytes(state: ReplayState) -> int:
    """What a state may come to hold in memory once every part of it is read (CACHE_BYTES)."""
    return BYTES_PER_REPLAY + BYTES_PER_HAND * len(state.hand_ids)


def cached_bytes() -> int:
    with _lock:
        return _cache_bytes


def forget_all() -> None:
    global _cache_bytes
    with _lock:
        _cache.clear()
        _cache_bytes = 0
