"""entry.win_fields: the form read once as the check reads it (`WinEntry.entered`, a frozen `EnteredWin`)."""
import dataclasses

import pytest

from scorekeeper.tables.display.rulesets import get_profile
from scorekeeper.tables.entry.win_fields import TileHand, WinEntry

ZJ = get_profile("zung-jung")


def test_the_entry_is_read_once_into_a_frozen_value():
    entered = WinEntry(winner="1", how="2", mode="figure", figure="30", note="late").entered(ZJ)

    assert (entered.winner, entered.discarder, entered.self_drawn) == (1, 2, False)
    assert (entered.by_figure, entered.figure, entered.figure_digits) == (True, 30, True)
    assert (entered.hand.winner, entered.hand.discarder, entered.hand.figure) == (1, 2, 30)
    assert entered.note_clean
    with pytest.raises(dataclasses.FrozenInstanceError):
        entered.figure = 40  # type: ignore[misc]


def test_a_figure_that_is_no_whole_number_is_kept_as_typed():
    entered = WinEntry(winner="1", how="self", mode="figure", figure="3o").entered(ZJ)

    assert (entered.figure_typed, entered.figure, entered.figure_digits) == ("3o", None, False)
    assert entered.hand.figure is None


def test_the_keypads_progress_and_the_losers_points_are_read_with_it():
    taizhou = get_profile("taizhou")
    entry = WinEntry(winner="0", how="self", hand=TileHand("123m456p"), loser_points={1: "8", 2: "x", 3: ""})

    entered = entry.entered(taizhou)

    assert entered.tiles_have == 6 and entered.tiles_needed == taizhou.ruleset.hand_size
    assert entered.points_read == frozenset({1})
    assert [seat for seat, _ in entered.loser_tiles] == [1, 2, 3]


def test_a_responsible_player_the_win_may_no_longer_name_is_forgotten_first():
    hk = get_profile("hk-faan")  # on a discard, only the discarder may be named
    entry = WinEntry(winner="1", how="2", responsible="3")

    entered = entry.entered(hk)

    assert entry.responsible == "" and entered.responsible_typed == ""  # the form offers no one again
