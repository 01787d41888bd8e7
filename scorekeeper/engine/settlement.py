"""`settle`: a whole session replayed (rules/README.md). Lands with issue 4."""
from __future__ import annotations

from typing import Any

from .errors import UNKNOWN_RULESET, EngineError


def settle_session(data: Any) -> dict[str, Any]:
    return EngineError(UNKNOWN_RULESET, "settling a session is not available yet").as_answer()
