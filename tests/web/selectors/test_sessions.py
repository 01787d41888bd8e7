"""Reads: the replay is the truth, cached by revision; pages cost a fixed number of queries."""
import pytest

from scorekeeper.engine import settle_session
from scorekeeper.tables import replay as replay_module
from scorekeeper.tables import selectors, services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay import replaying, session_replay, store

from web_helpers import entry_of, replace_win


def fresh(session):
    session.refresh_from_db()
    return session


def test_standings_come_from_the_replay(make_session, win):
    session = make_session("zung-jung")
    win(session, 1, "self", figure=20)
    standings = selectors.session_standings(session=fresh(session))

    assert [str(s.balance) for s in standings.seats] == ["-20", "60", "-20", "-20"]
    # zung-jung.md: the deal passes after every hand
    assert standings.state.dealer == 1
    assert [s.wind for s in standings.seats] == ["N", "E", "S", "W"]
    assert standings.hand_number == 2
    assert standings.recent[0].title == "Bob won self-drawn"


def test_hk_old_seat_winds_stay_fixed_and_show_tallies(make_session, win):
    session = make_session("hk-old", first_dealer=2)
    win(session, 0, 1, figure=40)
    standings = selectors.session_standings(session=fresh(session))

    assert [s.wind for s in standings.seats] == ["E", "S", "W", "N"]
    assert standings.seats[0].tally == 2000 + 160


def test_taiwan_dealer_streak_and_tracked_debts(make_session, win):
    session = make_session("taiwan", stakes={"base": "10", "per_fan": "2"})
    win(session, 0, "self", figure=13)
    win(session, 0, 1, figure=5)
    standings = selectors.session_standings(session=fresh(session))

    assert standings.streak == 2
    assert [(d.payer, d.payee, d.amount) for d in standings.tracked] == [
        ("Bob", "Ann", 74), ("Cy", "Ann", 36), ("Di", "Ann", 36)]
    assert "Bob now owes Ann 74 (was 36)" in standings.recent[0].tracked_changes


def test_replay_is_cached_until_the_session_changes(make_session, win, monkeypatch):
    session = make_session()
    win(session, 1, "self", figure=20)
    calls = []
    real = replaying.settle_from
    monkeypatch.setattr(replaying, "settle_from", lambda data, start=None: calls.append(1) or real(data, start))
    store.drop(session=session)  # so the engine replays it: kept in no process, no snapshot to read
    replay_module.forget_all()
    session = fresh(session)
    first = session_replay(session=session)
    second = session_replay(session=session)
    assert first is second and len(calls) == 1

    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    assert session_replay(session=fresh(session)).hand_ids != first.hand_ids


@pytest.mark.parametrize("hands", [3, 30])
def test_session_page_queries_do_not_grow_with_hands(make_session, win, django_assert_max_num_queries, hands):
    session = make_session()
    for i in range(hands):
        win(session, i % 4, "self", figure=10)
    replay_module.forget_all()
    session = selectors.session_get(pk=session.pk)
    with django_assert_max_num_queries(2):  # the hands (cold replay), the latest few
        selectors.session_standings(session=session)
    with django_assert_max_num_queries(1):  # warm: the latest few only
        selectors.session_standings(session=session)
    with django_assert_max_num_queries(3):  # a page of hands, its count, the deleted hands
        selectors.session_history(session=session)


def test_replay_changes_say_what_moved_after_an_edit(make_session, win):
    session = make_session("taiwan")
    first = win(session, 0, "self", figure=5)
    win(session, 0, 1, figure=5)
    before = session_replay(session=fresh(session))
    replace_win(hand=first, entry=entry_of(winner=2, how="self", mode="figure", figure=5))
    after = session_replay(session=fresh(session))
    lines = selectors.replay_changes(session=session, before=before, after=after, changed=first.pk)

    # taiwan.md: the dealer keeps the deal only on a win or a draw
    assert lines[0] == ("Hand 2: dealer now Bob (was Ann 連1); "
                        "payments now Ann → Cy 15, Bob → Cy 15, Di → Cy 15."), lines
    assert lines[-1].startswith("Balances:")


def test_replay_changes_when_nothing_moved(make_session, win):
    session = make_session()
    hand = win(session, 1, 2, figure=10)
    win(session, 2, 3, figure=10)
    before = session_replay(session=fresh(session))
    replace_win(hand=hand, entry=entry_of(winner=1, how=2, mode="figure", figure=10, note="ok"))
    after = session_replay(session=fresh(session))

    assert selectors.replay_changes(session=session, before=before, after=after, changed=hand.pk) == [
        "Nothing else changed: no later hand and no balance moved."]


def test_a_preview_replay_equals_the_full_replay(make_session, win):
    """replay.compact: earlier tile hands given as their scores replay exactly as the hands."""
    session = make_session("taiwan")
    tiles = {"concealed": "123m456p789s234s1112z", "winning_tile": "2z"}
    win(session, 0, "self", **tiles)
    win(session, 0, 1, **tiles)
    win(session, 2, "self", **tiles)
    replay = session_replay(session=fresh(session))
    candidate = {"winner": 3, "discarder": 0, "fan": 7}
    quick = replay_module.replay_candidate(session=session, replay=replay, index=3, candidate=candidate)
    full = settle_session(replay_module.settle_fields(session=session,
                                                                   hands=[*replay.inputs, candidate]))
    assert quick.state.answer == full


def test_rules_come_from_the_engine(db):
    described = selectors.ruleset_description(key="zung-jung")
    keys = [pattern.key for _, patterns in described.groups for pattern in patterns]

    assert keys == [row["key"] for row in described.ruleset.describe()["patterns"]]


def test_replay_changes_after_a_delete_name_the_hands_old_numbers(make_session, win):
    session = make_session("zung-jung")
    first = win(session, 1, 2, figure=10)
    win(session, 3, 0, figure=10)
    before = session_replay(session=fresh(session))
    services.hand_delete(hand=first)
    after = session_replay(session=fresh(session))
    lines = selectors.replay_changes(session=session, before=before, after=after, changed=before.hand_ids[0])

    assert lines[0] == "Hand 1 (was hand 2): dealer now Ann (was Bob)."


def test_a_full_game_is_offered_a_settle_up(make_session, win):
    session = make_session("zung-jung")
    for i in range(16):  # zung-jung.md: 16 hands make a game
        win(session, i % 4, "self", figure=5)
    standings = selectors.session_standings(session=selectors.session_get(pk=session.pk))

    assert standings.game_over and standings.hand_number == 17


def test_money_is_shown_to_the_cent_half_a_cent_up():
    from decimal import Decimal

    from scorekeeper.tables.display.money import money
    assert money(Decimal("35.625")) == "35.63"
    assert money(Decimal("71.25")) == "71.25"
    assert money(Decimal("1200")) == "1,200"


def test_a_session_whose_options_the_engine_refuses_still_opens_and_says_why(make_session, client, owner):
    """The offline dealer projection (deal_json) reads the table's options; options the engine refuses (a row
    written by hand) must not turn the session screen into a server error: the replay's refusal is shown."""
    session = make_session("hk-faan")
    Session.objects.filter(pk=session.pk).update(options={"draw_keeps_deal": "maybe"})
    client.force_login(owner)

    response = client.get(f"/sessions/{session.pk}/")

    assert response.status_code == 200
    assert "The engine cannot replay this session" in response.content.decode()
