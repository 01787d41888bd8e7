"""What every view shares: the typed request, finding the session a URL names, and the answers after a POST.

Every view that touches a session asks `access` through `open_session` / `open_hand`: a
404 for anyone without the right. A refused POST says so in its status (409 when another
phone changed the session, 422 when a field is wrong); HTMX swaps only 2xx answers, so it
gets 200 with the same page.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from django.contrib import messages
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from ..models import Hand, Session
from . import access
from .access import Access, Need

CONFLICT = 409
INVALID = 422
MAX_ID_DIGITS = 18  # a longer number in a URL or a form is no row: the database is not asked

P = ParamSpec("P")


class Request(HttpRequest):
    """A request as the views see it: django-htmx's details, and the visitor's access once a session is open."""

    htmx: HtmxDetails
    access: Access


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


def parse_id(text: str | None) -> int | None:
    """A row's id as a form or a query sends it; None for anything else."""
    text = text or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS else None


# Heavy requests (a quick-entry check or save, an import) per logged-in user, or per address for a share
# link's visitor: a scorer at a table makes a few a minute (django-ratelimit; beyond, views.accounts.too_many).
HEAVY_REQUESTS = "20/m"
# A phone's offline queue, up to 20 changes a request: sent once when the connection returns, a few
# times after a conflict or a fix; a group of its own, so a busy quick entry never holds a queue back.
QUEUE_REQUESTS = "60/m"


def refusal_status(request: Request, *, changed: bool = False, invalid: bool = False) -> int:
    if request.method != "POST" or request.htmx:
        return 200
    return CONFLICT if changed else INVALID if invalid else 200


def go(request: Request, url: str) -> HttpResponseBase:
    """After a successful POST: a redirect, or for HTMX a full page load of the next screen."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def go_to(request: Request, name: str, session: Session, anchor: str = "") -> HttpResponseBase:
    return go(request, reverse(name, args=[session.pk]) + anchor)


def saved_notice(request: Request, session: Session, hand: Hand) -> HttpResponseBase:
    """After a save: the session screen from its top (balances and Win in view), saying which hand
    was saved, with Undo."""
    return go(request, reverse("session", args=[session.pk]) + f"?saved={hand.pk}")


def closed(request: Request, session: Session) -> HttpResponseBase:
    messages.error(request, _("This session is finished: reopen it on the Settle-up page to change it."))
    return redirect("session", pk=session.pk)


def gone(request: Request, session: Session) -> HttpResponseBase:
    messages.error(request, _("That hand was deleted, maybe on another phone. Restore it under Deleted hands "
                              "to change it."))
    return go_to(request, "history", session, "#deleted-hands")
