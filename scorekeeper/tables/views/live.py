"""A live table: when another phone changed the session, each phone on its screen fetches the standings anew.

The phones learn of a change from the live server's event stream (scorekeeper/live/), or, where it cannot be
reached, by asking here every two seconds. Both end here, at the live URL: a 204 after one query when nothing
changed (the poll's common answer must cost next to nothing), else the standings as they now are. The URL
carries a token signed when the page was shown, bound to that visitor's access (web/live_token.py). A
visitor's rights are checked in full whenever there is something to show.
"""
from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseBase
from django.views.decorators.http import require_GET

from ..models import Session
from ..presenters.session_page import session_page
from ..presenters.table_page import table_page
from ..web.live_token import current_revision, token_claims
from ..web.read_limit import reads_limited
from ..web.requests import Request
from .base import open_session


@require_GET
def session_live(request: Request, pk: int) -> HttpResponseBase:
    revision = current_revision(token_claims(request, pk))
    if revision is None:
        raise Http404("No such session")
    if revision == request.GET.get("revision"):
        return HttpResponse(status=204)
    return _standings(request, pk)  # the standings as they now are, every right checked


@reads_limited
@open_session("view")
def _standings(request: Request, session: Session) -> HttpResponse:
    """The session screen's standings, as views.sessions.session_detail shows them; or the table view's
    (views.table), whose live URL says so."""
    return table_page(request, session) if request.GET.get("view") == "table" else session_page(request, session)


def session_events(request: Request, pk: int) -> HttpResponse:
    """The event stream's URL when it reaches this app instead of the live server (runserver, gunicorn without
    the proxy): a 204, on which the browser's EventSource stops for good, and the page polls instead."""
    return HttpResponse(status=204)
