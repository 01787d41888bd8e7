"""Past the table: quick entry, the balance chart, a player's page, the backup out and back in.

A scorer catches up on hands kept on paper with quick entry (a typo first, named on its line),
the session page and the history draw the balances as a chart, a name opens the player's page,
and the backup downloaded from the history imports as a new session with the same balances.
Screenshots: artifacts/screenshots/extras/.
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from browser_helpers import Shots, new_session, settled

pytestmark = pytest.mark.django_db(transaction=True)


def seat_balances(page: Page) -> list[str]:
    return page.locator("ol.seats .balance").all_inner_texts()


def test_quick_entry_the_chart_and_a_backup_round_trip(page: Page, live_server, tmp_path):
    shot = Shots(page, "extras")
    new_session(page, live_server.url, "Zung Jung")

    # -- quick entry: a typo is named on its line, nothing is saved until every line reads ---------
    page.get_by_role("link", name="Quick entry").click()
    expect(page.get_by_role("heading", name="Quick entry")).to_be_visible()
    page.get_by_label("Hands, one per line").fill("W2 d3 30\nW1 s 10\nW5 d2 25\nD")
    page.get_by_role("button", name="Check").click()
    settled(page)
    result = page.locator("#quick-result")
    expect(result).to_contain_text("1 problem: nothing was saved")
    expect(result.locator(".quick-line-bad")).to_contain_text("line 3: seat 5 does not exist")
    shot("quick-entry-error")
    page.get_by_label("Hands, one per line").fill("W2 d3 30\nW1 s 10\nW4 d2 25\nD\nW3 d1 40")
    page.get_by_role("button", name="Check").click()
    settled(page)
    expect(result).to_contain_text("All 5 lines read well")
    expect(result).to_contain_text("Bob won on Cy's discard")
    expect(result.get_by_role("heading", name="Balances after these hands")).to_be_visible()
    shot("quick-entry-checked")
    page.get_by_role("button", name="Save all").click()
    expect(page.get_by_text("5 hands saved.")).to_be_visible()

    # -- the chart on the session page -----------------------------------------------------------
    chart = page.locator("#balance-chart svg")
    expect(chart).to_be_visible()
    assert chart.locator("polyline").count() == 4
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390 and box["height"] > 120  # fits the phone, readable
    label = chart.get_attribute("aria-label") or ""
    assert "after 5 hands" in label
    page.locator("#balance-chart").scroll_into_view_if_needed()
    shot("session-with-chart")
    page.locator("#balance-chart").screenshot(path=str(shot.folder / "chart-only.png"))
    balances = seat_balances(page)
    assert balances != ["0", "0", "0", "0"]

    # -- a player's page, from the name on the session page ----------------------------------------
    page.locator("ol.seats").get_by_role("link", name="Bob", exact=True).click()
    expect(page.get_by_role("heading", name="Bob", exact=True)).to_be_visible()
    expect(page.locator(".stat-grid")).to_contain_text("1 hands won")
    shot("player-page")
    page.go_back()

    # -- the history page draws it too, and offers the downloads ------------------------------------
    page.get_by_role("link", name="History").click()
    expect(page.locator("#balance-chart svg")).to_be_visible()
    shot("history-with-chart")
    with page.expect_download() as csv_download:
        page.get_by_role("link", name="Download CSV").click()
    csv_text = (tmp_path / "s.csv")
    csv_download.value.save_as(csv_text)
    assert csv_text.read_bytes().startswith(b"\xef\xbb\xbf")  # Excel reads it as UTF-8
    with page.expect_download() as download:
        page.get_by_role("link", name="Download backup").click()
    backup = tmp_path / download.value.suggested_filename
    download.value.save_as(backup)
    assert backup.suffix == ".json" and len(json.loads(backup.read_text())["hands"]) == 5

    # -- and the backup imports as a new session with the same balances ------------------------------
    page.goto(live_server.url)
    page.get_by_role("link", name="Import a session from a backup").click()
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("Choose the backup file to import.")).to_be_visible()
    shot("import-empty")
    page.get_by_label("Backup file (.json)").set_input_files(str(backup))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("Session imported")).to_be_visible()
    assert seat_balances(page) == balances
    expect(page.locator("#balance-chart svg")).to_be_visible()
    shot("imported-session")
