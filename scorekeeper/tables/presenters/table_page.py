"""The table view (issue 39.2): a tablet or a second phone lying in the middle of the table, read from every chair.

Each seat's card lies along the side of the screen where that person sits, turned to face them: the screen's
bottom edge is the seat `near` (East unless the table turns it), and going counter-clockwise round the table, as
play goes, the next seat is on the right (its card turned a quarter to face right), the one after at the top
(upside down), the last on the left. The middle faces the bottom: the round, the dealer's 連, the dice, the last
hand. Everything comes from the replay, as the session screen's does; nothing is entered here but a roll of the
dice. Shown by views.table and, when something changed, by views.live.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.http import urlencode

from .. import selectors
from ..models import SEATS, Session
from ..selectors.dice import shown_roll
from ..web.live_token import live_urls
from ..web.requests import Request

PLACES = ("near", "right", "far", "left")  # the screen's edges, counter-clockwise from the bottom


@dataclass(frozen=True)
class Side:
    place: str
    seat: selectors.Seat


def near_seat(request: Request) -> int:
    """The seat at the screen's bottom edge (?near=), East unless the table turned the view."""
    given = request.GET.get("near", "")
    return int(given) if given in ("0", "1", "2", "3") else 0


def table_page(request: Request, session: Session, *, refused: str = "") -> HttpResponse:
    """The table view for the phone at `near`; `refused`: why the roll just sent was not kept (said in the middle)."""
    near = near_seat(request)
    standings = selectors.session_standings(session=session, recent=1)
    sides = [Side(place, standings.seats[(near + turn) % len(SEATS)]) for turn, place in enumerate(PLACES)]
    urls = live_urls(request, session)
    urls["live_url"] += "&" + urlencode({"view": "table", "near": str(near)})  # the poll answers with this view
    template = "tables/table.html#standings" if request.htmx else "tables/table.html"
    return render(request, template, {
        "s": standings, "session": session, "sides": sides, "near": near, "turned": (near + 1) % len(SEATS),
        "roll": shown_roll(standings=standings), "refused": refused,
        "last": standings.recent[0] if standings.recent else None,
        **urls})
