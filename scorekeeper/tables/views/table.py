"""The table view (presenters/table_page.py) and its dice: a roll sent from it is kept on the session and shown
on every live phone (services/dice.py)."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseBase
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from .. import selectors
from ..entry.dice import DiceForm
from ..models import Session
from ..presenters.table_page import near_seat, table_page
from ..services.dice import dice_record
from ..web.read_limit import reads_limited
from ..web.requests import INVALID, Request, go
from .base import open_session


@reads_limited
@open_session("view")
def session_table(request: Request, session: Session) -> HttpResponse:
    return table_page(request, session)


# A roll a deal, a second when a die falls off the table: a few a minute. Each roll sends every live phone of the
# table for the table view again, so a loop of rolls (a stuck button, a crafted request) is stopped per session.
ROLLS = "12/m"


def _session_key(_group: str, request: Request) -> str:
    return str(request.resolver_match.kwargs["pk"]) if request.resolver_match else ""


@require_POST
@ratelimit(key=_session_key, rate=ROLLS, method="POST", group="dice", block=False)
@open_session("score")
def dice_roll(request: Request, session: Session) -> HttpResponseBase:
    """The browser's roll (or, sent without values, the server's): the table view anew, or back to it. A roll over
    the limit is not kept: the view comes back with the roll every phone shows, and says why."""
    if getattr(request, "limited", False):
        refused = _("Too many rolls in a minute: the dice shown are the last roll kept.")
        if request.htmx:
            return table_page(request, session, refused=refused)
        return HttpResponse(refused, status=429, content_type="text/plain; charset=utf-8")
    form = DiceForm(request.POST)
    if not form.is_valid():
        return HttpResponse(status=INVALID)
    standings = selectors.session_standings(session=session, recent=0)
    seat = form.cleaned_data["seat"]
    try:
        dice_record(session=session, seat=seat, by=standings.seats[seat].name, hand=standings.hand_number,
                    values=form.values())
    except ValidationError:
        return HttpResponse(status=INVALID)
    if request.htmx:
        return table_page(request, session)
    return go(request, reverse("session_table", args=[session.pk]) + f"?near={near_seat(request)}")
