"""Template helpers: tiles drawn with words for screen readers, money with signs."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from scorekeeper.engine import RULESET_KEYS, HandScore, Option, PatternLine, Refusal, get_ruleset

from ..display import labels, names, refusals, rulesets, score_lines
from ..display import money as amounts
from ..display.tiles import TileFace, face, set_faces
from ..display.words import WIND_NAMES
from ..replay import ReplayState
from ..replay.seating import seated_now
from ..web import script_words

register = template.Library()


@register.filter
def seated(session: Any) -> tuple[Any, ...]:
    """The people in the four seats now (people come and go: tables/seating.py)."""
    return seated_now(session=session)


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
    return amounts.money(Decimal(str(amount)))


@register.filter
def signed(amount: Decimal | str | int) -> str:
    return amounts.signed(Decimal(str(amount)))


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
    return [m for m in messages if "change" not in m.tags and "recovery-code" not in m.tags]


@register.filter
def recovery_codes(messages: Any) -> list[Any]:
    """A recovery code to show once (views/accounts.py), apart from the other messages."""
    return [m for m in messages if "recovery-code" in m.tags]


@register.filter
def ruleset_name(key: str) -> str:
    return names.local_name(get_ruleset(key)) if key in RULESET_KEYS else key


@register.filter
def local_name(item: Any) -> str:
    """A pattern's or ruleset's name from the engine's table, in the reader's language and script."""
    return names.local_name(item)


@register.simple_tag
def name_with_zh(item: Any) -> SafeString:
    """The name for the reader; English readers also see the Chinese name players use at the table."""
    aside = names.chinese_aside(item)
    if not aside:
        return format_html("{}", names.local_name(item))
    return format_html('{} <span lang="zh" class="name-zh">{}</span>', names.local_name(item), aside)


@register.filter
def ruleset_summary(key: str) -> str:
    """The engine's one-line description of a ruleset, translated where the catalogue has it."""
    return names.ruleset_summary(key)


@register.filter
def engine_text(text: str) -> str:
    return names.engine_sentence(text)


@register.filter
def option_label(name: str) -> str:
    """An engine house option by its label on the new-session form."""
    return rulesets.option_label(name)


@register.filter
def option_note(option: Option) -> str:
    """What a house option does, in the reader's language."""
    return rulesets.option_note(option)


@register.filter
def option_default(option: Option) -> str:
    """A house option's default value in words ('Off', 'Competition'), never the engine's raw value."""
    return rulesets.option_value(option.name, option.default)


@register.filter
def unit_name(unit: str) -> str:
    return labels.unit_name(unit)


@register.filter
def engine_error(answer: Any) -> str:
    """A score's refusal in the reader's words; nothing for a score that is no refusal."""
    return refusals.engine_error(answer if isinstance(answer, Refusal) else None)


@register.filter
def replay_error(replay: ReplayState) -> str:
    """Why the engine cannot replay the session, in the reader's words (display.refusals)."""
    return refusals.replay_error(replay)


@register.filter
def wind(letter: str) -> str:
    return str(WIND_NAMES.get(letter, letter))


@register.filter
def score_formula(score: HandScore | None) -> str:
    """Taizhou's '24 hu × 2³ = 192'; '' for other scores."""
    return score_lines.score_formula(score)


@register.simple_tag
def pattern_value(pattern: PatternLine, ruleset: str) -> str:
    return score_lines.pattern_value(pattern, ruleset)


@register.simple_tag
def script_words_url(language: str) -> str:
    """The scripts' words in `language`: Django's JavaScriptCatalog at its versioned URL."""
    return script_words.catalog_url(language)
