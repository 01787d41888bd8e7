"""Steps a player takes, shared by the browser tests (imported by name: tests are not packages)."""
from __future__ import annotations

import re
import time
from decimal import Decimal
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

SUIT_TABS = {"m": "Characters", "p": "Dots", "s": "Bamboo", "z": "Honours", "f": "Flowers"}
HONOURS = {"1z": "East wind", "2z": "South wind", "3z": "West wind", "4z": "North wind",
           "5z": "White dragon", "6z": "Green dragon", "7z": "Red dragon"}
WORDS = {"m": "characters", "p": "dots", "s": "bamboo"}


def label(code: str) -> str:
    return HONOURS[code] if code[1] == "z" else f"{code[0]} {WORDS[code[1]]}"


# page.wait_for_function takes a promise for a truthy value (a promise of false ends the wait): what
# the phone keeps (its caches) is asked with page.evaluate, which waits for the answer, again and again.
KEPT = "url => caches.match(url).then(hit => hit !== undefined)"


def wait_until(page: Page, expression: str, arg: object = None, timeout: float = 15.0) -> None:
    """Until the (async) expression is true in the page."""
    deadline = time.monotonic() + timeout
    while not _true_now(page, expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout} s: {expression} ({arg})")
        page.wait_for_timeout(100)


def _true_now(page: Page, expression: str, arg: object) -> bool:
    try:
        return bool(page.evaluate(expression, arg))
    except PlaywrightError as error:  # a page still loading: asked again once it has
        if "context was destroyed" not in str(error):
            raise
        return False


def wait_until_kept(page: Page, url: str) -> None:
    """Until the phone keeps a copy of the page for offline use."""
    wait_until(page, KEPT, url)


def settled(page: Page) -> None:
    """Wait until HTMX has no request or swap under way (a no-op without JavaScript)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def by_tiles(page: Page) -> None:
    """Open the keypad: a session opens a win the way its last win was entered (by figure at first)."""
    tab = page.locator('button[name="action"][value="mode:tiles"]')
    if tab.count() and tab.get_attribute("aria-pressed") == "false":
        tab.click()
        settled(page)


def tap(page: Page, code: str) -> None:
    """Tap one tile on the keypad, opening it (and its suit) first."""
    if not page.locator("#keypad").is_visible():  # by figure the keypad is on the page, hidden
        by_tiles(page)
    if not page.get_by_role("button", name=label(code), exact=True).count():
        page.get_by_role("button", name=SUIT_TABS[code[1]], exact=True).click()
        settled(page)
    page.get_by_role("button", name=label(code), exact=True).click()
    settled(page)


def unfold_people(page: Page) -> None:
    """By tiles, who won how folds into a line once chosen: open it to change them."""
    folded = page.locator("details.people:not([open]) > summary")
    if folded.count():
        folded.click()


def choose(page: Page, legend: str, option: str) -> None:
    """Tap a big radio button inside the fieldset with this legend."""
    unfold_people(page)
    fieldset = page.locator("fieldset", has=page.locator("legend", has_text=legend))
    fieldset.get_by_role("radio", name=re.compile(rf"^{re.escape(option)}\b")).click()
    settled(page)


def sign_up(page: Page, base_url: str, username: str = "ann", password: str = "tiles and tea 88") -> None:
    """The person who starts sessions makes an account (table-mates need none)."""
    page.goto(base_url + "/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password confirmation").fill(password)
    page.get_by_role("button", name="Create the account").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def new_session(page: Page, base_url: str, ruleset: str, names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Di")) -> None:
    """Start a session, signing up first if this browser is not logged in."""
    page.goto(base_url)
    if not page.get_by_role("button", name="Log out").count():
        sign_up(page, base_url)
    start_session(page, ruleset, names)


def start_session(page: Page, ruleset: str, names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Di")) -> None:
    """From a page with New session (home): the ruleset, the four names, Start."""
    page.get_by_role("link", name="New session").click()
    page.get_by_role("link", name=re.compile(ruleset)).click()
    for seat, name in zip(("East 東", "South 南", "West 西", "North 北"), names):
        page.get_by_label(seat).fill(name)
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()


def several_winners_session(page: Page, base_url: str, names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Di")) -> None:
    """A taiwan session with the house option 一炮多響 on, started from the home page."""
    page.goto(base_url)
    if not page.get_by_role("button", name="Log out").count():
        sign_up(page, base_url)
    page.get_by_role("link", name="New session").click()
    page.get_by_role("link", name="Taiwan", exact=False).first.click()
    for seat, name in zip(("East 東", "South 南", "West 西", "North 北"), names):
        page.get_by_label(seat).fill(name)
    page.locator("select[name=option_several_winners]").select_option("true")
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()


class Shots:
    """Full-page screenshots of one walk-through: artifacts/screenshots/<folder>/NN-name.png."""

    def __init__(self, page: Page, folder: str) -> None:
        self.page, self.folder, self.count = page, SCREENSHOTS / folder, 0
        self.folder.mkdir(parents=True, exist_ok=True)
        for old in self.folder.glob("*.png"):
            old.unlink()

    def __call__(self, name: str) -> Path:
        self.count += 1
        path = self.folder / f"{self.count:02d}-{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


STATIC = Path(__file__).resolve().parents[2] / "static"
MODULES_ORIGIN = "http://modules.test"


def module_page(page: Page) -> None:
    """A blank page whose origin serves static/ (no server): a pure module of static/js is imported into it
    with `await import("/static/js/<name>.js")`, as the pages import it, its own imports resolved too."""
    def serve(route) -> None:
        path = route.request.url.removeprefix(MODULES_ORIGIN)
        if path.startswith("/static/"):
            found = STATIC / path.removeprefix("/static/")
            route.fulfill(path=found, content_type="text/javascript") if found.is_file() else route.fulfill(status=404)
        else:
            route.fulfill(body="<!doctype html><html><body></body></html>", content_type="text/html")
    page.route(f"{MODULES_ORIGIN}/**", serve)
    page.goto(f"{MODULES_ORIGIN}/")


def screen_balances(page: Page) -> dict[str, Decimal]:
    """Each seated player's balance as the session screen shows it (the first figure on their card)."""
    found = page.evaluate("""() => Array.from(document.querySelectorAll('ol.seats > li.seat')).map(li => [
        li.querySelector('.seat-name a').textContent.trim(),
        li.querySelector('.balance').childNodes[0].textContent.trim()])""")
    return {name: Decimal(text.replace("−", "-").replace("+", "").replace(",", "")) for name, text in found}
