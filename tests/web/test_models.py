"""What the database keeps (tables/models.py): a column a release adds has a database default, so that during a
deploy a server still running the build before it (which does not know the column) can still save."""
from __future__ import annotations

import pytest
from django.db import connection

from scorekeeper.tables.models import Hand, Session

pytestmark = pytest.mark.django_db

ADDED = {Hand: ("other_wins",), Session: ("dice", "dice_at", "dice_by", "dice_hand", "dice_seat")}


def insert_as_the_build_before(model, row_id: int, changes: dict[str, object]) -> int:
    """A copy of a row, inserted naming only the columns the build before knew (and not the id)."""
    known = [f.column for f in model._meta.concrete_fields if f.name not in ADDED[model] and not f.primary_key]
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(c) for c in known)
    picked = ", ".join("%s" if c in changes else connection.ops.quote_name(c) for c in known)
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {table} ({names}) SELECT {picked} FROM {table} WHERE id = %s",
                       [*(changes[c] for c in known if c in changes), row_id])
    return model.objects.order_by("-pk").values_list("pk", flat=True)[0]


def test_a_server_of_the_build_before_can_still_start_a_session_and_save_a_hand(make_session, win):
    session = make_session("taiwan")
    win(session, 1, 2, figure=3)
    hand = Hand.objects.get(session=session)

    new_session = Session.objects.get(pk=insert_as_the_build_before(Session, session.pk, {"start_token": None}))
    new_hand = Hand.objects.get(pk=insert_as_the_build_before(Hand, hand.pk, {"position": 99, "entry_token": None}))

    assert new_session.dice == "" and new_session.dice_by == "" and new_session.dice_at is None
    assert new_hand.other_wins == []
