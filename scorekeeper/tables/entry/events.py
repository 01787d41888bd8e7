"""How a win's events must fit the way it was won (rules/README.md, `events`), in a player's words.

The engine refuses a hand whose events do not fit (hand.check_events_fit); the win form and the
import say it first, in words a table understands: a heavenly hand (the dealer's dealt tiles) is
self-drawn, an earthly hand (the dealer's first discard) is won on a discard, and neither has any
meld, a concealed kong included (ruling 2026-11-25, Zung Jung 9.4.1).
"""
from __future__ import annotations

from django.utils.translation import gettext

from scorekeeper.engine import EVENT_WINS, UNMELDED_EVENTS


def event_misfit(event: str, *, self_drawn: bool, melded: bool) -> str:
    """Why `event` cannot be on a hand won so (a sentence with %(event)s), or ""."""
    needed = EVENT_WINS.get(event, ("",))[0]
    if event == "heavenly" and not self_drawn:
        return gettext("“%(event)s” is won on the dealer's dealt tiles, so it is self-drawn: choose Self-drawn, or "
                       "untick it.")
    if event == "earthly" and self_drawn:
        return gettext("“%(event)s” is won on the dealer's first discard: choose who discarded it, or untick it.")
    if needed == "self_draw" and not self_drawn:
        return gettext("“%(event)s” is a win on a wall tile: choose Self-drawn, or untick it.")
    if needed == "discard" and self_drawn:
        return gettext("“%(event)s” is a win on another player's tile: choose who discarded it, or untick it.")
    if event in UNMELDED_EVENTS and melded:
        return gettext("“%(event)s” is won on the tiles as dealt, before any meld, a concealed kong included: take "
                       "the melds out, or untick it.")
    return ""
