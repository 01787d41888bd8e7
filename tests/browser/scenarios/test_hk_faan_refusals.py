"""An hk-faan table on a phone in 繁 and 简 (issue 35, points 11, 1, 2): the engine's refusals read in the
reader's script, 11 faan offers the limit in one tap, and 包 / Robbed a kong offer only what the engine takes;
then (points 4, 6) History says a robbed kong and a self-draw's 包, and the false win how the deal moves.

Screenshots: artifacts/screenshots/hk-faan-refusals/, hk-faan-records/."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand

from browser_helpers import Shots, by_tiles, choose, settled, sign_up
from web_helpers import entry_of, record_win

pytestmark = pytest.mark.django_db(transaction=True)

MENU = {"zh-hant": "繁體中文", "zh-hans": "简体中文"}
WORDS = {  # the limit offered, a 15-tile hand, five copies of 1萬
    "zh-hant": ("按上限 10 番 儲存", "胡牌前手牌有 14 張", "1萬 有 5 張"),
    "zh-hans": ("按上限 10 番 保存", "胡牌前手牌有 14 张", "1万 有 5 张"),
}
# An English sentence: four ASCII words in a row.
ENGLISH = re.compile(r"[A-Za-z']{2,}(?:[ ,:]+(?:[A-Za-z']{2,}|\d+)){3,}")


def switch_to(page: Page, menu_label: str) -> None:
    page.locator("summary.lang-button").click()
    page.get_by_role("button", name=menu_label).click()
    page.wait_for_load_state()


def pick(page: Page, name: str, value: str) -> None:
    page.locator(f'label.seg:has(input[name="{name}"][value="{value}"])').click()
    settled(page)


def type_tiles(page: Page, concealed: str, winning: str) -> str:
    """Type the hand (not the keypad) and read what the live score says of it."""
    by_tiles(page)
    typed = page.locator("details.typed")
    if typed.get_attribute("open") is None:
        typed.locator("summary").click()
    page.locator("#concealed").fill(concealed)
    page.locator("#winning_tile").fill(winning)
    page.wait_for_timeout(400)  # the live score waits 300 ms after the last key
    settled(page)
    return page.locator("#tiles-score").inner_text()


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_an_hk_faan_table_reads_the_engines_refusals_in_its_script(page: Page, live_server, language):
    shot = Shots(page, f"hk-faan-refusals/{language}")
    sign_up(page, live_server.url)
    owner = get_user_model().objects.get(username="ann")
    session = services.session_create(ruleset="hk-faan", names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                      stakes={}, options={}, owner=owner)
    page.goto(f"{live_server.url}/sessions/{session.pk}/win/")
    switch_to(page, MENU[language])
    limit, fifteen, five = WORDS[language]
    pick(page, "winner", "1")  # Bob
    pick(page, "how", "2")  # on Cy's discard

    # 包 on Cy's discard: no one, or Cy; "Robbed a kong" is there on a discard, and not on a self-draw.
    responsible = page.locator('select[name="responsible"] option')
    assert [o.get_attribute("value") for o in responsible.all()] == ["", "2"]
    assert page.locator('input[name="event"][value="robbing_kong"]').count()

    # The engine's refusals by tiles, in the reader's script.
    said = type_tiles(page, "123m456p234s789s55s", "5s")
    assert fifteen in said and not ENGLISH.search(said), said
    shot("fifteen-tiles")
    said = type_tiles(page, "11111m456p234s78s", "9s")
    assert five in said and not ENGLISH.search(said), said
    shot("five-copies")

    # 11 faan: the limit offered in one tap, and saved.
    page.locator('button[name="action"][value="mode:figure"]').click()
    settled(page)
    page.locator("#figure").fill("11")
    offer = page.get_by_role("button", name=limit)
    expect(offer).to_be_visible()
    assert not ENGLISH.search(page.locator("#figure-limit").inner_text())
    shot("over-the-limit")
    offer.click()
    expect(page).to_have_url(re.compile(r"/sessions/\d+/\?saved="))
    hand = Hand.objects.get(session=session)
    assert (hand.winner, hand.discarder, hand.figure) == (1, 2, 10)
    shot("saved-at-the-limit")


def test_a_self_draw_offers_every_loser_for_bao_and_no_robbed_kong(page: Page, live_server):
    shot = Shots(page, "hk-faan-refusals/en")
    sign_up(page, live_server.url)
    owner = get_user_model().objects.get(username="ann")
    session = services.session_create(ruleset="hk-faan", names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                      stakes={}, options={}, owner=owner)
    page.goto(f"{live_server.url}/sessions/{session.pk}/win/")
    choose(page, "Who won?", "Bob")
    choose(page, "How?", "Self-drawn")
    responsible = page.locator('select[name="responsible"] option')
    assert [o.get_attribute("value") for o in responsible.all()] == ["", "0", "2", "3"]
    expect(page.get_by_text("Robbed a kong")).to_have_count(0)
    shot("self-draw-choices")


RECORDS = {  # the robbed kong in History, 包 on a self-draw, the false win's words on the on-the-spot page
    "zh-hant": ("Di 搶 Bob 的槓胡", "Cy 負責", "莊家的會過莊", "不影響坐莊"),
    "zh-hans": ("Di 抢 Bob 的杠胡", "Cy 负责", "庄家的会过庄", "不影响坐庄"),
}


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_hk_faan_records_and_the_false_win_on_a_phone(page: Page, live_server, language):
    """35.4 and 35.6: History says the robbed kong and the self-draw's 包; the false win says how the deal moves."""
    shot = Shots(page, f"hk-faan-records/{language}")
    sign_up(page, live_server.url)
    owner = get_user_model().objects.get(username="ann")
    session = services.session_create(ruleset="hk-faan", names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                      stakes={}, options={}, owner=owner)
    record_win(session=session, entry=entry_of(winner=3, how=1, mode="figure", figure=4, event=["robbing_kong"]))
    record_win(session=session, entry=entry_of(winner=0, how="self", mode="figure", figure=5, responsible=2))
    robbed, bao, deal_moves, unchanged = RECORDS[language]
    page.goto(f"{live_server.url}/sessions/{session.pk}/history/")
    switch_to(page, MENU[language])
    history = page.locator("main").inner_text()
    assert robbed in history and bao in history, history
    shot("history")
    page.goto(f"{live_server.url}/sessions/{session.pk}/spot/")
    spot = page.locator("main").inner_text()
    assert deal_moves in spot and unchanged not in spot and not re.search("(詐糊|诈糊) \\(", spot), spot
    shot("false-win")
