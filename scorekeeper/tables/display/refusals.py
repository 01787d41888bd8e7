"""The engine's refusals in the reader's words.

Every refusal is a template and its facts (engine/errors.py); the template is translated by its exact
text (scripts/engine_messages.py collects them all for the catalogues) and filled in with the facts, those
that are words (a tile, a ruleset, a meld's kind, an event) in the reader's words too. A session's replay
names the entry at fault by its place; the screens say it as they number hands ('Hand 3: ...'), an
on-the-spot payment or a seat change before it not counted (ReplayState.label).

Where the catalogue lacks a template (a rewritten engine sentence before `make messages`), the English
shows; so does a translation that lost one of its facts.
"""
from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from scorekeeper.engine import RULESET_KEYS, Refusal, get_ruleset

from ..replay import ReplayState
from .names import local_name, script
from .rulesets import EVENT_LABELS
from .tiles import face

# A tile the app has a face for: suits 1-9, honours 1z-7z, flowers and seasons 1f-8f ('8z' typed is no tile).
_TILE = r"(?:[1-9][mps]|[1-7]z|[1-8]f)"
_TILE_CODE = re.compile(rf"^{_TILE}$")
_TILE_NAME = re.compile(rf"^[A-Za-z ]+ \(({_TILE})\)$")
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


def engine_error(error: Refusal | None) -> str:
    """An engine's refusal for the screen, in the reader's language, without the hand it names."""
    if error is None:
        return ""
    template, facts = error.template, error.facts
    if not template:
        return error.message
    if script() == "en":
        return template.format(**facts)
    try:
        return gettext(template).format(**{name: _fact_words(name, value) for name, value in facts.items()})
    except (KeyError, IndexError, ValueError):  # a translation that lost a fact: the English says it all
        return template.format(**facts)


def replay_refusal(state: ReplayState) -> str:
    """Why the engine refused the session's replay, in the reader's words, without the entry it names."""
    return engine_error(state.refusal)


def replay_error(state: ReplayState) -> str:
    """Why the engine refused the session's replay, led by the entry at fault as the screens number it."""
    refusal = replay_refusal(state)
    index = state.refused_index
    if not refusal or index is None:
        return refusal
    return gettext("%(entry)s: %(refusal)s") % {"entry": state.label(index), "refusal": refusal}
