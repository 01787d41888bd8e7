"""A player's numbers and the leaderboard (issue 39.1) at a phone's 390×844 and a tablet's size, in English and
繁: nothing wider than the screen, the head-to-head sentence and the chart on the page."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Player, Session

from browser_helpers import Shots, sign_up
from web_helpers import ZJ_TILES, entry_of, record_win

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}
WORDS = {"en": ("Ann wins most from Bob", "Leaderboard"), "zh-hant": ("Ann 從 Bob 贏得最多", "排行榜")}


def fan(winner: int, discarder: int | None, figure: int) -> HandInput:
    return HandInput(kind=Hand.Kind.WIN, winner=winner, discarder=discarder, figure=figure, figure_field="fan")


def evenings(owner) -> None:
    """Two taiwan evenings (taiwan.md's pull ledger example) and a zung-jung one with a hand by tiles."""
    for _ in range(2):
        session = services.session_create(ruleset="taiwan", names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                          stakes={"base": "10", "per_fan": "2"}, options={}, owner=owner)
        services.hands_append(session=session, hands=[fan(0, None, 13), fan(0, 1, 5), fan(2, 3, 3)])
    zj = services.session_create(ruleset="zung-jung", names=["Ann", "Bob", "Cy", "Eve"], first_dealer=0, stakes={},
                                 options={}, owner=owner)
    record_win(session=zj, entry=entry_of(winner=0, how=1, concealed=ZJ_TILES["concealed"], winning_tile="2z"))
    services.seat_change_record(session=zj, seat=3, name="Di")
    record_win(session=zj, entry=entry_of(winner=3, how="self", figure=20, mode="figure"))
    assert Session.objects.count() == 3


@pytest.mark.parametrize("language", list(WORDS))
@pytest.mark.parametrize("size", list(SIZES))
def test_the_player_page_and_the_leaderboard_fit_the_screen(page: Page, live_server, size, language):
    sign_up(page, live_server.url)
    from django.contrib.auth import get_user_model
    evenings(get_user_model().objects.get(username="ann"))
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.set_viewport_size(SIZES[size])
    shot = Shots(page, f"player-numbers/{size}-{language}")
    sentence, board = WORDS[language]

    page.goto(f"{live_server.url}/players/{Player.objects.get(name='Ann').pk}/")

    expect(page.locator(".rival-line").first).to_contain_text(sentence)
    expect(page.locator("svg.balance-chart")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot("player")
    for index, card in enumerate([page.locator("section.chart"), *page.locator("section.player-numbers").all()]):
        card.screenshot(path=str(shot.folder / f"card-{index}.png"))  # each card at its own size, to look at
    page.get_by_role("link", name=board).last.click()
    expect(page.locator("table.leaderboard").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot("leaderboard")
