"""Random and malformed posts to every form and endpoint: never a 500, never a partial write.

Each example posts a random subset of the endpoint's own field names (and a stranger one),
with values that are random text, huge text, random unicode, numbers of every sign and
size, markup, or well-formed values now and then so that saves do happen. The client
re-raises any exception a view lets through, so a 500 fails the test. After each post:
the counts of sessions and hands (and the session's revision) moved only if the answer
says the write was made.
"""
from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session, ShareLink

pytestmark = pytest.mark.django_db
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
CURRENT = "<the session's revision now>"  # stands for the live revision, read when posting

junk = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=12),
    st.text(min_size=150, max_size=3000),  # longer than any field allows, shorter than the request limit
    st.integers(min_value=-10**30, max_value=10**30).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["", " ", "0", "1", "2", "3", "4", "-1", "self", "none", "1e999", "NaN", "１２", "²",
                     "<script>alert(1)</script>", "\x00", "null", "[]", "{}", "0x10", "08", "1.005"]),
)


def posted(fields: dict[str, st.SearchStrategy[Any]], valid: dict[str, Any] | None = None,
           ) -> st.SearchStrategy[dict[str, Any]]:
    """A random subset of the fields (each with its usual values or junk), and a stranger one now and then;
    or a valid form with one or two fields changed (or none), so that saves and near misses happen too."""
    values = {name: st.one_of(strategy, junk, st.lists(junk, max_size=3)) for name, strategy in fields.items()}
    values["unexpected"] = junk
    anything = st.fixed_dictionaries({}, optional=values)
    if valid is None:
        return anything
    changes = st.lists(st.one_of([st.tuples(st.just(k), v) for k, v in values.items()]), max_size=2).map(dict)
    return st.one_of(anything, changes.map(lambda changed: {**valid, **changed}))


def send(client, url: str, data: dict[str, Any], session: Session | None = None, htmx: bool = False):
    if session is not None:
        revision = str(Session.objects.get(pk=session.pk).revision)
        data = {k: (revision if v == CURRENT else v) for k, v in data.items()}
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(url, data, **extra)
    assert response.status_code < 500
    event(f"answered {'a write' if wrote(response) else response.status_code}")
    return response


def wrote(response) -> bool:
    """The answer a successful write gives: a redirect (or HTMX's) to the next screen."""
    return response.status_code == 302 or "HX-Redirect" in response


def stays_here(location: str) -> bool:
    """A redirect to this site: no other host, and nothing a browser reads as one (//host, /\\host)."""
    return urlsplit(location).netloc in ("", "testserver") and not location.startswith(("//", "/\\", "\\"))


def state(session: Session) -> tuple[int, int, int, str]:
    return (Session.objects.count(), Hand.objects.count(), Hand.objects.live().count(),
            str(Session.objects.get(pk=session.pk).revision))


seat = st.sampled_from(["0", "1", "2", "3"])
WIN_FIELDS = {
    "winner": seat, "how": st.sampled_from(["self", "0", "1", "2", "3"]), "responsible": seat,
    "mode": st.sampled_from(["tiles", "figure"]), "figure": st.integers(0, 300).map(str),
    "figure_field": st.sampled_from(["fan", "pattern_fan", "points"]),
    "concealed": st.sampled_from(["123m456p789s1112z", "123m456p789s234s1112z", "1m", "5z5z"]),
    "winning_tile": st.sampled_from(["2z", "5p", "9s"]), "meld": st.sampled_from(["pung 777z", "chow 123m"]),
    "bonus": st.sampled_from(["1f", "2f3f"]), "wild": st.sampled_from(["5m", "9s"]),
    "event": st.sampled_from(["last_tile", "heavenly"]), "note": st.text(max_size=20),
    "token": st.uuids().map(str), "revision": st.just(CURRENT),
    "target": st.sampled_from(["hand", "winning", "meld", "bonus", "wild", "loser-0", "loser-1-meld"]),
    "suit": st.sampled_from(list("mpszf")), "meld_kind": st.sampled_from(["chow", "pung", "kong"]),
    "action": st.sampled_from(["save", "save", "refresh", "add:5m", "add:7z", "remove:hand:5m", "remove:meld:0",
                               "clear:tiles", "target:meld", "meldkind:chow", "mode:figure", "suit:z"]),
    **{f"loser_points_{s}": st.integers(0, 50).map(str) for s in range(4)},
    **{f"loser_concealed_{s}": st.sampled_from(["123m456p1199s", "5m"]) for s in range(4)},
    **{f"loser_meld_{s}": st.just("pung 777z") for s in range(4)},
}
WIN = {"winner": "1", "how": "self", "mode": "figure", "figure": "5", "figure_field": "fan", "action": "save",
       "revision": CURRENT}
SPOT_FIELDS = {
    "kind": st.sampled_from(["flower", "grass", "chase", "dice_123", "failed_peng", "false_win"]),
    "player": seat, "count": st.integers(-3, 12).map(str), "to": seat, "note": st.text(max_size=20),
    "token": st.uuids().map(str), "revision": st.just(CURRENT),
}
DRAW_FIELDS = {"note": st.text(max_size=250), "token": st.uuids().map(str), "revision": st.just(CURRENT)}


@pytest.fixture
def table(make_session, win):
    session = make_session("taiwan")
    return {"session": session, "win": win(session, 0, "self", figure=5),
            "draw": services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW)),
            "spot": services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="chase",
                                                                          spot_player=1))}


def token_saved(data: dict[str, Any]) -> bool:
    try:
        return Hand.objects.filter(entry_token=uuid.UUID(str(data.get("token")))).exists()
    except ValueError:
        return False


# -- sessions --------------------------------------------------------------------------------------------
NAME = st.sampled_from(["Ann", "Bob", "Cy", "Di", "Eve", " ann ", "<b>Fay</b>"])
NEW_SESSION = {"ruleset": "taiwan", "east": "Ann", "south": "Bob", "west": "Cy", "north": "Di", "first_dealer": "0",
               "stake_base": "10", "stake_per_fan": "1", "stake_flower_units": "1", "stake_grass_units": "2"}


@FUZZ
@given(data=posted(valid=NEW_SESSION, fields={
    "ruleset": st.sampled_from(["taiwan", "zung-jung", "hk-old", "taizhou", "fujian"]),
    "east": NAME, "south": NAME, "west": NAME, "north": NAME, "first_dealer": seat,
    **{f"stake_{n}": st.sampled_from(["10", "2.50", "0"]) for n in
       ("base", "per_fan", "unit", "flower_units", "grass_units", "per_point")},
    "option_chicken": st.sampled_from(["1", "0", '"no"']), "option_payoff": st.just('"competition"'),
    "option_classical_extras": st.sampled_from(["true", "false"]), "option_four_winds": st.just('"off"'),
}))
def test_new_session(client, db, data):
    before = Session.objects.count()
    response = send(client, "/sessions/new/", data)

    assert Session.objects.count() == before + wrote(response)


# -- hands --------------------------------------------------------------------------------------------------
@FUZZ
@given(data=posted(WIN_FIELDS, WIN), htmx=st.booleans())
def test_win(client, table, data, htmx):
    session = table["session"]
    before, known = state(session), token_saved(data)
    response = send(client, f"/sessions/{session.pk}/win/", data, session, htmx)

    sessions, hands, live, revision = state(session)
    added = wrote(response) and not known
    assert (sessions, hands, live) == (before[0], before[1] + added, before[2] + added)
    assert (revision != before[3]) == added


@FUZZ
@given(data=posted(WIN_FIELDS | {"editing": st.just("<win>")}, WIN | {"editing": "<win>"}))
def test_preview(client, table, data):
    session = table["session"]
    if data.get("editing") == "<win>":
        data["editing"] = str(table["win"].pk)
    before = state(session)
    response = send(client, f"/sessions/{session.pk}/win/preview/", data, session, htmx=True)

    assert response.status_code in (200, 404)
    assert state(session) == before


@FUZZ
@given(data=posted(DRAW_FIELDS, {"note": "wall", "revision": CURRENT}))
def test_draw(client, table, data):
    session = table["session"]
    before, known = state(session), token_saved(data)
    response = send(client, f"/sessions/{session.pk}/draw/", data, session)

    added = wrote(response) and not known
    assert state(session)[:3] == (before[0], before[1] + added, before[2] + added)


@FUZZ
@given(data=posted(SPOT_FIELDS, {"kind": "flower", "player": "2", "count": "2", "revision": CURRENT}))
def test_spot(client, table, data):
    session = table["session"]
    before, known = state(session), token_saved(data)
    response = send(client, f"/sessions/{session.pk}/spot/", data, session)

    added = wrote(response) and not known
    assert state(session)[:3] == (before[0], before[1] + added, before[2] + added)


@FUZZ
@given(which=st.sampled_from(["win", "draw", "spot"]),
       data=posted(WIN_FIELDS | SPOT_FIELDS | DRAW_FIELDS, WIN | {"kind": "chase", "player": "3"}))
def test_edit(client, table, which, data):
    session, hand = table["session"], table[which]
    stored = Hand.objects.filter(pk=hand.pk).values().get()
    before = state(session)
    response = send(client, f"/hands/{hand.pk}/edit/", data, session)

    after = state(session)
    assert after[:3] == before[:3]
    if not wrote(response):  # refused: the hand and the session are as they were
        assert Hand.objects.filter(pk=hand.pk).values().get() == stored and after[3] == before[3]


@FUZZ
@given(data=posted({"revision": st.just(CURRENT)}), which=st.sampled_from(["win", "draw", "spot"]))
def test_delete_and_restore(client, table, data, which):
    session, hand = table["session"], table[which]
    before = state(session)
    response = send(client, f"/hands/{hand.pk}/delete/", data, session)
    deleted = Hand.objects.get(pk=hand.pk).deleted_at is not None

    assert state(session)[2] == before[2] - (wrote(response) and deleted)
    assert state(session)[1] == before[1]  # soft: nothing is ever removed
    restored = send(client, f"/hands/{hand.pk}/restore/", data, session)
    assert restored.status_code == 302
    assert Hand.objects.get(pk=hand.pk).deleted_at is None
    assert state(session)[:3] == before[:3]


# -- the rest ---------------------------------------------------------------------------------------------
@FUZZ
@given(data=posted({"action": st.sampled_from(["create", "revoke"]), "role": st.sampled_from(["scorer", "viewer"]),
                    "label": st.text(max_size=50), "link": st.integers(0, 5).map(str)},
                   {"action": "create", "role": "viewer", "label": "Bob"}))
def test_share(client, table, data):
    session = table["session"]
    before = ShareLink.objects.count()
    send(client, f"/sessions/{session.pk}/share/", data)

    assert abs(ShareLink.objects.count() - before) <= 1
    assert state(session)[:3] == (1, 3, 3)


@FUZZ
@given(data=posted({"action": st.sampled_from(["finish", "reopen"])}))
def test_finish(client, table, data):
    session = table["session"]
    before = state(session)
    response = send(client, f"/sessions/{session.pk}/settle/", data)
    sent = data.get("action")
    action = sent[-1] if isinstance(sent, list) and sent else sent  # a form's last value is the one read

    # finishing and reopening are their own buttons; anything else is refused and changes nothing (issue 35.7)
    assert response.status_code == (302 if action in ("finish", "reopen") else 422) and state(session) == before


@FUZZ
@given(data=posted({"username": st.text(alphabet="abcdefghij.@+-_", min_size=1, max_size=12),
                    "password1": st.just("mahjong at nine"), "password2": st.just("mahjong at nine"),
                    "next": st.sampled_from(["/", "/sessions/new/", "https://evil.example/", "//evil"])},
                   {"username": "bo", "password1": "mahjong at nine", "password2": "mahjong at nine"}))
def test_signup(anonymous, data):
    users = get_user_model().objects.count()
    name = str(data.get("username", ""))
    # PostgreSQL takes no NUL in a query's text: such a name names no account (and the form refuses it)
    existed = "\x00" not in name and get_user_model().objects.filter(username__iexact=name).exists()
    response = send(anonymous, "/accounts/signup/", data)
    anonymous.logout()

    # a sign-up naming an account is a log-in with its password: in, and nothing new
    assert get_user_model().objects.count() == users + (wrote(response) and not existed)
    if wrote(response):
        assert stays_here(response["Location"])


@FUZZ
@given(data=posted({"username": st.sampled_from(["ann", "eve"]), "password": st.just("tiles and tea 88"),
                    "next": st.sampled_from(["/", "/sessions/new/", "https://evil.example/"])},
                   {"username": "ann", "password": "tiles and tea 88"}))
def test_login(anonymous, owner, data):
    response = send(anonymous, "/accounts/login/", data)
    anonymous.logout()

    if wrote(response):  # in, and never sent off to another site
        assert stays_here(response["Location"])
