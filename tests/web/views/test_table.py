"""The table view (views/table.py): each seat where it sits, live, no editing; the dice kept on the session,
checked, shown on every live phone, never changing the session's revision."""
from __future__ import annotations

import re

from scorekeeper.tables import services
from scorekeeper.tables.models import Session


def live_url(page: str) -> str:
    return re.search(r'data-live="(/sessions/\d+/live/\?[^"]+)"', page).group(1).replace("&amp;", "&")


def sides(page: str) -> dict[str, str]:
    """Each side of the screen: the name on its card."""
    return dict(re.findall(r'class="table-side side-(\w+)[^"]*"[\s\S]*?class="side-name">([^<]+)<', page))


def test_each_seat_sits_on_its_side_and_the_table_can_turn_the_view(client, make_session):
    session = make_session()
    page = client.get(f"/sessions/{session.pk}/table/").content.decode()
    assert sides(page) == {"near": "Ann", "right": "Bob", "far": "Cy", "left": "Di"}  # counter-clockwise from East
    turned = client.get(f"/sessions/{session.pk}/table/?near=2").content.decode()
    assert sides(turned) == {"near": "Cy", "right": "Di", "far": "Ann", "left": "Bob"}
    assert sides(client.get(f"/sessions/{session.pk}/table/?near=9").content.decode())["near"] == "Ann"


def test_the_balances_dealer_and_last_hand_are_the_replays(client, make_session, win):
    session = make_session()
    win(session, 1, "self", figure=40)  # zung-jung.md: self-drawn, each of the three pays V: Bob +120
    win(session, 2, 3, figure=30)  # on a discard, V > 25: the two others pay 25 each, Di 3V - 50 = 40: Cy +90
    expected = {"Ann": "−65", "Bob": "+95", "Cy": "+50", "Di": "−80"}  # the two hands added up by hand
    page = client.get(f"/sessions/{session.pk}/table/").content.decode()
    shown = dict(re.findall(r'class="side-name">([^<]+)</span>[\s\S]*?class="side-balance[^>]*>([^<]+)<', page))
    assert shown == expected
    # two non-dealer wins: the deal passed from Ann to Bob to Cy, who is East now (dealer, no 連)
    assert re.search(r'side-dealer"\s+aria-label="East seat">[\s\S]*?Cy</span>', page)
    assert "Hand 3 · East round" in page and "Dealer: Cy" in page and "Hand 2: Cy won on Di&#x27;s discard" in page
    assert f'href="/sessions/{session.pk}/win/' not in page and "/edit/" not in page  # nothing to edit here


def test_a_viewer_may_open_it_but_not_roll(guest, make_session):
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="viewer"))
    page = guest.get(f"/sessions/{session.pk}/table/")
    assert page.status_code == 200 and "roll-form" not in page.content.decode()
    assert guest.post(f"/sessions/{session.pk}/dice/", {"seat": "0", "d1": "1", "d2": "2", "d3": "3"}).status_code \
        == 404


def test_a_roll_is_kept_checked_and_leaves_the_revision_alone(client, make_session):
    session = make_session()
    revision = session.revision
    answer = client.post(f"/sessions/{session.pk}/dice/?near=1", {"seat": "2", "d1": "3", "d2": "5", "d3": "6"})
    assert answer.status_code == 302 and answer["Location"] == f"/sessions/{session.pk}/table/?near=1"
    session.refresh_from_db()
    assert (session.dice, session.dice_seat, session.dice_by, session.dice_hand) == ("356", 2, "Cy", 1)
    assert session.revision == revision  # a form open on another phone stays valid
    for wrong in ({"d1": "0", "d2": "5", "d3": "6"}, {"d1": "7", "d2": "5", "d3": "6"}, {"d1": "3", "d2": "5"},
                  {"d1": "x", "d2": "5", "d3": "6"}):
        assert client.post(f"/sessions/{session.pk}/dice/", {"seat": "0", **wrong}).status_code == 422
    assert client.post(f"/sessions/{session.pk}/dice/", {"seat": "4", "d1": "1", "d2": "1", "d3": "1"}).status_code \
        == 422
    session.refresh_from_db()
    assert session.dice == "356"


def test_without_values_the_server_rolls(client, make_session):
    session = make_session()
    client.post(f"/sessions/{session.pk}/dice/", {"seat": "0"})
    dice = Session.objects.get(pk=session.pk).dice
    assert len(dice) == 3 and set(dice) <= set("123456")


def test_the_roll_shows_on_both_screens_while_it_is_this_hands(client, make_session, win):
    session = make_session()
    client.post(f"/sessions/{session.pk}/dice/", {"seat": "0", "d1": "3", "d2": "5", "d3": "6"})
    for url in (f"/sessions/{session.pk}/", f"/sessions/{session.pk}/table/"):
        page = client.get(url).content.decode()
        # 14 counted counter-clockwise from the dealer (Ann, East): Ann 1, Bob 2, Cy 3, Di 4 … Bob 14
        assert "Ann rolled 14: break Bob's wall" in page and 'aria-label="3, 5, 6"' in page
    win(session, 1, "self", figure=40)
    assert "rolled" not in client.get(f"/sessions/{session.pk}/table/").content.decode()  # the next deal's to roll


def test_a_roll_wakes_the_live_screens_and_the_table_polls_for_its_own_view(client, make_session):
    session = make_session()
    page = client.get(f"/sessions/{session.pk}/table/").content.decode()
    url = live_url(page)
    assert "view=table" in url and client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    screen_url = live_url(client.get(f"/sessions/{session.pk}/").content.decode())
    client.post(f"/sessions/{session.pk}/dice/", {"seat": "1", "d1": "2", "d2": "2", "d3": "2"})
    answer = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert answer.lstrip().startswith('<div id="standings" class="table-view"') and "Bob rolled 6" in answer
    screen = client.get(screen_url, HTTP_HX_REQUEST="true").content.decode()
    assert "Bob rolled 6" in screen and "table-view" not in screen
    assert client.get(live_url(answer), HTTP_HX_REQUEST="true").status_code == 204


def test_a_roll_by_htmx_answers_with_the_table_view(client, make_session):
    session = make_session()
    answer = client.post(f"/sessions/{session.pk}/dice/?near=3", {"seat": "3", "d1": "1", "d2": "2", "d3": "3"},
                         HTTP_HX_REQUEST="true").content.decode()
    assert "Di rolled 6" in answer and sides(answer)["near"] == "Di"


def test_a_finished_session_takes_no_roll(client, make_session):
    session = make_session()
    services.session_finish(session=session)
    assert client.post(f"/sessions/{session.pk}/dice/", {"seat": "0"}).status_code == 422
    assert "roll-form" not in client.get(f"/sessions/{session.pk}/table/").content.decode()


def test_a_loop_of_rolls_is_stopped_per_session_and_the_phone_told_the_roll_kept(client, make_session):
    session, other = make_session(), make_session()
    url = f"/sessions/{session.pk}/dice/"
    for _roll in range(12):  # a roll a deal and the odd re-roll: far fewer in a real minute
        assert client.post(url, {"seat": "0", "d1": "1", "d2": "1", "d3": "2"}).status_code == 302
    refused = client.post(url, {"seat": "0", "d1": "6", "d2": "6", "d3": "6"}, HTTP_HX_REQUEST="true")
    page = refused.content.decode()
    assert refused.status_code == 200 and "Too many rolls in a minute" in page and 'aria-label="1, 1, 2"' in page
    assert client.post(url, {"seat": "0"}).status_code == 429
    assert Session.objects.get(pk=session.pk).dice == "112"  # the shown roll is the one every phone has
    assert client.post(f"/sessions/{other.pk}/dice/", {"seat": "0", "d1": "6", "d2": "6", "d3": "6"}).status_code \
        == 302  # another table rolls on
