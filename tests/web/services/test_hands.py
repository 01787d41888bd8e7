"""Writes: sessions, hands recorded once, edits and deletes that keep the session replayable."""
import uuid

import pytest
from django.core.exceptions import ValidationError

from scorekeeper.tables import services
from scorekeeper.tables.entry.check import win_check
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Player, Session
from scorekeeper.tables.replay import forget_all, session_replay

from web_helpers import ZJ_TILES, entered, entry_of, record_win, replace_win


def replay_of(session):
    session.refresh_from_db()
    return session_replay(session=session)


def balances(session):
    return replay_of(session).balances


def test_session_create_reuses_players_by_name(make_session):
    make_session(names=["Ann", "Bob", "Cy", "Di"])
    session = make_session(names=["ann", "Bob", "Eve", "Di"])

    assert Player.objects.count() == 5
    assert [p.name for p in session.players] == ["Ann", "Bob", "Eve", "Di"]


def test_win_by_figure_is_settled_by_the_engine(make_session, win):
    session = make_session("zung-jung")
    # zung-jung.md: 70 points on a discard: the two others pay 25, the discarder 3V - 50
    win(session, 1, 2, figure=70)

    assert balances(session) == ["-25", "210", "-160", "-25"]


def test_win_by_tiles_stores_the_tiles_not_the_score(make_session, win):
    session = make_session("zung-jung")
    hand = win(session, 1, 2, concealed=ZJ_TILES["concealed"], winning_tile="2z")

    assert hand.tiles == {"concealed": "123m456p789s1112z", "winning_tile": "2z", "melds": []}
    assert hand.figure is None
    replay = replay_of(session)
    assert replay.hands[0].score.total == 5


def test_the_same_form_submitted_twice_is_saved_once(make_session):
    session = make_session()
    entry = entry_of(winner=0, how="self", mode="figure", figure=8)
    first = record_win(session=session, entry=entry)
    again = record_win(session=session, entry=entry)

    assert first.pk == again.pk
    assert session.hands.count() == 1


def test_a_draw_twice_with_one_token_is_one_draw(make_session):
    session = make_session()
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW), token="6f1c6a1e-0e55-4a43-9d6f-0c0bd7a6c0a1")
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW), token="6f1c6a1e-0e55-4a43-9d6f-0c0bd7a6c0a1")

    assert session.hands.count() == 1


def test_a_bad_win_is_refused_with_messages_by_field(make_session):
    session = make_session()
    with pytest.raises(ValidationError) as error:
        record_win(session=session, entry=entry_of(winner=1, how=1, mode="figure", figure="x"))

    assert set(error.value.message_dict) >= {"how", "figure"}
    assert session.hands.count() == 0


def test_an_impossible_hand_by_tiles_is_refused_with_the_engine_message(make_session):
    session = make_session()
    with pytest.raises(ValidationError) as error:
        record_win(session=session, entry=entry_of(
            winner=1, how=2, concealed="123m456p789s1113z", winning_tile="5z"))

    assert "do not make a winning hand" in error.value.message_dict["tiles"][0]


def test_positions_follow_entry_order(make_session, win):
    session = make_session()
    win(session, 0, "self", figure=8)
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    win(session, 2, 3, figure=10)

    assert list(session.hands.values_list("kind", flat=True)) == ["win", "draw", "win"]
    assert list(session.hands.values_list("position", flat=True)) == [1, 2, 3]


def test_editing_a_hand_replays_the_session(make_session, win):
    session = make_session("zung-jung")
    hand = win(session, 1, 2, figure=20)
    replace_win(hand=hand, entry=entry_of(winner=1, how="self", mode="figure", figure=20))

    assert balances(session) == ["-20", "60", "-20", "-20"]


def test_deleting_a_hand_replays_without_it(make_session, win):
    session = make_session("zung-jung")
    first = win(session, 1, 2, figure=20)
    win(session, 3, "self", figure=10)
    services.hand_delete(hand=first)

    assert session.hands.live().count() == 1
    assert balances(session) == ["-10", "-10", "-10", "30"]


def test_a_finished_session_refuses_new_hands_until_reopened(make_session, win):
    session = make_session()
    services.session_finish(session=session)
    with pytest.raises(services.SaveRefused) as refused:
        services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    assert refused.value.message == "This session is finished: reopen it on the Settle-up page to change it."
    services.session_reopen(session=session)
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))

    assert session.hands.count() == 1


def test_taiwan_spot_payments(make_session):
    session = make_session("taiwan", stakes={"base": "10", "per_fan": "2"})
    # taiwan.md: flower 2 x 1 x 10 from each; false win: 10 + 30 x 2 = 70 to each
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="flower", spot_player=2,
                                                          spot_count=2))
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="false_win", spot_player=1))

    assert balances(session) == ["50", "-230", "130", "50"]


def test_taiwan_spot_the_engine_refuses_is_not_saved(make_session):
    session = make_session("taiwan")
    with pytest.raises(services.SaveRefused) as refused:
        services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="failed_peng", spot_player=1,
                                                              spot_to=None))

    assert "needs 'to'" in refused.value.message
    assert session.hands.count() == 0


def test_taizhou_losers_by_points_and_by_tiles(make_session, win):
    session = make_session("taizhou")
    # taizhou.md: banker pays full 44, others half; losers pay each other the difference
    win(session, 1, "self", figure=44, loser_points_0=6, loser_points_2=24, loser_points_3=0)

    assert balances(session) == ["-56", "88", "8", "-40"]
    hand = Hand.objects.get()
    assert hand.loser_points == [6, None, 24, 0]


def test_taizhou_loser_tiles_are_kept_for_the_replay_to_score(make_session, win):
    session = make_session("taizhou")
    hand = win(session, 1, "self", figure=44, loser_points_0=0, loser_points_2=0,
               loser_concealed_3="777z123m456p1199s", concealed="", wild="5m")

    assert hand.loser_points[3] == {"concealed": "777z123m456p1199s", "melds": [], "wild": "5m"}
    replay = replay_of(session)
    assert replay.hands[0].loser_scores[3].total > 0


def test_fujian_gold_hand_by_tiles(make_session, win):
    session = make_session("fujian")
    win(session, 0, "self", concealed="123m456m789p234s55p9s9s", winning_tile="5p", wild="9s", bonus="1z2z7z")

    replay = replay_of(session)
    assert replay.ok, replay.error
    assert replay.hands[0].score.ok


def test_a_hand_the_engine_no_longer_accepts_can_be_mended(make_session, win):
    """Should a stored hand stop replaying (say, a ruleset's rules change), editing it mends the session."""
    session = make_session("zung-jung")
    hand = win(session, 1, 2, figure=10)
    Hand.objects.filter(pk=hand.pk).update(tiles={"concealed": "123m", "winning_tile": "5z", "melds": []},
                                          figure=None, figure_field="")
    Session.objects.filter(pk=session.pk).update(revision=uuid.uuid4())
    broken = replay_of(session)
    assert not broken.ok and "hand 1" in broken.error

    replace_win(hand=Hand.objects.get(pk=hand.pk),
                             entry=entry_of(winner=1, how=2, mode="figure", figure=10))
    assert replay_of(session).ok


def test_a_replay_made_before_another_write_is_not_kept(make_session, win):
    """The check's replay stands for the save only while the session is as the check read it."""
    session = make_session("zung-jung")
    replay = session_replay(session=session)
    check = win_check(session=session, replay=replay,
                      entry=entered(session, entry_of(winner=1, how=2, mode="figure", figure=30)))
    win(Session.objects.get(pk=session.pk), 2, "self", figure=10)  # another phone saves first

    services.hands_append(session=session, hands=[check.entered], after=check.after)

    kept = session_replay(session=Session.objects.get(pk=session.pk))  # the replay the save left for the next read
    forget_all()
    fresh = session_replay(session=Session.objects.get(pk=session.pk))
    assert len(kept.hand_ids) == 2 and kept.hand_ids == fresh.hand_ids
    assert kept.answer == fresh.answer  # both hands, as a full replay has them
