"""Names from the engine's tables in the reader's language: one place, no second copy.

Every pattern and ruleset in the engine has `name` (English) and `name_zh` (Chinese, in
Traditional script for most rulesets and Simplified for taizhou and fujian, as those tables
are written). English readers get `name`; Chinese readers get `name_zh` converted by OpenCC
to the script they chose, so 門前清 reads 门前清 in 简体中文 and 台州麻将 reads 台州麻將 in 繁體中文.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import opencc
from django.utils.translation import get_language, gettext, gettext_lazy

from scorekeeper.engine import RULESET_KEYS, get_ruleset

from .tiles import face

# OpenCC's configurations by target script: to Simplified, to Traditional.
CONVERSIONS = {"hans": "t2s", "hant": "s2t"}


def script(language: str | None = None) -> str:
    """'hant', 'hans', or 'en' for the active language (or the one given)."""
    language = (language or get_language() or "en").lower()
    if not language.startswith("zh"):
        return "en"
    return "hans" if language.endswith(("hans", "cn", "sg", "my")) else "hant"


@lru_cache(maxsize=2)
def _converter(config: str) -> opencc.OpenCC:
    # Building a converter loads its dictionaries (milliseconds): once per process and script.
    return opencc.OpenCC(config)


@lru_cache(maxsize=4096)
def in_script(text: str, target: str) -> str:
    """Chinese text in the target script ('hant' or 'hans'); the few hundred names are converted once."""
    if not text or target not in CONVERSIONS:
        return text
    return str(_converter(CONVERSIONS[target]).convert(text))


def _field(item: Any, name: str) -> str:
    value = item.get(name) if isinstance(item, dict) else getattr(item, name, None)
    return str(value or "")


def local_name(item: Any, language: str | None = None) -> str:
    """A pattern's or ruleset's name for the reader: `name` in English, `name_zh` in their script."""
    target = script(language)
    chinese = _field(item, "name_zh")
    if target == "en" or not chinese:
        return _field(item, "name")
    return in_script(chinese, target)


def chinese_aside(item: Any, language: str | None = None) -> str:
    """The Chinese name shown beside the English one for English readers (players know both); ''
    for Chinese readers, who already read it as the name."""
    return _field(item, "name_zh") if script(language) == "en" else ""


# -- the engine's own English sentences ---------------------------------------------------------
# The engine describes its rulesets and house options in English. They are translated by their
# exact text (`make messages` collects them from the engine: scripts/engine_messages.py), so a
# sentence the engine rewrites shows in English until the catalogues catch up
# (tests/web/views/test_i18n.py fails meanwhile). Pattern notes (about 160) stay English for now.
def engine_sentence(text: str) -> str:
    """One of the engine's English sentences, translated when the catalogue has it."""
    return gettext(text) if text else text


def ruleset_summary(key: str) -> str:
    return engine_sentence(get_ruleset(key).description) if key in RULESET_KEYS else ""


UNITS = {"fan": gettext_lazy("fan"), "points": gettext_lazy("points"), "faan": gettext_lazy("faan")}


# Each figure a win is entered in (the payoffs' `figures`), by the unit it counts.
FIGURE_UNITS = {"fan": "fan", "pattern_fan": "fan", "points": "points", "faan": "faan"}


def unit_name(unit: str) -> str:
    return str(UNITS.get(unit, unit))


def figure_words(figure: int, unit: str) -> str:
    """'8 fan', '8 faan', '8 points', in the reader's language."""
    if unit == "fan":
        return gettext("%(figure)s fan") % {"figure": figure}
    if unit == "faan":
        return gettext("%(count)s faan") % {"count": figure}
    return gettext("%(figure)s points") % {"figure": figure}


# -- the engine's refusals ----------------------------------------------------------------------
# Every refusal is a template and its facts (engine/errors.py); the template is translated by its exact
# text (scripts/engine_messages.py collects them all) and filled in with the facts, those that are words
# (a tile, a ruleset, a meld's kind) in the reader's words too. The hand at fault is named by the replay
# (ReplayState.error), numbered as the screens number hands.
_TILE_CODE = re.compile(r"^[1-9][mpszf]$")
_TILE_NAME = re.compile(r"^[A-Za-z ]+ \(([1-9][mpszf])\)$")
MELD_KIND_WORDS = {"chow": gettext_lazy("Chow"), "pung": gettext_lazy("Pung"), "kong": gettext_lazy("Kong"),
                   "concealed kong": gettext_lazy("Concealed kong")}
# How a hand was won, as the contract writes it (`win`): the facts `needed` and `win` of a refusal.
WIN_WORDS = {"self_draw": gettext_lazy("Self-drawn"), "discard": gettext_lazy("On a discard")}


def _fact_words(name: str, value: Any) -> Any:
    """A fact in the reader's words where the app has its name: a tile, a ruleset's name, a meld's kind, an
    event and what it means (engine/hand.py's EVENT_WINS, collected for the catalogues)."""
    if not isinstance(value, str):
        return value
    if name == "event":
        from .rulesets import EVENT_LABELS  # rulesets.py reads this module: its labels are looked up late

        # its name alone ('天胡', not '天胡（莊家起手即胡）'): the refusal says what it means beside it
        return re.sub(r"\s*[（(][^（(]*[)）]$", "", str(EVENT_LABELS.get(value, value)))
    if name == "meaning":
        return gettext(value)
    if name in ("needed", "win") and value in WIN_WORDS:
        return str(WIN_WORDS[value])
    if _TILE_CODE.match(value):
        return face(value).label
    named = _TILE_NAME.match(value)
    if named:
        return f"{face(named.group(1)).label} ({named.group(1)})"
    if value in MELD_KIND_WORDS:
        return str(MELD_KIND_WORDS[value])
    ruleset = _RULESETS_BY_NAME.get(value)
    return local_name(ruleset) if ruleset is not None else value


_RULESETS_BY_NAME = {get_ruleset(key).name: get_ruleset(key) for key in RULESET_KEYS}


def engine_error(error: dict[str, Any] | None) -> str:
    """An engine answer's error for the screen, in the reader's language, without the hand it names."""
    if not error:
        return ""
    template = error.get("template")
    if not isinstance(template, str):
        return str(error.get("message", ""))
    facts = error.get("facts") or {}
    if script() == "en":
        return template.format(**facts)
    try:
        return gettext(template).format(**{name: _fact_words(name, value) for name, value in facts.items()})
    except (KeyError, IndexError, ValueError):  # a translation that lost a fact: the English says it all
        return template.format(**facts)
