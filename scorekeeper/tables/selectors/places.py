"""Where a hand sits in its session, for the screens that enter, change or send one.

The replay comes with it: the checks that build on it (entry.check, entry.quick_entry) take it as given, and
a change is told against the hand's place read before it (selectors.history.what_changed). Views ask here instead of
replaying the session themselves, so the replay is read in one layer.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..models import Session
from ..replay import ReplayState, session_replay
from ..replay.seating import names_at


@dataclass(frozen=True)
class HandPlace:
    """A hand's place in the session's replay: `index` into it (`len(replay.hand_ids)`: the hand about to be
    played)."""

    session: Session
    replay: ReplayState
    index: int

    @property
    def label(self) -> str:
        return self.replay.label(self.index)

    @property
    def number(self) -> int:
        return self.replay.number(self.index)

    @property
    def dealer(self) -> int:
        return self.replay.states[self.index].dealer

    @cached_property
    def names(self) -> list[str]:
        """The people in the seats at this hand (seat changes: not always the session's four)."""
        return names_at(session=self.session, replay=self.replay, index=self.index)


def hand_place(*, session: Session, hand_id: int | None = None) -> HandPlace:
    """The place of the live hand `hand_id` (KeyError for one the replay does not hold), or of the next hand."""
    replay = session_replay(session=session)
    return HandPlace(session, replay, len(replay.hand_ids) if hand_id is None else replay.index_of(hand_id))

