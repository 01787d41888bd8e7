"""The scoring engine: pure Python, no Django.

Public API: `score_hand(fields) -> answer`, `settle_session(fields) -> answer`,
`EVENT_WINS` (the way of winning each event needs), `get_ruleset(key)` / `RULESETS` (each ruleset's table and `describe()`), `payoff_for(key)`
(each ruleset's settlement: stakes defaults, options, dealer rotation), tiles (`Tile`,
`parse_tiles`, `format_tiles`), amounts as exact text (`format_amount`) and the arrangement search (`arrangements`,
`standard_arrangements`).
"""
from .errors import EngineError
from .hand import EVENT_WINS
from .money import format_amount
from .payoffs import payoff_for
from .ruleset import Ruleset
from .rulesets import RULESETS, get_ruleset
from .scoring import score_hand
from .search import arrangements, has_standard_win, standard_arrangements
from .settlement import settle_session
from .tiles import Tile, format_tiles, parse_tiles

__all__ = [
    "EVENT_WINS", "EngineError", "RULESETS", "Ruleset", "payoff_for", "get_ruleset", "score_hand", "settle_session", "arrangements",
    "has_standard_win", "standard_arrangements", "Tile", "format_tiles", "parse_tiles", "format_amount",
]
