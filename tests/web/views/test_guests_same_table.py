"""Same table again (issue 19): one tap on a finished session starts a new one with its players in the
same seats, its stakes, options and way of paying, the deal going on where it stood; and opens it."""
from __future__ import annotations

import re
import uuid

from django.test import Client

from scorekeeper.tables import services
from scorekeeper.tables.models import Session, ShareLink

from web_helpers import rev

STAKES = {"per_point": "2"}
OPTIONS = {"chicken": 0, "payoff": "uniform"}


def body(response) -> str:
    return response.content.decode()


def finished(make_session, win, **fields) -> Session:
    """A zung-jung table of its own: stakes, house options, paying at the table; Bob (south) deals next."""
    session = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"], first_dealer=3, stakes=STAKES,
                           options=OPTIONS, pay_as_you_go=True, **fields)
    win(session, 0, 1, figure=30)  # Di deals, Ann wins: the deal passes to Ann
    win(session, 1, 2, figure=20)  # Ann deals, Bob wins: the deal passes to Bob
    Session.objects.filter(pk=session.pk).update(entry_mode="tiles")
    return services.session_finish(session=Session.objects.get(pk=session.pk))


def again(phone: Client, session: Session, token: str | None = None):
    return phone.post(f"/sessions/{session.pk}/again/", {"token": token or str(uuid.uuid4())})


def test_same_table_again_copies_players_seats_stakes_options_and_paying(client, make_session, win, owner):
    old = finished(make_session, win)
    response = again(client, old)
    new = Session.objects.exclude(pk=old.pk).get()

    assert response.status_code == 302 and response["Location"] == f"/sessions/{new.pk}/"
    assert [p.pk for p in new.players] == [p.pk for p in old.players]  # the same players, the same seats
    assert (new.ruleset, new.stakes, new.options, new.pay_as_you_go, new.entry_mode, new.owner) == \
        ("zung-jung", STAKES, OPTIONS, True, "tiles", owner)
    assert new.is_open and new.hands.count() == 0
    assert new.first_dealer == 1  # Bob: the deal goes on where it stood
    page = body(client.get(response["Location"]))
    assert "The same table again: a new session. Bob deals first" in page


def test_the_dealer_who_kept_the_deal_deals_first_again(client, make_session, win):
    session = make_session("taiwan", first_dealer=2)
    win(session, 2, 0, figure=3)  # Cy deals and wins: keeps the deal (連莊)
    services.session_finish(session=session)
    again(client, session)
    assert Session.objects.exclude(pk=session.pk).get().first_dealer == 2


def test_a_session_without_hands_keeps_its_first_dealer(client, make_session):
    session = services.session_finish(session=make_session("hk-old", first_dealer=3))
    again(client, session)
    assert Session.objects.exclude(pk=session.pk).get().first_dealer == 3


def test_a_double_tap_starts_one_session(client, make_session, win):
    old = finished(make_session, win)
    token = str(uuid.uuid4())
    first, second = again(client, old, token), again(client, old, token)

    assert Session.objects.count() == 2
    assert first["Location"] == second["Location"]


def test_settle_up_offers_it_to_the_owner_once_finished(client, guest, make_session, win):
    session = make_session()
    assert "Same table again" not in body(client.get(f"/sessions/{session.pk}/settle/"))
    client.post(f"/sessions/{session.pk}/settle/", {"action": "finish"})
    page = body(client.get(f"/sessions/{session.pk}/settle/"))

    assert f'action="/sessions/{session.pk}/again/"' in page
    assert re.search(r'name="token" value="[0-9a-f-]{36}"', page)
    assert f'action="/sessions/{session.pk}/again/"' in body(client.get("/"))  # and the home page's list
    guest.follow_link(services.share_link_create(session=session, role="scorer"))
    assert "Same table again" not in body(guest.get(f"/sessions/{session.pk}/settle/"))
    assert "Same table again" not in body(guest.get("/"))


def test_only_the_owner_may(guest, stranger, make_session, win):
    old = finished(make_session, win)
    guest.follow_link(services.share_link_create(session=old, role="scorer"))

    assert again(guest, old).status_code == 404
    assert again(stranger, old).status_code == 404
    assert client_get_not_allowed(old)
    assert Session.objects.count() == 1


def client_get_not_allowed(session: Session) -> bool:
    return Client().get(f"/sessions/{session.pk}/again/").status_code == 405


def test_a_guest_plays_the_same_table_again_on_their_phone(anonymous):
    anonymous.post("/sessions/new/", {"ruleset": "hk-old", "east": "Ann", "south": "Bob", "west": "Cy",
                                      "north": "Di", "first_dealer": "0", "stake_per_point": "2",
                                      "option_classical_extras": "false"})
    old = Session.objects.get()
    anonymous.post(f"/sessions/{old.pk}/settle/", {"action": "finish"})
    response = again(anonymous, old)
    new = Session.objects.exclude(pk=old.pk).get()

    assert new.owner is None and [p.pk for p in new.players] == [p.pk for p in old.players]
    assert new.stakes == old.stakes and new.stakes["per_point"] == "2"
    assert ShareLink.objects.filter(session=new, role="owner").exists()
    assert anonymous.get(response["Location"]).status_code == 200
    assert f"/sessions/{new.pk}/share/" in body(anonymous.get(f"/sessions/{new.pk}/"))
    assert Client().get(f"/sessions/{new.pk}/").status_code == 404


def test_the_guest_limit_counts_it(anonymous, monkeypatch):
    monkeypatch.setattr("scorekeeper.tables.web.guests.GUEST_SESSIONS_PER_ADDRESS", "1/d")
    anonymous.post("/sessions/new/", {"ruleset": "hk-old", "east": "Ann", "south": "Bob", "west": "Cy",
                                      "north": "Di", "first_dealer": "0", "stake_per_point": "2",
                                      "option_classical_extras": "false"}, REMOTE_ADDR="10.6.6.6")
    old = Session.objects.get()
    anonymous.post(f"/sessions/{old.pk}/settle/", {"action": "finish"})
    response = anonymous.post(f"/sessions/{old.pk}/again/", {"token": str(uuid.uuid4())}, REMOTE_ADDR="10.6.6.6",
                              follow=True)

    assert Session.objects.count() == 1
    assert "started 1 session without an account today" in body(response)


def test_the_new_session_plays_on(client, make_session, win):
    old = finished(make_session, win)
    new_url = again(client, old)["Location"]
    new = Session.objects.exclude(pk=old.pk).get()
    client.post(f"/sessions/{new.pk}/draw/", {"revision": rev(new)})

    assert new.hands.count() == 1 and old.hands.count() == 2
    assert "Bob" in body(client.get(new_url))


def test_a_guest_who_signs_up_plays_the_same_table_again_with_the_accounts_players(anonymous):
    """The seating kept with a session's replay named the guest's players; signing up merges them into the
    account's (and deletes the guest's): Same table again then seated deleted players (a 500 in CI)."""
    anonymous.post("/sessions/new/", {"ruleset": "hk-old", "east": "Ann", "south": "Bob", "west": "Cy",
                                      "north": "Di", "first_dealer": "0", "stake_per_point": "2",
                                      "option_classical_extras": "false"})
    old = Session.objects.get()
    assert anonymous.get(f"/sessions/{old.pk}/").status_code == 200  # the replay (and its seating) is kept
    anonymous.post("/accounts/signup/", {"username": "bo", "password1": "tiles and tea 88",
                                         "password2": "tiles and tea 88"})
    old.refresh_from_db()
    assert old.owner is not None
    anonymous.post(f"/sessions/{old.pk}/settle/", {"action": "finish"})
    response = again(anonymous, old)

    assert response.status_code == 302, response.status_code
    new = Session.objects.exclude(pk=old.pk).get()
    assert [p.pk for p in new.players] == [p.pk for p in old.players]
    assert {p.owner_id for p in new.players} == {old.owner_id}
