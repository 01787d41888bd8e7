"""The win entry's keypad: each tap is a form post the server applies to the form's fields."""
import pytest

from scorekeeper.tables.display.rulesets import get_profile
from scorekeeper.tables.entry.keypad import Target, apply_action, keypad_codes, keypad_suits
from scorekeeper.tables.entry.win_fields import TileHand, WinEntry

ZJ = get_profile("zung-jung")


def tapped(*actions: str, profile=ZJ, **start) -> WinEntry:
    entry = WinEntry(**start)
    for action in actions:
        apply_action(entry, action, profile)
    return entry


def test_taps_add_tiles_sorted():
    entry = tapped("add:5p", "add:1m", "add:3p")

    assert entry.hand.concealed == "1m35p"


def test_hand_full_moves_on_to_the_winning_tile():
    taps = [f"add:{c}" for c in "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z".split()]
    entry = tapped(*taps)

    assert entry.target == "winning"
    apply_action(entry, "add:2z", ZJ)
    assert entry.winning_tile == "2z"
    assert entry.hand.concealed == "123m456p789s1112z"


def test_a_tap_on_a_full_hand_with_a_winning_tile_is_refused_with_a_message():
    entry = tapped("add:1m", hand=TileHand("123m456p789s1112z"), winning_tile="2z")

    assert entry.hand.concealed == "123m456p789s1112z"
    assert "already has 13 tiles" in entry.message


def test_tap_on_a_tile_removes_it():
    entry = tapped("remove:hand:5p", hand=TileHand("1m55p"))

    assert entry.hand.concealed == "1m5p"


@pytest.mark.parametrize("kind,tap,meld", [
    ("pung", "7z", "pung 777z"), ("kong", "5p", "kong 5555p"), ("concealed_kong", "1s", "concealed_kong 1111s"),
    ("chow", "3m", "chow 345m"), ("chow", "9s", "chow 789s"),
])
def test_melds_from_one_tap(kind, tap, meld):
    entry = tapped(f"meldkind:{kind}", f"add:{tap}")

    assert entry.hand.melds == [meld]
    assert entry.target == "hand"


def test_a_meld_shrinks_the_hand_needed():
    entry = tapped("meldkind:pung", "add:7z")

    assert entry.hand.needed(13) == 10


def test_a_chow_of_honours_is_refused():
    entry = tapped("meldkind:chow", "add:1z")

    assert entry.hand.melds == []
    assert "chow" in entry.message


def test_removing_a_meld():
    entry = tapped("remove:meld:0", hand=TileHand("", ["pung 777z", "chow 123m"]))

    assert entry.hand.melds == ["chow 123m"]


def test_flowers_once_each():
    entry = tapped("target:bonus", "add:1f", "add:6f", "add:1f")

    assert entry.bonus == "16f"
    assert "already there" in entry.message


def test_typed_text_that_cannot_be_read_is_kept_as_typed():
    entry = tapped("add:5p", hand=TileHand("12x"))

    assert entry.hand.concealed == "12x5p"


def test_mode_switch_keeps_the_tiles():
    entry = tapped("mode:figure", hand=TileHand("123m"))

    assert entry.mode == "figure"
    assert entry.hand.concealed == "123m"


def test_loser_tiles_and_melds_for_taizhou():
    taizhou = get_profile("taizhou")
    entry = tapped("target:loser-2", "add:1m", "add:1m", "meldkind:pung", "add:7z", profile=taizhou)

    assert entry.loser_hands[2].concealed == "11m"
    assert entry.loser_hands[2].melds == ["pung 777z"]
    assert entry.target == "loser-2"


def test_unknown_actions_change_nothing():
    entry = tapped("target:nowhere", "add:0x", "suit:q", hand=TileHand("1m"))

    assert (entry.target, entry.hand.concealed, entry.suit) == ("hand", "1m", "m")


def test_fujian_keypad_has_no_honours_in_the_hand_and_winds_as_bonus():
    fujian = get_profile("fujian")

    assert keypad_suits(Target("hand"), fujian) == ["m", "p", "s"]
    assert keypad_codes(Target("bonus"), fujian) == ["1z", "2z", "3z", "4z", "7z"]


def test_responsible_defaults_to_the_discarder_in_zung_jung():
    assert WinEntry(winner="1", how="2").responsible_seat(ZJ) == 2
    assert WinEntry(winner="1", how="2", responsible="none").responsible_seat(ZJ) is None
    assert WinEntry(winner="1", how="2", responsible="3").responsible_seat(ZJ) == 3
    assert WinEntry(winner="1", how="self").responsible_seat(ZJ) is None


def test_taizhou_responsible_is_no_one_unless_chosen():
    taizhou = get_profile("taizhou")

    assert WinEntry(winner="1", how="2").responsible_seat(taizhou) is None


def test_a_photos_fix_replaces_the_tile_in_its_place():
    """static/js/photo.js: one tap on a marked tile's next guess (issue 38); the row keeps the photo's order."""
    entry = tapped("swap:hand:2:6s:9s", hand=TileHand("7s8s6s1m"))

    assert entry.hand.codes == ["7s", "8s", "9s", "1m"]
    assert entry.message == ""


def test_a_photos_fix_takes_the_first_copy_when_the_place_has_moved():
    entry = tapped("swap:hand:0:6s:9s", hand=TileHand("1m6s6s"))

    assert entry.hand.codes == ["1m", "9s", "6s"]


def test_a_photos_fix_of_the_winning_tile():
    entry = tapped("swap:winning:0:6z:7z", hand=TileHand("123m"), winning_tile="6z")

    assert entry.winning_tile == "7z"
    assert tapped("swap:winning:0:5z:7z", winning_tile="6z").winning_tile == "6z"


@pytest.mark.parametrize("action", ["swap:hand:0:2m:3m", "swap:hand:0:1m:1m", "swap:hand:0:1m:xx",
                                    "swap:loser-1:0:1m:3m", "swap:hand", "swap:"])
def test_a_fix_of_a_tile_not_there_changes_nothing(action):
    entry = tapped(action, hand=TileHand("1m5p"))

    assert entry.hand.concealed == "1m5p" and entry.message == ""


def test_a_fix_to_a_fifth_copy_is_refused():
    entry = tapped("swap:hand:0:1m:5p", hand=TileHand("1m5555p"))

    assert entry.hand.concealed == "1m5555p"
    assert "All four" in entry.message
