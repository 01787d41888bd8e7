"""A hand as entered (tables/hand_input.py): the one shape that becomes a row, the engine's settle input, a
backup row and a CSV row's cells, and comes back from the row and the backup row unchanged."""
from __future__ import annotations

import json

import pytest

from scorekeeper.engine import get_ruleset
from scorekeeper.tables.backup_format import HAND_FIELDS, LATER_HAND_FIELDS
from scorekeeper.tables.hand_input import ENTERED, HAND_CSV_COLUMNS, CsvSheet, HandInput, OtherWin
from scorekeeper.tables.models import Hand, Player

TILES = {"concealed": "123m456p789s1122z", "winning_tile": "2z", "melds": [{"kind": "pung", "tiles": "777z"}]}
HANDS = {
    "by tiles": HandInput(Hand.Kind.WIN, winner=1, discarder=2, tiles=TILES, events=("last_tile",), note="big"),
    "by figure": HandInput(Hand.Kind.WIN, winner=0, figure=8, figure_field="fan"),
    "taizhou's losers": HandInput(Hand.Kind.WIN, winner=2, discarder=3, figure=44, figure_field="points",
                                  loser_points=(6, {"concealed": "1m"}, None, 0)),
    "a draw": HandInput(Hand.Kind.DRAW, note="wall"),
    "on the spot": HandInput(Hand.Kind.SPOT, spot_kind="chase", spot_player=1, spot_count=2, spot_to=3),
    "several winners": HandInput(Hand.Kind.WIN, winner=1, discarder=0, figure=2, figure_field="fan",
                                 other_wins=(OtherWin(3, tiles=TILES),
                                             OtherWin(2, figure=5, figure_field="pattern_fan"))),
}


@pytest.mark.parametrize("hand", HANDS.values(), ids=HANDS.keys())
def test_a_hand_comes_back_from_its_row(hand):
    assert HandInput.from_row(hand.as_row()) == hand


@pytest.mark.parametrize("hand", HANDS.values(), ids=HANDS.keys())
def test_a_hand_comes_back_from_its_backup_row_through_json(hand):
    row = json.loads(json.dumps(hand.as_backup_row()))

    assert list(row) == [*HAND_FIELDS, *LATER_HAND_FIELDS] == list(ENTERED)
    assert HandInput.from_backup_row(row) == hand


def test_a_seat_change_is_backed_up_with_the_newcomers_name():
    row = HandInput(Hand.Kind.SEAT, seat=2, newcomer=Player(name="Eve")).as_backup_row()

    back = HandInput.from_backup_row(row)
    assert row["newcomer"] == "Eve" and back.seat == 2 and back.newcomer is not None and back.newcomer.name == "Eve"


def test_a_backup_made_before_a_field_existed_takes_its_default():
    row = {name: value for name, value in HANDS["a draw"].as_backup_row().items() if name in HAND_FIELDS}

    assert HandInput.from_backup_row(row) == HANDS["a draw"]


def test_an_edited_row_keeps_its_place_and_takes_every_entered_field():
    row = HANDS["by tiles"].as_row()
    row.position = 7

    HANDS["by figure"].as_row(onto=row)

    assert row.position == 7 and row.tiles is None and row.events == [] and row.figure == 8


def test_a_row_never_shares_the_entrys_tiles():
    hand = HANDS["by tiles"]
    hand.as_row().tiles["melds"].append({"kind": "chow", "tiles": "123m"})

    assert hand.tiles == TILES and len(TILES["melds"]) == 1


@pytest.mark.parametrize("hand, ruleset, given", [
    (HANDS["a draw"], "taiwan", {"draw": True}),
    (HandInput(Hand.Kind.SEAT, seat=1), "taiwan", {"seat_change": 1}),
    (HANDS["on the spot"], "taiwan", {"spot": "chase", "player": 1, "count": 2, "to": 3}),
    (HandInput(Hand.Kind.WIN, winner=0, discarder=1, figure=30), "zung-jung",
     {"winner": 0, "discarder": 1, "points": 30, "responsible": None}),
    (HANDS["by tiles"], "taiwan", {"winner": 1, "discarder": 2, "hand": {**TILES, "events": ["last_tile"]}}),
    (HandInput(Hand.Kind.WIN, winner=0, discarder=1, figure=5, events=("robbing_kong",)), "hk-faan",
     {"winner": 0, "discarder": 1, "faan": 5, "robbed_kong": True, "responsible": None}),
], ids=["draw", "seat change", "spot", "figure", "tiles", "robbed kong by figure"])
def test_the_engine_is_given_the_entry_as_its_ruleset_takes_it(hand, ruleset, given):
    assert hand.settle_entry(get_ruleset(ruleset)) == given


def test_a_dice_payment_sent_again_after_the_deal_moved_on_is_the_same_entry():
    sent = HandInput(Hand.Kind.SPOT, spot_kind="dice_123")
    saved = sent.with_changes(spot_player=2)  # the dealer's seat, filled in from the replay

    assert sent.same_entry(saved) and not HANDS["a draw"].same_entry(HANDS["a draw"].with_changes(note="x"))


@pytest.mark.parametrize("hand", HANDS.values(), ids=HANDS.keys())
def test_a_hand_has_a_cell_for_every_csv_column_and_its_note(hand):
    sheet = CsvSheet(get_ruleset("taizhou"), {}, {"fan": "fan", "points": "points"}, seat_changes=True)

    cells = hand.csv_cells(sheet, names=["Ann", "Bob", "Cy", "Di"], dealer=0, answer={})

    assert list(cells) == [*HAND_CSV_COLUMNS, "note"]


def test_a_csv_row_quotes_the_names_a_spreadsheet_would_run():
    sheet = CsvSheet(get_ruleset("zung-jung"), {}, {"points": "points"}, seat_changes=True)
    change = HandInput(Hand.Kind.SEAT, seat=1, newcomer=Player(name="+Eve"), note="@later")

    cells = change.csv_cells(sheet, names=["Ann", "=Bob", "Cy", "Di"], dealer=1, answer={})

    assert (cells["kind"], cells["dealer"], cells["seat change"], cells["note"]) == (
        "seat change", "'=Bob", "'+Eve sits in for '=Bob", "'@later")
    assert sheet.hand_columns == [c for c in HAND_CSV_COLUMNS if c not in ("loser points", "on the spot")]


def test_several_winners_are_one_engine_entry_naming_the_discarder_once():
    entry = HANDS["several winners"].settle_entry(get_ruleset("taiwan"))

    assert entry == {"discarder": 0, "winners": [{"winner": 1, "fan": 2}, {"winner": 3, "hand": TILES},
                                                 {"winner": 2, "pattern_fan": 5}]}
    assert HANDS["several winners"].winners == (1, 3, 2)


def test_another_winner_by_tiles_shares_the_hands_events():
    hand = HandInput(Hand.Kind.WIN, winner=1, discarder=0, figure=2, events=("last_tile",),
                     other_wins=(OtherWin(3, tiles=TILES),))

    assert hand.settle_entry(get_ruleset("taiwan"))["winners"][1]["hand"] == {**TILES, "events": ["last_tile"]}
