"""Small words, seen at 390x844 (issue 35.17): the quick-entry help's on-the-spot codes each with its name in the
reader's words, the page no wider than the phone; 繁's 中庸 starts where the other rulesets do on the home page;
Settle up's names sit at the left of their rows, the balances at the right — in en, 繁 and 简.

Screenshots: artifacts/screenshots/small-words/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session

from browser_helpers import Shots, new_session

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = ("en", "zh-hant", "zh-hans")
CHASE = {"en": "chase: Chase (追)", "zh-hant": "chase: 追", "zh-hans": "chase: 追"}


def in_language(page: Page, base_url: str, language: str) -> None:
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_quick_entry_help_glosses_its_codes_and_fits_the_phone(page: Page, live_server, language):
    shot = Shots(page, f"small-words/quick-entry-{language}")
    in_language(page, live_server.url, language)
    page.goto(f"{live_server.url}/help/quick-entry/")
    codes = [" ".join(t.split()) for t in page.locator(".spot-codes li").all_inner_texts()]
    assert len(codes) == 9 and all(": " in c for c in codes), codes
    assert CHASE[language] in codes, codes  # the code, then its name as the On-the-spot screen says it
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot("help")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_pages_ruleset_links_start_in_one_line(page: Page, live_server, language):
    in_language(page, live_server.url, language)
    page.goto(live_server.url)
    lefts = page.evaluate("""() => [...document.querySelectorAll('main li > a')]
      .filter(a => a.getAttribute('href').startsWith('/rules/')).map(a => {
        const range = document.createRange(); range.selectNodeContents(a);
        return Math.round(range.getBoundingClientRect().left); })""")
    assert len(lefts) == 6 and len(set(lefts)) == 1, lefts  # the words themselves, not the links' boxes


@pytest.mark.parametrize("language", LANGUAGES)
def test_settle_up_names_sit_at_the_left(page: Page, live_server, language):
    shot = Shots(page, f"small-words/settle-{language}")
    new_session(page, live_server.url, "Taiwan", names=("Annabelle", "Bartholomew", "Cy", "Di"))
    session = Session.objects.get()
    services.hands_append(session=session, hands=[
        HandInput(kind=Hand.Kind.WIN, winner=1, discarder=2, figure=5, figure_field="fan")])
    in_language(page, live_server.url, language)
    page.goto(f"{live_server.url}/sessions/{session.pk}/settle/")
    rows = page.locator(".seats-plain .seat")
    names = [rows.nth(i).locator(".player-link").bounding_box() for i in range(4)]
    balances = [rows.nth(i).locator(".balance").bounding_box() for i in range(4)]
    assert len({round(n["x"]) for n in names}) == 1, names
    row = rows.first.bounding_box()
    assert names[0]["x"] - row["x"] < 20, (names[0], row)
    assert all(n["x"] + n["width"] <= b["x"] for n, b in zip(names, balances))
    shot("settle")
