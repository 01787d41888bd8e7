"""The request as the views see it, and the answers after a POST.

A refused POST says so in its status (409 when another phone changed the session, 422 when a field is
wrong); HTMX swaps only 2xx answers, so it gets 200 with the same page.
"""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from ..models import Hand, Session
from .access import Access

CONFLICT = 409
INVALID = 422
MAX_ID_DIGITS = 18  # a longer number in a URL or a form is no row: the database is not asked


class Request(HttpRequest):
    """A request as the views see it: django-htmx's details, and the visitor's access once a session is open."""

    htmx: HtmxDetails
    access: Access


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


def parse_id(text: str | None) -> int | None:
    """A row's id as a form or a query sends it; None for anything else."""
    text = text or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS else None
