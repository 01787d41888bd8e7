"""No account to start (issue 19): a guest starts a session at once, kept by a signed cookie on that phone,
scores it, shares it; signing up or logging in keeps it; a guest's sessions a day per address are limited."""
from __future__ import annotations

import random
import uuid

from django.core import signing
from django.http import HttpResponse
from django.test import Client

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Player, Session, ShareLink
from scorekeeper.tables.web import grants

from web_helpers import rev

PASSWORD = "tiles and tea 88"
TAIWAN = {"ruleset": "taiwan", "first_dealer": "0", "stake_base": "20", "stake_per_fan": "5", "stake_unit": "",
          "stake_flower_units": "1", "stake_grass_units": "2"}


def body(response) -> str:
    return response.content.decode()


def start(phone: Client, names=("Ann", "Bob", "Cy", "Di"), address: str = "127.0.0.1", **fields):
    data = TAIWAN | dict(zip(("east", "south", "west", "north"), names)) | fields
    return phone.post("/sessions/new/", data, REMOTE_ADDR=address)


def started(phone: Client, names=("Ann", "Bob", "Cy", "Di"), **fields) -> Session:
    response = start(phone, names, **fields)
    assert response.status_code == 302, body(response)
    return Session.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def save_win(phone: Client, session: Session, winner: int, discarder: int, figure: int):
    return phone.post(f"/sessions/{session.pk}/win/", {
        "winner": str(winner), "how": str(discarder), "mode": "figure", "figure": str(figure), "action": "save",
        "token": str(uuid.uuid4()), "revision": rev(session)})


# -- a guest starts, scores and shares ------------------------------------------------------------------
def test_a_guest_starts_a_session_at_once_without_an_account(anonymous):
    assert anonymous.get("/sessions/new/?ruleset=taiwan").status_code == 200  # no log-in wall

    response = start(anonymous)
    session = Session.objects.get()
    assert response["Location"] == f"/sessions/{session.pk}/"
    assert session.owner is None and session.stakes["base"] == "20"
    assert "Session started." in body(anonymous.get(response["Location"]))
    assert ShareLink.objects.get().role == "owner"  # the phone's grant, in its cookie
    assert grants.COOKIE in response.cookies and response.cookies[grants.COOKIE]["httponly"]


def test_the_guest_scores_it_and_owns_it_on_that_phone(anonymous):
    session = started(anonymous)
    assert save_win(anonymous, session, 1, 2, 5).status_code == 302
    assert anonymous.post(f"/sessions/{session.pk}/draw/", {"revision": rev(session)}).status_code == 302
    html = body(anonymous.get(f"/sessions/{session.pk}/"))

    assert session.hands.count() == 2
    assert f"/sessions/{session.pk}/share/" in html  # an owner's powers: Share
    assert anonymous.post(f"/sessions/{session.pk}/settle/", {"action": "finish"}).status_code == 302
    assert Session.objects.get(pk=session.pk).status == "finished"


def test_home_lists_the_guests_sessions_as_their_own(anonymous):
    session = started(anonymous)
    html = body(anonymous.get("/"))

    assert f'href="/sessions/{session.pk}/"' in html
    assert "On this phone only" in html and "Shared with you" not in html
    assert "No account needed" in html


def test_the_guest_shares_it_and_a_table_mate_joins_by_the_link(anonymous, guest):
    session = started(anonymous)
    anonymous.post(f"/sessions/{session.pk}/share/", {"action": "create", "role": "scorer", "label": "Bob"})
    link = ShareLink.objects.get(role="scorer")
    share_page = body(anonymous.get(f"/sessions/{session.pk}/share/"))
    assert f"/t/{link.token}/" in share_page
    owner_grant = ShareLink.objects.get(role="owner")
    assert f"/t/{owner_grant.token}/" not in share_page  # the phone's own grant is no link

    guest.follow_link(link)
    assert save_win(guest, session, 0, 3, 8).status_code == 302
    assert session.hands.count() == 1
    assert guest.get(f"/sessions/{session.pk}/share/").status_code == 404  # a scorer, not the owner


def test_a_stranger_still_gets_404(anonymous, stranger):
    session = started(anonymous)
    for phone in (stranger, Client()):
        for url in ("", "history/", "settle/", "share/", "win/"):
            assert phone.get(f"/sessions/{session.pk}/{url}").status_code == 404
    assert f"/sessions/{session.pk}/" not in body(Client().get("/"))


def test_the_owner_grant_is_never_a_link_to_follow_nor_to_revoke(anonymous, guest):
    session = started(anonymous)
    owner_grant = ShareLink.objects.get(role="owner")

    assert guest.get(f"/t/{owner_grant.token}/").status_code == 404
    assert guest.post(f"/t/{owner_grant.token}/").status_code == 404
    anonymous.post(f"/sessions/{session.pk}/share/", {"action": "revoke", "link": str(owner_grant.pk)})
    assert ShareLink.objects.filter(pk=owner_grant.pk).exists()


def test_a_cookie_made_on_the_phone_opens_nothing(anonymous):
    session = started(anonymous)
    grant = ShareLink.objects.get(role="owner").pk
    forger = Client()
    forger.cookies[grants.COOKIE] = signing.dumps({"g": {str(session.pk): [grant]}, "d": 0}, salt="other")
    assert forger.get(f"/sessions/{session.pk}/").status_code == 404
    forger.cookies[grants.COOKIE] = anonymous.cookies[grants.COOKIE].value[:-2] + "xx"
    assert forger.get(f"/sessions/{session.pk}/").status_code == 404

    forger.cookies[grants.COOKIE] = anonymous.cookies[grants.COOKIE].value  # a copy of the real one does
    assert forger.get(f"/sessions/{session.pk}/").status_code == 200


def test_a_guests_players_are_their_own(anonymous):
    first = started(anonymous)
    other_phone = Client()
    theirs = started(other_phone, names=("ann", "Eve", "Fay", "Gus"))
    mine_again = started(anonymous, names=("ANN", "Bob", "Hal", "Ida"))

    assert theirs.east_id != first.east_id  # another guest's "ann" is another player
    assert mine_again.east_id == first.east_id and mine_again.south_id == first.south_id
    form = body(anonymous.get("/sessions/new/?ruleset=taiwan"))
    assert '<option value="Cy">' in form and "Eve" not in form and "Fay" not in form


def test_the_grants_stay_a_year_in_a_small_cookie(anonymous):
    response = start(anonymous)
    assert response.cookies[grants.COOKIE]["max-age"] >= 365 * 24 * 3600
    request = Client().get("/").wsgi_request
    ids = random.Random(19).sample(range(10**9, 10**10), 5 * grants.MAX_SESSIONS)  # ten digits, no pattern
    request._grants_phone = grants.Phone({str(ids.pop()): [ids.pop() for _ in range(grants.PER_SESSION)]
                                          for _ in range(grants.MAX_SESSIONS)}, changed=True)
    written = grants.kept(request, HttpResponse())
    assert len(written.cookies[grants.COOKIE].OutputString()) < 4096  # a browser's limit for one cookie


def test_a_phone_keeps_only_the_latest_sessions(anonymous):
    request = Client().get("/").wsgi_request
    for n in range(grants.MAX_SESSIONS + 3):
        grants.grant(request, ShareLink(pk=n + 1, session_id=n + 1))
    assert len(grants.held(request)) == grants.MAX_SESSIONS and "1" not in grants.held(request)


def test_grants_kept_in_the_django_session_before_still_open_and_move_to_the_cookie(make_session):
    session = make_session()
    link = services.share_link_create(session=session, role="scorer")
    phone = Client()
    stored = phone.session
    stored[grants.LEGACY] = {str(session.pk): [link.token]}
    stored.save()
    phone.cookies["sessionid"] = stored.session_key

    assert phone.get(f"/sessions/{session.pk}/win/").status_code == 200
    phone.get("/")
    assert grants.LEGACY not in phone.session and grants.COOKIE in phone.cookies
    assert phone.get(f"/sessions/{session.pk}/win/").status_code == 200


def test_logging_out_forgets_the_links_a_guest_visiting_log_out_does_not(owner, make_session, guest):
    session = make_session(owned_by=None)
    guest.follow_link(services.share_link_create(session=session, role="scorer"))
    guest.get("/accounts/logout/")
    guest.post("/accounts/logout/")
    assert guest.get(f"/sessions/{session.pk}/").status_code == 200  # never logged in: nothing to forget

    guest.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    guest.post("/accounts/logout/")
    assert guest.get(f"/sessions/{session.pk}/").status_code == 404


# -- signing up or logging in keeps them ------------------------------------------------------------------
def test_signing_up_keeps_the_guests_sessions(anonymous, django_user_model):
    first = started(anonymous)
    save_win(anonymous, first, 1, 2, 5)
    save_win(anonymous, first, 3, 0, 4)
    second = started(anonymous, names=("Ann", "Bob", "Cy", "Eve"))
    hands_before = list(Hand.objects.order_by("pk").values_list("pk", "session", "winner", "discarder", "figure"))
    balances_before = body(anonymous.get(f"/sessions/{first.pk}/")).count("+")

    response = anonymous.post("/accounts/signup/", {"username": "bo", "password1": PASSWORD, "password2": PASSWORD},
                              follow=True)
    bo = django_user_model.objects.get(username="bo")
    assert "The sessions you started on this phone are now in your account." in body(response)
    for session in (first, second):
        session.refresh_from_db()
        assert session.owner == bo
        assert {p.owner for p in session.players} == {bo}
    assert Player.objects.filter(owner=bo).count() == 5  # Ann, Bob and Cy sat at both: merged by name
    assert not Player.objects.filter(owner__isnull=True).exists()  # the guest's own players are gone
    assert not ShareLink.objects.filter(role="owner").exists()
    assert list(Hand.objects.order_by("pk").values_list("pk", "session", "winner", "discarder", "figure")) \
        == hands_before
    html = body(anonymous.get("/"))
    assert f'href="/sessions/{first.pk}/"' in html and "On this phone only" not in html
    assert body(anonymous.get(f"/sessions/{first.pk}/")).count("+") == balances_before
    assert f"/sessions/{first.pk}/share/" in body(anonymous.get(f"/sessions/{first.pk}/"))


def test_logging_in_merges_them_into_the_accounts_players(anonymous, client, owner, make_session, win):
    old = make_session(names=["ann", "Bob", "Zed", "Yu"])
    win(old, 0, 1, figure=10)
    session = started(anonymous)
    save_win(anonymous, session, 0, 2, 5)

    anonymous.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    session.refresh_from_db()
    assert session.owner == owner
    assert (session.east_id, session.south_id) == (old.east_id, old.south_id)  # "Ann" is the account's "ann"
    assert session.west.owner == owner and session.west.name == "Cy"
    assert session.hands.count() == 1
    assert "Over 2 sessions you can open." in " ".join(body(client.get(f"/players/{old.east_id}/")).split())


def test_a_claimed_session_is_the_accounts_only(anonymous, django_user_model):
    session = started(anonymous)
    copied = Client()
    copied.cookies[grants.COOKIE] = anonymous.cookies[grants.COOKIE].value  # the phone's cookie, copied before
    anonymous.post("/accounts/signup/", {"username": "bo", "password1": PASSWORD, "password2": PASSWORD})

    assert copied.get(f"/sessions/{session.pk}/").status_code == 404
    anonymous.post("/accounts/logout/")
    assert anonymous.get(f"/sessions/{session.pk}/").status_code == 404
    assert anonymous.post("/accounts/login/", {"username": "bo", "password": PASSWORD}).status_code == 302
    assert anonymous.get(f"/sessions/{session.pk}/").status_code == 200


def test_a_failed_log_in_claims_nothing(anonymous, owner):
    session = started(anonymous)
    anonymous.post("/accounts/login/", {"username": "ann", "password": "wrong"})
    session.refresh_from_db()
    assert session.owner is None
    assert anonymous.get(f"/sessions/{session.pk}/share/").status_code == 200


def test_links_followed_as_a_guest_stay_links(anonymous, owner, make_session, django_user_model):
    elsewhere = make_session(owned_by=django_user_model.objects.create_user("eve"))
    link = services.share_link_create(session=elsewhere, role="scorer")
    anonymous.post(f"/t/{link.token}/")
    anonymous.post("/accounts/login/", {"username": "ann", "password": PASSWORD})

    assert Session.objects.get(pk=elsewhere.pk).owner.username == "eve"
    assert anonymous.get(f"/sessions/{elsewhere.pk}/win/").status_code == 200


# -- the limit -----------------------------------------------------------------------------------------------
def test_a_guest_starts_at_most_twenty_sessions_a_day_from_one_address(anonymous, client):
    answers = [start(anonymous, address="10.2.2.2").status_code for _ in range(20)]
    refused = start(anonymous, names=("Kim", "Lou", "Max", "Ned"), address="10.2.2.2")

    assert answers == [302] * 20 and refused.status_code == 429
    html = body(refused)
    assert "started 20 sessions without an account today" in html and "Sign up" in html
    assert 'value="Kim"' in html  # what was typed stays
    assert Session.objects.count() == 20
    assert start(Client(), address="10.3.3.3").status_code == 302  # another address
    assert start(client, address="10.2.2.2").status_code == 302  # an account: no such limit


def test_an_invalid_form_is_not_counted(anonymous):
    for _ in range(25):
        assert start(anonymous, names=("Ann", "Ann", "Cy", "Di"), address="10.4.4.4").status_code == 422
    assert start(anonymous, address="10.4.4.4").status_code == 302


def test_the_limit_says_what_to_do_in_chinese(anonymous):
    for _ in range(20):
        start(anonymous, address="10.5.5.5")
    anonymous.cookies["django_language"] = "zh-hant"
    html = body(start(anonymous, address="10.5.5.5"))
    assert "今天已經不用帳號開了 20 個牌局" in html and ">註冊</a>" in html
