"""Several winners on one discard (一炮多響, issue 37.3): a taiwan table with the house option on enters a second
and a third winner on the win form, each with their own figure or tiles; the preview says each winner's
payment, who keeps the 拉 chain and who deals next; a chip saves once every winner has a figure (two winners in
six taps); an edit adds, changes or removes a winner; a bad entry says what is wrong beside its row."""
from __future__ import annotations

import json
import re
import uuid

import pytest

from scorekeeper.engine import settle_session
from scorekeeper.tables.models import Hand
from scorekeeper.tables.replay import session_replay

from web_helpers import rev

SEVERAL = {"several_winners": True}


@pytest.fixture
def table(make_session):
    return make_session("taiwan", options=SEVERAL)


def post(client, session, **fields):
    data = {"mode": "figure", "token": f"t-{rev(session)}", "revision": rev(session)} | fields
    return client.post(f"/sessions/{session.pk}/win/", data)


def test_the_form_offers_another_winner_only_where_the_table_plays_it(client, table, make_session):
    page = client.get(f"/sessions/{table.pk}/win/?winner=3").content.decode()
    assert "Another player won on this tile too" in page
    assert re.search(r'id="other-win-1"[^>]*disabled hidden', page)  # drawn for the phone, closed
    plain = make_session("taiwan")
    assert "Another player won on this tile too" not in client.get(f"/sessions/{plain.pk}/win/").content.decode()
    assert "Another player won" not in client.get(
        f"/sessions/{make_session('zung-jung').pk}/win/").content.decode()


def test_two_winners_by_figure_are_saved_by_the_last_chip(client, table):
    # the taps: Di won (1), Cy discarded (2), "Another player won" (3), Bob (4), Di's 5 (5), Bob's 3 (6)
    page = post(client, table, winner="3", how="2", another="1").content.decode()
    assert re.search(r'id="other-win-1"(?![^>]*hidden)', page)
    page = post(client, table, winner="3", how="2", other_1="1", other_winner_1="1",
                figure_chip="5").content.decode()
    assert not Hand.objects.exists()  # Bob has no figure yet: the chip only chose Di's
    assert "Choose Bob&#x27;s fan." in page or "Choose Bob's fan." in page
    response = post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="1",
                    other_chip_1="3")
    hand = Hand.objects.get(session=table)
    assert response.status_code == 302
    assert (hand.winner, hand.discarder, hand.figure) == (3, 2, 5)
    assert hand.other_wins == [{"winner": 1, "figure": 3, "figure_field": hand.figure_field, "tiles": None}]
    # several-winners-no-chain: Di's chain starts, Bob is paid 13 at once, the deal passes to Bob
    table.refresh_from_db()
    assert list(session_replay(session=table).answer.balances) == ["0", "13", "-28", "15"]


def test_the_preview_says_each_winner_the_chain_and_the_next_dealer(client, table):
    page = client.post(f"/sessions/{table.pk}/win/preview/", {
        "winner": "3", "how": "2", "mode": "figure", "figure": "5", "other_1": "1", "other_winner_1": "1",
        "other_figure_1": "3"}).content.decode()
    preview = page.split('id="preview"')[1]
    assert "Di wins 15" in preview and "Bob wins 13" in preview
    assert "keeps the 拉 chain" in preview.split("Di wins 15")[1].split("</li>")[0]
    assert "Next dealer: Bob" in preview


def test_a_third_winner_and_the_refusals_beside_each_row(client, table):
    page = post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="2",
                other_figure_1="3", other_2="1", other_winner_2="3", other_figure_2="2",
                action="save").content.decode()
    assert not Hand.objects.exists()
    assert "Cy discarded the tile: a player cannot win on their own discard." in page
    assert "Di is already a winner of this hand: choose another player." in page
    post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="1", other_figure_1="3",
         other_2="1", other_winner_2="0", other_figure_2="2", action="save")
    hand = Hand.objects.get(session=table)
    assert [w["winner"] for w in hand.other_wins] == [1, 0]


def test_a_self_draw_has_one_winner(client, table):
    page = post(client, table, winner="3", how="self", figure="5", other_1="1", other_winner_1="1",
                other_figure_1="3", action="save")
    hand = Hand.objects.get(session=table)
    assert hand.other_wins == [] and hand.discarder is None and page.status_code == 302


def test_a_table_playing_the_nearest_winner_is_told_why(client, make_session):
    session = make_session("taiwan")
    page = post(client, session, winner="3", how="2", figure="5", other_1="1", other_winner_1="1",
                other_figure_1="3", action="save").content.decode()
    assert not Hand.objects.exists()
    assert "This table plays 截糊" in page


def test_other_winner_by_tiles_through_the_keypad(client, table):
    """Bob's tiles are tapped after "Tap Bob's tiles": he becomes the winner entered; Di keeps her fan."""
    fields = {"winner": "3", "how": "2", "mode": "figure", "figure": "5", "other_1": "1", "other_winner_1": "1",
              "other_figure_1": ""}
    page = post(client, table, **fields, action="winner:1").content.decode()
    assert re.search(r'name="winner"\s+value="1" checked', page)
    assert 'name="other_winner_1" value="3" checked' in page
    data = {"winner": "1", "how": "2", "mode": "tiles", "concealed": "123456789m123456p9p", "winning_tile": "9p",
            "other_1": "1", "other_winner_1": "3", "other_mode_1": "figure", "other_figure_1": "5", "action": "save"}
    response = post(client, table, **data)
    hand = Hand.objects.get(session=table)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert hand.winner == 1 and hand.tiles["winning_tile"] == "9p"
    assert hand.other_wins[0]["winner"] == 3 and hand.other_wins[0]["figure"] == 5


def test_editing_shows_every_winner_and_removing_one_makes_an_ordinary_win(client, table):
    post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="1", other_figure_1="3",
         action="save")
    hand = Hand.objects.get(session=table)
    page = client.get(f"/hands/{hand.pk}/edit/").content.decode()
    assert 'name="other_winner_1" value="1" checked' in page
    client.post(f"/hands/{hand.pk}/edit/", {"winner": "3", "how": "2", "mode": "figure", "figure": "5",
                                            "revision": rev(table), "action": "save"})
    hand.refresh_from_db()
    assert hand.other_wins == []
    answer = settle_session({"ruleset": "taiwan", "players": ["Ann", "Bob", "Cy", "Di"], "dealer": 0,
                             "options": SEVERAL, "hands": [{"winner": 3, "discarder": 2, "fan": 5}]})
    table.refresh_from_db()
    assert list(session_replay(session=table).answer.balances) == list(answer.balances)


def balances(session):
    session.refresh_from_db()
    return list(session_replay(session=session).answer.balances)


def test_a_several_winner_hand_is_deleted_and_restored_as_any_hand(client, table):
    client.post(f"/sessions/{table.pk}/win/", {"winner": "1", "how": "2", "mode": "figure", "figure": "3",
                                               "token": "t-one", "revision": rev(table), "action": "save"})
    post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="1", other_figure_1="2",
         action="save")
    double = Hand.objects.get(session=table, position=2)
    assert double.other_wins
    with_it = balances(table)
    client.post(f"/hands/{double.pk}/delete/", {"revision": rev(table)})
    assert balances(table) == list(settle_session({
        "ruleset": "taiwan", "players": ["Ann", "Bob", "Cy", "Di"], "dealer": 0, "options": SEVERAL,
        "hands": [{"winner": 1, "discarder": 2, "fan": 3}]}).balances)
    client.post(f"/hands/{double.pk}/restore/")
    assert balances(table) == with_it


def test_the_offline_queue_saves_several_winners_through_the_same_service(client, table):
    """The phone kept the form's fields as they were (static/js/queue.js): the other winners' slots with them."""
    fields = {"winner": "3", "how": "2", "mode": "figure", "figure_chip": "5", "other_1": "1",
              "other_winner_1": "1", "other_figure_1": "", "other_chip_1": "4", "other_2": "1",
              "other_winner_2": "0", "other_figure_2": "2"}
    change = {"token": str(uuid.uuid4()), "kind": "win", "fields": [[k, v] for k, v in fields.items()]}
    body = {"device": str(uuid.uuid4()), "base": rev(table), "seen_next": 1, "changes": [change]}
    response = client.post(f"/sessions/{table.pk}/queue/", json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content.decode()
    assert [r["status"] for r in response.json()["results"]] == ["saved"], response.json()
    hand = Hand.objects.get(session=table)
    assert (hand.winner, hand.figure) == (3, 5)
    assert [(w["winner"], w["figure"]) for w in hand.other_wins] == [(1, 4), (0, 2)]
    assert balances(table) == list(settle_session({
        "ruleset": "taiwan", "players": ["Ann", "Bob", "Cy", "Di"], "dealer": 0, "options": SEVERAL,
        "hands": [{"discarder": 2, "winners": [{"winner": 3, "fan": 5}, {"winner": 1, "fan": 4},
                                               {"winner": 0, "fan": 2}]}]}).balances)  # no figure_field sent: fan


@pytest.mark.parametrize("language, words", [
    ("zh-hant", ["Cy 打出這張牌：不能胡自己打的牌。", "Di 已是這手的胡牌者", "還有人胡這張牌（一炮多響）"]),
    ("zh-hans", ["Cy 打出这张牌：不能胡自己打的牌。", "Di 已是这手的胡牌者", "还有人胡这张牌（一炮多响）"])])
def test_the_refusals_are_in_the_tables_language(client, table, language, words):
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    page = post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="2",
                other_figure_1="3", other_2="1", other_winner_2="3", other_figure_2="2",
                action="save").content.decode()
    assert all(word in page for word in words), language
    preview = client.post(f"/sessions/{table.pk}/win/preview/", {
        "winner": "3", "how": "2", "mode": "figure", "figure": "5", "other_1": "1", "other_winner_1": "1",
        "other_figure_1": "3"}).content.decode()
    assert ("續拉" if language == "zh-hant" else "续拉") in preview


def test_remove_closes_a_winners_card_and_the_next_moves_up(client, table):
    page = post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="1",
                other_figure_1="3", other_2="1", other_winner_2="0", other_figure_2="2",
                drop_other="1").content.decode()
    assert not Hand.objects.exists()
    assert 'name="other_winner_1" value="0" checked' in page  # Ann, once the third, now the second
    assert re.search(r'id="other-win-2"[^>]*disabled hidden', page)


def test_another_winners_tiles_too_long_or_unreadable_are_said_beside_their_row(client, table):
    page = post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="1",
                other_mode_1="tiles", other_concealed_1="1m" * 80, other_winning_1="2m",
                action="save").content.decode()
    assert not Hand.objects.exists() and "Too many tiles: at most 100 characters." in page
    page = post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="1",
                other_mode_1="tiles", other_concealed_1="123m", other_meld_1="bogus 111m", other_winning_1="2m",
                action="save").content.decode()
    assert not Hand.objects.exists()
    assert "A meld could not be read: take it out and add it again with the keypad." in page


def test_a_figure_typed_for_a_winner_whose_tiles_were_tapped_is_a_win_by_figure(client, table):
    post(client, table, winner="3", how="2", figure="5", other_1="1", other_winner_1="1", other_mode_1="tiles",
         other_concealed_1="123m", other_figure_typed_1="4", action="save")
    assert Hand.objects.get().other_wins[0]["figure"] == 4


def test_another_winners_figure_past_the_limit_is_saved_once_confirmed(client, table):
    fields = {"winner": "3", "how": "2", "figure": "5", "other_1": "1", "other_winner_1": "1", "other_figure_1": "100"}
    page = post(client, table, **fields, action="save").content.decode()
    assert not Hand.objects.exists()
    assert "Bob: 100 is more than the limit of 88 fan: check it." in page
    assert re.search(r'name="confirm_other_1"\s+value="100"', page)
    post(client, table, **fields, confirm_other_1="100")
    assert Hand.objects.get().other_wins[0]["figure"] == 100
