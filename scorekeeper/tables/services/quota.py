"""What one account may start and save in a day: a free account cannot fill the server for everyone.

An import of a big backup costs seconds of CPU and megabytes of database; a script posting forms
costs as much in many small requests. Each account starts at most `SESSIONS_PER_DAY` sessions (an
import is one) and saves at most `HANDS_PER_DAY` hands a day (UTC; a share link's scorer saves on
the session owner's account), far above any table's evening (a long one is 30 to 60 hands; a
club with ten tables a few hundred). Past it, the write is refused with `QuotaReached` (a
ValidationError: every form says it beside the entry, which is kept), and the next day it goes on.
Counted in `DailyUse`, in the write's own transaction: one UPDATE when the day's row exists.
Sessions without an owner (from before accounts) are not counted.
"""
from __future__ import annotations

from datetime import date
from functools import cache

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import Field
from django.utils import timezone
from django.utils.translation import gettext

from ..models import DailyUse

SESSIONS_PER_DAY = 100
HANDS_PER_DAY = 5_000


class QuotaReached(ValidationError):
    """The account has started or saved all it may today: nothing was written."""


def quota_spend(*, owner_id: int | None, sessions: int = 0, hands: int = 0) -> None:
    """Count a write against the owner's day, or refuse it (QuotaReached) when it would go past a quota."""
    if owner_id is None or not (sessions or hands):
        return
    _refuse_beyond(sessions, hands)
    today = timezone.now().date()
    if _spent(owner_id, today, sessions, hands):
        return
    try:
        with transaction.atomic():
            DailyUse.objects.create(owner_id=owner_id, day=today, sessions=sessions, hands=hands)
    except IntegrityError:  # the day's row made meanwhile by another request, or full
        if not _spent(owner_id, today, sessions, hands):
            _refuse(sessions)
        return
    DailyUse.objects.filter(owner_id=owner_id, day__lt=today).delete()  # the first write of a day: yesterday's go


def _spent(owner_id: int, today: date, sessions: int, hands: int) -> bool:
    """Counted in the day's row if it exists with room for it; refused if it exists without."""
    with connection.cursor() as cursor:
        cursor.execute(_count_sql(connection.vendor), [
            sessions, hands, owner_id, connection.ops.adapt_datefield_value(today),
            SESSIONS_PER_DAY - sessions, HANDS_PER_DAY - hands])
        if cursor.rowcount:
            return True
    if DailyUse.objects.filter(owner_id=owner_id, day=today).exists():
        _refuse(sessions)
    return False


@cache
def _count_sql(_vendor: str) -> str:
    """The day's count as one UPDATE, written out once: a save runs it while it holds the session's lock
    (on SQLite, every writer's), where the ORM's compiling of it took longer than the statement itself."""
    quote = connection.ops.quote_name

    def column(name: str) -> str:
        field = DailyUse._meta.get_field(name)
        assert isinstance(field, Field) and field.column
        return quote(field.column)

    sessions, hands, owner, day = map(column, ("sessions", "hands", "owner", "day"))
    return (f"UPDATE {quote(DailyUse._meta.db_table)} SET {sessions} = {sessions} + %s, {hands} = {hands} + %s "
            f"WHERE {owner} = %s AND {day} = %s AND {sessions} <= %s AND {hands} <= %s")


def _refuse_beyond(sessions: int, hands: int) -> None:
    if sessions > SESSIONS_PER_DAY or hands > HANDS_PER_DAY:
        _refuse(sessions)


def _refuse(sessions: int) -> None:
    if sessions:
        words = gettext("This account has started %(count)s sessions today (imports included), the most one "
                        "account starts in a day: start more tomorrow.") % {"count": f"{SESSIONS_PER_DAY:,}"}
    else:
        words = gettext("This session's account has saved %(count)s hands today, the most one account saves in a "
                        "day: nothing more is saved until tomorrow (UTC). What was typed is kept.") % {
            "count": f"{HANDS_PER_DAY:,}"}
    raise QuotaReached({"__all__": words})
