"""services.plain_hands: a draw or an on-the-spot payment saved, refused, sent twice or edited, as its form and the
offline queue save it (the one way both do)."""
import pytest

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand
from scorekeeper.tables.replay import session_replay

from web_helpers import rev


def replay_of(session):
    session.refresh_from_db()
    return session_replay(session=session)


def draw(note: str = "") -> HandInput:
    return HandInput(Hand.Kind.DRAW, note=note)


def spot(kind: str = "chase", player: int | None = 1, to: int | None = None) -> HandInput:
    return HandInput(Hand.Kind.SPOT, spot_kind=kind, spot_player=player, spot_to=to)


def test_a_draw_is_saved_and_replayed(make_session):
    session = make_session()

    saved = services.draw_record(session=session, entry=draw("wall ran out"), token="", revision=rev(session))

    assert saved.kind == Hand.Kind.DRAW and saved.note == "wall ran out"
    assert replay_of(session).hand_ids == (saved.pk,)


def test_a_draw_on_a_form_built_before_another_phone_saved_is_refused_as_a_conflict(make_session):
    session = make_session()
    stale = rev(session)
    services.draw_record(session=session, entry=draw(), revision=stale)

    with pytest.raises(services.SaveRefused) as refused:
        services.draw_record(session=session, entry=draw(), revision=stale)

    assert refused.value.changed and refused.value.errors == {}
    assert session.hands.count() == 1


def test_a_draw_on_a_finished_session_is_refused_in_words(make_session):
    session = make_session()
    services.session_finish(session=session)

    with pytest.raises(services.SaveRefused) as refused:
        services.draw_record(session=session, entry=draw(), revision=rev(session))

    assert not refused.value.changed
    assert refused.value.message.startswith("This session is finished")
    assert session.hands.count() == 0


def test_a_double_tap_saves_the_spot_payment_once(make_session):
    session = make_session("taiwan")
    token, revision = "0b6f3d4e-1c2a-4c55-9a8e-2f1d0c9b8a71", rev(session)

    first = services.spot_record(session=session, entry=spot(), token=token, revision=revision)
    again = services.spot_record(session=session, entry=spot(), token=token, revision=revision)

    assert again.pk == first.pk
    assert session.hands.count() == 1


def test_a_spot_payment_the_engine_refuses_says_why(make_session):
    session = make_session("taiwan")

    with pytest.raises(services.SaveRefused) as refused:
        services.spot_record(session=session, entry=spot("failed_peng", player=1), revision=rev(session))

    assert not refused.value.changed and refused.value.message
    assert session.hands.count() == 0


def test_an_edited_spot_payment_replays_what_follows(make_session, win):
    session = make_session("taiwan")
    paid = services.spot_record(session=session, entry=spot(player=1), revision=rev(session))
    win(session, 0, "self", figure=5)
    before = replay_of(session).balances

    services.spot_record(session=session, entry=spot(player=2), revision=rev(session), editing=paid)

    after = replay_of(session)
    assert Hand.objects.get(pk=paid.pk).spot_player == 2
    assert after.hand_ids == (paid.pk, session.hands.live().order_by("position").last().pk)
    assert after.balances != before


def test_a_draw_is_not_saved_as_a_spot_payment(make_session):
    session = make_session("taiwan")

    with pytest.raises(ValueError):
        services.spot_record(session=session, entry=draw(), revision=rev(session))
