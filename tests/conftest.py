"""Fixtures more than one test folder uses."""
from __future__ import annotations

import fcntl
import os
import threading
import time

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


@pytest.fixture(autouse=True, scope="session")
def flush_waits_out_a_deadlock():
    """A test with a live server empties the database at its end (TRUNCATE), while a request the browser sent last
    (a live poll, a save) may still hold a row lock: PostgreSQL then breaks the deadlock by failing the TRUNCATE
    (a loaded CI run did, once, in test_wins_three_taps). The request ends within moments, so the emptying is
    tried again, at most three times; any other error, or a fourth deadlock, fails as before."""
    from django.core.management.base import CommandError
    from django.db import OperationalError
    from django.test import TransactionTestCase

    teardown = TransactionTestCase._fixture_teardown

    def patient_teardown(self):
        for attempt in range(4):
            try:
                return teardown(self)
            except (OperationalError, CommandError) as error:
                if "deadlock" not in str(error) and "deadlock" not in str(error.__cause__) or attempt == 3:
                    raise
                time.sleep(0.5)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TransactionTestCase, "_fixture_teardown", patient_teardown)
        yield


@pytest.fixture(autouse=True, scope="session")
def one_request_at_a_time_on_the_shared_memory_database():
    """On SQLite the tests' database is in memory, and the live server's threads all share the test thread's one
    connection to it (Django's LiveServerThread). Two requests at once (a phone's queued saves and its live poll)
    then interleave their transactions on that connection: a loaded CI run failed with "no such savepoint", and the
    broken transaction failed every later test of that worker. The live server answers one request at a time
    there, as a file database's lock would make its writes; PostgreSQL's threads have their own connections."""
    from django.conf import settings
    from django.core.servers.basehttp import ThreadedWSGIServer
    from django.test.testcases import LiveServerThread

    if settings.DATABASES["default"]["TEST"].get("NAME") != ":memory:":
        yield
        return

    class OneRequestAtATime(ThreadedWSGIServer):
        serving = threading.Lock()

        def set_app(self, application):
            super().set_app(_held_while_answering(application, self.serving))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LiveServerThread, "server_class", OneRequestAtATime)
        yield


def _held_while_answering(application, lock: threading.Lock):
    """The WSGI application, `lock` held from the request until its response is closed (when Django's
    request_finished runs)."""
    def answer(environ, start_response):
        lock.acquire()
        try:
            response = application(environ, start_response)
        except BaseException:
            lock.release()
            raise
        return _Released(response, lock)
    return answer


class _Released:
    """A response whose close also lets the next request in."""

    def __init__(self, response, lock: threading.Lock):
        self.response, self.lock = response, lock

    def __iter__(self):
        return iter(self.response)

    def close(self):
        try:
            if hasattr(self.response, "close"):
                self.response.close()
        finally:
            self.lock.release()
