"""Sessions without an account, and "Same table again" (issue 19).

- **No log-in wall.** Anyone may tap New session. A guest's session has no owner: the phone that started
  it gets its owner grant, kept with its share-link grants in its signed cookie (views/grants.py, which
  says why a cookie). The guest is its owner on that phone: scores, shares it (scorer and viewer links, so
  the table joins), settles up, finishes it, plays the same table again. Importing a backup stays with
  accounts (an import is a whole session at once, and is limited per account).
- **Abuse.** A guest starts at most GUEST_SESSIONS_PER_ADDRESS sessions a day from one address
  (django-ratelimit, counted in the database's cache table like sign-ups). Twenty: a family on one wifi
  starts a few an evening, phones behind a carrier's shared address have room, a script has not. Past it,
  the form comes back as typed, saying so and offering to sign up or log in: accounts have no such limit.
- **Signing up or logging in keeps them.** `keeping_guest_sessions` wraps the sign-up and log-in views
  (urls.py): the phone's guest sessions become the account's, players merged by name
  (services.guests.guest_sessions_claim), and the phone forgets their owner grants.
- **Same table again** (a finished session's owner: the new session is theirs too): the same players in the
  same seats, ruleset, stakes, house options, way of paying and way of entering a win. The first dealer is
  who would have dealt the next hand had the session gone on (the engine's replay): the deal goes on
  where it stood, as at a table that plays on, rather than the same player dealing first every session.
  Share links are the old session's: the table follows the new session's links (Share, once more).
  One tap: the form's one-time token makes a double tap open the one session it started.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponseBase
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django_ratelimit.core import is_ratelimited

from .. import selectors, services
from ..models import Session
from . import access, grants
from .base import CONFLICT, Request, go_to, open_session
from .settle import settle_page

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


@require_POST
@open_session("own")
def same_table(request: Request, session: Session) -> HttpResponseBase:
    token = _token(request.POST.get("token"))
    if not selectors.session_started(token=token, session=session) and is_over_limit(request):
        messages.error(request, limit_words())
        return go_to(request, "settle", session)
    dealer = selectors.session_next_dealer(session=session)
    try:
        again, link = services.session_again(session=session, first_dealer=dealer, token=token)
    except ValidationError as refused:  # the account's sessions for the day (services.quota), a used form
        messages.error(request, refused.messages[0])
        if refused.code == services.TOKEN_USED:  # the page again, with a fresh form, and a 409
            return settle_page(request, session, status=CONFLICT)
        return go_to(request, "settle", session)
    if link is not None:
        grants.grant(request, link)
    messages.success(request, _("The same table again: a new session. %(name)s deals first, where the deal "
                                "stood at the end of the last one.") % {"name": again.players[again.first_dealer].name})
    return grants.kept(request, go_to(request, "session", again))


def limit_words() -> str:
    count = int(GUEST_SESSIONS_PER_ADDRESS.split("/")[0])
    return ngettext("This connection has started %(count)d session without an account today, the most there is. "
                    "Sign up or log in to start more: the sessions on this phone come with you.",
                    "This connection has started %(count)d sessions without an account today, the most there is. "
                    "Sign up or log in to start more: the sessions on this phone come with you.", count) % {
        "count": count}


def _token(text: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(text or "")
    except ValueError:
        return None


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
