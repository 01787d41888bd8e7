"""The contract's error codes (rules/README.md) and the one exception that carries them."""
from __future__ import annotations

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


class EngineError(ValueError):
    """Bad input, with a contract code and a message in a player's words."""

    def __init__(self, code: str, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message

    def as_answer(self) -> dict[str, object]:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}
