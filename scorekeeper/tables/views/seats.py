"""A seat changes hands: "Eve sits in for Di from hand 12", two taps from the seat card (issue 23)."""
from __future__ import annotations

import uuid

from django.http import Http404, HttpResponseBase
from django.views.decorators.http import require_http_methods

from .. import selectors, services
from ..entry.seat_change import SeatChangeForm
from ..models import SEATS, Session
from ..web.conflict import Conflict, form_page, session_changed
from ..web.requests import Request, saved_notice
from .base import open_session


@require_http_methods(["GET", "POST"])
@open_session("score", open_only=True)
def seat_change_new(request: Request, session: Session, seat: int) -> HttpResponseBase:
    if seat not in SEATS:
        raise Http404("Seats are 0-3")
    table = selectors.seat_change_table(session=session, seat=seat)
    form = SeatChangeForm(request.POST or None, seated=table.seated, seat=seat,
                          initial={"token": uuid.uuid4(), "revision": session.revision})
    if request.method != "POST" or not form.is_valid():
        return _page(request, session, table, form)
    try:
        hand = services.seat_change_record(session=session, seat=seat, name=form.cleaned_data["name"],
                                           token=form.cleaned_data["token"], revision=form.cleaned_data["revision"])
    except services.SaveRefused as refused:
        if refused.changed:
            conflict = session_changed(session)
            fresh = SeatChangeForm(conflict.rebased(request.POST), seated=table.seated, seat=seat)
            return _page(request, session, table, fresh, conflict)
        form.add_error(None, refused.message)
        return _page(request, session, table, form)
    return saved_notice(request, session, hand)


def _page(request: Request, session: Session, table: selectors.SeatChangeTable, form: SeatChangeForm,
          conflict: Conflict | None = None) -> HttpResponseBase:
    return form_page(request, "tables/seat_change.html", {"session": session, "table": table, "form": form},
                     conflict, invalid=bool(form.errors))
