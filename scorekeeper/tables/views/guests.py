"""Sessions without an account, and "Same table again" (issue 19).

- **No log-in wall.** Anyone may tap New session. A guest's session has no owner: the phone that started
  it gets its owner grant, kept with its share-link grants in its signed cookie (web/grants.py, which
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

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseBase
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..models import Session
from ..presenters.settle import settle_page
from ..web import grants
from ..web.guests import is_over_limit, limit_words
from ..web.requests import CONFLICT, Request, go_to
from .base import open_session


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


def _token(text: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(text or "")
    except ValueError:
        return None
