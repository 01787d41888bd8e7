"""Offline never loses a hand: many changes of every kind made without a connection wait on the phone
in order, survive reloads, a closed browser and a new service worker, and are each saved once when the
connection returns; a change that cannot be saved stays on the screen with the table's choice.

Touch, 390x844, the service worker on. Screenshots: artifacts/screenshots/offline-queue/.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Hand
from scorekeeper.tables.views import offline

from browser_helpers import Shots, new_session, tap, wait_until, wait_until_kept

pytestmark = pytest.mark.django_db(transaction=True)

# taiwan, 16 tiles: 123m 456m 789m 123p 456p and a pair of 1s, won on the second 1s.
TAIWAN_HAND = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 1s".split()


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "has_touch": True, "is_mobile": True}


def server_hands() -> list[tuple]:
    """The session's live hands as the server has them, in order: what a table would check."""
    rows = []
    for hand in Hand.objects.live().order_by("position"):
        tiles = hand.tiles and (hand.tiles["concealed"], hand.tiles["winning_tile"])
        rows.append((hand.kind, hand.winner, hand.discarder, hand.figure, tiles or None, hand.spot_kind or None,
                     hand.spot_player))
    return rows


def kept_for_offline(page: Page) -> None:
    """The session screen has the phone keep the pages a hand needs (and the history, with its edit pages)."""
    base = re.sub(r"\?.*$", "", page.url).rstrip("/")
    for path in ("/win/", "/draw/", "/history/"):
        wait_until_kept(page, base + path)


def waiting(page: Page, count: int) -> None:
    expect(page.locator("#offline-status")).to_contain_text(
        "1 hand waiting to be sent" if count == 1 else f"{count} hands waiting to be sent")
    if count > 1:  # several hands are "they" (issue 35.17)
        expect(page.locator("#offline-status")).not_to_contain_text("It will be sent")
    expect(page.locator(".hand-queued")).to_have_count(count)


def win_by_figure(page: Page, winner: str, how: str, figure: int) -> None:
    """From the session screen: the winner's "won", the discarder (or Self-drawn), the figure (it saves)."""
    page.get_by_role("link", name=f"{winner} won").tap()
    expect(page.get_by_role("radio", name=re.compile(rf"^{winner}\b"))).to_be_checked()
    page.get_by_role("radio", name=how).tap()
    page.get_by_role("button", name=str(figure), exact=True).tap()  # the chip saves it
    expect(page.locator("#standings")).to_be_visible()


def record_a_draw(page: Page) -> None:
    """From the session screen: "Draw", then "Record the draw" once the draw page's scripts have run."""
    page.get_by_role("link", name="Draw", exact=True).tap()
    # The tap does not wait for the draw page's scripts, and wait_for_load_state() alone may answer for the
    # session screen still shown: on loaded CI runs the button was tapped before the scripts ran, and the browser
    # posted the form itself (into the aborted route) rather than keeping it.
    page.wait_for_url(re.compile(r"/draw/$"), wait_until="load")
    page.get_by_role("button", name="Record the draw").tap()


def test_an_offline_evening_of_every_kind_of_hand_is_saved_once_in_order(page: Page, live_server):
    shot = Shots(page, "offline-queue")
    new_session(page, live_server.url, "Taiwan")
    session_url = page.url.split("?")[0]
    page.get_by_role("link", name="Ann won").tap()  # online: Ann's win begun, then cancelled
    page.get_by_role("link", name="Cancel").last.tap()
    expect(page.locator("#standings")).to_be_visible()
    kept_for_offline(page)
    page.context.set_offline(True)

    # the form opens with the winner tapped, whatever form was opened before, and the winner's own
    # discard is not offered
    page.get_by_role("link", name="Cy won").tap()
    expect(page.get_by_role("radio", name=re.compile(r"^Cy\b"))).to_be_checked()
    expect(page.get_by_role("radio", name=re.compile(r"^Ann\b"))).not_to_be_checked()
    expect(page.get_by_role("radio", name="Discard by Cy")).to_have_count(0)
    expect(page.get_by_role("radio", name="Discard by Ann")).to_have_count(1)
    # a form with tiles tapped, then cancelled, keeps nothing; ‹ goes back at once, as Cancel does
    page.get_by_role("button", name="By tiles").tap()
    tap(page, "1m")
    tap(page, "2m")
    page.get_by_role("link", name="Cancel").first.tap()
    expect(page.locator("#standings")).to_be_visible()
    expect(page.locator(".hand-queued")).to_have_count(0)
    page.get_by_role("link", name="Cy won").tap()
    expect(page.get_by_role("radio", name=re.compile(r"^Cy\b"))).to_be_checked()
    page.get_by_role("button", name="By tiles").tap()
    expect(page.locator("#tiles-card .hand-area .tile-button")).to_have_count(0)
    page.get_by_role("link", name="Cancel").last.tap()

    win_by_figure(page, "Cy", "Discard by Di", 5)
    waiting(page, 1)
    expect(page.locator(".round-line")).to_have_text("Hand 2 · East round")
    win_by_figure(page, "Bob", "Self-drawn", 3)
    record_a_draw(page)
    waiting(page, 3)
    page.reload()  # a reload in the middle of the queue
    waiting(page, 3)

    page.get_by_role("link", name="On the spot").tap()
    page.get_by_role("radio", name=re.compile("^Chase")).tap()
    page.get_by_role("radio", name="Ann", exact=True).tap()
    page.get_by_role("button", name="Record payment").tap()

    # a win by tiles, switched to on the phone, with a tile taken back and tapped again
    page.get_by_role("link", name="Di won").tap()
    page.get_by_role("radio", name="Discard by Ann").tap()
    page.get_by_role("button", name="By tiles").tap()
    for code in TAIWAN_HAND[:5] + ["9s"]:
        tap(page, code)
    page.get_by_role("button", name="Remove 9 bamboo").tap()
    for code in TAIWAN_HAND[5:] + ["1s"]:
        tap(page, code)
    expect(page.locator("#tiles-card .count")).to_have_text("16/16")
    shot("tiles-offline")
    page.get_by_role("button", name="Save hand").tap()
    waiting(page, 5)

    # a win switched to tiles and back to fan before its figure is chosen
    page.get_by_role("link", name="Ann won").tap()
    page.get_by_role("radio", name="Discard by Bob").tap()
    page.get_by_role("button", name="By tiles").tap()
    page.get_by_role("button", name="By fan").tap()
    page.get_by_role("button", name="8", exact=True).tap()
    waiting(page, 6)
    rows = page.locator(".hand-queued .hand-title")
    expect(rows).to_have_text(["Ann won 8 fan off Bob", "Di won by tiles (17 tapped) off Ann", "Chase (追) · Ann",
                               "Draw", "Bob won 3 fan, self-drawn", "Cy won 5 fan off Di"])
    shot("six-waiting")
    assert Hand.objects.count() == 0

    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text(
        "6 changes kept on this phone were saved (the last new one: Hand 5)")
    shot("six-sent")
    concealed = "123456789m123456p1s"
    assert server_hands() == [
        ("win", 2, 3, 5, None, None, None), ("win", 1, None, 3, None, None, None),
        ("draw", None, None, None, None, None, None), ("spot", None, None, None, None, "chase", 0),
        ("win", 3, 0, None, (concealed, "1s"), None, None), ("win", 0, 1, 8, None, None, None)]
    page.reload()
    expect(page.locator(".hand-queued")).to_have_count(0)
    assert len(server_hands()) == 6  # a further reload sends nothing
    assert page.evaluate("localStorage.getItem('scorekeeper.queue')") == "{}"
    assert session_url in page.url


def save_online(page: Page, winner: str, how: str, figure: int, number: int) -> None:
    win_by_figure(page, winner, how, figure)
    expect(page.locator(".hand-notice")).to_contain_text(f"Hand {number} saved.")


def test_edits_deletes_and_an_undo_made_offline_are_saved_once_in_order(page: Page, live_server):
    shot = Shots(page, "offline-queue-changes")
    new_session(page, live_server.url, "Zung Jung")
    save_online(page, "Ann", "Discard by Bob", 40, 1)
    save_online(page, "Bob", "Discard by Cy", 30, 2)
    save_online(page, "Cy", "Self-drawn", 25, 3)
    session_url = page.url.split("?")[0]
    page.get_by_role("link", name="History").tap()  # the newest hands' edit and delete pages are kept
    edit_page = page.get_by_role("link", name="Edit hand 2").get_attribute("href")
    wait_until_kept(page, live_server.url + edit_page)
    page.goto(session_url)
    save_online(page, "Di", "Discard by Ann", 20, 4)
    kept_for_offline(page)
    page.context.set_offline(True)

    page.get_by_role("button", name="Undo").tap()  # hand 4, just saved
    waiting(page, 1)
    page.get_by_role("link", name="History").tap()
    page.get_by_role("link", name="Edit hand 2").tap()
    page.get_by_role("button", name="80", exact=True).tap()  # an edit's chip only chooses
    page.get_by_role("button", name="Save changes").tap()
    waiting(page, 2)
    page.get_by_role("link", name="History").tap()
    page.get_by_role("link", name="Delete hand 1").tap()
    page.get_by_role("button", name="Delete it").tap()
    win_by_figure(page, "Ann", "Self-drawn", 10)
    record_a_draw(page)
    waiting(page, 5)
    expect(page.locator(".hand-queued .hand-title")).to_have_text([
        "Draw", "Ann won 10 points, self-drawn", "Hand 1 deleted.", "Hand 2 changed: Bob won 80 points off Cy",
        "Hand 4 deleted."])
    shot("changes-waiting")

    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text("5 changes kept on this phone were saved")
    shot("changes-sent")
    assert server_hands() == [("win", 1, 2, 80, None, None, None), ("win", 2, None, 25, None, None, None),
                              ("win", 0, None, 10, None, None, None), ("draw", None, None, None, None, None, None)]
    assert Hand.objects.deleted().count() == 2
    page.reload()
    assert len(server_hands()) == 4 and Hand.objects.count() == 6


def test_a_restore_made_offline_puts_the_hand_back_once(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    save_online(page, "Ann", "Discard by Bob", 40, 1)
    save_online(page, "Bob", "Self-drawn", 30, 2)
    page.get_by_role("button", name="Undo").tap()  # online: hand 2 set aside, with Restore beside it
    expect(page.locator(".hand-notice")).to_contain_text("Hand 2 deleted.")
    kept_for_offline(page)
    page.context.set_offline(True)
    page.get_by_role("button", name="Restore").tap()
    waiting(page, 1)
    expect(page.locator(".hand-queued .hand-title")).to_have_text(["The deleted hand restored."])
    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text("1 change kept on this phone was saved.")
    assert server_hands() == [("win", 0, 1, 40, None, None, None), ("win", 1, None, 30, None, None, None)]
    page.reload()
    assert Hand.objects.count() == 2 and len(server_hands()) == 2


def test_the_queue_survives_the_browser_closed_and_is_sent_once_when_it_opens_again(
        browser_type, browser_type_launch_args, browser_context_args, live_server, tmp_path):
    def phone():
        return browser_type.launch_persistent_context(str(tmp_path), **browser_type_launch_args,
                                                      **browser_context_args)
    context = phone()
    page = context.pages[0] if context.pages else context.new_page()
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url.split("?")[0]
    kept_for_offline(page)
    context.set_offline(True)
    win_by_figure(page, "Bob", "Discard by Cy", 40)
    win_by_figure(page, "Cy", "Self-drawn", 30)
    waiting(page, 2)
    context.close()  # the browser closed with two hands waiting
    assert Hand.objects.count() == 0

    context = phone()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(session_url)
    expect(page.locator(".hand-notice")).to_contain_text("2 changes kept on this phone were saved")
    assert server_hands() == [("win", 1, 2, 40, None, None, None), ("win", 2, None, 30, None, None, None)]
    page.reload()
    expect(page.locator(".hand-queued")).to_have_count(0)
    assert Hand.objects.count() == 2
    context.close()


def test_two_phones_the_offline_one_is_told_and_chooses_to_add_its_hands_after(
        page: Page, browser, browser_context_args, live_server, request):
    shot = Shots(page, "offline-two-phones")
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url.split("?")[0]
    kept_for_offline(page)
    other = browser.new_context(**browser_context_args)  # phone B: the same account, online all along
    request.addfinalizer(other.close)
    phone_b = other.new_page()
    phone_b.goto(live_server.url + "/accounts/login/")
    phone_b.get_by_label("Username").fill("ann")
    phone_b.get_by_label("Password").fill("tiles and tea 88")
    phone_b.get_by_role("button", name="Log in").click()
    phone_b.goto(session_url)

    page.context.set_offline(True)  # phone A queues two hands
    win_by_figure(page, "Bob", "Discard by Cy", 40)
    win_by_figure(page, "Cy", "Self-drawn", 30)
    save_online(phone_b, "Di", "Discard by Ann", 20, 1)  # phone B saves one meanwhile

    page.context.set_offline(False)
    panel = page.locator("#queue-panel")
    expect(panel).to_contain_text("Another phone saved hand 1 meanwhile.")
    expect(page.locator(".hand-queued .hand-title")).to_have_text(["Cy won 30 points, self-drawn",
                                                                   "Bob won 40 points off Cy"])
    shot("conflict")
    page.evaluate("window.scrollTo(0, 0)")  # the choice is on the first screen, where its banner is (35.9)
    choice = panel.get_by_role("button", name="Add them after hand 1").bounding_box()
    assert choice["y"] + choice["height"] <= 844, choice
    assert server_hands() == [("win", 3, 0, 20, None, None, None)]  # nothing of A's was added blindly
    page.reload()  # the choice waits: a reload sends nothing
    expect(panel).to_contain_text("Another phone saved hand 1 meanwhile.")
    assert Hand.objects.count() == 1

    panel.get_by_role("button", name="Add them after hand 1").tap()
    expect(page.locator(".hand-notice")).to_contain_text("2 changes kept on this phone were saved")
    shot("added-after")
    assert server_hands() == [("win", 3, 0, 20, None, None, None), ("win", 1, 2, 40, None, None, None),
                              ("win", 2, None, 30, None, None, None)]

    page.context.set_offline(True)  # once more, and this time the table discards its hand
    win_by_figure(page, "Ann", "Self-drawn", 10)
    phone_b.reload()
    save_online(phone_b, "Bob", "Self-drawn", 15, 4)
    page.context.set_offline(False)
    expect(panel).to_contain_text("Another phone saved hand 4 meanwhile.")
    panel.get_by_role("button", name="Discard them").tap()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Discard the change kept on this phone? It is kept nowhere else.")
    dialog.get_by_role("button", name="Discard").tap()
    expect(page.locator(".hand-queued")).to_have_count(0)
    expect(page.locator("#offline-status")).to_be_hidden()
    assert [h[3] for h in server_hands()] == [20, 40, 30, 15]


def test_a_new_service_worker_while_hands_wait_keeps_them(page: Page, live_server, monkeypatch):
    new_session(page, live_server.url, "Zung Jung")
    kept_for_offline(page)
    page.context.set_offline(True)
    win_by_figure(page, "Bob", "Discard by Cy", 40)
    win_by_figure(page, "Di", "Self-drawn", 30)
    page.route("**/queue/", lambda route: route.abort())  # the connection returns, but nothing gets through
    page.context.set_offline(False)
    old_shell = page.evaluate("caches.keys().then(keys => keys.find(key => key.startsWith('shell-')))")
    new_shell = offline.Shell([*offline.current_shell().urls, "/offline/"], "next")
    monkeypatch.setattr(offline, "current_shell", lambda: new_shell)  # a deploy: a file changed
    page.reload()
    wait_until(page, "old => caches.keys().then(keys => keys.includes('shell-next') && !keys.includes(old))", old_shell)
    waiting(page, 2)
    assert Hand.objects.count() == 0

    page.unroute("**/queue/")
    page.reload()
    expect(page.locator(".hand-notice")).to_contain_text("2 changes kept on this phone were saved")
    assert server_hands() == [("win", 1, 2, 40, None, None, None), ("win", 3, None, 30, None, None, None)]


MISSING_FILES = """async () => {
  const missing = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("pages-")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const html = await (await cache.match(request)).text();
      const files = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+href="([^"]+\\.(?:css|svg|png))"/g)]
        .map(found => found[1] || found[2]);
      for (const file of files) {
        if (!(await caches.match(new URL(file, location.href).href))) missing.push(request.url + " needs " + file);
      }
    }
  }
  return missing;
}"""


def test_every_script_and_style_a_kept_page_loads_is_kept_too(page: Page, live_server):
    new_session(page, live_server.url, "Taiwan")
    session_url = page.url.split("?")[0]
    page.get_by_role("link", name="History").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("History")
    page.goto(session_url, wait_until="domcontentloaded")
    kept_for_offline(page)
    wait_until_kept(page, page.url.split("?")[0].rstrip("/") + "/spot/")
    kept = page.evaluate("""async () => (await (await caches.open(
                              (await caches.keys()).find(k => k.startsWith("pages-")))).keys())
                            .map(r => new URL(r.url).pathname)""")
    assert {"/", "/win/", "/draw/", "/spot/", "/history/"} <= {re.sub(r"^/sessions/\d+", "", p) for p in kept}
    assert page.evaluate(MISSING_FILES) == []


def test_logging_out_with_hands_waiting_asks_first_and_says_how_many(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    kept_for_offline(page)
    page.context.set_offline(True)
    win_by_figure(page, "Bob", "Discard by Cy", 40)
    win_by_figure(page, "Di", "Self-drawn", 30)
    page.route("**/queue/", lambda route: route.abort())
    page.context.set_offline(False)

    page.get_by_role("button", name="Log out").tap()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("2 hands kept on this phone have not been sent yet. Logging out loses them.")
    dialog.get_by_role("button", name="Stay logged in").tap()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    waiting(page, 2)

    page.get_by_role("button", name="Log out").tap()
    page.get_by_role("dialog").get_by_role("button", name="Log out and lose them").tap()
    expect(page.get_by_role("link", name="Log in", exact=True)).to_be_visible()
    assert page.evaluate("localStorage.getItem('scorekeeper.queue')") is None
    assert Hand.objects.count() == 0


ZJ_NOT_A_WIN = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 6s".split()  # 13 tiles and a 6s: no pair


def test_a_hand_the_server_refuses_stays_with_its_reason_and_is_fixed_in_its_place(page: Page, live_server):
    shot = Shots(page, "offline-refused")
    new_session(page, live_server.url, "Zung Jung")
    kept_for_offline(page)
    page.context.set_offline(True)
    page.get_by_role("link", name="Bob won").tap()
    page.get_by_role("radio", name="Discard by Cy").tap()
    page.get_by_role("button", name="By tiles").tap()
    for code in ZJ_NOT_A_WIN:
        tap(page, code)
    page.get_by_role("button", name="Save hand").tap()
    record_a_draw(page)
    waiting(page, 2)

    page.context.set_offline(False)
    refused = page.locator(".hand-refused")
    expect(refused).to_contain_text("not saved: these tiles with 6s do not make a winning hand under Zung Jung")
    expect(page.locator("#queue-panel")).to_contain_text("The first one could not be saved")
    shot("refused")
    assert Hand.objects.count() == 0  # the draw waits behind it: never saved out of order

    refused.get_by_role("button", name="Edit it").tap()
    page.get_by_role("button", name="Remove the winning tile, 6 bamboo").tap()
    tap(page, "5s")
    expect(page.locator("#preview")).to_contain_text("Cy")
    page.get_by_role("button", name="Save hand").tap()
    expect(page.locator(".hand-notice")).to_contain_text("2 changes kept on this phone were saved")
    shot("fixed")
    hands = server_hands()
    assert [h[0] for h in hands] == ["win", "draw"]
    assert hands[0][4] == ("123456789m234p5s", "5s")


def test_a_save_that_gets_no_answer_while_the_phone_thinks_it_is_online_waits_too(page: Page, live_server):
    """A phone "online" in a basement: nothing it posts arrives. Its saves wait, as made offline."""
    new_session(page, live_server.url, "Zung Jung")
    kept_for_offline(page)

    def no_answer(route):
        if route.request.method in ("POST", "HEAD"):
            route.abort()
        else:
            route.continue_()
    page.route("**/*", no_answer)
    win_by_figure(page, "Bob", "Discard by Cy", 40)
    record_a_draw(page)
    waiting(page, 2)
    assert Hand.objects.count() == 0

    page.unroute("**/*")
    page.reload()
    expect(page.locator(".hand-notice")).to_contain_text("2 changes kept on this phone were saved")
    assert server_hands() == [("win", 1, 2, 40, None, None, None), ("draw", None, None, None, None, None, None)]
