"""The scoring engine: pure Python, no Django.

Public API: `score_hand(fields) -> answer`, `settle_session(fields) -> answer`,
`get_ruleset(key)`, `RULESETS`, tiles (`Tile`, `parse_tiles`, `format_tiles`) and
the arrangement search (`arrangements`, `standard_arrangements`).
"""
from .errors import EngineError
from .rulesets import RULESETS, get_ruleset
from .scoring import score_hand
from .search import arrangements, has_standard_win, standard_arrangements
from .settlement import settle_session
from .tiles import Tile, format_tiles, parse_tiles

__all__ = [
    "EngineError", "RULESETS", "get_ruleset", "score_hand", "settle_session", "arrangements",
    "has_standard_win", "standard_arrangements", "Tile", "format_tiles", "parse_tiles",
]
