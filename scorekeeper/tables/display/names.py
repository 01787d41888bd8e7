"""Names from the engine's tables in the reader's language: one place, no second copy.

Every pattern and ruleset in the engine has `name` (English) and `name_zh` (Chinese, in
Traditional script for most rulesets and Simplified for taizhou and fujian, as those tables
are written). English readers get `name`; Chinese readers get `name_zh` converted by OpenCC
to the script they chose, so 門前清 reads 门前清 in 简体中文 and 台州麻将 reads 台州麻將 in 繁體中文.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import opencc
from django.utils.translation import get_language, gettext

from scorekeeper.engine import RULESET_KEYS, get_ruleset

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


# A unit's words (unit_name, figure_words) are the label table's: labels.py.
