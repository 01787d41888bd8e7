"""People come and go (issue 23): a seat changes hands between hands, money stays per person."""
from __future__ import annotations

import html
import re
from decimal import Decimal

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Player
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.seating import people_money, people_settle_up

from web_helpers import rev


def body(response) -> str:
    return response.content.decode()


def text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body(response))).split())


def figure_win(session, winner, discarder, figure):
    field = "fan" if session.ruleset == "taiwan" else "points"
    hand = Hand(kind=Hand.Kind.WIN, winner=winner, discarder=discarder, figure=figure, figure_field=field)
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
