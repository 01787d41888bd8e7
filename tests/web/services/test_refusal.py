"""services.refusal: every save refuses one way (`SaveRefused`), a delete and a restore among them."""
import pytest

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand
from scorekeeper.tables.replay import session_replay

from web_helpers import rev


def fresh(hand):
    return Hand.objects.get(pk=hand.pk)


def test_a_delete_replays_what_follows(make_session, win):
    session = make_session()
    first = win(session, 1, "self", figure=20)  # East (0) deals, South wins: the deal passes to South
    second = win(session, 2, "self", figure=20)

    services.hand_delete(hand=fresh(first), revision=rev(session))

    session.refresh_from_db()
    replay = session_replay(session=session)
    assert replay.hand_ids == (second.pk,)
    assert replay.states[0].dealer == 0  # the second win is now dealt by East, the first dealer


def test_a_delete_from_an_older_revision_is_refused_as_a_conflict(make_session, win):
    session = make_session()
    hand = win(session, 1, "self", figure=20)
    stale = rev(session)
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))  # another phone saves meanwhile

    with pytest.raises(services.SaveRefused) as refused:
        services.hand_delete(hand=fresh(hand), revision=stale)

    assert refused.value.changed
    assert fresh(hand).deleted_at is None


def test_a_restore_tapped_twice_is_saved_once_and_not_refused(make_session, win):
    session = make_session()
    hand = win(session, 1, "self", figure=20)
    services.hand_delete(hand=fresh(hand))
    stale = rev(session)

    services.hand_restore(hand=fresh(hand), revision=stale)
    again = services.hand_restore(hand=fresh(hand), revision=stale)  # the revision moved on: restored already

    assert again.pk == hand.pk and again.deleted_at is None


def test_a_seat_change_refused_says_why(make_session):
    session = make_session(names=["Ann", "Bob", "Cy", "Di"])

    with pytest.raises(services.SaveRefused) as refused:
        services.seat_change_record(session=session, seat=0, name="Bob", revision=rev(session))

    assert not refused.value.changed and refused.value.message
    assert session.hands.count() == 0
