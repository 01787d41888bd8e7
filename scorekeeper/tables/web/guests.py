"""A phone's sessions without an account, as every request sees them: how many an address may start, the
players they know, a new one started with its owner grant, and the grants kept or forgotten when the visitor
signs up, logs in or logs out (views/guests.py says the whole story)."""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponseBase
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_ratelimit.core import is_ratelimited

from .. import selectors, services
from ..models import Session
from . import access, grants

GUEST_SESSIONS_PER_ADDRESS = "20/d"


def is_over_limit(request: HttpRequest) -> bool:
    """A guest's new session, counted: True when this address has started its day's sessions already."""
    if request.user.is_authenticated:
        return False
    return is_ratelimited(request, group="guest-sessions", key="ip", rate=GUEST_SESSIONS_PER_ADDRESS,
                          increment=True)


def guest_session_ids(request: HttpRequest) -> list[int]:
    """The sessions this phone started without an account, still its own."""
    return [pk for pk, role in access.granted_roles(request).items() if role == "owner"]


def known_players(request: HttpRequest) -> list[str]:
    if request.user.is_authenticated:
        return selectors.known_players(owner=request.user)
    return selectors.known_players(owner=None, guest_ids=guest_session_ids(request))


def session_start(request: HttpRequest, fields: dict[str, Any]) -> Session:
    """A new session: the account's, or without an account this phone's (its grant written by `grants.kept`)."""
    if request.user.is_authenticated:
        return services.session_create(owner=request.user, **fields)
    known = selectors.guest_players(session_ids=guest_session_ids(request))
    link = services.guest_session_create(known=known, **fields)
    grants.grant(request, link)
    return link.session


def limit_words() -> str:
    count = int(GUEST_SESSIONS_PER_ADDRESS.split("/")[0])
    return ngettext("This connection has started %(count)d session without an account today, the most there is. "
                    "Sign up or log in to start more: the sessions on this phone come with you.",
                    "This connection has started %(count)d sessions without an account today, the most there is. "
                    "Sign up or log in to start more: the sessions on this phone come with you.", count) % {
        "count": count}


def keeping_guest_sessions(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Sign-up and log-in: once the visitor is in an account, the phone's guest sessions become its own."""
    @wraps(view)
    def claiming(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        was_in = request.user.is_authenticated
        response = view(request, *args, **kwargs)
        if was_in or not request.user.is_authenticated:
            return response
        claimed = services.guest_sessions_claim(link_ids=grants.link_ids(request), owner=request.user)
        if claimed:
            messages.success(request, _("The session you started on this phone is now in your account.")
                             if len(claimed) == 1 else
                             _("The sessions you started on this phone are now in your account."))
        access.granted_roles(request)  # the phone forgets the claimed sessions' owner grants
        return grants.kept(request, response)
    return claiming


def forgetting_grants(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Log-out: the phone forgets the sessions it opened by links, as it forgets the account."""
    @wraps(view)
    def forgetting(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        was_in = request.user.is_authenticated  # a guest sent here (a link, a page elsewhere) keeps them
        response = view(request, *args, **kwargs)
        return grants.forgotten(response) if was_in and not request.user.is_authenticated else response
    return forgetting
