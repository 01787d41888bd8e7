"""A win by figure in three taps — won, discarder, figure chip — and the app adding the dealer's extra
(issue 19): a chip saves at once unless the table confirms first; by tiles, the chips wait in the empty
hand; taiwan's table says the pattern fan and the app adds 2n+1, written as a sum; the limit asks beside
the figure; the notice says what the hand did."""
from __future__ import annotations

import re

import pytest

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand

from web_helpers import rev


def tap_chip(client, session, figure, **fields):
    data = {"winner": "1", "how": "2", "mode": "figure", "figure_field": "", "token": f"t-{rev(session)}",
            "revision": rev(session), "figure_chip": str(figure)} | fields
    return client.post(f"/sessions/{session.pk}/win/", data)


@pytest.mark.parametrize("ruleset, figure", [("zung-jung", 40), ("taiwan", 5), ("hk-old", 60), ("fujian", 17)])
def test_a_figure_chip_saves_the_win_at_once(client, make_session, ruleset, figure):
    session = make_session(ruleset)
    response = tap_chip(client, session, figure)
    hand = Hand.objects.get(session=session)
    assert (hand.winner, hand.discarder, hand.figure) == (1, 2, figure)
    assert response["Location"] == f"/sessions/{session.pk}/?saved={hand.pk}"


def test_a_chip_by_tiles_with_no_tile_tapped_saves_a_win_by_figure(client, make_session):
    session = make_session()
    tap_chip(client, session, 40, mode="tiles")
    hand = Hand.objects.get(session=session)
    assert (hand.figure, hand.tiles) == (40, None)


def test_a_table_that_confirms_first_sees_who_pays_then_saves(client, make_session):
    session = make_session()
    services.session_set_confirming(session=session, confirm_before_saving=True)
    page = tap_chip(client, session, 40).content.decode()
    assert not Hand.objects.exists()
    assert re.search(r'name="figure_chip" value="40" class="chip-figure"\s+aria-pressed="true"', page)
    assert "Cy" in page.split('id="preview"')[1] and "→" in page.split('id="preview"')[1]  # who pays, shown
    client.post(f"/sessions/{session.pk}/win/", {"winner": "1", "how": "2", "mode": "figure", "figure": "40",
                                                 "action": "save", "token": "t-confirmed", "revision": rev(session)})
    assert Hand.objects.get(session=session).figure == 40


def test_the_setting_is_changed_on_settle_up(client, make_session):
    session = make_session()
    client.post(f"/sessions/{session.pk}/settle/", {"action": "confirming", "confirm_before_saving": "1"})
    session.refresh_from_db()
    assert session.confirm_before_saving
    client.post(f"/sessions/{session.pk}/settle/", {"action": "confirming"})
    session.refresh_from_db()
    assert not session.confirm_before_saving


def test_a_chip_with_nobody_chosen_saves_nothing_and_says_what_is_missing(client, make_session):
    session = make_session()
    page = tap_chip(client, session, 40, how="").content.decode()
    assert not Hand.objects.exists()
    assert "Choose self-drawn, or who discarded the winning tile." in page
    assert re.search(r'name="figure_chip" value="40" class="chip-figure"\s+aria-pressed="true"', page)


def test_taiwan_chips_are_one_to_sixteen_and_the_form_asks_the_hands_own_fan(client, make_session):
    session = make_session("taiwan")
    page = client.get(f"/sessions/{session.pk}/win/?winner=0").content.decode()
    assert re.findall(r'name="figure_chip" value="(\d+)"', page)[:16] == [str(n) for n in range(1, 17)]
    assert re.search(r'name="figure_field" value="pattern_fan"\s+checked', page)


def taiwan_dealer_on_two_continuations(client, make_session, win):
    """Ann deals and wins twice: her third hand as dealer is 連2."""
    session = make_session("taiwan")
    win(session, 0, "self", figure=3, figure_field="pattern_fan")
    win(session, 0, "self", figure=3, figure_field="pattern_fan")
    return session


def test_the_app_adds_the_dealers_extra_and_shows_the_sum(client, make_session, win):
    session = taiwan_dealer_on_two_continuations(client, make_session, win)
    data = {"winner": "0", "how": "2", "mode": "figure", "figure": "6", "figure_field": "pattern_fan",
            "token": "t-sum", "revision": rev(session)}
    preview = client.post(f"/sessions/{session.pk}/win/preview/", data).content.decode()
    assert "6 + 連2 5 = 11" in preview
    # taiwan.md's 拉: Cy's 37 from Ann's first win × 1.5, plus this win's 10 + 11 fan × 1
    assert "Cy now owes Ann 76.50 (was 37)" in preview
    response = client.post(f"/sessions/{session.pk}/win/", data | {"action": "save"})
    notice = client.get(response["Location"]).content.decode()
    assert "Hand 3 saved." in notice and "Ann won 6 + 連2 5 = 11 fan off Cy — Cy now owes Ann 76.50 (was 37)" in notice


def test_the_limit_counts_the_hands_own_fan_not_the_dealers_extra(client, make_session):
    session = make_session("taiwan")
    base = {"winner": "0", "how": "self", "mode": "figure", "token": "t-limit", "revision": rev(session)}
    # 88 + 1 (the dealer's first deal) given with the bonus in it: at the limit, not past it
    page = client.post(f"/sessions/{session.pk}/win/preview/",
                       base | {"figure": "89", "figure_field": "fan"}).content.decode()
    assert "more than the limit" not in page
    page = client.post(f"/sessions/{session.pk}/win/preview/",
                       base | {"figure": "89", "figure_field": "pattern_fan"}).content.decode()
    assert "89 is more than the limit of 88 fan: check it." in page
    assert 'name="confirm_figure"' in page.split('id="figure-limit"')[1]  # asked beside the figure


def test_a_figure_past_the_limit_is_saved_by_its_own_yes(client, make_session):
    session = make_session("taiwan")
    data = {"winner": "0", "how": "self", "mode": "figure", "figure_typed": "95", "figure_field": "pattern_fan",
            "token": "t-95", "revision": rev(session)}
    client.post(f"/sessions/{session.pk}/win/", data | {"action": "save"})
    assert not Hand.objects.exists()  # asked first
    client.post(f"/sessions/{session.pk}/win/", data | {"confirm_figure": "95"})
    assert Hand.objects.get(session=session).figure == 95


def test_an_edit_chip_chooses_and_save_changes_saves(client, make_session, win):
    session = make_session()
    hand = win(session, 1, 2, figure=40)
    url = f"/hands/{hand.pk}/edit/"
    data = {"winner": "1", "how": "2", "mode": "figure", "revision": rev(session), "editing": str(hand.pk)}
    client.post(url, data | {"figure_chip": "80"})
    hand.refresh_from_db()
    assert hand.figure == 40
    client.post(url, data | {"figure": "80", "action": "save"})
    hand.refresh_from_db()
    assert hand.figure == 80


def test_after_undo_the_notice_names_the_hand_and_offers_restore(client, make_session, win):
    session = make_session()
    win(session, 1, 2, figure=40)
    second = win(session, 2, "self", figure=30)
    win(session, 3, 0, figure=25)
    response = client.post(f"/hands/{second.pk}/delete/", {"revision": rev(session), "then": "session"})
    page = client.get(response["Location"]).content.decode()
    notice = page.split('class="message message-success hand-notice"')[1].split("</div>")[0]
    assert "Hand 2 deleted." in notice and "Restore" in notice
    assert page.count("Hand 2 deleted.") == 1  # said once, beside Restore


def test_a_viewer_is_not_offered_to_change_how_the_table_pays(guest, make_session):
    session = make_session("taiwan")
    guest.follow_link(services.share_link_create(session=session, role="viewer"))
    page = guest.get(f"/sessions/{session.pk}/").content.decode()
    assert "Paying as you go" in page and "#paying" not in page
