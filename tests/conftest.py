"""Fixtures more than one test folder uses."""
from __future__ import annotations

import fcntl
import os

import pytest
from django.db import connections

from scorekeeper.sqlite_backend import base as sqlite_backend


@pytest.fixture
def stuck_writer(transactional_db, tmp_path, monkeypatch):
    """Another process's write that holds SQLite's writers' lock and does not end, until `end()` (the tests'
    database is in memory: its writers are made to queue on a file, as a file database's do). Issue 35.23."""
    if connections["default"].vendor != "sqlite":
        pytest.skip("SQLite's writers' queue (PostgreSQL has no such wait)")
    writers = str(tmp_path / "db.sqlite3.writers")
    _forget_writers_file()
    monkeypatch.setattr(sqlite_backend.DatabaseWrapper, "writers_path", lambda database: writers)
    monkeypatch.setattr(sqlite_backend, "WRITERS_WAIT", 0.5)
    holder = os.open(writers, os.O_RDWR | os.O_CREAT)

    class Stuck:
        def begin(self):
            fcntl.flock(holder, fcntl.LOCK_EX)

        def end(self):
            fcntl.flock(holder, fcntl.LOCK_UN)

    yield Stuck()
    fcntl.flock(holder, fcntl.LOCK_UN)
    os.close(holder)
    _forget_writers_file()


def _forget_writers_file():
    """The connection (the live server's too: the in-memory database's is shared) opens the writers' file
    once: each test's is another file."""
    database = connections["default"]
    if database._writers_file is not None:
        os.close(database._writers_file)
        database._writers_file = None
