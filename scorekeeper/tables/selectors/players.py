"""The sessions a player sat in: those the player page counts (selectors/player_numbers.py), once the
visitor's access has kept the ones they may open."""
from __future__ import annotations

from django.db.models import Q

from ..models import Hand, Player, Session


def player_sessions(*, player: Player) -> list[Session]:
    """Every session the player sat in, from the start or sitting in for someone, oldest first."""
    seated = Q(east=player) | Q(south=player) | Q(west=player) | Q(north=player)
    sat_in = Hand.objects.live().filter(kind=Hand.Kind.SEAT, newcomer=player).values("session_id")
    sessions = Session.objects.filter(seated | Q(pk__in=sat_in)).select_related("east", "south", "west", "north")
    return list(sessions.order_by("created_at", "pk"))
