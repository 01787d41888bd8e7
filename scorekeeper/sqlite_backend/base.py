"""SQLite, with its writers queued by the operating system instead of by SQLite's own retry loop.

SQLite lets one transaction write at a time. A writer that finds the lock taken sleeps and tries again,
sleeping longer each time (up to 100 ms between tries), so under load a save could wait seconds while
the lock sat free between tries and later writers took it first. Here each write transaction first
takes an exclusive `flock` on a file beside the database (`<name>.writers`): waiting writers, in every
thread and worker process, sleep in the kernel and one wakes as soon as the lock is let go. The BEGIN
IMMEDIATE that follows then finds SQLite's own lock free. Reads never take it (WAL lets them go on).

The wait has no timeout of its own: a holder is a transaction of a few statements, and a process that
dies lets go (the kernel drops its locks). A transaction that never ended would block writers rather
than fail them after SQLite's 20 s; none of the app's transactions waits on anything but the database.
"""
from __future__ import annotations

import fcntl
import os
from typing import Any

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._writers_file: int | None = None
        self._writing = False

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

    def _queue_behind_other_writers(self) -> None:
        name = str(self.settings_dict["NAME"])
        if self.is_in_memory_db() or name == "":
            return  # one connection's own database: nobody to queue behind
        if self._writers_file is None:
            self._writers_file = os.open(f"{name}.writers", os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self._writers_file, fcntl.LOCK_EX)
        self._writing = True

    def _let_the_next_writer_in(self) -> None:
        if self._writing and self._writers_file is not None:
            fcntl.flock(self._writers_file, fcntl.LOCK_UN)
        self._writing = False
