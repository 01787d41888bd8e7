"""Links from a seat to the player's page (a seat knows its index, the session its players)."""
from __future__ import annotations

from django import template
from django.urls import reverse

from ..models import Session

register = template.Library()


@register.simple_tag
def player_url(session: Session, seat: int) -> str:
    return reverse("player", args=[session.players[seat].pk])
