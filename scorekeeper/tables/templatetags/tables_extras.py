"""Template helpers: tiles drawn with words for screen readers, money with signs."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from scorekeeper.engine import RULESETS

from .. import selectors
from ..tiles import TileFace, face, set_faces

register = template.Library()


def _tile_html(tile: TileFace, extra: str = "") -> SafeString:
    return format_html(
        '<span class="{}{}"><span class="tile-face" aria-hidden="true">{}</span>'
        '<span class="tile-mark" aria-hidden="true">{}</span><span class="sr-only">{}</span></span>',
        tile.css, f" {extra}" if extra else "", tile.face, tile.mark, tile.label,
    )


@register.simple_tag
def tile(code: str | TileFace, extra: str = "") -> SafeString:
    return _tile_html(code if isinstance(code, TileFace) else face(code), extra)


@register.simple_tag
def tile_set(text: str) -> SafeString:
    """One scored set as the engine writes it, wilds marked."""
    inner = format_html_join("", "{}", ((_tile_html(t),) for t in set_faces(text)))
    return format_html('<span class="tile-set">{}</span>', inner)


@register.filter
def money(amount: Decimal | str | int) -> str:
    return selectors.money(Decimal(str(amount)))


@register.filter
def signed(amount: Decimal | str | int) -> str:
    return selectors.signed(Decimal(str(amount)))


@register.filter
def sign_class(amount: Decimal | str | int) -> str:
    value = Decimal(str(amount))
    return "up" if value > 0 else "down" if value < 0 else "even"


@register.filter
def change_notes(messages: Any) -> list[Any]:
    """The 'what changed' lines an edit leaves, apart from the other messages."""
    return [m for m in messages if "change" in m.tags]


@register.filter
def plain_messages(messages: Any) -> list[Any]:
    return [m for m in messages if "change" not in m.tags]


@register.filter
def ruleset_name(key: str) -> str:
    ruleset = RULESETS.get(key)
    return ruleset.name if ruleset is not None else key


@register.filter
def wind(letter: str) -> str:
    return selectors.WIND_NAMES.get(letter, letter)
