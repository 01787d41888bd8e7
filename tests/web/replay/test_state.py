"""A replay state is one immutable value (issue 21): the process cache shares it between threads, so a write
makes a new state and leaves the one it started from as it was; every write goes through session_write."""
import dataclasses

import pytest

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay import ReplayState, forget_all, replay_appended, replay_candidate, session_replay, store
from scorekeeper.tables.replay.seating import seating_of


def fresh(session):
    return Session.objects.get(pk=session.pk)


def test_a_state_cannot_be_changed_nor_given_anything_new(make_session, win):
    session = make_session()
    win(session, 1, "self", figure=20)
    state = session_replay(session=fresh(session))

    assert isinstance(state, ReplayState) and not hasattr(state, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.hand_ids = ()  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError)):
        state._seating = None  # type: ignore[attr-defined]


def test_a_save_leaves_the_state_it_started_from_as_it_was(make_session, win):
    session = make_session()
    win(session, 1, "self", figure=20)
    read = fresh(session)
    before = session_replay(session=read)
    ids, answers, tallies = before.hand_ids, list(before.hands), list(before.tally_rows())
    seated = seating_of(session=read, replay=before).now

    delta = replay_appended(session=fresh(session), base=before, hands=[HandInput(kind=Hand.Kind.DRAW)])
    services.hands_append(session=fresh(session), hands=[HandInput(kind=Hand.Kind.DRAW)], after=delta)

    assert before.hand_ids == ids and list(before.hands) == answers and list(before.tally_rows()) == tallies
    after = session_replay(session=fresh(session))
    assert len(after.hand_ids) == 2 and after.hand_ids[0] == ids[0] and after.hand_ids[1] != 0
    assert seating_of(session=read, replay=before).now == seated


def test_a_restore_from_an_older_revision_is_refused_and_a_second_tap_is_not(make_session, win):
    session = make_session()
    first = win(session, 1, "self", figure=20)
    win(session, 2, "self", figure=20)
    services.hand_delete(hand=Hand.objects.get(pk=first.pk))
    old = str(fresh(session).revision)
    services.draw_record(session=fresh(session), entry=HandInput(Hand.Kind.DRAW))  # another phone saves meanwhile

    with pytest.raises(services.SaveRefused):
        services.hand_restore(hand=Hand.objects.get(pk=first.pk), revision=old)
    assert Hand.objects.get(pk=first.pk).deleted_at is not None

    now = str(fresh(session).revision)
    services.hand_restore(hand=Hand.objects.get(pk=first.pk), revision=now)
    again = services.hand_restore(hand=Hand.objects.get(pk=first.pk), revision=now)  # the same form, sent twice
    assert again.pk == first.pk and again.deleted_at is None


def test_changing_how_the_table_pays_keeps_the_snapshots_through_the_store(make_session, win):
    session = make_session()
    win(session, 1, "self", figure=20)
    assert store.is_current(fresh(session))

    services.session_set_paying(session=fresh(session), pay_as_you_go=not fresh(session).pay_as_you_go)

    assert store.is_current(fresh(session))  # no hand's answer changed: the snapshots stand for the new revision


def test_a_state_read_from_the_store_goes_on_as_a_replayed_one_does(make_session):
    session = make_session()
    services.hands_append(session=session, hands=[HandInput(kind=Hand.Kind.DRAW) for _ in range(30)])
    forget_all()  # another worker: the state is read from the snapshots
    state = session_replay(session=fresh(session))

    appended = replay_appended(session=fresh(session), base=state, hands=[HandInput(kind=Hand.Kind.DRAW)]).state
    edited = replay_candidate(session=fresh(session), replay=state, index=28, candidate={"draw": True},
                              replacing=True).state
    assert appended.ok and edited.ok
    assert list(appended.inputs) == [{"draw": True}] * 31 and appended.spot_flags() == (False,) * 31
    assert list(edited.inputs) == [{"draw": True}] * 30
