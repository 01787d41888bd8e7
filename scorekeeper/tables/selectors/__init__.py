"""Reads: what each screen shows, built from the stored hands and the engine's replay of them."""
from .exports import export_kept, session_backup, session_csv
from .hands import HandRow, debt_changes, deleted_hands, hand_get, hand_rows, hand_title, winner_lines
from .history import ChangeTold, History, replay_changes, session_history, what_changed
from .money_rulesets import example_table, money_examples, money_stakes
from .places import HandPlace, hand_place
from .player_numbers import Numbers, Record, friends_numbers, player_numbers, player_record
from .players import player_sessions
from .rules import ruleset_description, ruleset_descriptions
from .seats import SeatChangeTable, seat_change_table
from .sessions import (
    HandNotice,
    Seat,
    Standings,
    deal_json,
    guest_players,
    hand_notice,
    known_players,
    session_get,
    session_list,
    session_next_dealer,
    session_standings,
    session_started,
    share_links,
)

__all__ = [
    "ChangeTold", "HandNotice", "HandPlace", "History", "HandRow", "Seat", "Standings", "deal_json", "debt_changes",
    "deleted_hands", "export_kept", "example_table", "guest_players", "hand_get", "hand_notice", "hand_place",
    "hand_rows",
    "hand_title", "winner_lines", "known_players", "money_examples",
    "Numbers", "Record", "friends_numbers", "player_numbers", "player_record",
    "money_stakes", "player_sessions",
    "replay_changes", "ruleset_description", "ruleset_descriptions", "session_backup", "session_csv",
    "session_get", "session_history", "session_list", "session_next_dealer", "session_standings", "session_started",
    "share_links", "SeatChangeTable", "seat_change_table", "what_changed",
]
