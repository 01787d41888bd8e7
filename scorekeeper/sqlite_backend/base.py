"""SQLite, with its writers queued by the operating system instead of by SQLite's own retry loop, and a bound
on the wait.

SQLite lets one transaction write at a time. A writer that finds the lock taken sleeps and tries again,
sleeping longer each time (up to 100 ms between tries), so under load a save could wait seconds while
the lock sat free between tries and later writers took it first. Here each write first takes an exclusive
`flock` on a file beside the database (`<name>.writers`): waiting writers, in every thread and worker
process, sleep in the kernel and one wakes as soon as the lock is let go. The BEGIN IMMEDIATE that follows
then finds SQLite's own lock free. Reads never take it (WAL lets them go on).

Every write takes it (issue 35.23): a transaction (`atomic`) when it begins, and a statement that writes
outside one (autocommit: a sign-up's INSERT, a session's or a limit's counter row) around that statement.
Before, those went straight to SQLite and failed after its 20 s with "database is locked" (a 500) while a
stuck transaction held the lock.

The wait is bounded (WRITERS_WAIT): past it the write is refused with DatabaseBusy before it wrote anything,
which the app answers as a busy database does, a 503 "busy, try again" (tables/web/busy.py). A holder is a
transaction of a few statements, so a wait that long means one is stuck (a process stopped in a debugger,
a disk that hangs); a process that dies lets go (the kernel drops its locks). flock has no timeout, so a
contended wait sleeps in a helper thread on a descriptor of its own while the write waits for it at most
WRITERS_WAIT; a wait given up lets go of the lock as soon as it gets it. SQLite's own wait (its `timeout`)
is the same bound, for a writer that is not the app's (the sqlite3 shell), answered the same way.

What it earns, measured against Django's own backend with the same OPTIONS (`transaction_mode` IMMEDIATE,
`timeout`), side by side (benchmarks/side_by_side.py --database sqlite --rounds 2, 2026-11-29, the machine busy):
at 50 saturating tables, medians 180 against 165 requests a second (+9%), p95 642 against 716 ms, the slowest
save 0.98 against 1.45 s. A table on a laptop, SQLite's use (README), never queues: there it earns nothing,
and Django's backend would do. It stays while SQLite is offered to more than one table.
"""
from __future__ import annotations

import fcntl
import os
import threading
from typing import Any

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

WRITERS_WAIT = 10.0  # seconds: the longest a write waits for the one before it; then DatabaseBusy
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class DatabaseBusy(OperationalError):
    """Another write held the database longer than WRITERS_WAIT: nothing of this one was written."""


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._writers_file: int | None = None
        self._holding: int | None = None  # the descriptor the writers' lock is held on, while writing
        self._waited: int | None = None  # that descriptor when a helper thread took the lock on it

    def create_cursor(self, name: str | None = None) -> Any:
        cursor = self.connection.cursor(factory=QueuedCursor)
        cursor.database = self
        return cursor

    def _start_transaction_under_autocommit(self) -> None:
        self._queue_behind_other_writers()
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]  # a hook the stubs leave out
        except BaseException:
            self._let_the_next_writer_in()
            raise

    def _commit(self) -> None:
        try:
            super()._commit()  # type: ignore[misc]
        finally:
            self._let_the_next_writer_in()

    def _rollback(self) -> None:
        try:
            super()._rollback()  # type: ignore[misc]
        finally:
            self._let_the_next_writer_in()

    def _close(self) -> None:
        try:
            super()._close()  # type: ignore[misc]
        finally:
            self._let_the_next_writer_in()
            if self._writers_file is not None:
                os.close(self._writers_file)
                self._writers_file = None

    def writers_path(self) -> str | None:
        """The file the writers queue on; None for a connection's own database (nobody to queue behind)."""
        name = str(self.settings_dict["NAME"])
        return None if self.is_in_memory_db() or name == "" else f"{name}.writers"

    def queued_statement(self, query: str) -> bool:
        """Whether `query` writes outside a transaction, so queues on its own; if so, it holds the lock now."""
        if self.in_atomic_block or self._holding is not None or not query.lstrip()[:7].upper().startswith(WRITES):
            return False
        self._queue_behind_other_writers()
        return self._holding is not None

    def _queue_behind_other_writers(self) -> None:
        path = self.writers_path()
        if path is None:
            return
        if self._writers_file is None:
            self._writers_file = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(self._writers_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
            self._holding = self._writers_file
            return
        except BlockingIOError:
            pass
        waiter = _LockWaiter(path)
        if not waiter.taken(WRITERS_WAIT):
            raise DatabaseBusy(f"another write has held the database for over {WRITERS_WAIT:g} s")
        self._holding = self._waited = waiter.fd

    def _let_the_next_writer_in(self) -> None:
        if self._holding is not None:
            fcntl.flock(self._holding, fcntl.LOCK_UN)
            if self._waited is not None:
                os.close(self._waited)
        self._holding = self._waited = None


class QueuedCursor(base.SQLiteCursorWrapper):
    """A write outside a transaction waits its turn like a transaction (DatabaseWrapper.queued_statement)."""

    database: DatabaseWrapper

    def execute(self, query: str, params: Any = None) -> Any:
        if not self.database.queued_statement(query):
            return super().execute(query, params)
        try:
            return super().execute(query, params)
        finally:
            self.database._let_the_next_writer_in()

    def executemany(self, query: str, param_list: Any) -> Any:
        if not self.database.queued_statement(query):
            return super().executemany(query, param_list)
        try:
            return super().executemany(query, param_list)
        finally:
            self.database._let_the_next_writer_in()


class _LockWaiter:
    """The writers' lock, waited for in a thread on a descriptor of its own, so the wait can be given up:
    given up, the thread lets go of the lock as soon as it gets it."""

    def __init__(self, path: str) -> None:
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        self._got = threading.Event()
        self._deciding = threading.Lock()
        self._given_up = False
        threading.Thread(target=self._wait, name="sqlite-writers-wait", daemon=True).start()

    def _wait(self) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        with self._deciding:
            if self._given_up:
                os.close(self.fd)  # closing lets go of the lock
            else:
                self._got.set()

    def taken(self, seconds: float) -> bool:
        """True once the lock is held on `fd` (within `seconds`); False: given up, nothing held."""
        if self._got.wait(seconds):
            return True
        with self._deciding:
            if self._got.is_set():
                return True
            self._given_up = True
        return False
