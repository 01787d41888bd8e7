"""The scoring engine: pure Python, no Django.

Public API: `score_hand(fields) -> HandScore | Refusal`, `settle_session(fields) -> Settlement | Refusal`
(answers.py: frozen values whose `to_json()` is the contract's JSON, a hand of several winners
on one discard saying each in `HandResult.winners`; and, to go on
from where a replay stood, `settle_from(fields, Checkpoint)` and `finish(fields, Checkpoint)`),
`EVENT_WINS` (the way of winning each event needs), `UNMELDED_EVENTS` (those won before any
meld), `RULESETS` (one `Ruleset` object per ruleset, in the rulebook's order; `RULESET_KEYS`
their keys) and `get_ruleset(key)`, the one lookup. A ruleset object answers everything about
its ruleset: its table and `describe()`, what a table enters for it (`responsible`,
`bonus_tiles`, `wild`, `events`, `usual_figures`, `figure_limit`, `starting_tally`,
`dealer_word`, `game_rounds`, `house_options()`), and its `payoff` (a `Payoff`: stakes
defaults, settlement options, dealer rotation, and what its settlement accepts: `figures`,
`win_fields`, `spot_kinds` / `spot_needs`), tiles (`Tile`, `parse_tiles`,
`format_tiles`), amounts as exact text (`format_amount`) and the arrangement search
(`arrangements`, `standard_arrangements`).
"""
from .answers import (
    Deal,
    Fields,
    HandResult,
    HandScore,
    PatternLine,
    PaymentRow,
    Refusal,
    ScoreAnswer,
    SettleAnswer,
    Settlement,
    WinnerResult,
)
from .checkpoint import Checkpoint
from .errors import EngineError
from .hand import EVENT_WINS, UNMELDED_EVENTS
from .money import format_amount
from .options import Option
from .patterns import Pattern
from .payoffs import Payoff
from .ruleset import Ruleset
from .rulesets import RULESET_KEYS, RULESETS, get_ruleset
from .scoring import score_hand
from .search import arrangements, has_standard_win, standard_arrangements
from .settlement import finish, settle_from, settle_session
from .tiles import Tile, format_tiles, parse_tiles

__all__ = [
    "Checkpoint", "finish", "settle_from",
    "Deal", "Fields", "HandResult", "HandScore", "PatternLine", "PaymentRow", "Refusal", "ScoreAnswer", "SettleAnswer",
    "Settlement", "WinnerResult",
    "EVENT_WINS", "UNMELDED_EVENTS", "EngineError", "Option", "Pattern", "Payoff", "RULESETS", "RULESET_KEYS",
    "Ruleset", "get_ruleset",
    "score_hand", "settle_session", "arrangements", "has_standard_win", "standard_arrangements", "Tile",
    "format_tiles", "parse_tiles", "format_amount",
]
