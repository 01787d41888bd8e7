"""A session out and back: its CSV, its JSON backup, and the backup restored to exactly the same state."""
import csv
import io
import json

import pytest
from django.contrib.auth import get_user_model

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Player, Session
from scorekeeper.tables.replay import forget_all, session_replay
from scorekeeper.tables.selectors import session_backup, session_csv
from scorekeeper.tables.services import session_restore

from web_helpers import ZJ_TILES


def replay_of(session):
    session = Session.objects.get(pk=session.pk)
    return session_replay(session=session)


def dealer(session):
    return replay_of(session).next_state.dealer


# -- sessions of every ruleset, with everything a table can enter ---------------------------
def taiwan(make_session, win):
    s = make_session("taiwan", stakes={"base": "10", "per_fan": "2", "unit": "5"}, first_dealer=1)
    services.spot_record(session=s, entry=HandInput(Hand.Kind.SPOT, spot_kind="flower", spot_player=2, spot_count=2))
    win(s, 1, 2, figure=5)  # the dealer wins: 連1
    win(s, 1, "self", figure=3, figure_field="pattern_fan")  # the settlement adds the dealer's 2n+1
    services.spot_record(session=s, entry=HandInput(Hand.Kind.SPOT, spot_kind="dice_123", spot_player=dealer(s)))
    services.draw_record(session=s, entry=HandInput(Hand.Kind.DRAW, note="wall ran out"))
    win(s, 3, "self", concealed="123m456m789m123p456p1z", winning_tile="1z", event=["last_tile"])
    services.spot_record(session=s, entry=HandInput(Hand.Kind.SPOT, spot_kind="failed_peng", spot_player=1, spot_to=2))
    win(s, 0, 2, concealed="123m456m789m123p1z", meld=["pung 777z"], winning_tile="1z")
    services.hand_delete(hand=win(s, 2, 0, figure=9))
    return s


def zung_jung(make_session, win):
    s = make_session("zung-jung", options={"payoff": "competition"})
    win(s, 1, 2, figure=70)  # the discarder responsible
    win(s, 0, 3, figure=40, responsible=1)  # another player responsible
    win(s, 2, 1, figure=30, responsible="none")  # same-round immunity: no one
    services.draw_record(session=s, entry=HandInput(Hand.Kind.DRAW))
    win(s, 3, 0, concealed="123m456p1112z", meld=["pung 777z"], winning_tile="2z", event=["last_discard"])
    win(s, 1, "self", concealed=ZJ_TILES["concealed"], winning_tile="2z", note="=1+1")
    return s


def hk_old(make_session, win):
    s = make_session("hk-old", first_dealer=2, options={"classical_extras": True})
    win(s, 2, "self", figure=60)
    win(s, 0, 1, concealed="123m456p789s1112z", winning_tile="2z")
    services.draw_record(session=s, entry=HandInput(Hand.Kind.DRAW))
    win(s, 3, 2, figure=500)
    return s


def taizhou(make_session, win):
    s = make_session("taizhou")
    win(s, 1, "self", figure=44, loser_points_0=6, loser_points_2=24, loser_points_3=0)
    win(s, 0, 2, concealed="123m456p789s1112z", winning_tile="2z", wild="5m", loser_points_1=8,
        loser_points_2=0, loser_concealed_3="777z123m456p1199s")  # a loser scored from their tiles
    services.draw_record(session=s, entry=HandInput(Hand.Kind.DRAW))
    win(s, 3, 1, figure=32, responsible=1, loser_points_0=0, loser_points_1=8, loser_points_2=16)  # 包
    return s


def fujian(make_session, win):
    s = make_session("fujian", stakes={})
    win(s, 0, "self", concealed="123m456m789p234s55p9s9s", winning_tile="5p", wild="9s", bonus="1z2z7z")
    win(s, 2, 1, figure=25)
    services.draw_record(session=s, entry=HandInput(Hand.Kind.DRAW))
    services.session_finish(session=s)
    return s


def hk_faan(make_session, win):
    s = make_session("hk-faan", stakes={"base": "0.5"}, options={"discard_pays": "half"})
    win(s, 1, 2, figure=3)  # 半銃
    win(s, 1, "self", figure=8, responsible=3)  # 包自摸
    services.spot_record(session=s, entry=HandInput(Hand.Kind.SPOT, spot_kind="false_win", spot_player=0))  # 詐糊
    win(s, 2, "self", concealed="123456789m1122m", winning_tile="2m", bonus="3f7f")  # 清一色 with flowers
    win(s, 3, 0, figure=5, event=["robbing_kong"])  # 搶槓 by figure: 搶槓當自摸
    services.draw_record(session=s, entry=HandInput(Hand.Kind.DRAW))
    return s


BUILDERS = {"taiwan": taiwan, "zung-jung": zung_jung, "hk-old": hk_old, "taizhou": taizhou, "fujian": fujian,
            "hk-faan": hk_faan}


@pytest.fixture
def build(make_session, win):
    # fresh from the database, as a view reads it: the session's revision is the one its hands replay under
    return lambda ruleset: Session.objects.get(pk=BUILDERS[ruleset](make_session, win).pk)


# -- backup and restore --------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", list(BUILDERS))
def test_a_backup_restores_to_exactly_the_same_session(build, ruleset):
    original = build(ruleset)
    text = json.dumps(session_backup(session=original))  # through JSON text, as a file holds it

    restored = session_restore(data=json.loads(text), owner=original.owner)
    forget_all()  # nothing from the restore's own replay: both replayed afresh

    before, after = replay_of(original), replay_of(restored)
    assert before.ok and after.ok
    assert after.answer == before.answer  # every hand's deal, payments, scores; balances; settle-up
    assert after.inputs == before.inputs
    assert restored.pk != original.pk
    assert [p.pk for p in restored.players] == [p.pk for p in original.players]  # players found by name
    assert (restored.ruleset, restored.stakes, restored.options, restored.first_dealer, restored.status) == (
        original.ruleset, original.stakes, original.options, original.first_dealer,
        Session.objects.get(pk=original.pk).status)
    assert restored.hands.count() == Hand.objects.live().filter(session=original).count()
    restored = Session.objects.get(pk=restored.pk)
    assert session_backup(session=restored)["hands"] == json.loads(text)["hands"]  # notes and events too


def test_the_backup_holds_the_entered_fields_in_order(build):
    session = build("taizhou")
    backup = session_backup(session=session)

    assert (backup["format"], backup["version"], backup["players"]) == (
        "mahjong-scorekeeper/session", 1, ["Ann", "Bob", "Cy", "Di"])
    assert [h["kind"] for h in backup["hands"]] == ["win", "win", "draw", "win"]
    assert backup["hands"][0]["loser_points"] == [6, None, 24, 0]
    assert backup["hands"][1]["tiles"]["wild"] == "5m" and backup["hands"][1]["figure"] is None
    assert backup["hands"][3]["responsible"] == 1
    assert backup["balances"] == replay_of(session).balances


def test_a_deleted_hand_is_not_in_the_backup(build):
    session = build("taiwan")
    backup = session_backup(session=session)

    assert len(backup["hands"]) == Hand.objects.filter(session=session).count() - 1
    assert 9 not in [h["figure"] for h in backup["hands"]]


def test_a_finished_session_comes_back_finished(build):
    restored = session_restore(data=session_backup(session=build("fujian")))

    assert restored.status == Session.Status.FINISHED and restored.finished_at is not None


def test_the_restored_session_is_the_owners(build):
    owner = get_user_model().objects.create_user("wu", password="x" * 12)

    restored = session_restore(data=session_backup(session=build("hk-old")), owner=owner)

    assert Session.objects.get(pk=restored.pk).owner == owner


def test_json_text_is_read_too(build):
    restored = session_restore(data=json.dumps(session_backup(session=build("hk-old"))))

    assert replay_of(restored).ok


def nothing_created(before):
    return (Session.objects.count(), Player.objects.count(), Hand.objects.count()) == before


def counts():
    return Session.objects.count(), Player.objects.count(), Hand.objects.count()


@pytest.fixture
def backup(build):
    data = session_backup(session=build("zung-jung"))
    data["players"] = ["Wu", "Xi", "Yan", "Zed"]  # new names: a restore that failed would leave them behind
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(version=2), "This backup is version 2; this app reads version 1."),
    (lambda d: d.update(format="something else"), "This is not a session backup"),
    (lambda d: d.pop("stakes"), "The backup has no 'stakes'."),
    (lambda d: d["hands"][1].pop("figure"), "Hand 2 of the backup has no 'figure'."),
    (lambda d: d["hands"][1].update(winner=4), "Hand 2 of the backup: winner should be a seat from 0 (East) to 3"),
    (lambda d: d["hands"][1].update(figur=3), "Hand 2 of the backup has a field this app does not know: 'figur'"),
    (lambda d: d.update(ruleset="riichi"), "The backup's ruleset 'riichi' is not one this app scores"),
    (lambda d: d.update(players=["Wu", "Xi", "wu", "Zed"]), "four different names"),
    (lambda d: d.update(players=["Wu", "Xi", "Yan"]), "should list four names"),
    (lambda d: d["hands"][2].update(figure=None, tiles=None),
     "Hand 3 of the backup: a win needs its figure or its tiles"),
    (lambda d: d.update(stakes={"base": 10}), "should be an amount in quotes"),
])
def test_an_invalid_backup_says_what_is_wrong_and_creates_nothing(backup, change, message):
    change(backup)
    before = counts()

    with pytest.raises(ValueError) as error:
        session_restore(data=backup)

    assert message in str(error.value)
    assert counts() == before


def test_a_hand_the_engine_refuses_is_named_by_its_number(backup):
    backup["hands"][2].update(figure=None, figure_field="", tiles={"concealed": "123m", "winning_tile": "5z",
                                                                  "melds": []})
    before = counts()

    with pytest.raises(ValueError, match=r"^Hand 3 of the backup is refused by the engine: .*tiles"):
        session_restore(data=backup)
    assert counts() == before


def test_stakes_are_checked_as_the_form_checks_them_and_by_the_engine(backup):
    backup["stakes"] = {"base": "-5"}
    with pytest.raises(ValueError, match="The backup's stake 'base' is '-5': Enter an amount of 0 or more."):
        session_restore(data=backup)

    backup["stakes"] = {"base": "5"}  # a stake zung-jung does not have: the engine names it
    with pytest.raises(ValueError, match="The backup's session cannot be replayed"):
        session_restore(data=backup)


def test_not_json_is_refused(db):
    with pytest.raises(ValueError, match="not JSON"):
        session_restore(data="{this is not json")


def test_a_failure_while_writing_leaves_nothing_behind(backup, monkeypatch):
    before = counts()

    def fail(*args, **kwargs):
        raise RuntimeError("disk full")
    monkeypatch.setattr(Hand.objects, "bulk_create", fail)
    with pytest.raises(RuntimeError):
        session_restore(data=backup)

    assert counts() == before


# -- CSV --------------------------------------------------------------------------------------
def rows_of(text):
    """The rows of the hands; the closing rows (paid, still owed) have no entry number."""
    return [row for row in csv.DictReader(io.StringIO(text)) if row["entry"]]


def closing_rows_of(text):
    return {row["kind"]: [row[f"{n} balance"] for n in ("Ann", "Bob", "Cy", "Di")]
            for row in csv.DictReader(io.StringIO(text)) if not row["entry"]}


def test_csv_has_a_row_per_hand_with_payments_and_running_balances(build):
    session = build("zung-jung")
    replay = replay_of(session)

    rows = rows_of(session_csv(session=session))

    assert len(rows) == 6
    first = rows[0]
    assert (first["hand"], first["kind"], first["dealer"], first["winner"], first["discarder"],
            first["responsible"], first["figure"], first["unit"]) == ("1", "win", "Ann", "Bob", "Cy", "Cy", "70",
                                                                     "points")
    assert first["payments"] == "Ann → Bob 25; Cy → Bob 160; Di → Bob 25"
    assert [first[f"{n} balance"] for n in ("Ann", "Bob", "Cy", "Di")] == ["-25", "210", "-160", "-25"]
    assert rows[2]["responsible"] == "no one"
    assert (rows[3]["kind"], rows[3]["winner"], rows[3]["payments"]) == ("draw", "", "")
    tiles = rows[4]
    assert tiles["tiles"] == "123m456p1112z win 2z | pung 777z"
    assert tiles["figure"] == str(replay.hands[4].score.total)
    assert tiles["unit"] == "points (scored from the tiles)"
    assert rows[5]["discarder"] == "self-drawn"
    assert rows[5]["note"] == "'=1+1"  # a spreadsheet would run it as a formula
    assert [rows[-1][f"{n} balance"] for n in ("Ann", "Bob", "Cy", "Di")] == replay.balances


def test_taiwan_csv_shows_spot_payments_and_what_was_paid_at_once(build):
    session = build("taiwan")

    rows = rows_of(session_csv(session=session))

    assert len(rows) == Hand.objects.live().filter(session=session).count()
    flower = rows[0]
    assert (flower["entry"], flower["hand"], flower["kind"], flower["on the spot"]) == (
        "1", "1", "on the spot", "Cy: Flowers (一台花) × 2")
    assert flower["payments"] == flower["paid at the table"] == "Ann → Cy 10; Bob → Cy 10; Di → Cy 10"
    win = rows[1]
    assert (win["hand"], win["unit"], win["payments"], win["paid at the table"]) == ("1", "fan", "Cy → Bob 20", "")
    assert rows[2]["unit"] == "fan before dealer bonus"
    assert rows[-2]["on the spot"] == "Bob: Failed peng to Cy"


def test_taizhou_csv_lists_each_losers_points(build):
    rows = rows_of(session_csv(session=build("taizhou")))

    assert rows[0]["loser points"] == "Ann 6; Cy 24; Di 0"
    assert rows[1]["loser points"].startswith("Bob 8; Cy 0; Di ") and rows[1]["loser points"].endswith("(from tiles)")


def test_csv_quotes_names_a_spreadsheet_would_run(make_session, win):
    session = make_session(names=["=HYPERLINK(1)", "Bob", "Cy", "Di"])
    win(session, 0, "self", figure=10)

    text = session_csv(session=Session.objects.get(pk=session.pk))

    assert "'=HYPERLINK(1) balance" in text.splitlines()[0]
    assert rows_of(text)[0]["winner"] == "'=HYPERLINK(1)"
