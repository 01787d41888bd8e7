"""Several winners on one discard (一炮多響) wherever a hand is shown or kept (issue 37 point 4): the rows of the
session screen and History, the notice after a save, the CSV, the backup and its import, the player pages, a seat
change before the hand, Settle-up. taiwan.md's worked example: Bob holds a chain (Ann owes 14); Ann discards,
Bob (2 fan) and Di (6) win, and here Cy too, by tiles: Ann owes Bob 33 in his chain, pays Di 16 and Cy at once."""
from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

import pytest

from scorekeeper.tables import selectors, services
from scorekeeper.tables.display.rulesets import get_profile
from scorekeeper.tables.hand_input import HandInput, OtherWin
from scorekeeper.tables.models import Hand, Player
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.replay.seating import people_money, people_settle_up
from scorekeeper.tables.selectors.exports import session_backup, session_csv

ON = {"several_winners": True}
STAKES = {"base": "10", "per_fan": "1"}
TILES = {"concealed": "123m456p789s234s1112z", "winning_tile": "2z"}  # 4 fan for Cy, by the engine


def bob_first(discarder: int = 0) -> HandInput:
    return HandInput(Hand.Kind.WIN, winner=1, discarder=discarder, figure=4, figure_field="fan")


def three_win(discarder: int = 0, note: str = "") -> HandInput:
    return HandInput(Hand.Kind.WIN, winner=1, discarder=discarder, figure=2, figure_field="fan", note=note,
                     other_wins=(OtherWin(3, figure=6, figure_field="fan"), OtherWin(2, tiles=TILES)))


@pytest.fixture
def evening(make_session):
    session = make_session("taiwan", options=ON, stakes=STAKES)
    services.hands_append(session=session, hands=[bob_first()])
    services.hands_append(session=session, hands=[three_win(note="triple")])
    return session


def last_row(session):
    replay = session_replay(session=session)
    hand = session.hands.live().order_by("-position").first()
    return selectors.hand_rows(session=session, replay=replay, hands=[hand])[0]


def test_the_row_names_every_winner_with_figure_money_and_the_chain(evening):
    row = last_row(evening)

    assert row.title == "Bob, Di and Cy won on Ann's discard"
    assert row.detail == "triple"
    assert [w.words for w in row.winners] == [
        "Bob, 2 fan: 12 from Ann, carries the 拉 chain", "Di, 6 fan: 16 from Ann", "Cy, 4 fan by tiles: 14 from Ann"]
    assert row.winners[2].score is not None and row.winners[2].score.patterns  # Cy's patterns, shown folded
    assert [(p.payer, p.payee, p.amount) for p in row.untold_payments] == [
        ("Ann", "Di", Decimal(16)), ("Ann", "Cy", Decimal(14))]
    assert row.tracked_changes == ["Ann now owes Bob 33 (was 14)"]


def test_history_and_the_session_screen_show_each_winner_and_the_patterns_by_tiles(client, evening):
    history = client.get(f"/sessions/{evening.pk}/history/").content.decode()
    screen = client.get(f"/sessions/{evening.pk}/").content.decode()

    for html in (history, screen):
        assert "Bob, Di and Cy won on Ann&#x27;s discard" in html
        assert "Bob, 2 fan: 12 from Ann, carries the 拉 chain" in html and "Di, 6 fan: 16 from Ann" in html
    assert "Patterns: Cy" in history  # the session screen's rows are compact


def test_the_notice_after_the_save_says_every_winner_and_where_the_money_went(evening):
    replay = session_replay(session=evening)
    saved = evening.hands.live().order_by("-position").first()

    notice = selectors.hand_notice(session=evening, replay=replay, saved=saved.pk, deleted=None)

    assert notice is not None and notice.sentence == (
        "Bob 2 fan, Di 6 fan and Cy 4 fan by tiles won off Ann; Bob carries the 拉 chain — "
        "Ann now owes Bob 33 (was 14); Ann paid Di 16; Ann paid Cy 14")


def test_the_title_of_a_hand_not_yet_replayed_says_by_tiles():
    title, detail = selectors.hand_title(hand=three_win(), names=["Ann", "Bob", "Cy", "Di"],
                                         profile=get_profile("taiwan"))

    assert (title, detail) == ("Bob, Di and Cy won on Ann's discard", "Bob 2 fan · Di 6 fan · Cy by tiles")


def test_the_csv_names_every_winner_in_the_hands_one_row(evening):
    rows = list(csv.DictReader(io.StringIO(session_csv(session=evening).lstrip("\ufeff"))))
    hand = rows[1]

    assert [row["hand"] for row in rows if row["entry"]] == ["1", "2"]  # one row per hand, not per winner
    assert (hand["winner"], hand["discarder"], hand["figure"], hand["unit"]) == (
        "Bob (carries the chain); Di; Cy", "Ann", "2; 6; 4", "fan; fan; fan (scored from the tiles)")
    assert hand["tiles"] == "Cy: 123m456p789s234s1112z win 2z"
    assert hand["payments"] == "Ann → Bob 12; Ann → Di 16; Ann → Cy 14"
    assert [hand[f"{name} balance"] for name in ("Ann", "Bob", "Cy", "Di")] == ["-63", "33", "14", "16"]


def test_the_backup_round_trip_is_exact(evening):
    backup = session_backup(session=evening)
    restored = services.session_restore(data=json.loads(json.dumps(backup)), owner=evening.owner)
    again = session_backup(session=restored)

    assert again["hands"] == backup["hands"] and again["options"] == ON
    assert backup["hands"][1]["other_wins"] == [
        {"winner": 3, "figure": 6, "figure_field": "fan", "tiles": None},
        {"winner": 2, "figure": None, "figure_field": "", "tiles": TILES}]
    assert session_replay(session=restored).balances == session_replay(session=evening).balances


@pytest.mark.parametrize("options", [{}, {"several_winners": False}])
def test_the_import_refuses_several_winners_where_the_option_is_off(evening, options):
    backup = session_backup(session=evening)
    backup["options"] = options
    sessions = type(evening).objects.count()

    with pytest.raises(ValueError, match=r"^Hand 2 of the backup is refused by the engine: .*截糊"):
        services.session_restore(data=backup, owner=evening.owner)
    assert type(evening).objects.count() == sessions


def player(session, name):
    return Player.objects.get(owner=session.owner, name=name)


def page_record(session, name):
    """The player page's record of `name`, over every session they sat in."""
    found = player(session, name)
    return selectors.player_record(player=found, sessions=selectors.player_sessions(player=found))


def test_the_player_pages_count_a_win_for_each_winner_and_one_deal_in(evening):
    stats = {name: page_record(evening, name) for name in ("Ann", "Bob", "Cy", "Di")}

    assert {name: (s.wins, s.deal_ins) for name, s in stats.items()} == {
        "Ann": (0, 2), "Bob": (2, 0), "Cy": (1, 0), "Di": (1, 0)}
    biggest = {name: s.biggest for name, s in stats.items()}
    assert (biggest["Di"].figure, biggest["Di"].won, biggest["Di"].number) == (6, Decimal(16), 2)
    assert (biggest["Cy"].figure, biggest["Cy"].won) == (4, Decimal(14))
    assert (biggest["Bob"].figure, biggest["Bob"].won) == (4, Decimal(14))


def test_after_a_seat_change_the_winners_money_and_counts_are_the_newcomers(make_session):
    """Eve sits in for Di before the hand: Di's win and money on it are Eve's."""
    session = make_session("taiwan", options=ON, stakes=STAKES)
    services.hands_append(session=session, hands=[bob_first()])
    services.seat_change_record(session=session, seat=3, name="Eve")
    services.hands_append(session=session, hands=[three_win()])

    row = last_row(session)
    money = {m.player.name: m.balance for m in people_money(session=session, replay=session_replay(session=session))}
    eve = page_record(session, "Eve")
    di = page_record(session, "Di")

    assert row.title == "Bob, Eve and Cy won on Ann's discard"
    assert money == {"Ann": Decimal(-63), "Bob": Decimal(33), "Cy": Decimal(14), "Di": Decimal(0),
                     "Eve": Decimal(16)}
    assert (eve.wins, eve.biggest.figure, eve.biggest.won, di.wins) == (1, 6, Decimal(16), 0)
    owed = {name: Decimal(0) for name in money}
    for payer, payee, amount in people_settle_up(session=session, replay=session_replay(session=session)):
        owed[payer.name] -= amount
        owed[payee.name] += amount
    assert owed == {"Ann": Decimal(-33), "Bob": Decimal(33), "Cy": Decimal(0), "Di": Decimal(0), "Eve": Decimal(0)}


def test_settle_up_and_the_chart_tell_the_engines_balances(client, evening):
    settle = client.get(f"/sessions/{evening.pk}/settle/").content.decode()
    history = client.get(f"/sessions/{evening.pk}/history/").content.decode()

    assert 'Ann <span aria-label="pays">→</span> Bob <strong>33</strong>' in settle  # Bob's chain, still owed
    assert "Ann ends at −63" in history and "Di ends at +16" in history and "Cy ends at +14" in history


@pytest.mark.parametrize("language, words", [
    ("zh-hant", ["Bob、Di 和 Cy 同胡 Ann 放槍", "Bob，2 番：Ann 輸 12，記在拉上", "牌型：Cy"]),
    ("zh-hans", ["Bob、Di 和 Cy 同胡 Ann 放枪", "Di，6 番：Ann 输 16", "牌型：Cy"]),
])
def test_history_says_the_winners_in_the_readers_language(client, evening, language, words):
    html = client.get(f"/sessions/{evening.pk}/history/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert all(word in html for word in words), [word for word in words if word not in html]
