"""A live table: every phone on a session screen asks every two seconds whether the session changed.

The answer when nothing changed must cost next to nothing (many phones, all evening long): a 204
after one query for the revision. The poll URL carries a token signed when the page was shown to a
visitor who could open it; a visitor's rights are checked in full whenever there is something to
show, so a revoked link learns nothing but "no change" until the next hand, and then gets a 404.
"""
from __future__ import annotations

from django.core import signing
from django.http import Http404, HttpResponse, HttpResponseBase
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET

from ..models import Session
from . import sessions
from .base import Request

SALT = "scorekeeper.live"
# A phone left on the session screen overnight polls on until it is reloaded, then gets a fresh token.
MAX_AGE = 24 * 3600


def live_url(session: Session) -> str:
    """The poll URL for this session as it is now (its revision), for a visitor who may open it."""
    token = signing.dumps(session.pk, salt=SALT, compress=True)
    return reverse("session_live", args=[session.pk]) + "?" + urlencode({"revision": str(session.revision), "t": token})


@require_GET
def session_live(request: Request, pk: int) -> HttpResponseBase:
    try:
        signed_for = signing.loads(request.GET.get("t", ""), salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        raise Http404("No such session") from None
    if signed_for != pk:
        raise Http404("No such session")
    revision = Session.objects.filter(pk=pk).values_list("revision", flat=True).first()
    if revision is None:
        raise Http404("No such session")
    if str(revision) == request.GET.get("revision"):
        return HttpResponse(status=204)
    return sessions.session_detail(request, pk)  # the standings as they now are, every right checked
