"""A forgotten password at a table with no e-mail: the code shown once at sign-up fits a phone's screen, and it
lets the person back in from another phone; the staff admin runs under the app's Content-Security-Policy."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from browser_helpers import SCREENSHOTS, sign_up


def test_the_recovery_code_is_shown_once_and_lets_the_person_back_in(page: Page, live_server, browser):
    sign_up(page, live_server.url, username="mei")
    card = page.locator(".recovery")
    expect(card).to_be_visible()
    code = page.locator("#recovery-code").inner_text()
    box = page.locator("#recovery-code").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # on one line, on screen
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "recovery-code-after-sign-up.png"))
    page.reload()
    expect(page.locator(".recovery")).to_have_count(0)  # once only

    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(live_server.url + "/accounts/login/")
    other.get_by_role("link", name="Forgot your password?").click()
    other.get_by_label("Username").fill("mei")
    other.get_by_label("Recovery code").fill(code.lower())
    other.get_by_label("New password", exact=True).fill("dragons at dawn 42")
    other.get_by_label("New password confirmation").fill("dragons at dawn 42")
    other.get_by_role("button", name="Set the new password").click()
    expect(other.get_by_text("Your new password is set")).to_be_visible()
    expect(other.get_by_role("button", name="Log out")).to_be_visible()
    assert other.locator("#recovery-code").inner_text() != code
    other.screenshot(path=str(SCREENSHOTS / "recovery-code-after-recovery.png"))


def test_the_admin_breaks_no_policy(page: Page, live_server, django_user_model):
    django_user_model.objects.create_user("op", password="tiles and tea 88", is_staff=True, is_superuser=True)
    refused: list[str] = []
    page.on("console", lambda message: refused.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text or "Refused to" in message.text else None)
    page.goto(live_server.url + "/admin/")
    page.get_by_label("Username").fill("op")
    page.get_by_label("Password").fill("tiles and tea 88")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Sessions")).to_be_visible()
    page.get_by_role("link", name="Sessions").click()
    expect(page.get_by_text("0 sessions")).to_be_visible()
    assert refused == []
