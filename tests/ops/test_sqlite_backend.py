"""SQLite's writers wait their turn in the kernel (scorekeeper/sqlite_backend): a save behind a long write
waits for it instead of failing once SQLite's own retries run out; behind a stuck one, every write (in a
transaction or not) is refused at WRITERS_WAIT as busy, with nothing written."""
from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from django.db import OperationalError, connections

from scorekeeper.sqlite_backend import base as sqlite_backend
from scorekeeper.sqlite_backend.base import DatabaseWrapper
from scorekeeper.tables.web.busy import is_busy


def file_database(path, timeout):
    """A connection of the app's SQLite backend to the file `path`, SQLite's own wait cut to `timeout` s."""
    settings = {**connections["default"].settings_dict, "NAME": str(path),
                "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": timeout,
                            "init_command": "PRAGMA journal_mode=WAL"}}
    return DatabaseWrapper(settings, alias=f"writers-{path.name}")


def write(database, value, hold=0.0):
    database.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    with database.cursor() as cursor:
        cursor.execute("INSERT INTO saved (value) VALUES (%s)", [value])
    time.sleep(hold)
    database.commit()
    database.set_autocommit(True)


def test_a_save_behind_a_long_write_waits_its_turn_instead_of_failing(tmp_path, django_db_blocker):
    with django_db_blocker.unblock():  # its own file database, not the tests' one
        two_writers(tmp_path)


def two_writers(tmp_path):
    path = tmp_path / "table.sqlite3"
    first = file_database(path, timeout=0.3)
    with first.cursor() as cursor:
        cursor.execute("CREATE TABLE saved (value TEXT)")
    failed = []

    def later():
        time.sleep(0.2)  # while the first write holds the lock, longer than SQLite's own wait of 0.3 s
        try:
            second = file_database(path, timeout=0.3)  # a connection is its thread's own
            write(second, "second")
            second.close()
        except Exception as error:  # noqa: BLE001 - the test reports it
            failed.append(error)

    waiting = threading.Thread(target=later)
    waiting.start()
    write(first, "first", hold=1.2)
    waiting.join()

    assert failed == []
    with first.cursor() as cursor:
        cursor.execute("SELECT value FROM saved ORDER BY rowid")
        assert [row[0] for row in cursor.fetchall()] == ["first", "second"]
    first.close()


def test_a_write_behind_a_stuck_one_is_refused_at_the_bound_with_nothing_written(tmp_path, django_db_blocker,
                                                                               monkeypatch):
    """A sign-up's INSERT (autocommit, outside any transaction) and a hand's save (a transaction) both queue
    behind the writer; past WRITERS_WAIT they are refused with DatabaseBusy, not left to SQLite's
    "database is locked"; once the writer is done, they go through."""
    monkeypatch.setattr(sqlite_backend, "WRITERS_WAIT", 0.3)
    with django_db_blocker.unblock():
        path = tmp_path / "table.sqlite3"
        stuck, later = file_database(path, timeout=5), file_database(path, timeout=5)
        with stuck.cursor() as cursor:
            cursor.execute("CREATE TABLE saved (value TEXT)")
        stuck.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
        with stuck.cursor() as cursor:
            cursor.execute("INSERT INTO saved (value) VALUES ('stuck')")

        refused = []
        for how in ("autocommit", "transaction"):
            started = time.monotonic()
            with pytest.raises(sqlite_backend.DatabaseBusy) as busy:
                if how == "autocommit":
                    with later.cursor() as cursor:
                        cursor.execute("INSERT INTO saved (value) VALUES ('sign-up')")
                else:
                    write(later, "hand")
            refused.append((how, 0.3 <= time.monotonic() - started < 3))  # the bound, not SQLite's 5 s
            assert is_busy(busy.value)
            if how == "transaction":
                later.set_autocommit(True)
        stuck.commit()
        stuck.set_autocommit(True)
        with later.cursor() as cursor:
            cursor.execute("INSERT INTO saved (value) VALUES ('sign-up')")
        write(later, "hand")
        with later.cursor() as cursor:
            cursor.execute("SELECT value FROM saved ORDER BY rowid")
            values = [row[0] for row in cursor.fetchall()]
        stuck.close()
        later.close()

    assert refused == [("autocommit", True), ("transaction", True)]
    assert values == ["stuck", "sign-up", "hand"]


def test_a_writer_outside_the_app_makes_the_app_busy_too(tmp_path, django_db_blocker):
    """The sqlite3 shell holding a write: SQLite's own wait runs out, and its "database is locked" is the
    same busy refusal (tables/web/busy.py)."""
    with django_db_blocker.unblock():
        path = tmp_path / "table.sqlite3"
        app = file_database(path, timeout=0.2)
        with app.cursor() as cursor:
            cursor.execute("CREATE TABLE saved (value TEXT)")
        shell = sqlite3.connect(path, isolation_level=None)
        shell.execute("BEGIN IMMEDIATE")
        with pytest.raises(OperationalError) as locked:
            with app.cursor() as cursor:
                cursor.execute("INSERT INTO saved (value) VALUES ('sign-up')")
        shell.execute("ROLLBACK")
        shell.close()
        app.close()

    assert is_busy(locked.value)
