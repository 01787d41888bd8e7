"""A hand as the table entered it: the one shape every way in makes and every way out reads.

The win form, a quick-entry line, the draw and spot forms, a backup row and a phone's offline queue each
make a `HandInput`; the services turn it into a row (`as_row`), the replay into the engine's settle input
(`settle_entry`), the backup into its JSON (`as_backup_row`), the CSV export into the hand's cells
(`csv_cells`). So a field a hand gains is added here and on `models.Hand`, and every reader and writer of hands
carries it. What a row holds besides (its place, its
one-time token, its times) is the row's own, never part of what was entered.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine import RULESETS, Fields, HandResult, HandScore, Ruleset

from .models import Hand, Player


@dataclass(frozen=True, slots=True)
class OtherWin:
    """Another player who won on the same discarded tile (一炮多響, taiwan's house option `several_winners`):
    the seat, and the win's figure (`figure` in `figure_field`) or its tiles, as the hand's own winner has
    them. The hand's discarder and events are the one tile's, shared by every winner."""

    winner: int
    figure: int | None = None
    figure_field: str = ""
    tiles: Fields | None = None

    def to_json(self) -> dict[str, Any]:
        """As a row and a backup keep it."""
        return {"winner": self.winner, "figure": self.figure, "figure_field": self.figure_field,
                "tiles": copy.deepcopy(self.tiles)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OtherWin:
        return cls(data["winner"], data.get("figure"), data.get("figure_field") or "",
                   copy.deepcopy(data.get("tiles")))

    def win_fields(self, figure_fields: Sequence[str], events: Sequence[str]) -> Fields:
        """The win as an element of the engine's `winners` (rules/README.md): no discarder of its own."""
        if self.tiles is not None:
            return {"winner": self.winner, "hand": tiles_score_fields(self.tiles, events)}
        return {"winner": self.winner, (self.figure_field or figure_fields[0]): self.figure}


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
    tiles: Fields | None = None
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
    # Several wins on one discard: the winners besides `winner`, in the order the table entered them.
    other_wins: tuple[OtherWin, ...] = ()

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
            "other_wins": tuple(OtherWin.from_json(win) for win in hand.other_wins or ()),
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
        row.other_wins = [win.to_json() for win in self.other_wins]
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
    def winners(self) -> tuple[int, ...]:
        """Every seat that won this hand: its winner, then the others on the same discard."""
        if self.winner is None:
            return ()
        return (self.winner, *(win.winner for win in self.other_wins))

    @property
    def is_dice_spot(self) -> bool:
        return self.kind == Hand.Kind.SPOT and self.spot_kind in DEALERS_SPOTS

    # -- the engine --------------------------------------------------------------------------
    def settle_entry(self, ruleset: Ruleset) -> Fields:
        """The entry as the engine's `settle` hand (rules/<ruleset>.md, "settle fields")."""
        if self.kind == Hand.Kind.SEAT:
            return {"seat_change": self.seat}  # the engine sees the seat; who sits in is the app's (seating.py)
        if self.kind == Hand.Kind.DRAW:
            return {"draw": True}
        if self.kind == Hand.Kind.SPOT:
            return self._spot_entry()
        if self.other_wins:
            return self._wins_entry(ruleset)
        return self._win_entry(ruleset)

    def _wins_entry(self, ruleset: Ruleset) -> Fields:
        """Several wins on one discard (rules/README.md): the discarder named once, each win without it."""
        first = {k: v for k, v in self._win_entry(ruleset).items() if k != "discarder"}
        others = [win.win_fields(ruleset.payoff.figures, self.events) for win in self.other_wins]
        return {"discarder": self.discarder, "winners": [first, *others]}

    def _spot_entry(self) -> Fields:
        spot: Fields = {"spot": self.spot_kind, "player": self.spot_player}
        if self.spot_count is not None:
            spot["count"] = self.spot_count
        if self.spot_to is not None:
            spot["to"] = self.spot_to
        return spot

    def _win_entry(self, ruleset: Ruleset) -> Fields:
        payoff = ruleset.payoff
        win: Fields = {"winner": self.winner, "discarder": self.discarder}
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

    def score_fields(self) -> Fields:
        """The winner's tiles as the score fields the replay completes (winds, dealer, win, options)."""
        return tiles_score_fields(self.tiles or {}, self.events)

    # -- a backup ----------------------------------------------------------------------------
    def as_backup_row(self) -> dict[str, Any]:
        """The entry as a backup holds it: JSON-ready, the newcomer by name."""
        row = {name: getattr(self, name) for name in ENTERED}
        return row | {"tiles": copy.deepcopy(self.tiles), "events": list(self.events),
                      "loser_points": None if self.loser_points is None else list(copy.deepcopy(self.loser_points)),
                      "newcomer": self.newcomer.name if self.newcomer is not None else None,
                      "other_wins": [win.to_json() for win in self.other_wins]}

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
            "other_wins": tuple(win if isinstance(win, OtherWin) else OtherWin.from_json(win)
                                for win in values.get("other_wins") or ()),
        })

    # -- a CSV row --------------------------------------------------------------------------
    def csv_cells(self, sheet: CsvSheet, *, names: Sequence[str], dealer: int,
                  answer: HandResult | None) -> dict[str, str]:
        """The hand's cells in a session's CSV (selectors/exports.py), by column (`HAND_CSV_COLUMNS`, then its
        note): `names` the people in the seats at this hand, `dealer` its dealer's seat, `answer` the engine's
        answer for it (what it scored from tiles)."""
        seated = [spreadsheet_text(name) for name in names]
        win = self.kind == Hand.Kind.WIN
        figure, unit = self._csv_figure(sheet, self.figure, self.figure_field, answer.score if answer else None) \
            if win else ("", "")
        winner = seated[self.winner] if win and self.winner is not None else ""
        tiles = tiles_notation(self.tiles) if win else ""
        if win and self.other_wins:
            winner, figure, unit, tiles = self._csv_winners(sheet, seated, answer)
        return {
            "kind": Hand.Kind(self.kind).label.lower(), "dealer": seated[dealer], "winner": winner,
            "discarder": self._csv_discarder(seated) if win else "",
            "responsible": self._csv_responsible(sheet.ruleset, seated), "figure": figure, "unit": unit,
            "tiles": tiles,
            "loser points": self._csv_loser_points(answer, seated) if win else "",
            "on the spot": self._csv_spot(sheet, seated) if self.kind == Hand.Kind.SPOT else "",
            "seat change": self._csv_seat_change(seated),
            "note": spreadsheet_text(self.note),
        }

    @staticmethod
    def _csv_figure(sheet: CsvSheet, figure: int | None, figure_field: str,
                    score: HandScore | None) -> tuple[str, str]:
        if figure is not None:
            field = figure_field or sheet.ruleset.payoff.figures[0]
            return str(figure), sheet.figure_units.get(field, field)
        return ("" if score is None else str(score.total)), f"{sheet.ruleset.unit} (scored from the tiles)"

    def _csv_winners(self, sheet: CsvSheet, seated: Sequence[str],
                     answer: HandResult | None) -> tuple[str, str, str, str]:
        """Several wins on one discard in the hand's one row (selectors/exports.py says why): the winners, their
        figures and units in the same order, '; ' between them, the chain's carrier said; tiles by winner."""
        results = {result.winner: result for result in (answer.winners if answer else ())}
        first = OtherWin(self.winner if self.winner is not None else 0, self.figure, self.figure_field, self.tiles)
        winners, figures, units, tiles = [], [], [], []
        for win in (first, *self.other_wins):
            result = results.get(win.winner)
            winners.append(seated[win.winner] + (" (carries the chain)" if result and result.carries_chain else ""))
            figure, unit = self._csv_figure(sheet, win.figure, win.figure_field, result.score if result else None)
            figures.append(figure)
            units.append(unit)
            if win.tiles is not None:
                tiles.append(f"{seated[win.winner]}: {tiles_notation(win.tiles)}")
        unit = units[0] if len(set(units)) == 1 else "; ".join(units)
        return "; ".join(winners), "; ".join(figures), unit, "; ".join(tiles)

    def _csv_discarder(self, seated: Sequence[str]) -> str:
        if self.discarder is None:
            return "self-drawn"
        # a robbed kong is paid otherwise than a discard (hk-faan: 搶槓當自摸): the row says which it was
        return seated[self.discarder] + (" (robbed kong)" if "robbing_kong" in self.events else "")

    def _csv_responsible(self, ruleset: Ruleset, seated: Sequence[str]) -> str:
        if not ruleset.responsible or self.kind != Hand.Kind.WIN:
            return ""
        if self.responsible is None:  # "no one" only where a discard win's discarder is it by default
            return "no one" if ruleset.responsible == "discarder" and self.discarder is not None else ""
        return seated[self.responsible]  # a self-draw's too (hk-faan's 包自摸)

    def _csv_loser_points(self, answer: HandResult | None, seated: Sequence[str]) -> str:
        scores = (answer.loser_scores if answer else None) or (None,) * len(seated)
        parts = []
        for seat, value in enumerate(self.loser_points or ()):
            if value is None:
                continue
            if isinstance(value, dict):
                score = scores[seat]
                parts.append(f"{seated[seat]} {'?' if score is None else score.total} (from tiles)")
            else:
                parts.append(f"{seated[seat]} {value}")
        return "; ".join(parts)

    def _csv_spot(self, sheet: CsvSheet, seated: Sequence[str]) -> str:
        label = sheet.spot_labels.get(self.spot_kind, self.spot_kind)
        who = seated[self.spot_player] if self.spot_player is not None else "the dealer"
        extra = f" × {self.spot_count}" if self.spot_count else ""
        to = f" to {seated[self.spot_to]}" if self.spot_to is not None else ""
        return f"{who}: {label}{extra}{to}"

    def _csv_seat_change(self, seated: Sequence[str]) -> str:
        if self.kind != Hand.Kind.SEAT or self.newcomer is None:
            return ""
        return f"{spreadsheet_text(self.newcomer.name)} sits in for {seated[self.seat or 0]}"


@dataclass(frozen=True, slots=True)
class CsvSheet:
    """What a session's CSV says alike of each of its hands: the ruleset, the app's words for its on-the-spot
    kinds and figure fields, and whether anyone changed seats (the seat change column)."""

    ruleset: Ruleset
    spot_labels: Mapping[str, str]
    figure_units: Mapping[str, str]
    seat_changes: bool

    @property
    def hand_columns(self) -> list[str]:
        """The columns a hand fills, in order, those the session has no use for left out (its note, the last
        column, comes after the balances)."""
        payoff = self.ruleset.payoff
        unused = {"loser points": not payoff.loser_points, "on the spot": not payoff.has_spots,
                  "seat change": not self.seat_changes}
        return [column for column in HAND_CSV_COLUMNS if not unused.get(column)]


def spreadsheet_text(text: str) -> str:
    """Text a spreadsheet would run as a formula (a name or note starting with =, +, - or @, even after
    spaces or line breaks, which spreadsheets skip) is quoted."""
    return "'" + text if text.lstrip().startswith(FORMULA_START) or text.startswith(FORMULA_START) else text


def tiles_notation(tiles: Mapping[str, Any] | None) -> str:
    """MPSZ notation: '123m456p789s1112z win 2z | pung 777z | bonus 1f | wild 9s'."""
    if not tiles:
        return ""
    parts = [f"{tiles.get('concealed', '')} win {tiles.get('winning_tile', '')}".strip()]
    parts += [f"{m['kind'].replace('_', ' ')} {m['tiles']}" for m in tiles.get("melds", [])]
    if tiles.get("bonus_tiles"):
        parts.append(f"bonus {tiles['bonus_tiles']}")
    if tiles.get("wild"):
        parts.append(f"wild {tiles['wild']}")
    return " | ".join(parts)


def tiles_score_fields(tiles: Fields, events: Any) -> Fields:
    """Tiles and events as the score fields the replay completes; no events, no `events` field."""
    return {**tiles, "events": list(events)} if events else dict(tiles)


# Every field a table enters, in the order a backup writes them.
ENTERED = tuple(f.name for f in dataclasses.fields(HandInput))
# The columns of a session's CSV a hand fills, in order (CsvSheet.hand_columns leaves out those a session has
# no use for); its note is the last column.
HAND_CSV_COLUMNS = ("kind", "dealer", "winner", "discarder", "responsible", "figure", "unit", "tiles", "loser points",
                    "on the spot", "seat change")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# taiwan.md: the dice payments are the dealer's; the player is filled in from the replay.
DEALERS_SPOTS = frozenset(kind for ruleset in RULESETS for kind, needs in ruleset.payoff.spot_needs.items()
                          if needs == "dealer")
