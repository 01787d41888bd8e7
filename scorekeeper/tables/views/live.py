"""A live table: every phone on a session screen asks every two seconds whether the session changed.

The answer when nothing changed must cost next to nothing (many phones, all evening long): a 204
after one query. The poll URL carries a token signed when the page was shown, bound to that visitor's
access: their browser (a digest of its session cookie: a copied URL is a 404 anywhere else, and after
logging out), and the share links that let them in (or, for the owner, the owner), checked in that one
query, so a revoked link gets a 404 at its next poll. A visitor's rights are checked in full whenever
there is something to show.
"""
from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.core import signing
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpResponse, HttpResponseBase
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET

from ..models import Session, ShareLink
from . import sessions
from .base import Request

SALT = "scorekeeper.live"
# A phone left on the session screen overnight polls on until it is reloaded, then gets a fresh token.
MAX_AGE = 24 * 3600


def live_url(request: Request, session: Session) -> str:
    """The poll URL for this session as it is now (its revision), for this visitor, who may open it."""
    access = request.access
    claims = {"s": session.pk, "v": _browser(request), "l": list(access.links),
              "o": session.owner_id if access.is_owner else None}
    token = signing.dumps(claims, salt=SALT, compress=True)
    return reverse("session_live", args=[session.pk]) + "?" + urlencode({"revision": str(session.revision), "t": token})


@require_GET
def session_live(request: Request, pk: int) -> HttpResponseBase:
    claims = _claims(request, pk)
    found = Session.objects.filter(pk=pk)
    if claims["l"]:  # a share link's visitor: one of their links still there
        found = found.filter(Exists(ShareLink.objects.filter(session=OuterRef("pk"), pk__in=claims["l"])))
    else:
        found = found.filter(owner_id=claims["o"])
    revision = found.values_list("revision", flat=True).first()
    if revision is None:
        raise Http404("No such session")
    if str(revision) == request.GET.get("revision"):
        return HttpResponse(status=204)
    return sessions.session_detail(request, pk)  # the standings as they now are, every right checked


def _claims(request: Request, pk: int) -> dict[str, Any]:
    """The token's claims, if it was signed for this session and this browser; else 404."""
    try:
        claims = signing.loads(request.GET.get("t", ""), salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        raise Http404("No such session") from None
    ok = isinstance(claims, dict) and claims.get("s") == pk and claims.get("v") and claims["v"] == _browser(request)
    if not ok or not (claims.get("l") or claims.get("o")):
        raise Http404("No such session")
    return claims


def _browser(request: Request) -> str:
    """This browser, as its session cookie names it (a digest: the token never carries the cookie itself)."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return hashlib.sha256(f"{SALT}:{key}".encode()).hexdigest()[:24] if key else ""
