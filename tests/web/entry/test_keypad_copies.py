"""The keypad knows the tiles on the table: a fifth copy cannot be added (and its key is greyed out),
and a tile taken out of a complete hand is tapped in again before any winning tile."""
from __future__ import annotations

from scorekeeper.tables.display.rulesets import get_profile
from scorekeeper.tables.entry.keypad import apply_action, used_up
from scorekeeper.tables.entry.win_fields import TileHand, WinEntry

ZJ = get_profile("zung-jung")


def tapped(entry: WinEntry, *actions: str) -> WinEntry:
    for action in actions:
        apply_action(entry, action, ZJ)
    return entry


def test_a_fifth_copy_is_refused_with_words():
    entry = tapped(WinEntry(), "add:1m", "add:1m", "add:1m", "add:1m", "add:1m")
    assert entry.hand.codes.count("1m") == 4
    assert entry.message == "All four 1 characters are in the hands already."


def test_copies_in_melds_the_winning_tile_and_a_losers_hand_count():
    entry = WinEntry(hand=TileHand("11m", ["pung 777z"]), winning_tile="1m",
                     loser_hands={2: TileHand("1m7z")})
    assert used_up(entry) == {"1m", "7z"}


def test_the_greyed_keys_are_disabled_on_the_page(client, make_session):
    session = make_session()
    page = client.post(f"/sessions/{session.pk}/win/", {
        "mode": "tiles", "concealed": "1111m", "action": "refresh", "token": "t"}).content.decode()
    assert 'value="add:1m"' in page
    key = page.split('value="add:1m"', 1)[1].split(">", 1)[0]
    assert "disabled" in key
    assert "disabled" not in page.split('value="add:2m"', 1)[1].split(">", 1)[0]


def test_taking_a_tile_out_of_a_complete_hand_refills_the_hand_first():
    entry = WinEntry(hand=TileHand("123456789m112z"), winning_tile="", target="hand")
    tapped(entry, "add:2z")  # the 13th tile: the next tap is the winning tile
    assert entry.target == "winning"
    tapped(entry, "add:3z", "remove:hand:5m")
    assert entry.target == "hand"
    tapped(entry, "add:6m")
    assert entry.hand.codes.count("6m") == 2 and entry.winning_tile == "3z"
