"""A hand as the table entered it: the one shape every way in makes and every way out reads.

The win form, a quick-entry line, the draw and spot forms, a backup row and a phone's offline queue each
make a `HandInput`; the services turn it into a row (`as_row`), the replay into the engine's settle input
(`settle_entry`), the backup into its JSON (`as_backup_row`). So a field a hand gains is added here and on
`models.Hand`, and every reader and writer of hands carries it. What a row holds besides (its place, its
one-time token, its times) is the row's own, never part of what was entered.
"""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine import RULESETS, Ruleset

from .models import Hand, Player


@dataclass(frozen=True, slots=True)
class HandInput:
    """One entry as entered: seats are the engine's indexes 0-3 (E, S, W, N).

    A win holds the table's figure (`figure` in `figure_field`) or the tiles (`tiles`: the engine's score
    fields the table entered, without what the replay derives: winds, dealer); a seat change its `seat`
    and `newcomer`; an on-the-spot payment its `spot_*`. Fields are in the order a backup writes them.
    `tiles` is never changed in place: every way out copies it."""

    kind: str
    winner: int | None = None
    discarder: int | None = None  # None on a win: self-drawn
    responsible: int | None = None
    figure: int | None = None
    figure_field: str = ""  # fan, pattern_fan or points
    tiles: dict[str, Any] | None = None
    # taizhou: one entry per seat as the engine takes it: points, a loser's tiles, or None (the winner)
    loser_points: tuple[Any, ...] | None = None
    events: tuple[str, ...] = ()
    spot_kind: str = ""
    spot_player: int | None = None
    spot_count: int | None = None
    spot_to: int | None = None
    note: str = ""
    seat: int | None = None
    newcomer: Player | None = None

    # -- a row -------------------------------------------------------------------------------
    @classmethod
    def from_row(cls, hand: Hand) -> HandInput:
        """What a stored hand holds as entered. Its newcomer is read only for a seat change (a query unless
        the row came with it)."""
        values = {name: getattr(hand, name) for name in ENTERED if name != "newcomer"}
        return cls(**values | {
            "tiles": copy.deepcopy(hand.tiles),
            "loser_points": None if hand.loser_points is None else tuple(copy.deepcopy(hand.loser_points)),
            "events": tuple(hand.events or ()),
            "newcomer": hand.newcomer if hand.newcomer_id is not None else None,
        })

    def as_row(self, onto: Hand | None = None) -> Hand:
        """The entry on a hand row, not saved: a new row, or `onto` (an edited hand) with every entered field
        replaced."""
        row = onto if onto is not None else Hand()
        for name in ENTERED:
            setattr(row, name, getattr(self, name))
        row.tiles = copy.deepcopy(self.tiles)
        row.loser_points = None if self.loser_points is None else list(copy.deepcopy(self.loser_points))
        row.events = list(self.events)
        return row

    def with_changes(self, **changes: Any) -> HandInput:
        return dataclasses.replace(self, **changes)

    def same_entry(self, other: HandInput) -> bool:
        """The same entry sent again. A dice payment's player is not typed (taiwan.md: the dealer's, filled in
        from the replay when it is saved), so a resend made after the deal moved on is still the same."""
        if self.is_dice_spot:
            return self.with_changes(spot_player=other.spot_player) == other
        return self == other

    @property
    def is_dice_spot(self) -> bool:
        return self.kind == Hand.Kind.SPOT and self.spot_kind in DEALERS_SPOTS

    # -- the engine --------------------------------------------------------------------------
    def settle_entry(self, ruleset: Ruleset) -> dict[str, Any]:
        """The entry as the engine's `settle` hand (rules/<ruleset>.md, "settle fields")."""
        if self.kind == Hand.Kind.SEAT:
            return {"seat_change": self.seat}  # the engine sees the seat; who sits in is the app's (seating.py)
        if self.kind == Hand.Kind.DRAW:
            return {"draw": True}
        if self.kind == Hand.Kind.SPOT:
            return self._spot_entry()
        return self._win_entry(ruleset)

    def _spot_entry(self) -> dict[str, Any]:
        spot: dict[str, Any] = {"spot": self.spot_kind, "player": self.spot_player}
        if self.spot_count is not None:
            spot["count"] = self.spot_count
        if self.spot_to is not None:
            spot["to"] = self.spot_to
        return spot

    def _win_entry(self, ruleset: Ruleset) -> dict[str, Any]:
        payoff = ruleset.payoff
        win: dict[str, Any] = {"winner": self.winner, "discarder": self.discarder}
        if self.tiles is not None:
            win["hand"] = self.score_fields()
        else:
            win[self.figure_field or payoff.figures[0]] = self.figure
            if "robbed_kong" in payoff.win_fields and "robbing_kong" in self.events:  # hk-faan.md: 搶槓 by figure
                win["robbed_kong"] = True
        if "responsible" in payoff.win_fields:
            win["responsible"] = self.responsible
        if "loser_points" in payoff.win_fields:
            win["loser_points"] = None if self.loser_points is None else list(copy.deepcopy(self.loser_points))
        return win

    def score_fields(self) -> dict[str, Any]:
        """The winner's tiles as the score fields the replay completes (winds, dealer, win, options)."""
        return tiles_score_fields(self.tiles or {}, self.events)

    # -- a backup ----------------------------------------------------------------------------
    def as_backup_row(self) -> dict[str, Any]:
        """The entry as a backup holds it: JSON-ready, the newcomer by name."""
        row = {name: getattr(self, name) for name in ENTERED}
        return row | {"tiles": copy.deepcopy(self.tiles), "events": list(self.events),
                      "loser_points": None if self.loser_points is None else list(copy.deepcopy(self.loser_points)),
                      "newcomer": self.newcomer.name if self.newcomer is not None else None}

    @classmethod
    def from_backup_row(cls, row: dict[str, Any]) -> HandInput:
        """A backup's hand, its fields checked already (entry/backup.py); a field the backup left out (one a
        hand gained after it was made) is the field's default. The newcomer is an unsaved player of that
        name, found or made on restore."""
        values = {name: row[name] for name in ENTERED if name in row}
        newcomer = values.get("newcomer")
        return cls(**values | {
            "tiles": copy.deepcopy(values.get("tiles")), "events": tuple(values.get("events") or ()),
            "loser_points": None if values.get("loser_points") is None else tuple(values["loser_points"]),
            "newcomer": Player(name=newcomer) if isinstance(newcomer, str) else newcomer,
        })


def tiles_score_fields(tiles: dict[str, Any], events: Any) -> dict[str, Any]:
    """Tiles and events as the score fields the replay completes; no events, no `events` field."""
    return {**tiles, "events": list(events)} if events else dict(tiles)


# Every field a table enters, in the order a backup writes them.
ENTERED = tuple(f.name for f in dataclasses.fields(HandInput))
# taiwan.md: the dice payments are the dealer's; the player is filled in from the replay.
DEALERS_SPOTS = frozenset(kind for ruleset in RULESETS for kind, needs in ruleset.payoff.spot_needs.items()
                          if needs == "dealer")
