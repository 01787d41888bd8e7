"""Drop the replay snapshots (tables/replay/store.py): every session's, or those named.

They are derived data: nothing is lost, the next read of each session replays its hands whole with
the engine now installed and writes them again. A deploy needs none of this (snapshots another engine
made are never read); it is for a snapshot doubted, or to reclaim their space.

    python manage.py drop_snapshots            # every session
    python manage.py drop_snapshots 12 40      # sessions 12 and 40
"""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper.tables.models import Session
from scorekeeper.tables.replay import store


class Command(BaseCommand):
    help = "Drop the replay snapshots of every session (or of the sessions named): the next read replays them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("sessions", nargs="*", type=int, help="session ids (default: every session)")

    def handle(self, *args: Any, **options: Any) -> None:
        sessions = Session.objects.all()
        if options["sessions"]:
            sessions = sessions.filter(pk__in=options["sessions"])
        count = 0
        for session in sessions.only("pk").iterator():
            store.drop(session=session)
            count += 1
        self.stdout.write(f"Dropped the snapshots of {count} session{'s' if count != 1 else ''}.")
