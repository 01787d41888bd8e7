"""A player's page: their record over the sessions this visitor may open; the table of friends (a leaderboard)."""
from __future__ import annotations

from decimal import Decimal

from django.http import Http404, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET

from scorekeeper.engine import get_ruleset

from .. import selectors
from ..display.charts import balance_chart_svg
from ..display.names import local_name
from ..models import Player
from ..selectors import Numbers
from ..web import access, grants
from ..web.requests import Request


@require_GET
def player(request: Request, pk: int) -> HttpResponse:
    # Names are shared by every table that typed them, so only the sessions this visitor may open
    # count (their own, and those opened by a share link): a visitor with none gets a 404.
    found = Player.objects.filter(pk=pk).first() if pk <= access.MAX_ID else None
    sessions = [s for s in selectors.player_sessions(player=found) if access.access_of(request, s)] if found else []
    if found is None or not sessions:
        raise Http404("No such player")
    record = selectors.player_record(player=found, sessions=sessions)
    return render(request, "tables/player.html", {
        "player": found, "stats": record, "sessions": sessions[::-1], "numbers": record.rulesets,
        "chart": _net_chart(record.rulesets),
    })


@require_GET
def friends(request: Request) -> HttpResponseBase:
    """Everyone who played in the sessions this visitor may open (the sessions list's), per ruleset."""
    owner = request.user if request.user.is_authenticated else None
    roles = access.granted_roles(request)
    open_sessions, finished = selectors.session_list(owner=owner, shared_ids=list(roles),
                                                     guest_ids=[pk for pk, role in roles.items() if role == "owner"])
    board = selectors.friends_numbers(sessions=[*open_sessions, *finished])
    return grants.kept(request, render(request, "tables/friends.html", {
        "board": board, "sessions": len(open_sessions) + len(finished)}))


def _net_chart(numbers: list[Numbers]) -> SafeString | None:
    """The net result after each session, one line a ruleset (money does not add across rulesets)."""
    sessions = sorted({s for row in numbers for s, _ in row.timeline}, key=lambda s: (s.created_at, s.pk))
    if not sessions:
        return None
    series = []
    for row in numbers:
        after = {s.pk: net for s, net in row.timeline}
        line, net = [], Decimal(0)
        for session in sessions:
            net = after.get(session.pk, net)
            line.append(net)
        series.append(line)
    names = [local_name(get_ruleset(row.ruleset)) for row in numbers]
    return balance_chart_svg(names=names, series=series, by_session=True)
