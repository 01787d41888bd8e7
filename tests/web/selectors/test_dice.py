"""The last roll as the screens show it (selectors/dice.py): only while it is this hand's, and the wall the dealer
breaks, counted counter-clockwise from the dealer."""
from __future__ import annotations

import pytest

from scorekeeper.tables import selectors
from scorekeeper.tables.selectors.dice import shown_roll
from scorekeeper.tables.services.dice import dice_record


@pytest.mark.parametrize(("values", "dealer", "wall"), [
    ((1, 1, 3), 0, "Ann"),  # 5: back to the dealer
    ((1, 1, 4), 0, "Bob"),  # 6: the next seat
    ((6, 6, 6), 0, "Bob"),  # 18
    ((3, 4, 5), 1, "Ann"),  # 12 from Bob: Bob, Cy, Di, Ann
])
def test_the_wall_is_counted_from_the_dealer(make_session, win, values, dealer, wall):
    session = make_session()
    if dealer:
        win(session, 1, "self", figure=10)  # Bob wins: the deal passes to him
    standings = selectors.session_standings(session=session)
    dice_record(session=session, seat=2, by="Cy", hand=standings.hand_number, values=list(values))
    shown = shown_roll(standings=selectors.session_standings(session=session))
    assert shown is not None and shown.wall == wall and shown.roll.by == "Cy" and shown.roll.total == sum(values)


def test_a_roll_before_the_last_hand_is_not_shown(make_session, win):
    session = make_session()
    dice_record(session=session, seat=0, by="Ann", hand=1, values=[2, 3, 4])
    assert shown_roll(standings=selectors.session_standings(session=session)) is not None
    win(session, 1, "self", figure=10)
    assert shown_roll(standings=selectors.session_standings(session=session)) is None
