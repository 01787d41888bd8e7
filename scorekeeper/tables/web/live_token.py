"""The live URLs' token, signed when the session screen is shown and bound to that visitor's access.

For a phone let in by grants (share links, a guest's owner grant), the token names the grants, which the
phone must still hold in its signed cookie (web/grants.py) and which must still exist (views/live.py checks
that in its one query), so a copied URL is a 404 anywhere else and a revoked link gets a 404 at its next poll;
for an account's owner, their browser (a digest of its session cookie: a copied URL is a 404 anywhere else, and
after logging out) and the owner. Apart from the poll itself so that the session screen, which makes the URL,
and the poll, which shows the session screen, do not import one another.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core import signing
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils.http import urlencode

from ..models import Session, ShareLink
from . import grants
from .requests import Request

SALT = "scorekeeper.live"
# A phone left on the session screen overnight polls on until it is reloaded, then gets a fresh token.
MAX_AGE = 24 * 3600


@dataclass(frozen=True)
class LiveClaims:
    """What a verified token says: its session, and the share links it still rests on (a phone let in by
    grants) or else the owner whose browser it was signed for."""

    session: int
    links: tuple[int, ...] = ()
    owner: int | None = None


def live_urls(request: Request, session: Session) -> dict[str, str]:
    """For this visitor, who may open it: `live_url`, the standings if the session changed since now (its
    revision), and `events_url`, the live server's stream of its changes; both carry the same token."""
    access = request.access
    # the token's own keys are short: it rides in every poll's URL
    if access.links:
        claims: dict[str, object] = {"s": session.pk, "l": list(access.links)}
    else:
        claims = {"s": session.pk, "v": _browser(request), "o": session.owner_id}
    query = urlencode({"revision": live_mark(session.revision, session.dice_at),
                       "t": signing.dumps(claims, salt=SALT, compress=True)})
    return {"live_url": reverse("session_live", args=[session.pk]) + "?" + query,
            "events_url": reverse("session_events", args=[session.pk]) + "?" + query}


def token_claims(request: Request, pk: int) -> LiveClaims:
    """The token's claims, if it was signed for this session and this visitor; else 404."""
    claims = verified_claims(request, pk, request.GET.get("t", ""))
    if claims is None:
        raise Http404("No such session")
    return claims


def verified_claims(request: HttpRequest, pk: int, token: str) -> LiveClaims | None:
    """The token's claims, if it was signed for this session and for the browser sending `request` (its
    cookies are all that is read: the live server passes a bare request); else None. A grants' token keeps
    only the grants this phone still holds."""
    try:
        claims = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(claims, dict) or claims.get("s") != pk:
        return None
    if claims.get("l"):
        held = set(grants.held(request).get(str(pk), []))
        links = tuple(link for link in claims["l"] if link in held)
        return LiveClaims(pk, links=links) if links else None
    if claims.get("o") and claims.get("v") and claims["v"] == _browser(request):
        return LiveClaims(pk, owner=claims["o"])
    return None


def current_revision(claims: LiveClaims) -> str | None:
    """The session's live mark now (its revision, and its last roll of the dice: `live_mark`), if the visitor's
    access still stands (one query): for a share link's visitor, one of their links still there; for an account's
    owner, the owner. Else None."""
    found = Session.objects.filter(pk=claims.session)
    if claims.links:
        found = found.filter(Exists(ShareLink.objects.filter(session=OuterRef("pk"), pk__in=claims.links)))
    else:
        found = found.filter(owner_id=claims.owner)
    now = found.values_list("revision", "dice_at").first()
    return None if now is None else live_mark(*now)


def live_mark(revision: object, rolled_at: datetime | None) -> str:
    """What the live screens watch: the session's revision (a hand saved, edited, deleted…), and the time of the
    table's last roll of the dice, which changes no revision (services/dice.py). A session never rolled for is
    watched by its revision alone, as before there were dice."""
    return str(revision) if rolled_at is None else f"{revision}.{rolled_at.timestamp():.6f}"


def live_marks(pks: list[int]) -> dict[int, str]:
    """Each session's live mark, in one query (the live server's look at every watched session)."""
    found = Session.objects.filter(pk__in=pks).values_list("pk", "revision", "dice_at")
    return {pk: live_mark(revision, rolled_at) for pk, revision, rolled_at in found}


def _browser(request: HttpRequest) -> str:
    """This browser, as its session cookie names it (a digest: the token never carries the cookie itself)."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return hashlib.sha256(f"{SALT}:{key}".encode()).hexdigest()[:24] if key else ""
