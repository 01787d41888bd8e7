"""A roll of the dice (services/dice.py): three values 1 to 6, a seat, an open session; kept as the latest roll,
never a new revision; rolled with `secrets` when none are given."""
from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scorekeeper.tables import services
from scorekeeper.tables.models import Session
from scorekeeper.tables.services.dice import dice_record


def test_the_latest_roll_is_kept_and_the_revision_stays(make_session):
    session = make_session()
    revision = session.revision
    dice_record(session=session, seat=1, by="Bob", hand=1, values=[1, 2, 3])
    dice_record(session=session, seat=3, by="Di", hand=1, values=[6, 6, 5])
    kept = Session.objects.get(pk=session.pk)
    assert (kept.dice, kept.dice_seat, kept.dice_by, kept.dice_hand) == ("665", 3, "Di", 1)
    assert kept.revision == revision and kept.dice_at is not None


@pytest.mark.parametrize("values", [[0, 1, 2], [1, 2, 7], [1, 2], [1, 2, 3, 4]])
def test_values_outside_three_dice_are_refused(make_session, values):
    session = make_session()
    with pytest.raises(ValidationError):
        dice_record(session=session, seat=0, by="Ann", hand=1, values=values)
    assert Session.objects.get(pk=session.pk).dice == ""


def test_a_seat_outside_the_table_or_a_finished_session_is_refused(make_session):
    session = make_session()
    with pytest.raises(ValidationError):
        dice_record(session=session, seat=4, by="?", hand=1, values=[1, 1, 1])
    services.session_finish(session=session)
    with pytest.raises(ValidationError):
        dice_record(session=session, seat=0, by="Ann", hand=1, values=[1, 1, 1])


def test_without_values_the_server_rolls_three_fair_dice(make_session):
    session = make_session()
    faces = set()
    for _ in range(60):
        dice_record(session=session, seat=0, by="Ann", hand=1)
        faces |= set(session.dice)
        assert len(session.dice) == 3
    assert faces == set("123456")  # 180 dice: every face (each missed with odds below 1e-13)
