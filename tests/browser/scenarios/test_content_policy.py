"""The Content-Security-Policy allows only the app's own scripts and styles: walking the screens a table
uses, with their scripts running (keypad, live preview, Share's copy buttons), the browser refuses nothing."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from browser_helpers import new_session, settled, tap


def test_no_screen_breaks_the_policy(page: Page, live_server):
    refused: list[str] = []
    page.on("console", lambda message: refused.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text or "Refused to" in message.text else None)
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Bob won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    page.get_by_role("button", name="40", exact=True).click()  # the chip saves it
    expect(page.locator(".hand-notice")).to_be_visible()
    page.get_by_role("link", name="Win", exact=True).click()
    tap(page, "1m")
    session_url = page.url.split("/win/")[0]
    page.goto(session_url + "/history/")
    page.goto(session_url + "/share/")
    page.get_by_role("button", name="Create a link").click()
    expect(page.get_by_role("button", name="Revoke").first).to_be_visible()
    for path in ("/rules/taiwan/", "/", "/sessions/new/"):
        page.goto(live_server.url + path)
    assert refused == []
