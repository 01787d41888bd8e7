"""The Settle-up page: who pays whom, how the table pays, and the buttons that end or reopen the session.
Shown by views.sessions and, with a refusal, by views.guests (Same table again)."""
from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from .. import selectors
from ..display.rulesets import get_profile
from ..entry.session_form import PayingForm, paying_initial
from ..models import Session
from ..web.requests import Request, refusal_status


def settle_page(request: Request, session: Session, paying: PayingForm | None = None,
                status: int | None = None) -> HttpResponse:
    paying = paying or PayingForm(initial={"pay_as_you_go": paying_initial(session.pay_as_you_go)},
                                  profile=get_profile(session.ruleset))
    standings = selectors.session_standings(session=session, recent=0)
    return render(request, "tables/settle.html", {
        "s": standings, "session": session, "paying": paying, "settle_up": standings.settle_up,
    }, status=status or refusal_status(request, invalid=bool(paying.errors)))
