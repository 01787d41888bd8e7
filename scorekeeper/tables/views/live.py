"""A live table: every phone on a session screen asks every two seconds whether the session changed.

The answer when nothing changed must cost next to nothing (many phones, all evening long): a 204
after one query. The poll URL carries a token signed when the page was shown, bound to that visitor's
access (views/live_token.py): for a phone let in by grants, the grants it still holds must still exist,
checked in that one query; for an account's owner, the owner. A visitor's rights are checked in full
whenever there is something to show.
"""
from __future__ import annotations

from django.db.models import Exists, OuterRef
from django.http import Http404, HttpResponse, HttpResponseBase
from django.views.decorators.http import require_GET

from ..models import Session, ShareLink
from . import sessions
from .base import Request
from .live_token import token_claims


@require_GET
def session_live(request: Request, pk: int) -> HttpResponseBase:
    claims = token_claims(request, pk)
    found = Session.objects.filter(pk=pk)
    if claims.get("l"):  # a share link's visitor: one of their links still there
        found = found.filter(Exists(ShareLink.objects.filter(session=OuterRef("pk"), pk__in=claims["l"])))
    else:
        found = found.filter(owner_id=claims["o"])
    revision = found.values_list("revision", flat=True).first()
    if revision is None:
        raise Http404("No such session")
    if str(revision) == request.GET.get("revision"):
        return HttpResponse(status=204)
    return sessions.session_detail(request, pk)  # the standings as they now are, every right checked
