"""The dice on the session screen: the table's last roll while it is this hand's (selectors/dice.py), read from
the standings the screen already has, so its presenter is left as it was."""
from __future__ import annotations

from django import template

from ..selectors.dice import ShownRoll, shown_roll
from ..selectors.sessions import Standings

register = template.Library()


@register.simple_tag
def table_roll(standings: Standings) -> ShownRoll | None:
    return shown_roll(standings=standings)
