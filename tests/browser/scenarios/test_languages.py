"""A table reads the app in 繁體中文, then in 简体中文: switched from the header's language menu.

Screenshots of the session, the win entry with live scoring, the history and the rules page
in each script: artifacts/screenshots/i18n/.
"""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scorekeeper.tables import services

from browser_helpers import Shots, by_tiles, choose, settled, sign_up, unfold_people
from web_helpers import ZJ_TILES, entry_of, record_win

pytestmark = pytest.mark.django_db(transaction=True)

SCRIPTS = {
    # language: (menu label, words that must show, the same words in the other script, a pattern name)
    "zh-hant": ("繁體中文", ["結算", "歷史", "最近幾手", "誰胡了？", "這一手"], ["结算", "历史"], "門前清"),
    "zh-hans": ("简体中文", ["结算", "历史", "最近几手", "谁胡了？", "这一手"], ["結算", "歷史"], "门前清"),
}
# What a reader of each script sees under an honour tile, and the Money section's heading (issue 19).
HONOURS = {"zh-hant": "東南西北白發中", "zh-hans": "东南西北白发中"}
MONEY = {"zh-hant": "付錢", "zh-hans": "付钱"}
# The engine's names for house options and their values: never shown to a reader.
RAW = re.compile(r"(?<![A-Za-z])(competition|uniform|chicken|payoff|classical_extras|False|True|off|big|"
                 r"big_or_little|four_winds)(?![A-Za-z])", re.I)


def switch_to(page: Page, menu_label: str) -> None:
    page.locator("summary.lang-button").click()
    page.get_by_role("button", name=menu_label).click()
    page.wait_for_load_state()


def test_switching_to_chinese_on_a_phone(page: Page, live_server):
    sign_up(page, live_server.url)
    owner = get_user_model().objects.get(username="ann")
    session = services.session_create(ruleset="zung-jung", names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                      stakes={}, options={}, owner=owner)
    record_win(session=session, entry=entry_of(winner=1, how=2, mode="tiles", **ZJ_TILES))
    record_win(session=session, entry=entry_of(winner=0, how="self", mode="figure", figure=30))
    url = f"{live_server.url}/sessions/{session.pk}/"
    page.goto(url)
    expect(page.get_by_role("link", name="Settle up")).to_be_visible()

    for language, (menu_label, words, other_script, pattern) in SCRIPTS.items():
        shot = Shots(page, f"i18n/{language}")
        page.goto(url)
        switch_to(page, menu_label)
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant" if language == "zh-hant" else "zh-Hans")
        assert page.url == url  # back on the same screen
        expect(page.get_by_role("link", name=words[0])).to_be_visible()
        expect(page.get_by_role("heading", name=words[2])).to_be_visible()
        body = page.locator("body").inner_text()
        assert "Settle up" not in body and not any(w in body for w in other_script)
        # The 44 px rule holds for the language menu too.
        page.locator("summary.lang-button").click()
        for option in page.locator(".lang-option").all():
            assert option.bounding_box()["height"] >= 44
        assert page.locator("summary.lang-button").bounding_box()["height"] >= 44
        shot("menu-open")
        page.locator("summary.lang-button").click()
        shot("session")

        # The win entry: typed tiles give the live score, its pattern names in this script.
        page.get_by_role("link", name="胡牌").click()
        expect(page.get_by_role("heading", name=words[4])).to_be_visible()
        choose(page, words[3], "Cy")
        legend = "怎麼胡？" if language == "zh-hant" else "怎么胡？"
        unfold_people(page)
        how = page.locator("fieldset", has=page.locator("legend", has_text=legend))
        how.get_by_role("radio", name="Bob").click()
        settled(page)
        by_tiles(page)
        page.locator("details.typed summary").click()
        page.locator("#concealed").fill(ZJ_TILES["concealed"])
        page.locator("#winning_tile").fill(ZJ_TILES["winning_tile"])
        settled(page)
        preview = page.locator("#tiles-score")  # the score, right under the keys
        expect(preview.get_by_text(pattern)).to_be_visible()
        expect(preview).not_to_contain_text("Concealed Hand")
        shot("win-live-score")

        page.goto(f"{url}history/")
        expect(page.get_by_role("heading", name=words[1], exact=True)).to_be_visible()
        page.locator(".patterns-details summary").first.click()
        expect(page.locator(".patterns").first).to_contain_text(pattern)
        marks = page.locator(".patterns-details[open] .tile-z .tile-mark").all_inner_texts()
        assert marks and set(marks) <= set(HONOURS[language]), marks  # 東 under 東, never E
        shot("history")

        page.goto(f"{live_server.url}/rules/zung-jung/?session={session.pk}")
        expect(page.get_by_text(pattern).first).to_be_visible()
        expect(page.get_by_role("heading", name=MONEY[language], exact=True)).to_be_visible()
        assert not RAW.findall(page.locator("main").inner_text())
        shot("rules")
        page.locator("#money").scroll_into_view_if_needed()
        shot("rules-money")
        for path in ("/rules/hk-old/", "/rules/taizhou/", "/sessions/new/?ruleset=taizhou"):
            page.goto(live_server.url + path)
            assert not RAW.findall(page.locator("main").inner_text()), path

        page.goto(url)
        page.locator(".seat-name .player-link").first.click()
        assert re.search(r"\d{4}年\d{1,2}月\d{1,2}日", page.locator("main").inner_text())
        shot("player")

    switch_to(page, "English")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Zung Jung")).to_be_visible()
