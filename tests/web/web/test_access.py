"""Access: accounts for the owner, share links for the table, and a 404 for everyone else on every session URL."""
from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Session, ShareLink

from web_helpers import rev


def body(response) -> str:
    return response.content.decode()


# -- accounts ----------------------------------------------------------------------------------------
def test_sign_up_logs_in_and_goes_home(anonymous):
    response = anonymous.post("/accounts/signup/", {"username": "bo", "password1": "mahjong at nine",
                                                    "password2": "mahjong at nine"})

    assert response.status_code == 302 and response["Location"] == "/"
    assert "bo" in body(anonymous.get("/")) and "Log out" in body(anonymous.get("/"))


def test_sign_up_errors_are_beside_the_fields(anonymous):
    response = anonymous.post("/accounts/signup/", {"username": "bo", "password1": "12345678",
                                                    "password2": "12345679"})

    assert response.status_code == 422
    assert "The two password fields didn" in body(response)
    assert get_user_model().objects.count() == 0


def test_log_in_and_out(anonymous, owner):
    response = anonymous.post("/accounts/login/", {"username": "ann", "password": "tiles and tea 88"})
    assert response.status_code == 302 and response["Location"] == "/"

    assert anonymous.post("/accounts/logout/").status_code == 302
    assert "Log in" in body(anonymous.get("/"))


def test_a_wrong_password_says_so(anonymous, owner):
    response = anonymous.post("/accounts/login/", {"username": "ann", "password": "nope"})

    assert response.status_code == 200 and "correct username and password" in body(response)


def test_logging_in_comes_back_where_it_was_asked(anonymous, owner):
    after = anonymous.post("/accounts/login/?next=/sessions/new/%3Fruleset%3Dtaiwan", {
        "username": "ann", "password": "tiles and tea 88", "next": "/sessions/new/?ruleset=taiwan"})
    assert after["Location"] == "/sessions/new/?ruleset=taiwan"


def test_signing_up_from_the_log_in_page_also_comes_back(anonymous):
    response = anonymous.post("/accounts/signup/?next=/sessions/new/", {
        "username": "bo", "password1": "mahjong at nine", "password2": "mahjong at nine"})

    assert response["Location"] == "/sessions/new/"


def test_sign_up_never_sends_elsewhere(anonymous):
    response = anonymous.post("/accounts/signup/?next=https://evil.example/", {
        "username": "bo", "password1": "mahjong at nine", "password2": "mahjong at nine"})

    assert response["Location"] == "/"


def test_a_new_session_belongs_to_who_started_it(client, owner):
    client.post("/sessions/new/", {"ruleset": "hk-old", "east": "Ann", "south": "Bob", "west": "Cy",
                                   "north": "Di", "first_dealer": "0", "stake_per_point": "1",
                                   "option_classical_extras": "false"})

    assert Session.objects.get().owner == owner


def test_home_lists_only_my_sessions(client, make_session, django_user_model):
    mine = make_session(names=["Ann", "Bob", "Cy", "Di"])
    make_session(names=["Eve", "Fay", "Gus", "Hal"], owned_by=django_user_model.objects.create_user("eve"))
    html = body(client.get("/"))

    assert f'href="/sessions/{mine.pk}/"' in html
    assert "Eve" not in html


def test_the_new_session_form_offers_only_my_players(client, make_session, django_user_model):
    make_session(names=["Ann", "Bob", "Cy", "Di"])
    make_session(names=["Eve", "Fay", "Gus", "Hal"], owned_by=django_user_model.objects.create_user("eve"))
    html = body(client.get("/sessions/new/?ruleset=hk-old"))

    assert '<option value="Bob">' in html and "Fay" not in html


# -- share links -------------------------------------------------------------------------------------
def test_the_owner_makes_a_link_on_the_share_page(client, make_session):
    session = make_session()
    assert "No links yet" in body(client.get(f"/sessions/{session.pk}/share/"))

    response = client.post(f"/sessions/{session.pk}/share/", {"action": "create", "role": "scorer",
                                                              "label": "  Bob's   phone "}, follow=True)
    link = ShareLink.objects.get()
    assert (link.role, link.label) == ("scorer", "Bob's phone")
    assert len(link.token) >= 22
    assert f"http://testserver/t/{link.token}/" in body(response)


def test_a_scorer_link_lets_a_table_mate_in_to_score(guest, make_session):
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="scorer"))
    response = guest.post(f"/sessions/{session.pk}/draw/", {"note": "", "revision": rev(session)})

    assert response.status_code == 302
    assert session.hands.count() == 1
    assert f'href="/sessions/{session.pk}/win/"' in body(guest.get(f"/sessions/{session.pk}/"))


def test_home_lists_the_sessions_opened_by_link(guest, make_session):
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="viewer"))

    html = body(guest.get("/"))
    assert f'href="/sessions/{session.pk}/"' in html and "Shared with you" in html


def test_a_viewer_sees_no_button_that_writes(guest, make_session, win):
    session = make_session()
    hand = win(session, 1, 2, figure=10)
    services.hand_delete(hand=win(session, 2, 3, figure=10))
    guest.follow_link(services.share_link_create(session=session, role="viewer"))

    pages = [body(guest.get(f"/sessions/{session.pk}/{page}")) for page in ("", "history/", "settle/")]
    for html in pages:
        for url in (f"/sessions/{session.pk}/win/", f"/sessions/{session.pk}/draw/", f"/hands/{hand.pk}/edit/",
                    f"/hands/{hand.pk}/delete/", "/restore/", f"/sessions/{session.pk}/share/"):
            assert url not in html
        assert "Finish session" not in html
    assert "View only" in pages[0]
    assert "Cy → Bob" in pages[1].replace('<span aria-label="owes">→</span>', "→")  # it does see the hands


def test_only_the_owner_sees_share(client, guest, make_session):
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="scorer"))

    assert f"/sessions/{session.pk}/share/" in body(client.get(f"/sessions/{session.pk}/"))
    assert f"/sessions/{session.pk}/share/" not in body(guest.get(f"/sessions/{session.pk}/"))


def test_revoking_a_link_shuts_out_who_already_used_it(client, guest, make_session):
    session = make_session()
    link = services.share_link_create(session=session, role="scorer")
    guest.follow_link(link)
    assert guest.get(f"/sessions/{session.pk}/").status_code == 200

    client.post(f"/sessions/{session.pk}/share/", {"action": "revoke", "link": str(link.pk)})

    assert not ShareLink.objects.exists()
    assert guest.get(f"/sessions/{session.pk}/").status_code == 404
    assert guest.get(f"/t/{link.token}/").status_code == 404
    assert f"/sessions/{session.pk}/" not in body(guest.get("/"))


def test_two_links_the_better_one_counts(guest, make_session):
    session = make_session()
    viewer = services.share_link_create(session=session, role="viewer")
    scorer = services.share_link_create(session=session, role="scorer")
    guest.follow_link(viewer)
    guest.follow_link(scorer)
    assert guest.get(f"/sessions/{session.pk}/win/").status_code == 200

    services.share_link_revoke(session=session, link_id=scorer.pk)
    assert guest.get(f"/sessions/{session.pk}/win/").status_code == 404
    assert guest.get(f"/sessions/{session.pk}/").status_code == 200


def test_a_link_opens_only_its_own_session(guest, make_session):
    shared, other = make_session(), make_session(names=["Eve", "Fay", "Gus", "Hal"])
    guest.follow_link(services.share_link_create(session=shared, role="scorer"))

    assert guest.get(f"/sessions/{other.pk}/").status_code == 404


def test_sessions_from_before_accounts_are_reached_only_by_link(client, guest, make_session):
    legacy = make_session(owned_by=None)
    assert client.get(f"/sessions/{legacy.pk}/").status_code == 404
    assert f"/sessions/{legacy.pk}/" not in body(client.get("/"))

    guest.follow_link(ShareLink.objects.create(session=legacy, role="scorer"))
    assert guest.get(f"/sessions/{legacy.pk}/").status_code == 200


# -- a 404 on every session URL for anyone without the right --------------------------------------------
@pytest.fixture
def table(make_session, win):
    """A taiwan session (it has every screen) with a hand, a deleted hand, and a link of each kind."""
    session = make_session("taiwan")
    hand = win(session, 0, "self", figure=5)
    gone = win(session, 1, "self", figure=5)
    services.hand_delete(hand=gone)
    links = {role: services.share_link_create(session=session, role=role) for role in ("scorer", "viewer")}
    return {"session": session, "hand": hand, "gone": gone, "links": links}


READS = [("get", "/sessions/{s}/"), ("get", "/sessions/{s}/history/"), ("get", "/sessions/{s}/settle/")]
WRITES = [
    ("get", "/sessions/{s}/win/"), ("post", "/sessions/{s}/win/"), ("post", "/sessions/{s}/win/preview/"),
    ("get", "/sessions/{s}/draw/"), ("post", "/sessions/{s}/draw/"),
    ("get", "/sessions/{s}/spot/"), ("post", "/sessions/{s}/spot/"),
    ("post", "/sessions/{s}/settle/"),
    ("get", "/hands/{h}/edit/"), ("post", "/hands/{h}/edit/"),
    ("get", "/hands/{h}/delete/"), ("post", "/hands/{h}/delete/"),
    ("post", "/hands/{g}/restore/"),
]
OWNER_ONLY = [("get", "/sessions/{s}/share/"), ("post", "/sessions/{s}/share/")]
EVERY_URL = READS + WRITES + OWNER_ONLY
POSTED = {"action": "save", "winner": "0", "how": "self", "mode": "figure", "figure": "8", "note": "x",
          "kind": "chase", "player": "1", "role": "scorer"}


def call(client: Client, method: str, template: str, table) -> int:
    url = template.format(s=table["session"].pk, h=table["hand"].pk, g=table["gone"].pk)
    data = {**POSTED, "revision": rev(table["session"])} if method == "post" else None
    return getattr(client, method)(url, data).status_code


def visitor(kind: str, table, stranger, anonymous, guest) -> Client:
    if kind == "another user":
        return stranger
    if kind == "anonymous":
        return anonymous
    if kind == "wrong token":
        assert guest.get("/t/" + "x" * 32 + "/").status_code == 404
        return guest
    link = table["links"]["scorer"]
    guest.follow_link(link)
    services.share_link_revoke(session=table["session"], link_id=link.pk)
    return guest


@pytest.mark.parametrize("method,template", EVERY_URL)
@pytest.mark.parametrize("kind", ["another user", "anonymous", "wrong token", "revoked token"])
def test_no_right_no_session(kind, method, template, table, stranger, anonymous, guest):
    client = visitor(kind, table, stranger, anonymous, guest)
    before = (Hand.objects.count(), Hand.objects.live().count(), rev(table["session"]), ShareLink.objects.count())

    assert call(client, method, template, table) == 404
    assert (Hand.objects.count(), Hand.objects.live().count(), rev(table["session"]),
            ShareLink.objects.count()) == before


@pytest.mark.parametrize("method,template", WRITES + OWNER_ONLY)
def test_a_viewer_cannot_write(method, template, table, guest):
    guest.follow_link(table["links"]["viewer"])
    before = (Hand.objects.live().count(), rev(table["session"]), table["session"].status)

    assert call(guest, method, template, table) == 404
    session = Session.objects.get(pk=table["session"].pk)
    assert (Hand.objects.live().count(), rev(session), session.status) == before


@pytest.mark.parametrize("method,template", READS)
def test_a_viewer_can_read(method, template, table, guest):
    guest.follow_link(table["links"]["viewer"])

    assert call(guest, method, template, table) == 200


@pytest.mark.parametrize("method,template", READS + WRITES)
def test_a_scorer_can_do_all_but_share(method, template, table, guest):
    guest.follow_link(table["links"]["scorer"])

    assert call(guest, method, template, table) in (200, 302, 409, 422)
    assert call(guest, "get", "/sessions/{s}/share/", table) == 404


def test_a_stranger_learns_nothing(stranger, table):
    """The 404 for a session that exists reads exactly as the one for a session that does not."""
    pk = table["session"].pk
    hidden, missing = stranger.get(f"/sessions/{pk}/"), stranger.get(f"/sessions/{pk + 1000}/")

    assert hidden.status_code == missing.status_code == 404
    # The CSRF token is masked anew each time; the language menu returns to the very URL asked for.
    unmasked = lambda r: re.sub(r'[A-Za-z0-9]{64}', "csrf",  # noqa: E731
                                body(r).replace(r.wsgi_request.path, "PATH"))
    assert unmasked(hidden) == unmasked(missing)
    assert "Ann" not in body(hidden)


def test_huge_ids_are_404s(client):
    assert client.get("/sessions/99999999999999999999999/").status_code == 404
    assert client.get("/hands/99999999999999999999999/edit/").status_code == 404


def test_share_tokens_are_long_and_random(make_session):
    session = make_session()
    tokens = {services.share_link_create(session=session, role="viewer").token for _ in range(20)}

    assert len(tokens) == 20
    assert all(len(t) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", t) for t in tokens)


def test_a_session_from_before_accounts_gets_a_link_or_an_owner(guest, client, owner, make_session):
    legacy = make_session(owned_by=None)
    out = StringIO()
    call_command("share_session", str(legacy.pk), "--role", "viewer", stdout=out)
    path = out.getvalue().split(": ")[-1].strip()
    assert guest.post(path).status_code == 302 and guest.get(f"/sessions/{legacy.pk}/").status_code == 200

    call_command("share_session", str(legacy.pk), "--owner", "ann", stdout=StringIO())
    assert client.get(f"/sessions/{legacy.pk}/share/").status_code == 200
