"""What every view shares: finding the session or the hand a URL names, and the limits on heavy requests.

Every view that touches a session asks `access` (web/access.py) through `open_session` / `open_hand`: a
404 for anyone without the right. The typed request and the answers after a POST are web/requests.py's.
A view imports no other view: what two screens share lives below them (presenters/, web/), or here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from django.http import HttpResponseBase
from django.views.decorators.http import require_http_methods

from ..models import Hand, Session
from ..web import access
from ..web.access import Need
from ..web.requests import Request, closed, gone

P = ParamSpec("P")

SessionView = Callable[Concatenate[Request, Session, P], HttpResponseBase]
HandView = Callable[Concatenate[Request, Hand, P], HttpResponseBase]


def open_session(role: Need = "view", *, post: Need | None = None,
                 open_only: bool = False) -> Callable[[SessionView[P]], Callable[..., Any]]:
    """The view gets the session its URL names, if the visitor may `role` it (`post`: what a POST needs,
    when more); `open_only`: a finished session sends the visitor back to it, saying how to reopen it."""
    def wrap(view: SessionView[P]) -> Callable[..., Any]:
        @wraps(view)
        def opened(request: Request, pk: int, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
            need = post if post and request.method == "POST" else role
            session = access.session_for(request, pk, need)
            if open_only and not session.is_open:
                return closed(request, session)
            return view(request, session, *args, **kwargs)
        return opened
    return wrap


def open_hand(view: HandView[P]) -> Callable[..., Any]:
    """The view gets a live hand of an open session the visitor may score; else it is told why."""
    @wraps(view)
    def opened(request: Request, pk: int, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
        hand = access.hand_for(request, pk, "score")
        if not hand.session.is_open:
            return closed(request, hand.session)
        if hand.deleted_at is not None:
            return gone(request, hand.session)
        return view(request, hand, *args, **kwargs)
    return opened


def by_hand_kind(views: Mapping[str, Callable[[Request, Hand], HttpResponseBase]]) -> Callable[..., Any]:
    """One form URL for a hand of any kind (its edit page): the hand opened as `open_hand` opens it, then the
    view of its kind (urls.py says which)."""
    @require_http_methods(["GET", "POST"])
    @open_hand
    def by_kind(request: Request, hand: Hand) -> HttpResponseBase:
        return views[hand.kind](request, hand)
    return by_kind


# Heavy requests (a quick-entry check or save, an import) per logged-in user, or per address for a share
# link's visitor: a scorer at a table makes a few a minute (django-ratelimit; beyond, views.accounts.too_many).
HEAVY_REQUESTS = "20/m"
# A phone's offline queue, up to 20 changes a request: sent once when the connection returns, a few
# times after a conflict or a fix; a group of its own, so a busy quick entry never holds a queue back.
QUEUE_REQUESTS = "60/m"
