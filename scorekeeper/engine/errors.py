"""The contract's error codes (rules/README.md) and the one exception that carries them.

A refusal is a template and its facts: `EngineError(BAD_MELD, "meld {number} ({tiles}) is not valid",
number=2, tiles="123m")`. `.message` is the template filled in, the English the contract answers; the
app reads `.template` and `.facts` (an answer's error carries both) to say it in the reader's language.
A message is never built before it reaches EngineError (tests/web/display/test_refusals.py
walks the raise sites), so every sentence the engine can refuse with is a template the app's catalogues
can hold.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .answers import Refusal

BAD_JSON = "bad_json"
UNKNOWN_RULESET = "unknown_ruleset"
BAD_TILE = "bad_tile"
TOO_MANY_COPIES = "too_many_copies"
WRONG_TILE_COUNT = "wrong_tile_count"
BAD_MELD = "bad_meld"
BAD_FIELD = "bad_field"
NOT_WINNING = "not_winning"

CODES = frozenset(
    {BAD_JSON, UNKNOWN_RULESET, BAD_TILE, TOO_MANY_COPIES, WRONG_TILE_COUNT, BAD_MELD, BAD_FIELD, NOT_WINNING}
)

# The keys an answer's error carries for the app beside the contract's; the command line drops them.
DETAIL_KEYS = ("template", "facts")


class EngineError(ValueError):
    """Bad input, with a contract code and a message in a player's words (a template and its facts)."""

    def __init__(self, code: str, template: str, /, **facts: Any) -> None:
        assert code in CODES, code
        message = template.format(**facts)
        super().__init__(message)
        self.code = code
        self.message = message
        self.template = template
        self.facts: dict[str, Any] = facts

    hand: int | None = None  # the hand at fault, in a session (session.SessionError)

    def refusal(self) -> Refusal:
        """The answer: the contract's code and message, then the template and facts for the app."""
        return Refusal(self.code, self.message, self.template, self.facts, self.hand)


def contract_answer(answer: Mapping[str, Any]) -> dict[str, Any]:
    """An answer as the command line prints it: the error's template and facts left out."""
    error = answer.get("error")
    if not isinstance(error, Mapping):
        return dict(answer)
    return {**answer, "error": {k: v for k, v in error.items() if k not in DETAIL_KEYS}}
