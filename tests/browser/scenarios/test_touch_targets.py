"""Every link and button a thumb can tap is at least 44 × 44 px, and no page is wider than the phone, on
every screen, at 390×844, in English, 繁體中文 and 简体中文; each screen is kept as a screenshot to look at.

The walk opens each screen a table uses (with hands in, so history, charts and settle-up have
content) and measures what can be tapped: links, buttons, the big radio labels, summaries. It
finds its way by the page's structure, not its words, so it walks every language alike.

Screenshots: artifacts/screenshots/screens/<language>/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from browser_helpers import Shots, new_session, settled

pytestmark = pytest.mark.django_db(transaction=True)

MIN = 44

# What a thumb can tap, as the screens draw it; a radio or checkbox is tapped through its label.
TAPPABLE = "a[href], button, summary, label.seg, label:has(> input[type=checkbox]), input[type=submit]"

SMALL = """([selector, least]) => [...document.querySelectorAll(selector)].filter(el => {
  const r = el.getBoundingClientRect(), style = getComputedStyle(el);
  if (r.width === 0 || r.height === 0 || style.visibility === "hidden") return false;
  if (el.closest(".sr-only, .skip-link, [aria-hidden=true]")) return false;
  return r.width < least - 0.5 || r.height < least - 0.5;
}).map(el => `${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute("aria-label") || "").trim()
  .slice(0, 40)}" ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`)"""


WIDE = """() => document.documentElement.scrollWidth <= innerWidth ? [] : [...document.querySelectorAll("body *")]
  .filter(el => el.getBoundingClientRect().right > innerWidth + 0.5 && !el.closest("[hidden]"))
  .map(el => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
  .slice(0, 5)"""


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_every_tappable_thing_on_every_screen_is_at_least_44_px(page: Page, live_server, language):
    shot = Shots(page, f"screens/{language}")
    found: dict[str, list[str]] = {}

    def screen(name: str) -> None:
        page.wait_for_load_state()  # the stylesheet in: a page is measured as the reader sees it
        settled(page)
        if language != "en":
            assert page.locator("html").get_attribute("lang").lower() == language, name
        small = page.evaluate(SMALL, [TAPPABLE, MIN])
        if small:
            found[name] = small
        wide = page.evaluate(WIDE)  # nothing wider than the screen: no page scrolls sideways
        if wide:
            found[f"{name} (wider than the screen)"] = wide
        shot(name)

    def go(url: str) -> None:
        response = page.goto(url)
        assert response is not None and response.ok, url

    def label_of(selector: str):
        return page.locator(f"label:has({selector})")

    new_session(page, live_server.url, "Taiwan")
    session_url = page.url
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(session_url)
    screen("session")
    page.locator("a.seat-won").nth(1).click()
    screen("win-by-figure")
    assert page.locator("#figure").bounding_box()["width"] >= 88  # "Other" has room for a typed figure
    label_of('input[name=how][value="2"]').click()
    settled(page)
    screen("win-by-figure-chosen")
    page.locator('button[name="figure_chip"][value="5"]').first.click()  # the chip saves it
    page.wait_for_url("**/?saved=*")
    screen("session-after-a-save")
    page.goto(session_url + "win/")
    page.locator('button[name="action"][value="mode:tiles"]').click()
    screen("win-by-tiles")
    page.goto(session_url + "draw/")
    screen("draw")
    page.locator("button.button-save").click()
    page.wait_for_url("**/?saved=*")  # the draw saved: the form is sent once the server has answered at all
    page.goto(session_url + "spot/")
    screen("on-the-spot")
    for name in ("history", "settle", "share", "quick"):
        go(session_url + name + "/")
        screen(name)
    go(live_server.url + "/help/quick-entry/?session=" + session_url.rstrip("/").split("/")[-1])
    screen("quick-help")
    page.goto(session_url)
    page.locator(".seat-name .player-link").nth(1).click()  # the winner of the hand saved above
    # The click only waits for the player page to start arriving; expect waits for its heading.
    expect(page.locator("#biggest-heading"), "the player page is walked with a biggest hand").to_have_count(1)
    screen("player")
    for name, path in (("home", "/"), ("new-session", "/sessions/new/"), ("new-session-players",
                       "/sessions/new/?ruleset=zung-jung"), ("rules", "/rules/"), ("rules-taiwan", "/rules/taiwan/"),
                       ("rules-taizhou", "/rules/taizhou/"), ("import", "/sessions/import/")):
        go(live_server.url + path)
        screen(name)
    page.context.clear_cookies(name="sessionid")
    for name, path in (("log-in", "/accounts/login/"), ("sign-up", "/accounts/signup/")):
        go(live_server.url + path)
        screen(name)
    assert found == {}, "\n".join(f"{name}: {small}" for name, small in found.items())
