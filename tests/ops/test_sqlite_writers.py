"""SQLite's writers wait their turn in the kernel (scorekeeper/sqlite_backend): a save behind a long write
waits for it, however long, instead of failing once SQLite's own retries run out."""
from __future__ import annotations

import threading
import time

from django.db import connections

from scorekeeper.sqlite_backend.base import DatabaseWrapper


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
