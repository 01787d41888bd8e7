"""A win by figure in four taps: "<name> won" on the seat card, who discarded, a figure chip, Save; and
after every save the session screen from its top, with Undo."""
from __future__ import annotations

import re

import pytest

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Session

from web_helpers import ZJ_TILES, figure_shown, rev


def won_links(html: str) -> list[str]:
    return re.findall(r'href="(/sessions/\d+/win/\?winner=\d)"', html)


def test_each_seat_card_has_a_won_button_that_opens_the_win_with_that_winner(client, make_session):
    session = make_session("taiwan")
    html = client.get(f"/sessions/{session.pk}/").content.decode()
    links = won_links(html)
    assert links == [f"/sessions/{session.pk}/win/?winner={seat}" for seat in range(4)]
    assert 'aria-label="Cy won"' in html

    page = client.get(links[2]).content.decode()
    assert re.search(r'name="winner"\s+value="2" checked', page)
    assert 'name="mode" value="figure"' in page  # a new session opens the win by figure
    assert [c for c in re.findall(r'name="figure_chip" value="(\d+)"', page)][:4] == ["1", "2", "3", "4"]


def test_a_viewer_sees_no_won_buttons(guest, make_session):
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="viewer"))
    assert won_links(guest.get(f"/sessions/{session.pk}/").content.decode()) == []


@pytest.mark.parametrize("ruleset, chips", [("zung-jung", "5 10 15 20"), ("hk-old", "20 30 40 60")])
def test_the_chips_are_the_rulesets_usual_figures(client, make_session, ruleset, chips):
    session = make_session(ruleset)
    page = client.get(f"/sessions/{session.pk}/win/?winner=0").content.decode()
    assert " ".join(re.findall(r'name="figure_chip" value="(\d+)"', page)[:4]) == chips


def save(client, session, **fields):
    data = {"winner": "1", "how": "2", "mode": "figure", "action": "save", "token": f"t-{rev(session)}",
            "revision": rev(session)} | fields
    return client.post(f"/sessions/{session.pk}/win/", data)


def test_a_chip_and_save_record_the_win_and_land_at_the_top_with_undo(client, make_session):
    session = make_session()
    response = save(client, session, figure="40")
    hand = Hand.objects.get(session=session)
    assert hand.figure == 40
    assert response.status_code == 302 and response["Location"] == f"/sessions/{session.pk}/?saved={hand.pk}"
    page = client.get(response["Location"]).content.decode()
    assert "Hand 1 saved." in page
    assert f'action="/hands/{hand.pk}/delete/"' in page and ">Undo</button>" in page
    # the notice comes before the balances, so it is in view with them
    assert page.index("Hand 1 saved.") < page.index('aria-label="Players and balances"')


def test_a_typed_figure_wins_over_a_chip_left_chosen(client, make_session):
    session = make_session()
    save(client, session, figure="40", figure_typed="35")
    assert Hand.objects.get(session=session).figure == 35


def test_undo_deletes_the_saved_hand_and_offers_restore(client, make_session):
    session = make_session()
    save(client, session, figure="40")
    hand = Hand.objects.get(session=session)
    response = client.post(f"/hands/{hand.pk}/delete/", {"revision": rev(session), "then": "session"})
    assert response["Location"] == f"/sessions/{session.pk}/?deleted={hand.pk}"
    page = client.get(response["Location"]).content.decode()
    assert "Hand 1 deleted." in page and f'action="/hands/{hand.pk}/restore/"' in page
    assert Hand.objects.live().filter(session=session).count() == 0

    back = client.post(f"/hands/{hand.pk}/restore/", {"then": "session"})
    assert back["Location"] == f"/sessions/{session.pk}/"
    assert Hand.objects.live().filter(session=session).count() == 1


def test_a_saved_notice_for_another_sessions_hand_shows_nothing(client, make_session):
    first, second = make_session(), make_session()
    save(client, first, figure="40")
    hand = Hand.objects.get(session=first)
    page = client.get(f"/sessions/{second.pk}/?saved={hand.pk}").content.decode()
    assert "hand-notice" not in page and ">Undo<" not in page  # ("Undo" is a word the phone may need offline)


def test_after_an_edit_the_history_opens_at_its_top(client, make_session, win):
    session = make_session()
    hand = win(session, 0, "self", figure=30)
    response = client.post(f"/hands/{hand.pk}/delete/", {"revision": rev(session)})
    assert response["Location"] == f"/sessions/{session.pk}/history/"  # no anchor: the notice is at the top


def test_draws_and_spots_land_at_the_top_with_undo(client, make_session):
    session = make_session("taiwan")
    response = client.post(f"/sessions/{session.pk}/draw/", {"token": "d-1", "revision": rev(session)})
    draw = Hand.objects.get(session=session)
    assert response["Location"] == f"/sessions/{session.pk}/?saved={draw.pk}"
    assert "Hand 1 saved." in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize("ruleset, figure, limit", [("zung-jung", "99999", "320"), ("hk-old", "501", "500"),
                                                     ("taiwan", "89", "88"), ("taizhou", "101", "100")])
def test_a_figure_past_the_limit_is_saved_only_once_confirmed(client, make_session, ruleset, figure, limit):
    session = make_session(ruleset)
    losers = {f"loser_points_{seat}": "10" for seat in (0, 2, 3)}
    refused = save(client, session, figure=figure, **losers)
    page = refused.content.decode()
    assert refused.status_code == 422 and Hand.objects.filter(session=session).count() == 0
    assert f"is more than the limit of {limit}" in page
    assert 'name="confirm_figure"' in page and figure_shown(page) == figure  # kept as typed

    saved = save(client, session, figure=figure, confirm_figure=figure, **losers)
    assert saved.status_code == 302
    assert Hand.objects.get(session=session).figure == int(figure)


def test_a_figure_at_the_limit_needs_no_confirming(client, make_session):
    session = make_session("zung-jung")
    assert save(client, session, figure="320").status_code == 302


def test_the_session_remembers_by_tiles(client, make_session):
    session = make_session("zung-jung")
    save(client, session, mode="tiles", **ZJ_TILES)
    assert Session.objects.get(pk=session.pk).entry_mode == "tiles"
    assert 'name="mode" value="tiles"' in client.get(f"/sessions/{session.pk}/win/?winner=0").content.decode()
    save(client, session, figure="40")
    assert 'name="mode" value="figure"' in client.get(f"/sessions/{session.pk}/win/?winner=0").content.decode()


def test_cancel_drops_the_draft(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/win/"
    client.post(url, {"winner": "1", "how": "2", "mode": "figure", "figure": "40", "action": "refresh",
                      "token": "draft-1", "revision": rev(session)})
    assert figure_shown(client.get(url).content.decode()) == "40"  # Back kept the draft
    response = client.get(f"{url}?cancel=1")
    assert response["Location"] == f"/sessions/{session.pk}/"
    assert figure_shown(client.get(url).content.decode()) == ""


def test_another_players_won_button_starts_afresh_but_the_same_winner_resumes(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/win/"
    client.post(url, {"winner": "1", "how": "2", "mode": "figure", "figure": "40", "action": "refresh",
                      "token": "draft-2", "revision": rev(session)})
    assert figure_shown(client.get(f"{url}?winner=1").content.decode()) == "40"
    fresh = client.get(f"{url}?winner=3").content.decode()
    assert figure_shown(fresh) == "" and re.search(r'name="winner"\s+value="3" checked', fresh)
