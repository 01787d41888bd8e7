"""services.wins: a win saved, refused, sent twice, or edited, as the form and the offline queue save it."""
import pytest

from scorekeeper.tables import services
from scorekeeper.tables.replay import session_replay

from web_helpers import entry_of, rev


def replay_of(session):
    session.refresh_from_db()
    return session_replay(session=session)


def test_a_win_is_saved_with_its_replay(make_session):
    session = make_session("zung-jung")
    # zung-jung.md: 70 points on a discard: the two others pay 25, the discarder 3V - 50
    entry = entry_of(winner=1, how=2, mode="figure", figure=70)

    saved = services.win_record(session=session, entry=entry, token=entry.token, revision=rev(session))

    assert saved.hand.figure == 70 and saved.hand.winner == 1
    assert replay_of(session).hand_ids == (saved.hand.pk,)
    assert replay_of(session).balances == ["-25", "210", "-160", "-25"]
    assert saved.before.hand_ids == ()  # the replay the win was checked against


def test_a_form_built_before_another_phone_saved_is_refused_as_a_conflict(make_session):
    session = make_session()
    stale = rev(session)
    first = entry_of(winner=0, how="self", mode="figure", figure=8)
    services.win_record(session=session, entry=first, token=first.token, revision=stale)
    late = entry_of(winner=2, how="self", mode="figure", figure=8)

    with pytest.raises(services.SaveRefused) as refused:
        services.win_record(session=session, entry=late, token=late.token, revision=stale)

    assert refused.value.changed and refused.value.errors == {}
    assert session.hands.count() == 1


def test_a_refused_entry_says_why_beside_its_fields(make_session):
    session = make_session()
    entry = entry_of(how="self", mode="figure", figure=8)  # no winner chosen

    with pytest.raises(services.SaveRefused) as refused:
        services.win_record(session=session, entry=entry, token=entry.token, revision=rev(session))

    assert not refused.value.changed
    assert refused.value.errors == {"winner": "Choose who won."}
    assert session.hands.count() == 0


def test_a_double_tap_with_the_same_token_saves_the_win_once(make_session):
    session = make_session()
    entry = entry_of(winner=0, how="self", mode="figure", figure=8)
    revision = rev(session)

    first = services.win_record(session=session, entry=entry, token=entry.token, revision=revision)
    again = services.win_record(session=session, entry=entry, token=entry.token, revision=revision)

    assert again.hand.pk == first.hand.pk
    assert session.hands.count() == 1


def test_an_edit_replays_every_hand_after_it(make_session):
    session = make_session("taiwan", first_dealer=0)
    dealer_won = entry_of(winner=0, how="self", mode="figure", figure=5)
    edited = services.win_record(session=session, entry=dealer_won, token=dealer_won.token,
                                 revision=rev(session)).hand
    later = entry_of(winner=2, how="self", mode="figure", figure=5)
    services.win_record(session=session, entry=later, token=later.token, revision=rev(session))
    assert replay_of(session).states[1].dealer == 0  # the dealer won: the dealer stays

    other_won = entry_of(winner=1, how="self", mode="figure", figure=5)
    changed = services.win_record(session=session, entry=other_won, revision=rev(session), editing=edited)

    replay = replay_of(session)
    assert changed.hand.pk == edited.pk and changed.hand.winner == 1
    assert replay.states[1].dealer == 1  # now the dealer lost the first hand: the deal passed on
    assert changed.before.states[1].dealer == 0  # what the edit's notice is told against
