"""`score`: one hand in, one answer out (rules/README.md, the contract)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .answers import ScoreAnswer
from .errors import BAD_FIELD, EngineError
from .rulesets import get_ruleset


def score_hand(data: Any) -> ScoreAnswer:
    """Score one hand given as the contract's fields; bad input answers ok: false."""
    try:
        if not isinstance(data, Mapping):
            raise EngineError(BAD_FIELD, "each line must be a JSON object with the hand's fields")
        ruleset = get_ruleset(data.get("ruleset"))
        hand = ruleset.read(data)
        return ruleset.answer(ruleset.score(hand))
    except EngineError as error:
        return error.refusal()
