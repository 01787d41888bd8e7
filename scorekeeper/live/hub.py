"""Which sessions the streams of this process watch, and one look at the database a second for all of them.

A phone's stream costs nothing while its session does not change: one query a second for every session any
stream watches (not one a phone), and on a change each of its streams is woken. The revision is read rather
than announced by the app (PostgreSQL's LISTEN/NOTIFY) so that the same code serves SQLite, and a save
needs no part in it: a change shows within a second of being committed, by any app server.
"""
from __future__ import annotations

import asyncio
import logging
from collections import defaultdict

from asgiref.sync import sync_to_async
from django.db import DatabaseError, connection

from scorekeeper.tables.web.live_token import live_marks

INTERVAL = 1.0  # seconds between looks: a saved hand shows on the other phones within this, plus a fetch
log = logging.getLogger(__name__)


class Hub:
    """The streams waiting on each session (an asyncio.Queue each), and the revisions last seen."""

    def __init__(self) -> None:
        self.watching: dict[int, set[asyncio.Queue[str | None]]] = defaultdict(set)
        self.seen: dict[int, str | None] = {}
        self.task: asyncio.Task[None] | None = None

    def watch(self, pk: int) -> asyncio.Queue[str | None]:
        """A queue that gets the session's revision when it changes (None: the session is gone)."""
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.watching[pk].add(queue)
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self.run())
        return queue

    def unwatch(self, pk: int, queue: asyncio.Queue[str | None]) -> None:
        self.watching[pk].discard(queue)
        if not self.watching[pk]:
            del self.watching[pk]
            self.seen.pop(pk, None)

    async def run(self) -> None:
        """Look while anyone watches (a process with no stream open asks the database nothing)."""
        while self.watching:
            await asyncio.sleep(INTERVAL)
            try:
                now = await revisions(list(self.watching))
            except DatabaseError:  # the database restarting: a new connection in a second
                log.warning("live: reading the revisions failed", exc_info=True)
                await sync_to_async(connection.close)()
                continue
            for pk, queues in list(self.watching.items()):
                revision = now.get(pk)
                if pk not in self.seen or self.seen[pk] != revision:  # a stream compares with what it sent
                    for queue in queues:
                        queue.put_nowait(revision)
                self.seen[pk] = revision


@sync_to_async
def revisions(pks: list[int]) -> dict[int, str]:
    """One query for every watched session (one database thread: asgiref runs these calls one at a time)."""
    return live_marks(pks)  # the revision, and the last roll of the dice (a roll changes no revision)
