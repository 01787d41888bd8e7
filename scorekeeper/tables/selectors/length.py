"""Where an evening stands against the length the table chose at New session (issue 23).

A length is rounds of the deal (1: 一圈, 4: 一將) or a number of hands; none is open-ended. The round and the
hand within it are the engine's (its deal state in the settle answer), so dealer continuations and draws count
as the ruleset says. Decisions where the issue is silent: a length in hands counts wins and draws (not
on-the-spot payments or seat changes, which are no hands); reaching the length only offers Settle up — the
table may play on, and the screen then says how far past the end it is by the round or hand it is in.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from ..display.words import WIND_NAMES
from ..models import Session
from ..replay import HandState

WINDS = "ESWN"


@dataclass(frozen=True)
class SessionLength:
    where: str  # "South round, hand 3"
    ends: str  # "the session ends after the North round"; "" when open-ended
    reached: bool


def session_length(*, session: Session, state: HandState, hands_played: int) -> SessionLength:
    """`state`: the deal of the hand about to be played."""
    where = gettext("%(wind)s round, hand %(number)d") % {"wind": WIND_NAMES[state.round_wind],
                                                         "number": state.hand_in_round}
    if session.length_rounds:
        last = WIND_NAMES[WINDS[(session.length_rounds - 1) % len(WINDS)]]
        if state.round > session.length_rounds:
            return SessionLength(where, gettext("the %(wind)s round is over: the session's length is reached")
                                 % {"wind": last}, True)
        return SessionLength(where, gettext("the session ends after the %(wind)s round") % {"wind": last}, False)
    if session.length_hands:
        if hands_played >= session.length_hands:
            return SessionLength(where, gettext("%(count)d hands are played: the session's length is reached")
                                 % {"count": session.length_hands}, True)
        return SessionLength(where, gettext("hand %(number)d of %(count)d") % {
            "number": hands_played + 1, "count": session.length_hands}, False)
    return SessionLength(where, "", False)
