"""Three phones at one table: the owner shares a scorer link and a viewer link.

The scorer, with no account, enters a hand on their own phone; the owner, whose win form
was opened before that, is told the session changed and sees the latest, with what they
typed kept; the viewer sees the session read-only; a revoked link stops working at once.
Screenshots: artifacts/screenshots/sharing/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from browser_helpers import Shots, choose, new_session, settled

pytestmark = pytest.mark.django_db(transaction=True)


def share_link(page: Page, role: str, label: str) -> str:
    page.get_by_role("radio", name=role).check()
    page.get_by_label("Who is it for? (optional)").fill(label)
    page.get_by_role("button", name="Create a link").click()
    card = page.locator(".share-link", has_text=label)
    expect(card).to_be_visible()
    return card.locator("input.share-url").input_value()


def test_a_scorer_link_and_a_viewer_link(page: Page, browser: Browser, browser_context_args, live_server):
    shot = Shots(page, "sharing")
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Share").click()
    expect(page.get_by_text("No links yet")).to_be_visible()
    scorer_url = share_link(page, "Score: enter, edit and delete hands", "Bob's phone")
    viewer_url = share_link(page, "View only: see the scores and the history", "Cy")
    assert scorer_url != viewer_url and "/t/" in scorer_url
    shot("share-page")

    # The owner starts entering a hand ...
    page.get_by_role("link", name="Back to the session").click()
    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", "Di")
    choose(page, "How?", "Self-drawn")
    page.get_by_role("button", name="By points").click()
    settled(page)
    page.get_by_label("Other", exact=True).fill("12")
    page.get_by_label("Note (optional)").fill("Di's kong")
    settled(page)

    # ... while Bob, on his own phone and without an account, records the same hand first.
    bob_context = browser.new_context(**browser_context_args)
    bob = bob_context.new_page()
    bob_shot = Shots(bob, "sharing-scorer")
    bob.goto(scorer_url)
    expect(bob.get_by_text("This link lets you enter and edit the hands")).to_be_visible()
    bob_shot("scorer-link-asks")
    bob.get_by_role("button", name="Open the session").click()
    expect(bob.get_by_text("You can enter and edit the hands of this session.")).to_be_visible()
    expect(bob.get_by_role("button", name="Log out")).to_have_count(0)
    bob_shot("scorer-arrives")
    bob.get_by_role("link", name="Win", exact=True).click()
    choose(bob, "Who won?", "Di")
    choose(bob, "How?", "Self-drawn")
    bob.get_by_role("button", name="By points").click()
    settled(bob)
    bob.get_by_label("Other", exact=True).fill("12")
    expect(bob.locator("#preview").get_by_text("Who owes whom (on the tab)")).to_be_visible()
    bob.get_by_role("button", name="Save hand").click()
    expect(bob.locator(".hand-notice")).to_be_visible()
    expect(bob.locator(".seat", has_text="Di")).to_contain_text("+36")
    bob_shot("scorer-saved-a-hand")

    # The owner saves: told, shown the latest, nothing typed lost, nothing doubled.
    page.get_by_role("button", name="Save hand").click()
    notice = page.locator("#changed-notice")
    expect(notice).to_contain_text("The session changed — here is the latest")
    expect(notice).to_contain_text("Di won self-drawn")
    expect(notice).to_be_focused()  # brought into view: the save button is far below it
    expect(page.get_by_role("heading", name="Hand 2: a win")).to_be_visible()
    expect(page.get_by_label("Other", exact=True)).to_have_value("12")
    expect(page.get_by_label("Note (optional)")).to_have_value("Di's kong")
    shot("session-changed")
    page.locator(".save-bar").get_by_role("link", name="Cancel").click()
    expect(page.locator(".hand-list .hand-row")).to_have_count(1)
    shot("owner-session")

    # Cy follows the viewer link: everything to read, nothing to change.
    cy_context = browser.new_context(**browser_context_args)
    cy = cy_context.new_page()
    cy_shot = Shots(cy, "sharing-viewer")
    cy.goto(viewer_url)
    cy.get_by_role("button", name="Open the session").click()
    expect(cy.get_by_text("View only")).to_have_count(2)  # the message, and the note on the page
    expect(cy.locator(".seat", has_text="Di")).to_contain_text("+36")
    for name in ("Win", "Draw", "Share"):
        expect(cy.get_by_role("link", name=name, exact=True)).to_have_count(0)
    cy_shot("viewer-session")
    cy.get_by_role("link", name="History").click()
    expect(cy.get_by_text("Di won self-drawn")).to_be_visible()
    expect(cy.get_by_role("link", name="Edit hand 1")).to_have_count(0)
    expect(cy.get_by_role("link", name="Delete hand 1")).to_have_count(0)
    cy_shot("viewer-history")

    # The owner revokes Bob's link: his next tap finds nothing.
    page.get_by_role("link", name="Share").click()
    page.locator(".share-link", has_text="Bob's phone").get_by_role("button", name="Revoke").click()
    expect(page.get_by_text("Link revoked")).to_be_visible()
    shot("after-revoke")
    bob.reload()
    expect(bob.get_by_role("heading", name="Nothing here")).to_be_visible()
    bob_shot("scorer-after-revoke")
    bob_context.close()
    cy_context.close()
