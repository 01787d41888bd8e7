"""A person's numbers (issue 39.1), checked against sessions counted by hand; the player page's record across
sessions and rulesets."""
from __future__ import annotations

import json
import uuid
from decimal import Decimal

import pytest

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput, OtherWin
from scorekeeper.tables.models import Hand, HandReplay, Player, Session
from scorekeeper.tables.replay import forget_all, session_replay
from scorekeeper.tables.selectors import player_sessions, session_numbers
from scorekeeper.tables.selectors.player_numbers import (
    forget_numbers,
    friends_numbers,
    player_numbers,
    player_record,
)

from web_helpers import ZJ_TILES

TAIWAN_STAKES = {"base": "10", "per_fan": "2"}


@pytest.fixture(autouse=True)
def fresh_numbers():
    forget_numbers()
    yield
    forget_numbers()



def person(name: str) -> Player:
    return Player.objects.get(name=name)


def fan(winner: int, discarder: int | None, figure: int, *others: tuple[int, int]) -> HandInput:
    return HandInput(kind=Hand.Kind.WIN, winner=winner, discarder=discarder, figure=figure, figure_field="fan",
                     other_wins=[OtherWin(seat, value, "fan") for seat, value in others])


def taiwan_evening(make_session) -> Session:
    """taiwan.md's worked example of the pull ledger ($10 base, $2 a fan), played on a tab.

    1. Ann (East, dealer) self-draws 13 fan: Bob, Cy and Di each owe her 36 (tracked). Her chain begins.
    2. Ann wins 5 fan on Bob's discard: Bob owes 36 x 1.5 + 20 = 74; Cy and Di still 36. Her chain: 2 wins.
    3. Cy wins 3 fan on Di's discard: Ann collects 74 + 36 + 36 = 146; Cy's chain begins, Di owing 16.
    4. A draw. At the end Cy's chain is settled: Di pays Cy 16.
    """
    session = make_session("taiwan", names=["Ann", "Bob", "Cy", "Di"], stakes=TAIWAN_STAKES)
    services.hands_append(session=session, hands=[fan(0, None, 13)])
    services.hands_append(session=session, hands=[fan(0, 1, 5)])
    services.hands_append(session=session, hands=[fan(2, 3, 3)])
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    return session


def by_name(rows):
    return {row.player.name: row for row in rows}


def test_a_taiwan_evening_counted_by_hand(make_session):
    session = taiwan_evening(make_session)

    [ann] = player_numbers(player=person("Ann"), sessions=[session])

    assert (ann.ruleset, ann.sessions, ann.hands, ann.wins, ann.self_draws, ann.discard_wins, ann.deal_ins,
            ann.draws) == ("taiwan", 1, 4, 2, 1, 1, 0, 1)
    assert ann.net == Decimal(146)
    assert ann.won == Decimal(36 * 3 + 20)  # each win's own payments: the chain's x1.5 is not the hand's
    assert ann.average_won == Decimal(64)
    assert ann.average_figure == Decimal("9.0")
    assert (ann.biggest.figure, ann.biggest.won, ann.biggest.number, ann.biggest.self_drawn) == (13, 108, 1, True)
    assert ann.longest_streak == 2  # dealt hands 1, 2 (連1) and 3 (連2)
    assert (ann.chains, ann.longest_chain) == (1, 2)
    assert ann.win_rate == 0.5 and ann.deal_in_rate == 0


def test_deal_ins_chains_and_head_to_head_of_the_others(make_session):
    session = taiwan_evening(make_session)
    everyone = {name: player_numbers(player=person(name), sessions=[session])[0] for name in ("Bob", "Cy", "Di")}

    bob, cy, di = everyone["Bob"], everyone["Cy"], everyone["Di"]
    assert (bob.deal_ins, di.deal_ins, cy.deal_ins) == (1, 1, 0)
    assert (bob.net, cy.net, di.net) == (Decimal(-74), Decimal(-36 + 16), Decimal(-36 - 16))
    assert (cy.chains, cy.longest_chain) == (1, 1)  # held to the session's end
    assert (bob.chains, di.chains) == (0, 0)
    assert {r.player.name: r.net for r in di.rivals.values()} == {"Ann": -36, "Bob": 0, "Cy": -16}
    assert di.paid_most.player.name == "Ann" and di.pays_most is None


def test_head_to_head_money_each_way_and_the_net(make_session):
    session = taiwan_evening(make_session)

    [ann] = player_numbers(player=person("Ann"), sessions=[session])

    rivals = {r.player.name: (r.received, r.paid, r.net, r.sessions) for r in ann.rivals_by_net()}
    assert rivals == {"Bob": (74, 0, 74, 1), "Cy": (36, 0, 36, 1), "Di": (36, 0, 36, 1)}
    assert [r.player.name for r in ann.rivals_by_net()] == ["Bob", "Cy", "Di"]
    assert ann.pays_most.player.name == "Bob" and ann.paid_most is None
    assert sum(r.net for r in ann.rivals.values()) == ann.net


def test_a_person_not_a_seat_across_a_seat_change_and_sessions(make_session, win):
    """zung-jung: a self-draw of V is paid V by each of the three."""
    taiwan = taiwan_evening(make_session)
    zj = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Eve"])
    win(zj, 3, "self", figure=10)  # Eve +30
    services.seat_change_record(session=zj, seat=3, name="Di")
    win(zj, 3, "self", figure=20)  # Di, in Eve's seat: +60
    win(zj, 0, 1, concealed=ZJ_TILES["concealed"], winning_tile="2z")  # Ann, by tiles, on Bob's discard

    rows = {r.ruleset: r for r in player_numbers(player=person("Di"), sessions=[taiwan, zj])}
    di = rows["zung-jung"]
    assert (di.sessions, di.hands, di.wins, di.self_draws) == (1, 2, 1, 1)
    assert rows["taiwan"].net == -52
    eve = by_name(friends_numbers(sessions=[taiwan, zj])["zung-jung"])["Eve"]
    assert (eve.hands, eve.wins, eve.net) == (1, 1, Decimal(30))
    assert {r.player.name: r.net for r in eve.rivals.values()} == {"Ann": 10, "Bob": 10, "Cy": 10, "Di": 0}

    ann = by_name(friends_numbers(sessions=[taiwan, zj])["zung-jung"])["Ann"]
    assert (ann.hands, ann.wins, ann.deal_ins) == (3, 1, 0)
    assert ann.biggest.sets  # entered by tiles: the sets it scored
    assert ann.top_patterns()  # the engine's score lines
    with_di = ann.rivals[person("Di").pk]
    assert with_di.paid == 20 and with_di.received > 0  # Di's self-draw; Di's share of Ann's win by tiles
    assert sum(r.net for r in ann.rivals.values()) == ann.net


def test_several_winners_count_a_win_each_and_one_deal_in(make_session):
    session = make_session("taiwan", names=["Ann", "Bob", "Cy", "Di"], stakes=TAIWAN_STAKES,
                           options={"several_winners": True})
    services.hands_append(session=session, hands=[fan(1, 0, 4, (3, 6))])  # Bob and Di on Ann's discard

    board = by_name(friends_numbers(sessions=[session])["taiwan"])

    assert board["Ann"].deal_ins == 1 and board["Ann"].deal_in_rate == 1
    assert (board["Bob"].wins, board["Di"].wins, board["Bob"].discard_wins) == (1, 1, 1)
    assert board["Di"].won == Decimal(10 + 12) and board["Bob"].won == Decimal(10 + 8)
    for row in board.values():
        assert sum(r.net for r in row.rivals.values()) == row.net
    assert sum(row.net for row in board.values()) == 0


def test_the_leaderboard_is_per_ruleset_best_net_first(make_session, win):
    taiwan = taiwan_evening(make_session)
    zj = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"])
    win(zj, 2, "self", figure=10)

    board = friends_numbers(sessions=[zj, taiwan])

    assert list(board) == ["taiwan", "zung-jung"] or list(board) == ["zung-jung", "taiwan"]
    assert [r.player.name for r in board["taiwan"]] == ["Ann", "Cy", "Di", "Bob"]
    assert [r.player.name for r in board["zung-jung"]][0] == "Cy"


def test_numbers_are_kept_per_revision(make_session, django_assert_max_num_queries):
    session = taiwan_evening(make_session)
    session = Session.objects.get(pk=session.pk)
    player_numbers(player=person("Ann"), sessions=[session])

    with django_assert_max_num_queries(0):
        [ann] = player_numbers(player=ann_player(session), sessions=[session])
    assert ann.wins == 2
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    [ann] = player_numbers(player=ann_player(session), sessions=[Session.objects.get(pk=session.pk)])
    assert ann.hands == 5


def ann_player(session: Session) -> Player:
    return session.east


def test_four_people_throughout_are_read_from_the_last_hands_tally(make_session, monkeypatch,
                                                                   django_assert_max_num_queries):
    session = taiwan_evening(make_session)
    forget_all()
    forget_numbers()
    monkeypatch.setattr(session_numbers, "_counted", None)  # no replay: the tally alone

    read = Session.objects.select_related("east", "south", "west", "north").get(pk=session.pk)
    ann_player = person("Ann")
    with django_assert_max_num_queries(4):  # seat changes, the last hands, their snapshots, the biggest's hand
        record = player_record(player=ann_player, sessions=[read])
    [ann] = record.rulesets
    assert ann.player == ann_player
    assert (ann.hands, ann.wins, ann.self_draws, ann.deal_ins, ann.draws, ann.net) == (4, 2, 1, 0, 1, 146)
    assert (ann.longest_streak, ann.chains, ann.longest_chain, ann.average_won) == (2, 1, 2, 64)
    assert {r.player.name: r.net for r in ann.rivals.values()} == {"Bob": 74, "Cy": 36, "Di": 36}
    first = Hand.objects.filter(session=session).order_by("position").first()
    assert (ann.biggest.figure, ann.biggest.number, ann.biggest.hand_id) == (13, 1, first.pk)


def test_a_tally_from_before_these_numbers_is_counted_from_the_replay(make_session):
    session = taiwan_evening(make_session)
    for row in HandReplay.objects.filter(hand__session=session):  # as an older build wrote them
        tally = json.loads(row.tally)
        row.tally = json.dumps({key: tally[key] for key in ("n", "d", "s")})
        row.save()
    forget_all()
    forget_numbers()

    [ann] = player_numbers(player=person("Ann"), sessions=[Session.objects.get(pk=session.pk)])

    assert (ann.hands, ann.wins, ann.net, ann.longest_chain) == (4, 2, 146, 2)


# -- the player page's record: every session the person sat in, per ruleset and in all ---------------------------
def ann_across_rulesets(make_session, win):
    """Ann's evening: two zung-jung sessions and a taiwan one; a hk-old table without her."""
    first = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"])
    win(first, 0, "self", figure=10)  # Ann +30
    win(first, 0, 1, figure=40)  # zung-jung.md: Bob, responsible, pays 3V - 50 = 70; the others 25: Ann +120
    win(first, 2, 0, figure=30)  # Ann deals in: 3V - 50 = 40
    services.draw_record(session=first, entry=HandInput(Hand.Kind.DRAW))

    second = make_session("zung-jung", names=["Bob", "Cy", "Ann", "Di"])
    win(second, 2, 3, concealed=ZJ_TILES["concealed"], winning_tile="2z")  # by tiles, Ann at seat 3 (West)
    taken_back = win(second, 2, 3, figure=100)
    services.hand_delete(hand=taken_back)  # deleted: neither counted nor her biggest hand

    taiwan = make_session("taiwan", names=["Bob", "Cy", "Di", "Ann"], stakes=TAIWAN_STAKES)
    services.spot_record(session=taiwan, entry=HandInput(Hand.Kind.SPOT, spot_kind="flower", spot_player=3,
                                                         spot_count=2))  # a payment, not a hand
    win(taiwan, 3, "self", figure=8)  # taiwan.md: each pays 10 + 8 x 2 = 26

    others = make_session("hk-old", names=["Bob", "Cy", "Di", "Eve"])
    win(others, 0, 1, figure=500)
    return first, second, taiwan


def page_record(player: Player):
    """What the player page counts for a visitor who may open every session the player sat in."""
    return player_record(player=player, sessions=player_sessions(player=player))


def ruleset_row(record, ruleset: str):
    return next(row for row in record.rulesets if row.ruleset == ruleset)


def test_a_record_counts_per_ruleset_and_in_all(make_session, win):
    ann_across_rulesets(make_session, win)

    record = page_record(person("Ann"))

    assert [r.ruleset for r in record.rulesets] == ["taiwan", "zung-jung"]  # the rulebook's order
    zj = ruleset_row(record, "zung-jung")
    assert (zj.sessions, zj.hands, zj.wins, zj.self_draws, zj.deal_ins, zj.draws) == (2, 5, 3, 1, 1, 1)
    tw = ruleset_row(record, "taiwan")
    assert (tw.sessions, tw.hands, tw.wins, tw.self_draws, tw.deal_ins) == (1, 1, 1, 1, 0)
    assert (record.sessions, record.hands, record.wins, record.self_draws, record.deal_ins) == (3, 6, 4, 2, 1)
    assert record.wins / record.hands == 4 / 6  # the page's win rate
    assert not record.skipped


def test_a_records_net_per_ruleset_is_the_sum_of_the_session_balances(make_session, win):
    first, second, taiwan = ann_across_rulesets(make_session, win)

    record = page_record(person("Ann"))

    zj_tiles_hand = Decimal(session_replay(session=Session.objects.get(pk=second.pk)).balances[2])
    assert zj_tiles_hand > 0
    assert ruleset_row(record, "zung-jung").net == Decimal(30 + 120 - 40) + zj_tiles_hand
    # flowers: 2 x 10 from each of three; the self-draw: 26 from each of three
    assert ruleset_row(record, "taiwan").net == Decimal(60 + 78)
    assert isinstance(ruleset_row(record, "taiwan").net, Decimal)


def test_a_records_biggest_hand_per_ruleset_and_overall(make_session, win):
    first, second, taiwan = ann_across_rulesets(make_session, win)

    record = page_record(person("Ann"))

    zj = ruleset_row(record, "zung-jung").biggest
    assert (zj.figure, zj.unit, zj.won, zj.session.pk, zj.number, zj.self_drawn) == (
        40, "points", Decimal(120), first.pk, 2, False)
    tw = ruleset_row(record, "taiwan").biggest
    assert (tw.figure, tw.unit, tw.won, tw.session.pk, tw.number) == (8, "fan", Decimal(78), taiwan.pk, 1)
    assert record.biggest == zj  # fan and points do not compare: across rulesets, the hand that paid most


def test_a_hand_by_tiles_counts_with_the_engines_total(make_session, win):
    session = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"])
    win(session, 0, 1, concealed=ZJ_TILES["concealed"], winning_tile="2z")
    session.refresh_from_db()
    total = session_replay(session=session).hands[0].score.total

    biggest = page_record(person("Ann")).biggest

    assert biggest.figure == total > 0


def test_a_session_the_engine_cannot_replay_is_left_out_and_named(make_session, win):
    good = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"])
    win(good, 0, "self", figure=10)
    broken = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Eve"])
    hand = win(broken, 0, "self", figure=10)
    Hand.objects.filter(pk=hand.pk).update(tiles={"concealed": "123m", "winning_tile": "5z", "melds": []},
                                          figure=None, figure_field="")
    Session.objects.filter(pk=broken.pk).update(revision=uuid.uuid4())

    record = page_record(person("Ann"))

    assert [s.pk for s in record.skipped] == [broken.pk]
    assert (record.sessions, record.wins, ruleset_row(record, "zung-jung").net) == (1, 1, Decimal(30))


def test_a_player_with_no_sessions(db):
    record = page_record(Player.objects.create(name="Newcomer"))

    assert (record.sessions, record.hands, record.wins, record.rulesets, record.biggest) == (0, 0, 0, [], None)
    assert not record.skipped
