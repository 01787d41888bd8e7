"""The live poll's token, signed when the session screen is shown and bound to that visitor's access.

For a phone let in by grants (share links, a guest's owner grant), the token names the grants, which the
phone must still hold in its signed cookie (views/grants.py) and which must still exist (views/live.py checks
that in its one query), so a copied URL is a 404 anywhere else and a revoked link gets a 404 at its next poll;
for an account's owner, their browser (a digest of its session cookie: a copied URL is a 404 anywhere else, and
after logging out) and the owner. Apart from the poll itself so that the session screen, which makes the URL,
and the poll, which shows the session screen, do not import one another.
"""
from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.core import signing
from django.http import Http404
from django.urls import reverse
from django.utils.http import urlencode

from ..models import Session
from . import grants
from .base import Request

SALT = "scorekeeper.live"
# A phone left on the session screen overnight polls on until it is reloaded, then gets a fresh token.
MAX_AGE = 24 * 3600


def live_url(request: Request, session: Session) -> str:
    """The poll URL for this session as it is now (its revision), for this visitor, who may open it."""
    access = request.access
    if access.links:
        claims: dict[str, Any] = {"s": session.pk, "l": list(access.links)}
    else:
        claims = {"s": session.pk, "v": _browser(request), "o": session.owner_id}
    token = signing.dumps(claims, salt=SALT, compress=True)
    return reverse("session_live", args=[session.pk]) + "?" + urlencode({"revision": str(session.revision), "t": token})


def token_claims(request: Request, pk: int) -> dict[str, Any]:
    """The token's claims, if it was signed for this session and this visitor; else 404. A grants' token keeps
    only the grants this phone still holds."""
    try:
        claims = signing.loads(request.GET.get("t", ""), salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        raise Http404("No such session") from None
    if not isinstance(claims, dict) or claims.get("s") != pk:
        raise Http404("No such session")
    if claims.get("l"):
        held = set(grants.held(request).get(str(pk), []))
        claims["l"] = [link for link in claims["l"] if link in held]
        ok = bool(claims["l"])
    else:
        ok = bool(claims.get("o")) and bool(claims.get("v")) and claims["v"] == _browser(request)
    if not ok:
        raise Http404("No such session")
    return claims


def _browser(request: Request) -> str:
    """This browser, as its session cookie names it (a digest: the token never carries the cookie itself)."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return hashlib.sha256(f"{SALT}:{key}".encode()).hexdigest()[:24] if key else ""
