"""A roll of the three dice for a deal, kept on the session (the latest only: the table needs the one it is about
to deal by, and every live phone shows it).

The browser rolls (static/js/dice.js, `crypto.getRandomValues` with rejection sampling): the person who tapped
sees the dice at once, before any answer comes back, and the server only checks and relays them. A roll is as
honest as the phone that made it, as real dice are as honest as the hand that throws them: only a scorer's
phones may roll, and any of them could send chosen values with a crafted request. A form sent without values
(a browser without JavaScript) is rolled here with `secrets`, the same odds.
"""
from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import SEATS, Session

DICE = 3
FACES = range(1, 7)


def dice_record(*, session: Session, seat: int, by: str, hand: int, values: Sequence[int] | None = None) -> None:
    """Keep the roll on the session without touching its revision: no form open elsewhere goes stale, the live
    phones learn of it from `dice_at` (web/live_token.py)."""
    rolled = tuple(values) if values else tuple(secrets.randbelow(len(FACES)) + 1 for _die in range(DICE))
    if len(rolled) != DICE or any(value not in FACES for value in rolled):
        raise ValidationError(_("Three dice, each 1 to 6."))
    if seat not in SEATS:
        raise ValidationError(_("Who rolled? Choose a seat."))
    if not session.is_open:
        raise ValidationError(_("This session is finished."))
    fields = {"dice": "".join(map(str, rolled)), "dice_seat": seat, "dice_by": by[:40], "dice_hand": hand,
              "dice_at": timezone.now()}
    Session.objects.filter(pk=session.pk).update(**fields)
    for name, value in fields.items():
        setattr(session, name, value)
