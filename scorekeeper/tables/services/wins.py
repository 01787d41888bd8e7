"""A win saved: the one way the win form and the offline queue record or change a win.

`win_record` reads the session's replay, checks the entry against it (entry.check: the hand scored once),
and appends the hand, or puts it in the place of the win it edits, with the replay the check made
(services.hands, under the session's write lock). What it refuses, it refuses as `SaveRefused`: another
phone changed the session first (`changed`), or what is wrong with the entry, field by field (`errors`).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..display.rulesets import get_profile
from ..entry.check import win_check
from ..entry.win_fields import WinEntry
from ..models import Hand, Session
from ..replay import ReplayState, session_replay
from .hands import hand_replace, hands_append
from .refusal import SaveRefused, refusals


@dataclass(frozen=True)
class WinRecorded:
    """The win as saved, and the session's replay read before it (what an edit's notice is told against)."""

    hand: Hand
    before: ReplayState


def win_record(*, session: Session, entry: WinEntry, token: str = "", revision: str | None = None,
               editing: Hand | None = None) -> WinRecorded:
    """Save `entry` as a new win (`token`: the form's one-time token; the same form sent again saves once),
    or as the win `editing` now says, in its place. `revision`: the session revision the form was built from
    (None: a change from the offline queue, which holds the session itself). Raises `SaveRefused`."""
    entered = entry.entered(get_profile(session.ruleset))  # the form read once, as the check reads it
    before = session_replay(session=session)
    check = win_check(session=session, entry=entered, replay=before, editing=editing)
    if not check.ready or check.entered is None:
        # Another phone's change comes first: the form is shown again on the latest revision.
        stale = bool(revision) and revision != str(session.revision)
        raise SaveRefused(changed=stale, errors={} if stale else dict(check.errors))
    with refusals():
        if editing is None:
            hand = hands_append(session=session, hands=[check.entered], token=token, revision=revision,
                                after=check.after)[0]
        else:
            hand = hand_replace(hand=editing, entered=check.entered, revision=revision, after=check.after)
    return WinRecorded(hand, before)
