"""The history screen: every hand, newest first, with edit and delete."""
from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from .. import selectors
from ..display import charts
from ..models import Session
from ..web.read_limit import reads_limited
from ..web.requests import Request
from .base import open_session


@reads_limited
@open_session("view")
def history(request: Request, session: Session) -> HttpResponse:
    data = selectors.session_history(session=session, page=request.GET.get("page"))
    template = "tables/history.html#history-list" if request.htmx else "tables/history.html"
    chart = charts.session_balance_chart(session=session, replay=data.standings.replay)
    return render(request, template, {"h": data, "s": data.standings, "session": session, "chart": chart})
