"""The session screen's answer: the standings, the notice after a save, the balance chart, the live URLs. Shown
by views.sessions and, when something changed, by views.live."""
from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from .. import selectors
from ..display import charts
from ..models import Session
from ..web.live_token import live_urls
from ..web.requests import Request, parse_id


def session_page(request: Request, session: Session) -> HttpResponse:
    standings = selectors.session_standings(session=session)
    template = "tables/session.html#standings" if request.htmx else "tables/session.html"
    notice = selectors.hand_notice(session=session, replay=standings.replay, saved=parse_id(request.GET.get("saved")),
                                   deleted=parse_id(request.GET.get("deleted")), sent=parse_id(request.GET.get("sent")))
    return render(request, template, {"s": standings, "session": session, "notice": notice,
                                      "chart": charts.session_balance_chart(session=session, replay=standings.replay),
                                      **live_urls(request, session)})
