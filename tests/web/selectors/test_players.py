"""A player's record across sessions, counted from the stored hands and each session's replay."""
import uuid
from decimal import Decimal

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Player, Session
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.selectors import player_stats

from web_helpers import ZJ_TILES


def ann():
    return Player.objects.get(name="Ann")


def played(make_session, win):
    """Ann's evening: two zung-jung sessions and a taiwan one; a hk-old table without her."""
    first = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"])
    win(first, 0, "self", figure=10)  # Ann +30
    win(first, 0, 1, figure=40)  # zung-jung.md: Bob, responsible, pays 3V - 50 = 70; the others 25: Ann +120
    win(first, 2, 0, figure=30)  # Ann deals in: 3V - 50 = 40
    services.hand_record_draw(session=first)

    second = make_session("zung-jung", names=["Bob", "Cy", "Ann", "Di"])
    win(second, 2, 3, concealed=ZJ_TILES["concealed"], winning_tile="2z")  # by tiles, Ann at seat 3 (West)
    taken_back = win(second, 2, 3, figure=100)
    services.hand_delete(hand=taken_back)  # deleted: neither counted nor her biggest hand

    taiwan = make_session("taiwan", names=["Bob", "Cy", "Di", "Ann"], stakes={"base": "10", "per_fan": "2"})
    services.hand_record_spot(session=taiwan, kind="flower", player=3, count=2)  # a payment, not a hand
    win(taiwan, 3, "self", figure=8)  # taiwan.md: each pays 10 + 8 x 2 = 26

    others = make_session("hk-old", names=["Bob", "Cy", "Di", "Eve"])
    win(others, 0, 1, figure=500)
    return first, second, taiwan


def test_counts_per_ruleset_and_in_all(make_session, win):
    first, second, taiwan = played(make_session, win)

    stats = player_stats(player=ann())

    assert [r.ruleset for r in stats.rulesets] == ["taiwan", "zung-jung"]  # the rulebook's order
    zj = stats.for_ruleset("zung-jung")
    assert (zj.sessions, zj.hands, zj.wins, zj.self_draws, zj.deal_ins, zj.draws) == (2, 5, 3, 1, 1, 1)
    tw = stats.for_ruleset("taiwan")
    assert (tw.sessions, tw.hands, tw.wins, tw.self_draws, tw.deal_ins) == (1, 1, 1, 1, 0)
    assert (stats.sessions, stats.hands, stats.wins, stats.self_draws, stats.deal_ins) == (3, 6, 4, 2, 1)
    assert stats.win_rate == 4 / 6
    assert not stats.skipped


def test_net_result_per_ruleset_is_the_sum_of_the_session_balances(make_session, win):
    first, second, taiwan = played(make_session, win)

    stats = player_stats(player=ann())

    zj_tiles_hand = Decimal(session_replay(session=Session.objects.get(pk=second.pk)).balances[2])
    assert zj_tiles_hand > 0
    assert stats.for_ruleset("zung-jung").net == Decimal(30 + 120 - 40) + zj_tiles_hand
    # flowers: 2 x 10 from each of three; the self-draw: 26 from each of three
    assert stats.for_ruleset("taiwan").net == Decimal(60 + 78)
    assert isinstance(stats.for_ruleset("taiwan").net, Decimal)


def test_biggest_hand_per_ruleset_and_overall(make_session, win):
    first, second, taiwan = played(make_session, win)

    stats = player_stats(player=ann())

    zj = stats.for_ruleset("zung-jung").biggest
    assert (zj.figure, zj.unit, zj.won, zj.session.pk, zj.number, zj.self_drawn) == (
        40, "points", Decimal(120), first.pk, 2, False)
    tw = stats.for_ruleset("taiwan").biggest
    assert (tw.figure, tw.unit, tw.won, tw.session.pk, tw.number) == (8, "fan", Decimal(78), taiwan.pk, 1)
    assert stats.biggest == zj  # fan and points do not compare: across rulesets, the hand that paid most


def test_a_hand_by_tiles_counts_with_the_engines_total(make_session, win):
    session = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"])
    win(session, 0, 1, concealed=ZJ_TILES["concealed"], winning_tile="2z")
    session.refresh_from_db()
    total = session_replay(session=session).hands[0].score.total

    biggest = player_stats(player=ann()).biggest

    assert biggest.figure == total > 0


def test_a_session_the_engine_cannot_replay_is_left_out_and_named(make_session, win):
    good = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"])
    win(good, 0, "self", figure=10)
    broken = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Eve"])
    hand = win(broken, 0, "self", figure=10)
    Hand.objects.filter(pk=hand.pk).update(tiles={"concealed": "123m", "winning_tile": "5z", "melds": []},
                                          figure=None, figure_field="")
    Session.objects.filter(pk=broken.pk).update(revision=uuid.uuid4())

    stats = player_stats(player=ann())

    assert [s.pk for s in stats.skipped] == [broken.pk]
    assert (stats.sessions, stats.wins, stats.for_ruleset("zung-jung").net) == (1, 1, Decimal(30))


def test_a_player_with_no_sessions(db):
    stats = player_stats(player=Player.objects.create(name="Newcomer"))

    assert (stats.sessions, stats.hands, stats.wins, stats.rulesets, stats.biggest) == (0, 0, 0, [], None)
    assert stats.win_rate == 0.0
