"""The player page's numbers and head-to-head, and the table of friends (issue 39.1): counted only over the
sessions the visitor may open."""
from __future__ import annotations

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Player, Session


def fan(winner: int, discarder: int | None, figure: int) -> HandInput:
    return HandInput(kind=Hand.Kind.WIN, winner=winner, discarder=discarder, figure=figure, figure_field="fan")


def evening(make_session, **kwargs) -> Session:
    """taiwan.md's pull ledger example: Ann's chain of two wins collects 74 from Bob, 36 from Cy and Di; Cy's
    chain, Di owing 16, is settled at the end."""
    session = make_session("taiwan", names=["Ann", "Bob", "Cy", "Di"], stakes={"base": "10", "per_fan": "2"},
                           **kwargs)
    services.hands_append(session=session, hands=[fan(0, None, 13), fan(0, 1, 5), fan(2, 3, 3)])
    return session


def pk_of(name: str, owner: str = "ann") -> int:
    return Player.objects.get(name=name, owner__username=owner).pk


def test_the_player_page_shows_the_numbers_and_who_pays_most(client, make_session):
    evening(make_session)
    evening(make_session)

    html = client.get(f"/players/{pk_of('Ann')}/").content.decode()

    assert "Ann wins most from Bob: +148 over 2 sessions." in html
    assert "Average win" in html and "+64" in html  # (108 + 20) / 2 a win
    assert "連2" in html  # the longest dealer streak
    assert "(longest: 2 wins in a row)" in html
    assert 'class="balance-chart"' in html  # the balance over time
    bob = client.get(f"/players/{pk_of('Bob')}/").content.decode()
    assert "Bob loses most to Ann: −148 over 2 sessions." in bob
    assert 'href="/players/"' in html  # the leaderboard


def test_the_player_page_in_chinese(client, make_session):
    evening(make_session)

    hant = client.get(f"/players/{pk_of('Ann')}/", HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    hans = client.get(f"/players/{pk_of('Ann')}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()

    assert "Ann 從 Bob 贏得最多：+74（1 場）" in hant
    assert "Ann 从 Bob 赢得最多：+74（1 场）" in hans


def test_the_leaderboard_ranks_everyone_of_the_visitors_sessions(client, make_session):
    evening(make_session)

    response = client.get("/players/")

    html = response.content.decode()
    assert response.status_code == 200
    names = [html.index(f">{name}</a>") for name in ("Ann", "Cy", "Di", "Bob")]
    assert names == sorted(names)  # +146, -20, -52, -74
    assert "+146" in html and "−74" in html
    assert 'href="/players/"' in client.get("/").content.decode()


def test_a_session_of_another_account_is_not_counted(client, stranger, make_session, django_user_model):
    mine = evening(make_session)
    eve = django_user_model.objects.get(username="eve")
    theirs = evening(make_session, owned_by=eve)
    # the owner's own Ann at Eve's table (as if Eve had typed her in): not the owner's to see
    Session.objects.filter(pk=theirs.pk).update(east=mine.east)

    html = client.get(f"/players/{pk_of('Ann')}/").content.decode()
    board = client.get("/players/").content.decode()

    assert "over 1 session." in html and "+148" not in html
    assert "+146" in board and "+292" not in board
    hers = stranger.get("/players/").content.decode()  # Eve sees her own table's evening only
    assert "+146" in hers and "+292" not in hers


def test_a_revoked_share_link_stops_counting_its_session(guest, make_session):
    session = evening(make_session)
    link = services.share_link_create(session=session, role="viewer")
    guest.follow_link(link)
    assert "Bob loses most to Ann" in guest.get(f"/players/{pk_of('Bob')}/").content.decode()
    assert ">Bob</a>" in guest.get("/players/").content.decode()

    services.share_link_revoke(session=session, link_id=link.pk)

    assert guest.get(f"/players/{pk_of('Bob')}/").status_code == 404
    assert ">Bob</a>" not in guest.get("/players/").content.decode()
