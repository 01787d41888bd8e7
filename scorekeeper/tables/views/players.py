"""A player's page: their record over the sessions this visitor may open."""
from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .. import selectors
from ..models import Player
from ..web import access
from ..web.requests import Request


@require_GET
def player(request: Request, pk: int) -> HttpResponse:
    # Names are shared by every table that typed them, so only the sessions this visitor may open
    # count (their own, and those opened by a share link): a visitor with none gets a 404.
    found = Player.objects.filter(pk=pk).first() if pk <= access.MAX_ID else None
    sessions = [s for s in selectors.player_sessions(player=found) if access.access_of(request, s)] if found else []
    if found is None or not sessions:
        raise Http404("No such player")
    return render(request, "tables/player.html", {
        "player": found, "stats": selectors.player_stats(player=found, sessions=sessions), "sessions": sessions[::-1],
    })
