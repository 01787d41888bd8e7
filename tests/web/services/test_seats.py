"""People come and go (issue 23): a seat changes hands between hands, money stays per person."""
from __future__ import annotations

import html
import json
import re
import uuid
from decimal import Decimal

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Player
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.replay.seating import people_money, people_settle_up
from scorekeeper.tables.selectors import player_numbers, player_sessions

from web_helpers import rev

NEW_SESSION = {"ruleset": "zung-jung", "east": "Ann", "south": "Bob", "west": "Cy", "north": "Di",
               "first_dealer": "0", "pay_as_you_go": "tab", "stake_per_point": "1", "option_chicken": "1",
               "option_payoff": '"competition"', "option_round_to": '"exact"'}


def body(response) -> str:
    return response.content.decode()


def text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body(response))).split()).replace(" ,", ",")


def figure_win(session, winner, discarder, figure):
    field = "fan" if session.ruleset == "taiwan" else "points"
    hand = HandInput(kind=Hand.Kind.WIN, winner=winner, discarder=discarder, figure=figure, figure_field=field)
    return services.hands_append(session=session, hands=[hand])[0]


def sit_in(client, session, seat, name):
    response = client.post(f"/sessions/{session.pk}/seat/{seat}/", {"newcomer": name, "revision": rev(session)})
    assert response.status_code == 302, body(response)
    return response


def test_eve_sits_in_for_di_in_two_taps_from_the_seat_card(client, make_session):
    session = make_session()
    figure_win(session, 1, 3, 30)
    page = body(client.get(f"/sessions/{session.pk}/"))
    assert f'href="/sessions/{session.pk}/seat/3/"' in page  # tap 1: the seat card's sit-in link
    Player.objects.create(name="Eve", owner=session.owner)
    form = body(client.get(f"/sessions/{session.pk}/seat/3/"))
    assert "Who sits in for Di from hand 2?" in form
    assert 'name="newcomer" value="Eve"' in form  # tap 2: the chip of someone played with before

    response = sit_in(client, session, 3, "Eve")

    screen = text(client.get(response["Location"]))
    assert "Eve sits in for Di" in screen
    assert re.search(r"Eve 0 won", screen)  # the newcomer starts at 0
    assert re.search(r"left Di −30", screen)  # Di keeps what Di lost, below the table


def test_the_newcomer_plays_from_the_next_hand_and_money_is_per_person(client, make_session):
    session = make_session()
    figure_win(session, 1, 3, 30)
    sit_in(client, session, 3, "Eve")
    figure_win(session, 3, None, 10)  # seat 3 self-draws: Eve collects, not Di

    people = {m.player.name: m.balance for m in people_money(session=session, replay=session_replay(session=session))}

    # hand 1 (30 points off Di: each of the three pays 30); hand 2 (Eve's 10 self-drawn: each pays 10)
    assert people == {"Ann": Decimal(-40), "Bob": Decimal(80), "Cy": Decimal(-40), "Di": Decimal(-30),
                      "Eve": Decimal(30)}
    assert sum(people.values()) == 0


def test_settle_up_settles_between_all_five(client, make_session):
    session = make_session()
    figure_win(session, 1, 3, 30)
    sit_in(client, session, 3, "Eve")
    figure_win(session, 3, None, 10)

    plan = people_settle_up(session=session, replay=session_replay(session=session))
    page = text(client.get(f"/sessions/{session.pk}/settle/"))

    assert {payer.name for payer, _, _ in plan} | {payee.name for _, payee, _ in plan} == {"Ann", "Bob", "Cy", "Di",
                                                                                           "Eve"}
    for payer, payee, amount in plan:
        assert f"{payer.name} → {payee.name} {amount:,}" in page
    assert "Σ 0 ✓" in page and "The amounts sum to zero." in page


def test_someone_seated_cannot_sit_in_a_second_seat(client, make_session):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/seat/3/", {"newcomer": "bob", "revision": rev(session)})

    assert response.status_code == 422
    assert "Bob is already at the table, in another seat." in body(response)
    assert 'aria-describedby="typed-error"' in body(response)  # beside the field
    assert not session.hands.exists()


def test_a_seat_change_is_undone_like_a_hand(client, make_session):
    session = make_session()
    figure_win(session, 1, 3, 30)
    sit_in(client, session, 3, "Eve")
    change = session.hands.get(kind=Hand.Kind.SEAT)

    client.post(f"/hands/{change.pk}/delete/", {"revision": rev(session), "then": "session"})
    screen = text(client.get(f"/sessions/{session.pk}/"))

    assert "Eve" not in screen.split("Last hands")[0]
    assert re.search(r"Di −30 won", screen)


def test_deleting_an_earlier_seat_change_that_would_seat_someone_twice_is_refused(client, make_session):
    session = make_session()
    sit_in(client, session, 3, "Eve")  # Eve in for Di
    sit_in(client, session, 2, "Di")  # Di back, for Cy
    first = session.hands.filter(kind=Hand.Kind.SEAT).order_by("position").first()

    response = client.post(f"/hands/{first.pk}/delete/", {"revision": rev(session)})

    assert Hand.objects.get(pk=first.pk).deleted_at is None
    assert "Di is already at the table, in another seat." in body(response)


def test_history_and_csv_name_the_person_in_the_seat_at_each_hand(client, make_session):
    session = make_session()
    figure_win(session, 3, 0, 10)
    sit_in(client, session, 3, "Eve")
    figure_win(session, 3, 0, 20)

    history = text(client.get(f"/sessions/{session.pk}/history/"))
    csv = client.get(f"/sessions/{session.pk}/export.csv").content.decode("utf-8-sig")

    assert "Di won on Ann's discard" in history and "Eve won on Ann's discard" in history
    assert "Eve sits in for Di" in csv
    rows = csv.splitlines()
    assert any(",Di," in row for row in rows[1:3]) and any(",Eve," in row for row in rows[3:])


def test_every_hand_row_says_its_money_sums_to_zero(client, make_session):
    session = make_session()
    figure_win(session, 1, 3, 30)

    history = body(client.get(f"/sessions/{session.pk}/history/"))
    screen = body(client.get(f"/sessions/{session.pk}/"))

    assert history.count("Σ 0 ✓") == 1 and "The amounts sum to zero." in history  # the one hand's row
    assert screen.count("Σ 0 ✓") == 2  # the balances, and the hand among the last hands


# -- a phone's offline queue ------------------------------------------------------------------
def queue_body(session, changes):
    return json.dumps({"device": str(uuid.uuid4()), "base": rev(session), "seen_next": 1, "changes": changes})


def test_a_seat_change_kept_offline_is_saved_in_its_place(client, make_session):
    session = make_session()
    changes = [{"token": str(uuid.uuid4()), "kind": "seat", "fields": [["seat", "3"], ["newcomer", "Eve"]]},
               {"token": str(uuid.uuid4()), "kind": "draw", "fields": []}]

    response = client.post(f"/sessions/{session.pk}/queue/", queue_body(session, changes),
                           content_type="application/json")

    assert response.status_code == 200
    assert [r["status"] for r in response.json()["results"]] == ["saved", "saved"]
    assert session.hands.get(kind=Hand.Kind.SEAT).newcomer.name == "Eve"


def test_a_queued_seat_change_the_page_would_refuse_is_refused_with_its_words(client, make_session):
    session = make_session()
    changes = [{"token": str(uuid.uuid4()), "kind": "seat", "fields": [["seat", "3"], ["newcomer", "Ann"]]}]

    response = client.post(f"/sessions/{session.pk}/queue/", queue_body(session, changes),
                           content_type="application/json")

    assert response.status_code == 200
    result = response.json()["results"][0]
    assert result["status"] == "refused" and "Ann is already at the table" in result["message"]


def test_an_edit_of_a_seat_change_from_the_queue_is_refused_clearly(client, make_session):
    session = make_session()
    sit_in(client, session, 3, "Eve")
    change = session.hands.get(kind=Hand.Kind.SEAT)
    changes = [{"token": str(uuid.uuid4()), "kind": "edit", "hand": change.pk, "fields": [["note", "x"]]}]

    response = client.post(f"/sessions/{session.pk}/queue/", queue_body(session, changes),
                           content_type="application/json")

    assert response.status_code == 200
    assert "A seat change is not edited" in response.json()["results"][0]["message"]


# -- players' pages and stats ------------------------------------------------------------------
def test_the_player_page_counts_each_hand_for_the_person_then_in_the_seat(client, make_session):
    session = make_session()
    figure_win(session, 3, 0, 10)  # Di wins
    sit_in(client, session, 3, "Eve")
    figure_win(session, 3, None, 20)  # Eve self-draws
    eve = Player.objects.get(name="Eve")
    di = Player.objects.get(name="Di")

    eve_row, di_row = (player_numbers(player=p, sessions=player_sessions(player=p))[0] for p in (eve, di))
    people = {m.player.name: m.balance for m in people_money(session=session, replay=session_replay(session=session))}

    assert (eve_row.hands, eve_row.wins, eve_row.self_draws, eve_row.net) == (1, 1, 1, people["Eve"])
    assert (di_row.hands, di_row.wins, di_row.self_draws, di_row.net) == (1, 1, 0, people["Di"])
    assert "Eve" in body(client.get(f"/players/{eve.pk}/"))


def test_a_guest_tables_newcomer_is_kept_when_signing_up(anonymous):
    response = anonymous.post("/sessions/new/", NEW_SESSION)
    assert response.status_code == 302, body(response)
    session = __import__("scorekeeper.tables.models", fromlist=["Session"]).Session.objects.get()
    sit_in(anonymous, session, 3, "Eve")
    anonymous.post("/accounts/signup/", {"username": "newbie", "password1": "mahjong at nine",
                                         "password2": "mahjong at nine"})

    change = session.hands.get(kind=Hand.Kind.SEAT)
    assert change.newcomer.owner is not None and change.newcomer.owner.username == "newbie"
    assert change.newcomer.name == "Eve"


# -- an evening has a length -------------------------------------------------------------------
def test_new_session_takes_a_length(client):
    response = client.post("/sessions/new/", NEW_SESSION | {"length": "four_rounds"})
    assert response.status_code == 302, body(response)
    from scorekeeper.tables.models import Session
    assert (Session.objects.get().length_rounds, Session.objects.get().length_hands) == (4, None)

    refused = client.post("/sessions/new/", NEW_SESSION | {"length": "hands", "length_hands": ""})
    assert refused.status_code == 422
    assert "How many hands? Enter a number, like 16." in body(refused)


def test_a_one_jiang_session_says_where_it_is_at_every_hand_and_offers_settle_up_after_north(client, make_session):
    session = make_session("zung-jung")
    session.length_rounds = 4
    session.save()
    winds = []
    for hand in range(16):  # zung-jung: the deal passes every hand, so four rounds are 16 hands
        screen = text(client.get(f"/sessions/{session.pk}/"))
        where = re.search(r"(East|South|West|North) round, hand (\d) — the session ends after the North round", screen)
        assert where, screen[:400]
        winds.append((where.group(1), int(where.group(2))))
        assert "length is reached" not in screen
        figure_win(session, hand % 4, None, 8)

    screen = text(client.get(f"/sessions/{session.pk}/"))
    page = body(client.get(f"/sessions/{session.pk}/"))

    assert winds == [(w, n) for w in ("East", "South", "West", "North") for n in (1, 2, 3, 4)]
    assert "The North round is over: the session's length is reached. Settle up, or play on." in screen
    assert page.index("length-reached") < page.index('class="seats"')  # at the top
    assert session.hands.count() == 16 and Session_is_open(session)


def Session_is_open(session) -> bool:
    session.refresh_from_db()
    return session.is_open  # offered, never forced


def test_a_length_in_hands_counts_wins_and_draws_not_seat_changes(client, make_session):
    session = make_session()
    session.length_hands = 2
    session.save()
    figure_win(session, 0, 1, 8)
    sit_in(client, session, 3, "Eve")
    assert "hand 2 of 2" in text(client.get(f"/sessions/{session.pk}/"))
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))

    assert "2 hands are played: the session's length is reached" in text(client.get(f"/sessions/{session.pk}/"))


def test_same_table_again_seats_the_four_at_the_table_at_its_end(client, make_session):
    session = make_session()
    figure_win(session, 1, 3, 30)
    sit_in(client, session, 3, "Eve")
    session.refresh_from_db()  # as the Settle-up page reads it
    services.session_finish(session=session)

    again, _ = services.session_again(session=session, first_dealer=0, token=uuid.uuid4())

    assert [p.name for p in again.players] == ["Ann", "Bob", "Cy", "Eve"]
