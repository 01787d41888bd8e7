"""A player's page (views/players.py): their record across the sessions the visitor may open, a 404 for a
stranger."""
from __future__ import annotations

import re

from scorekeeper.tables import services
from scorekeeper.tables.models import Player

from web_helpers import played


def player_pk(name: str, owner: str = "ann") -> int:
    """Each account has its own players: Ann's table's player of that name by default."""
    return Player.objects.get(name=name, owner__username=owner).pk


# -- a player's page -------------------------------------------------------------------------------
def test_the_session_page_links_each_name_to_the_players_page(client, make_session, win):
    session = played(make_session, win)

    for page in (f"/sessions/{session.pk}/", f"/sessions/{session.pk}/settle/"):
        assert f'href="/players/{player_pk("Bob")}/"' in client.get(page).content.decode()


def test_the_players_page_counts_wins_self_draws_deal_ins_and_the_net(client, make_session, win):
    played(make_session, win)
    played(make_session, win)

    response = client.get(f"/players/{player_pk('Ann')}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Over 2 sessions you can open." in html
    stats = re.findall(r'<span class="stat-figure">(\d+)</span> ([a-z -]+)', html)
    assert stats == [("6", "hands played"), ("2", "hands won "), ("2", "self-draws"), ("0", "deal-ins")]
    assert '<dd class="balance up">+' in html  # Ann's net over both sessions
    cy = client.get(f"/players/{player_pk('Cy')}/").content.decode()
    assert re.search(r'<span class="stat-figure">2</span> deal-ins', cy)
    assert re.search(r'<span class="stat-figure">0</span> hands won', cy)


def test_the_players_page_counts_only_the_sessions_the_visitor_may_open(client, stranger, make_session, win,
                                                                         django_user_model):
    played(make_session, win)
    eve = django_user_model.objects.get(username="eve")
    played(make_session, win, owned_by=eve)  # Ann played at Eve's table too, on Eve's phone

    mine = client.get(f"/players/{player_pk('Ann')}/").content.decode()
    hers = stranger.get(f"/players/{player_pk('Ann', owner='eve')}/").content.decode()

    assert "Over 1 session you can open." in mine and "Over 1 session you can open." in hers
    # each table's Ann is its own: Eve cannot open the page of the owner's Ann
    assert stranger.get(f"/players/{player_pk('Ann')}/").status_code == 404


def test_a_stranger_gets_a_404_for_a_player_of_sessions_they_cannot_open(stranger, anonymous, make_session, win):
    played(make_session, win)

    assert stranger.get(f"/players/{player_pk('Ann')}/").status_code == 404
    assert anonymous.get(f"/players/{player_pk('Ann')}/").status_code == 404
    assert anonymous.get("/players/999999/").status_code == 404
    assert anonymous.get(f"/players/{2**63}/").status_code == 404


def test_a_share_link_visitor_sees_the_player_over_the_shared_session_only(client, guest, make_session, win):
    shared = played(make_session, win)
    played(make_session, win)  # not shared
    guest.follow_link(services.share_link_create(session=shared, role="viewer"))

    html = guest.get(f"/players/{player_pk('Bob')}/").content.decode()

    assert "Over 1 session you can open." in html
    assert f'href="/sessions/{shared.pk}/"' in html


def test_the_biggest_hand_is_said_in_the_readers_words_and_links_to_the_hand(client, make_session, win):
    session = played(make_session, win)
    bob = player_pk("Bob")
    hand_id = session.hands.order_by("position").first().pk

    def biggest(language: str) -> str:
        html = client.get(f"/players/{bob}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        card = html.split('id="biggest-heading">', 1)[1].split("</section>", 1)[0]
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", card)).strip()

    assert biggest("en").startswith("Biggest hand 30 points, on a discard: won +")
    assert biggest("zh-hant").startswith("最大的一手 30 分，胡別人打出的牌：贏 +")  # no English commas or colons
    assert f'href="/sessions/{session.pk}/#hand-{hand_id}"' in client.get(f"/players/{bob}/").content.decode()
