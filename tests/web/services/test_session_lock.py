"""The read that locks a session for a write (services/session_lock.py): the row as it is now, its players,
the last position its hands hold; in one statement when the caller already read the players."""
import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from scorekeeper.tables import services
from scorekeeper.tables.models import Session
from scorekeeper.tables.selectors.sessions import session_get
from scorekeeper.tables.services.session_lock import _MARK, _locking_read, locked_session


def test_it_reads_the_row_as_it_is_now_not_as_the_caller_had_it(make_session):
    session = make_session()
    Session.objects.filter(pk=session.pk).update(first_dealer=2)  # another phone, meanwhile

    with transaction.atomic():
        locked = locked_session(session)

    assert locked.first_dealer == 2
    assert locked.revision == Session.objects.get(pk=session.pk).revision
    assert [player.name for player in locked.players] == [player.name for player in session.players]


def test_the_last_position_counts_deleted_hands(make_session, win):
    session = make_session()
    win(session, 0, "self", figure=8)
    second = win(session, 1, "self", figure=8)
    session.refresh_from_db()
    services.hand_delete(hand=second)
    session.refresh_from_db()

    with transaction.atomic():
        locked = locked_session(session)

    assert locked.last_position == second.position


def test_a_session_without_hands_has_no_last_position(make_session):
    with transaction.atomic():
        assert locked_session(make_session()).last_position is None


def test_one_statement_when_the_caller_read_the_players(make_session):
    session = session_get(pk=make_session().pk)

    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        locked = locked_session(session)
        names = [player.name for player in locked.players]

    assert names == ["Ann", "Bob", "Cy", "Di"]
    assert len([q for q in queries.captured_queries if q["sql"].upper().startswith("SELECT")]) == 1


def test_a_bare_session_gets_its_players_read_with_one_more_statement(make_session):
    session_id = make_session().pk

    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        locked = locked_session(Session(pk=session_id))
        names = [player.name for player in locked.players]

    assert names == ["Ann", "Bob", "Cy", "Di"]
    assert len([q for q in queries.captured_queries if q["sql"].upper().startswith("SELECT")]) == 2


def test_a_session_gone_meanwhile_is_not_found(make_session):
    session = make_session()
    Session.objects.filter(pk=session.pk).delete()

    with transaction.atomic(), pytest.raises(Session.DoesNotExist):
        locked_session(session)


def test_each_read_takes_its_own_session_the_compiled_read_stays_as_compiled(make_session):
    first, second = make_session(), make_session(names=["Eve", "Fay", "Gus", "Hal"])

    with transaction.atomic():  # PostgreSQL compiles a locking read only in a transaction
        compiled = _locking_read(connection.vendor)
        assert locked_session(first).pk == first.pk
        assert locked_session(second).pk == second.pk
        assert _locking_read(connection.vendor) == compiled

    assert _MARK in compiled[1]  # never a session's pk: threads share it
