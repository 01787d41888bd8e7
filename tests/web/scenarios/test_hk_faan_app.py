"""The sixth ruleset in the app (issue 22): Hong Kong mahjong in faan (rules/hk-faan.md).

Every fact the screens show comes from the engine's ruleset and payoff: its options in words, its stake
by the tables' names, figure chips from the table's minimum to its limit, 包 on a self-draw, its one
on-the-spot kind (詐糊), the Rules page's money table settled by the engine, quick entry, CSV, backups,
the player page. The page's worked settle examples, imported as backups, balance as the page says."""
from __future__ import annotations

import html
import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.selectors import session_backup, session_csv
from scorekeeper.tables.services import session_restore

from web_helpers import ACCEPT, rev, visible_text

CASES = Path(__file__).resolve().parents[4] / "shared" / "cases" / "hk-faan.jsonl"  # ../shared beside the checkout


def answer_of(session: Session) -> dict[str, Any]:
    """The session's replay, fresh from the database as a view reads it."""
    return session_replay(session=Session.objects.get(pk=session.pk)).answer.to_json()


def settle_cases() -> list[dict[str, Any]]:
    cases = [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [c for c in cases if c["cmd"] == "settle" and "error" not in c["expect"]]


def stored(hand: dict[str, Any]) -> dict[str, Any]:
    """One settle hand of a worked example as the app stores it (a backup's hand)."""
    empty = {"kind": "", "winner": None, "discarder": None, "responsible": None, "figure": None, "figure_field": "",
             "tiles": None, "loser_points": None, "events": [], "spot_kind": "", "spot_player": None,
             "spot_count": None, "spot_to": None, "note": ""}
    if hand.get("draw"):
        return empty | {"kind": "draw"}
    if "spot" in hand:
        return empty | {"kind": "spot", "spot_kind": hand["spot"], "spot_player": hand["player"]}
    row = empty | {"kind": "win", "winner": hand["winner"], "discarder": hand["discarder"],
                   "responsible": hand.get("responsible")}
    if "hand" in hand:
        tiles = dict(hand["hand"])
        row["events"] = tiles.pop("events", [])
        row["tiles"] = tiles
    else:
        row |= {"figure": hand["faan"], "figure_field": "faan"}
        row["events"] = ["robbing_kong"] if hand.get("robbed_kong") else []  # 搶槓 by figure: its event
    return row


def as_backup(case: dict[str, Any]) -> dict[str, Any]:
    given = case["input"]
    return {"format": "mahjong-scorekeeper/session", "version": 1, "ruleset": "hk-faan",
            "stakes": given.get("stakes", {}), "options": given.get("options", {}), "players": given["players"],
            "first_dealer": given.get("dealer", 0), "status": "open",
            "pay_as_you_go": given.get("pay_as_you_go", False), "hands": [stored(h) for h in given["hands"]]}


@pytest.mark.parametrize("case", settle_cases(), ids=lambda c: c["id"])
def test_the_pages_settle_examples_imported_as_backups_balance_as_the_page_says(db, owner, case):
    session = session_restore(data=as_backup(case), owner=owner)
    replay = session_replay(session=Session.objects.get(pk=session.pk))
    assert replay.ok, replay.answer.to_json()
    expect = case["expect"]
    if "balances" in expect:
        assert [Decimal(b) for b in replay.answer.to_json()["balances"]] == [Decimal(b) for b in expect["balances"]]
    for got, want in zip(replay.answer.to_json()["hands"], expect.get("hands", [])):
        if "transfers" in want:
            assert sorted((t["from"], t["to"], Decimal(t["amount"])) for t in got["transfers"]) == sorted(
                (t["from"], t["to"], Decimal(t["amount"])) for t in want["transfers"])
        for key in ("dealer", "dealer_streak", "round_wind"):
            if key in want:
                assert got[key] == want[key], (key, got, want)


def test_there_are_settle_examples_to_import():
    assert len(settle_cases()) >= 15


# -- New session ---------------------------------------------------------------------------------
def test_new_session_offers_hong_kong_faan_with_its_options_in_words(client):
    page = client.get("/sessions/new/").content.decode()
    assert "Hong Kong (faan)" in page and "?ruleset=hk-faan" in page
    form = client.get("/sessions/new/?ruleset=hk-faan").content.decode()
    for words in ("Minimum to win", "3 faan (三番起糊)", "Limit (爆棚)", "10 faan", "With flowers (144 tiles)",
                  "Half spicy (半辣上)", "Full spicy (辣辣上)", "The discarder pays it all (全銃)", "Shared (半銃)",
                  "As a self-draw (搶槓當自摸)", "The dealer keeps the deal", "The deal passes"):
        assert words in form, words
    for raw in ("half_spicy</option>", ">all<", "min_faan</label>", "Base (底)"):
        assert raw not in form
    assert re.findall(r'name="named_base" value="([^"]+)"', form) == ["0.5", "1", "2", "other"]
    assert "二五雞 0.5" in form and "五一 1" in form and "一二蚊 2" in form


def new_session(client, **fields: str) -> Session:
    data = {"ruleset": "hk-faan", "east": "Ann", "south": "Bob", "west": "Cy", "north": "Di", "first_dealer": "0",
            "named_base": "1", "stake_base": "", "pay_as_you_go": "tab"} | fields
    response = client.post("/sessions/new/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Session.objects.latest("pk")


@pytest.mark.parametrize("named, typed, base", [("0.5", "", "0.5"), ("2", "", "2"), ("2", "7", "2"),
                                                ("other", "3", "3")])
def test_the_stake_is_chosen_by_its_name_or_typed(client, named, typed, base):
    session = new_session(client, named_base=named, stake_base=typed, option_limit_faan="8",
                          option_discard_pays='"half"')
    assert session.stakes == {"base": base}
    assert session.options["limit_faan"] == 8 and session.options["discard_pays"] == "half"


# -- the win form --------------------------------------------------------------------------------
def chips(page: str) -> list[str]:
    return re.findall(r'name="figure_chip" value="(\d+)"', page.split('data-mode="figure"')[1])


def test_the_figure_chips_run_from_the_minimum_to_the_limit_the_limit_marked(client, make_session):
    session = make_session("hk-faan")
    page = client.get(f"/sessions/{session.pk}/win/").content.decode()
    assert chips(page) == [str(n) for n in range(3, 11)]
    assert re.search(r'value="10" class="chip-figure"\s+aria-pressed="false">10\s*<small class="chip-limit">limit',
                     page)
    assert "cols-4" in page  # two rows of four
    other = make_session("hk-faan", options={"min_faan": 0, "limit_faan": 8})
    assert chips(client.get(f"/sessions/{other.pk}/win/").content.decode()) == [str(n) for n in range(0, 9)]


def tap_chip(client, session, figure, HTTP_ACCEPT_LANGUAGE=ACCEPT["en"], **fields):  # noqa: N803
    data = {"winner": "1", "how": "2", "mode": "figure", "figure_field": "", "token": f"t-{rev(session)}",
            "revision": rev(session), "figure_chip": str(figure)} | fields
    return client.post(f"/sessions/{session.pk}/win/", data, HTTP_ACCEPT_LANGUAGE=HTTP_ACCEPT_LANGUAGE)


def test_a_three_faan_discard_win_is_three_taps_and_pays_two_shares(client, make_session):
    session = make_session("hk-faan")
    response = tap_chip(client, session, 3)
    hand = Hand.objects.get(session=session)
    assert (hand.winner, hand.discarder, hand.figure, hand.figure_field) == (1, 2, 3, "faan")
    assert response.status_code == 302
    assert answer_of(session)["balances"] == ["0", "16", "-16", "0"]


def test_a_self_draw_may_name_who_pays_it_all_and_a_robbed_kong_pays_as_one(client, make_session):
    session = make_session("hk-faan")
    page = client.get(f"/sessions/{session.pk}/win/?winner=1&how=self").content.decode()
    tap_chip(client, session, 8, how="self", responsible="3")  # 包自摸
    tap_chip(client, session, 3, winner="0", how="2", event="robbing_kong")  # 搶槓當自摸
    answer = answer_of(session)
    assert [h["transfers"] for h in answer["hands"]] == [
        [{"from": 3, "to": 1, "amount": "192"}], [{"from": 2, "to": 0, "amount": "24"}]]
    assert 'name="responsible"' in page or "Responsible" in page
    assert 'value="robbing_kong"' in client.get(f"/sessions/{session.pk}/win/").content.decode().split(
        'data-mode="figure"')[1]


@pytest.mark.parametrize("language, said, offer", [
    ("en", "11 is more than this table's limit of 10 faan", "Save it as 10 faan, the limit"),
    ("zh-hant", "11 超過這張台的上限 10 番", "按上限 10 番 儲存"),
    ("zh-hans", "11 超过这张台的上限 10 番", "按上限 10 番 保存")])
def test_a_figure_past_the_hard_limit_offers_the_limit_in_one_tap(client, make_session, language, said, offer):
    """hk-faan's limit caps every hand (35.1): no "Yes, 11 faan is right" the engine would refuse, but the
    limit itself, saved in one tap."""
    session = make_session("hk-faan")
    page = tap_chip(client, session, 11, HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
    assert not Hand.objects.exists()
    text = html.unescape(visible_text(page))
    assert said in text and offer in text, text
    assert "Yes, 11" not in text and re.search(r'name="save_at_limit"\s+value="10"', page)
    data = {"winner": "1", "how": "2", "mode": "figure", "figure_typed": "11", "token": f"t-{rev(session)}",
            "revision": rev(session), "save_at_limit": "10"}
    assert client.post(f"/sessions/{session.pk}/win/", data).status_code == 302
    assert Hand.objects.get(session=session).figure == 10


def test_a_figure_past_a_limit_that_is_no_cap_is_still_confirmed(client, make_session):
    """zung-jung's 320 is its usual limit, not a refusal: the scorer may still confirm a bigger figure."""
    session = make_session("zung-jung")
    data = {"winner": "1", "how": "2", "mode": "figure", "figure_typed": "400", "token": f"t-{rev(session)}",
            "revision": rev(session), "action": "save"}
    page = client.post(f"/sessions/{session.pk}/win/", data).content.decode()
    assert re.search(r'name="confirm_figure"\s+value="400"', page) and "save_at_limit" not in page


# -- on the spot, quick entry ---------------------------------------------------------------------------
def test_the_on_the_spot_page_offers_only_the_false_win(client, make_session):
    session = make_session("hk-faan")
    page = client.get(f"/sessions/{session.pk}/spot/").content.decode()
    assert re.findall(r'name="kind"\s+value="([^"]+)"', page) == ["false_win"]
    assert "False win (詐糊)" in page and "three shares at the limit" in page
    assert 'name="count"' not in page and 'name="to"' not in page and "dice" not in page
    client.post(f"/sessions/{session.pk}/spot/", {"kind": "false_win", "player": "2", "token": "t-spot",
                                                  "revision": rev(session)})
    assert answer_of(session)["balances"] == ["384", "384", "-1152", "384"]


def test_quick_entry_takes_f_for_a_false_win(client, make_session):
    session = make_session("hk-faan")
    client.post(f"/sessions/{session.pk}/quick/", {"text": "W2 d3 5\nF3\nW4 8 r2", "action": "save",
                                                   "revision": rev(session), "token": "t-quick"})
    hands = list(Hand.objects.filter(session=session).order_by("position"))
    assert [(h.kind, h.spot_kind, h.figure, h.responsible) for h in hands] == [
        ("win", "", 5, None), ("spot", "false_win", None, None), ("win", "", 8, 1)]


# -- Rules -------------------------------------------------------------------------------------------
def money_grid(page: str) -> list[list[str]]:
    table = re.search(r'<table class="rules-table money-grid">(.*?)</table>', page, re.S).group(1)
    return [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)][1:]


def test_the_rules_page_has_the_faan_table_and_the_pages_money_table(client):
    page = client.get("/rules/hk-faan/").content.decode()
    for words in ("清一色", "坎坎糊", "十三么", "Limit hands", "Faan", "五一 (1)", "The money table"):
        assert words in page, words
    grid = money_grid(page)
    # hk-faan.md's worked money table, base 1 (half spicy, 全銃): faan, share, discarder pays, self-draw
    assert grid[0] == ["3", "8", "16", "8 / 24"]
    assert grid[2] == ["5", "24", "48", "24 / 72"]
    assert grid[-1] == ["10", "128", "256", "128 / 384"]
    false_win = page.split(">False win (詐糊)</h3>")[1].split("</article>")[0]
    assert false_win.count("<strong>384</strong>") == 3  # a false win: 3 shares of 128 to each other player


def test_the_money_table_is_at_the_tables_stakes(client, make_session):
    session = make_session("hk-faan", stakes={"base": "2"}, options={"discard_pays": "half", "limit_faan": 8})
    page = client.get(f"/rules/hk-faan/?session={session.pk}").content.decode()
    grid = money_grid(page)
    # hk-faan.md, the tables' stakes: 一二蚊 at 3 and 8 faan, 半銃
    assert grid[0] == ["3", "16", "16 / 8", "16 / 48"]
    assert grid[-1] == ["8", "128", "128 / 64", "128 / 384"]
    assert "一二蚊 (2)" in page


# -- CSV, backup, the player page -----------------------------------------------------------------------
def test_csv_and_the_player_page_say_faan(client, make_session, win):
    session = make_session("hk-faan")
    win(session, 1, 2, figure=7)
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="false_win", spot_player=0))
    text = session_csv(session=Session.objects.get(pk=session.pk))
    assert "7,faan" in text.replace('"', "") and "詐糊" in text
    backup = session_backup(session=Session.objects.get(pk=session.pk))
    assert backup["hands"][0]["figure_field"] == "faan"
    page = client.get(f"/players/{session.south.pk}/").content.decode()
    assert "7 faan" in re.sub(r"\s+", " ", page)


@pytest.mark.parametrize("options, said", [({}, ["Cy → Bob 16 2 shares"]),
                                           ({"discard_pays": "half"}, ["Ann → Bob 4 half a share",
                                                                       "Cy → Bob 8 1 share",
                                                                       "Di → Bob 4 half a share"])])
def test_who_pays_is_said_in_shares_and_money(client, make_session, options, said):
    session = make_session("hk-faan", options=options)
    services.session_set_confirming(session=session, confirm_before_saving=True)
    page = tap_chip(client, session, 3).content.decode()
    payments = re.search(r'<ul class="payments">(.*?)</ul>', page, re.S).group(1)
    lines = [" ".join(re.sub(r"<[^>]+>", " ", li).split()) for li in re.findall(r"<li>(.*?)</li>", payments, re.S)]
    assert lines == said


def test_without_flowers_the_keypad_has_no_flowers_line(client, make_session):
    with_flowers = client.get(f"/sessions/{make_session('hk-faan').pk}/win/?mode=tiles").content.decode()
    session = make_session("hk-faan", options={"flowers": False})
    without = client.get(f"/sessions/{session.pk}/win/?mode=tiles").content.decode()
    assert 'value="target:bonus"' in with_flowers and 'id="bonus"' in with_flowers
    assert 'value="target:bonus"' not in without and 'id="bonus"' not in without
