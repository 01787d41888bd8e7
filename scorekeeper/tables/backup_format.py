"""A session backup's shape: its format name and version and the fields it holds.

Below both the reading of a backup (entry/backup.py) and its writing (selectors/exports.py), so neither
imports the other.
"""
from __future__ import annotations

BACKUP_FORMAT = "mahjong-scorekeeper/session"

BACKUP_VERSION = 1

HAND_FIELDS = ("kind", "winner", "discarder", "responsible", "figure", "figure_field", "tiles", "loser_points",
               "events", "spot_kind", "spot_player", "spot_count", "spot_to", "note")

SEAT_FIELDS = ("winner", "discarder", "responsible", "spot_player", "spot_to")

SESSION_FIELDS = ("format", "version", "ruleset", "stakes", "options", "players", "first_dealer", "status", "hands")

# Backups from before the table chose how it pays have no `pay_as_you_go`: they take the ruleset's usual way,
# as sessions of that time were migrated.
OPTIONAL_FIELDS = ("pay_as_you_go",)

# Written for a person reading the file; a restore does not need them.
INFORMATIONAL = ("exported_at", "created_at", "finished_at", "balances", "owed", "paid_at_the_table")
