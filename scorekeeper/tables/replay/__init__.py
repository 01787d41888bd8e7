"""The engine's replay of a session: the one source of balances, dealers, streaks, winds and debts.

- state.py: `ReplayState`, the engine's answer for a session, immutable once made.
- replaying.py: running the engine: a whole replay, or one from a checkpoint (`replay_from`), which
  answers with a `ReplayDelta` (the new state, and which entries the write replayed).
- store.py: the snapshots in the database, the only reader and writer of them.
- cache.py: `session_replay`, the state for the session's revision, kept per process.
- seating.py: who sat where, hand by hand, and each person's money; tallies.py: the player page's counts.

Other layers import what they need from here.
"""
from .cache import forget_all, session_replay
from .replaying import (
                        ReplayDelta,
                        Scored,
                        replay_appended,
                        replay_candidate,
                        replay_from,
                        replay_whole,
                        scored_fields,
                        settle_fields,
                        settle_inputs,
                        with_dice_players,
)
from .state import HandState, ReplayState, between_hands

__all__ = [
    "HandState", "ReplayDelta", "ReplayState", "Scored", "between_hands", "forget_all",
    "replay_appended", "replay_candidate", "replay_from", "replay_whole", "scored_fields", "session_replay",
    "settle_fields", "settle_inputs", "with_dice_players",
]
