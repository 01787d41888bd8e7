"""A table without an account (issue 19): a guest starts a session on their phone, scores it, shares it, a
table-mate joins by the link and scores too, a stranger finds nothing; signing up keeps it all; Same table
again starts the next session in one tap. Also without JavaScript.

Screenshots: artifacts/screenshots/guest-table/ and guest-no-javascript/.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.tables.models import Hand, Session

from browser_helpers import Shots, settled, start_session

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Ann", "Bob", "Cy", "Di")


def guest_starts(page: Page, base_url: str, ruleset: str = "Zung Jung") -> None:
    page.goto(base_url)
    expect(page.get_by_text("No account needed")).to_be_visible()
    start_session(page, ruleset, NAMES)


def win(page: Page, winner: str, discarder: str, figure: str) -> None:
    page.get_by_role("link", name=f"{winner} won").click()
    settled(page)
    page.get_by_role("radio", name=f"Discard by {discarder}").click()
    settled(page)
    page.get_by_role("button", name=figure, exact=True).click()
    expect(page.locator(".hand-notice")).to_be_visible()


def test_a_guest_table_shares_joins_signs_up_and_plays_again(page: Page, browser: Browser, browser_context_args,
                                                              live_server):
    shot = Shots(page, "guest-table")
    guest_starts(page, live_server.url)
    win(page, "Bob", "Cy", "40")
    shot("guest-scored")

    page.get_by_role("link", name="Share").click()
    page.get_by_role("radio", name="Score: enter, edit and delete hands").check()
    page.get_by_role("button", name="Create a link").click()
    scorer_url = page.locator("input.share-url").first.input_value()
    shot("guest-shares")

    mate_context = browser.new_context(**browser_context_args)
    mate = mate_context.new_page()
    mate.goto(scorer_url)
    mate.get_by_role("button", name="Open the session").click()
    expect(mate.get_by_text("You can enter and edit the hands of this session.")).to_be_visible()
    win(mate, "Di", "Ann", "25")
    expect(mate.get_by_role("link", name="Share")).to_have_count(0)
    mate.goto(live_server.url)
    expect(mate.get_by_text("Shared with you")).to_be_visible()

    session = Session.objects.get()
    stranger_context = browser.new_context(**browser_context_args)
    stranger = stranger_context.new_page()
    assert stranger.goto(f"{live_server.url}/sessions/{session.pk}/").status == 404
    stranger.goto(live_server.url)
    expect(stranger.locator(".session-list")).to_have_count(0)

    page.goto(live_server.url)
    expect(page.get_by_text("On this phone only")).to_be_visible()
    shot("guest-home")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password", exact=True).fill("tiles and tea 88")
    page.get_by_label("Password confirmation").fill("tiles and tea 88")
    page.get_by_role("button", name="Create the account").click()
    expect(page.get_by_text("The session you started on this phone is now in your account.")).to_be_visible()
    expect(page.get_by_text("On this phone only")).to_have_count(0)
    shot("signed-up-kept")
    session.refresh_from_db()
    assert session.owner is not None and {p.owner_id for p in session.players} == {session.owner_id}
    assert Hand.objects.filter(session=session).count() == 2

    mate.goto(f"{live_server.url}/sessions/{session.pk}/")  # the table-mate's link still works
    expect(mate.locator(".seat", has_text="Di")).to_contain_text("+")

    page.get_by_role("link", name=re.compile("Ann, Bob, Cy, Di")).click()
    page.get_by_role("link", name="Settle up").click()
    page.get_by_role("button", name="Finish session").click()
    shot("finished")
    page.get_by_role("button", name="Same table again").click()
    expect(page.get_by_text("The same table again: a new session.")).to_be_visible()
    expect(page.get_by_role("list", name="Players and balances")).to_contain_text("Ann")
    shot("same-table-again")
    again = Session.objects.exclude(pk=session.pk).get()
    assert [p.pk for p in again.players] == [p.pk for p in session.players]
    assert (again.owner_id, again.stakes, again.options) == (session.owner_id, session.stakes, session.options)
    for context in (mate_context, stranger_context):
        context.close()


def test_a_guest_without_javascript(browser: Browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    shot = Shots(page, "guest-no-javascript")
    guest_starts(page, live_server.url, "Hong Kong Old Style")
    win(page, "Cy", "Di", "20")
    page.get_by_role("link", name="Settle up").click()
    page.get_by_role("button", name="Finish session").click()
    page.get_by_role("button", name="Same table again").click()
    expect(page.get_by_text("The same table again: a new session.")).to_be_visible()
    shot("same-table-again")
    page.goto(live_server.url)
    expect(page.locator(".session-list li")).to_have_count(2)
    shot("home")
    assert Session.objects.filter(owner__isnull=True).count() == 2
    context.close()
