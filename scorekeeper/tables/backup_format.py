"""A session backup's shape: its format name and version and the fields it holds.

Below both the reading of a backup (entry/backup.py) and its writing (selectors/exports.py), so neither
imports the other.
"""
from __future__ import annotations

from .hand_input import ENTERED

BACKUP_FORMAT = "mahjong-scorekeeper/session"

BACKUP_VERSION = 1

# What every hand of a version-1 backup holds, a hand as HandInput writes it (as_backup_row) and reads it back.
HAND_FIELDS = ("kind", "winner", "discarder", "responsible", "figure", "figure_field", "tiles", "loser_points",
               "events", "spot_kind", "spot_player", "spot_count", "spot_to", "note")

SEAT_FIELDS = ("winner", "discarder", "responsible", "spot_player", "spot_to")

# A seat change (issue 23): the seat and the newcomer's name; null on every other hand, and absent from
# backups made before seats changed hands (they import as they are).
SEAT_CHANGE_FIELDS = ("seat", "newcomer")

# What a hand gained after version 1 (a seat change's fields, and any a hand gains since): absent from backups
# made before it, a hand takes the field's default. Derived from HandInput, so a new field is read back at once.
LATER_HAND_FIELDS = tuple(name for name in ENTERED if name not in HAND_FIELDS)

SESSION_FIELDS = ("format", "version", "ruleset", "stakes", "options", "players", "first_dealer", "status", "hands")

# Backups from before the table chose how it pays have no `pay_as_you_go`: they take the ruleset's usual way,
# as sessions of that time were migrated.
# A session's length (issue 23) likewise: absent, it is open-ended.
OPTIONAL_FIELDS = ("pay_as_you_go", "length_rounds", "length_hands")

# Written for a person reading the file; a restore does not need them.
INFORMATIONAL = ("exported_at", "created_at", "finished_at", "balances", "owed", "paid_at_the_table", "people")
