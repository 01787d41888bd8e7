"""The win-entry form's fields: who won how, and the tiles or the table's figure, read from a POST,
kept as a draft, and mapped from a hand entered (entry.check makes one of it).

Everything lives in the form's own fields (the keypad's taps too: entry.keypad). Nothing
typed is dropped: unreadable text stays as typed and is reported beside its field.

Decided where the rules are silent (issue 35.2): a choice the win no longer allows once who won how
changed is the later tap's to decide, so it is not sent: a responsible player the ruleset does not let
this win name (hk-faan: on a discard, anyone but the discarder) is no one, and by figure an event that
does not fit the win (a robbed kong, then Self-drawn) is left out with its box. By tiles such an event
stays ticked and is named beside the events (entry.check), as the tiles are scored with it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_lazy

from scorekeeper.engine import EVENT_WINS, Fields

from ..display.rulesets import Profile
from ..hand_input import HandInput, OtherWin
from ..models import SEATS, Hand
from .other_wins import OtherEntered, OtherEntry, other_from_input, others_from_post
from .text import is_clean, nfc
from .typed import TileHand, TypedTiles, is_digits, seat_of, whole_number

MELD_KINDS = {"chow": gettext_lazy("Chow"), "pung": gettext_lazy("Pung"), "kong": gettext_lazy("Kong"),
              "concealed_kong": gettext_lazy("Concealed kong")}
MELD_SIZES = {"chow": 3, "pung": 3, "kong": 4, "concealed_kong": 4}
# What a form can hold: longer text is refused beside its field (wincheck). Beyond KEEP a
# field is not a person's typing; it is cut there, so a draft kept in the visitor's
# session stays small.
MAX_TILES_TEXT = 100
MAX_NOTE = 200
MAX_MELDS = 8  # a hand of 16 tiles has at most 5 melds; a few more to be told it is wrong
KEEP = 1000


@dataclass(frozen=True)
class EnteredWin:
    """The win entry as the check reads it (entry.check), made once from the form (`WinEntry.entered`): the hand
    it enters (`hand`, as saved), and what only the form holds: who won how as chosen, the text as typed, the
    keypad's progress through the tiles, and a figure confirmed."""

    hand: HandInput
    profile: Profile  # the session's ruleset, as the form was read for it
    winner: int | None
    how: str  # "", "self" or the discarder's seat, as chosen
    discarder: int | None
    responsible_typed: str  # "", "none" or a seat, as chosen (one this win may not name: "", as no one)
    responsible_typed_seat: int | None
    by_figure: bool
    figure_typed: str
    figure: int | None  # the figure typed, read as a whole number
    figure_digits: bool  # ... typed as digits, read or not
    figure_confirmed: bool  # a figure past the limit, confirmed as meant
    note: str
    note_clean: bool  # only letters, digits, punctuation and emoji (entry.text.is_clean)
    texts: tuple[tuple[str, str], ...]  # the tile fields as typed: ("hand" | "winning" | "bonus" | "wild", text)
    tiles: TypedTiles
    winning_tile: str
    tiles_needed: int  # the concealed tiles the hand holds before the win, its melds counted out
    tiles_have: int
    loser_tiles: tuple[tuple[int, TypedTiles], ...]  # taizhou: each loser's tiles as typed
    points_read: frozenset[int]  # taizhou: the losers whose points typed read as whole numbers
    others: tuple[OtherEntered, ...] = ()  # 一炮多響: the other winners on this discard, as typed

    @property
    def self_drawn(self) -> bool:
        return self.how == "self"


@dataclass
class WinEntry:
    winner: str = ""
    how: str = ""  # "self" or the discarder's seat
    responsible: str = ""  # "" = the ruleset's default, "none", or a seat
    mode: str = "tiles"
    figure: str = ""
    figure_field: str = ""
    figure_confirmed: str = ""  # a figure past the ruleset's limit, confirmed as meant
    hand: TileHand = field(default_factory=TileHand)
    winning_tile: str = ""
    bonus: str = ""
    wild: str = ""
    events: list[str] = field(default_factory=list)
    loser_points: dict[int, str] = field(default_factory=dict)
    loser_hands: dict[int, TileHand] = field(default_factory=dict)
    note: str = ""
    token: str = ""
    revision: str = ""  # the session's revision the form was built from (services.SaveRefused: changed)
    target: str = "hand"
    suit: str = "m"
    meld_kind: str = "pung"
    message: str = ""  # what the keypad could not do, shown beside it
    others: list[OtherEntry] = field(default_factory=list)  # 一炮多響: the other winners on this discard

    # -- reading ---------------------------------------------------------------
    @classmethod
    def from_post(cls, data: QueryDict) -> WinEntry:
        # NUL never comes from a keyboard, and PostgreSQL refuses it in text: it is dropped.
        text = lambda name: (data.get(name) or "").replace("\x00", "").strip()[:KEEP]  # noqa: E731
        melds = lambda name: [m.replace("\x00", "")[:KEEP] for m in data.getlist(name)[:MAX_MELDS + 1]]  # noqa: E731
        meld_kind, suit = text("meld_kind"), text("suit")
        # A figure chip tapped, by fan or (no tile yet) by tiles, or "Save it as the limit": a win by figure.
        chip = text("save_at_limit") or text("figure_chip")
        entry = cls(
            winner=text("winner"), how=text("how"), responsible=text("responsible"),
            mode="figure" if text("mode") == "figure" or chip else "tiles",
            # The chip (or limit) just tapped, else a figure typed under "Other", else the one chosen before.
            figure=chip or text("figure_typed") or text("figure"), figure_confirmed=text("confirm_figure"),
            figure_field=text("figure_field"), hand=TileHand(text("concealed"), melds("meld")),
            winning_tile=text("winning_tile"), bonus=text("bonus"), wild=text("wild"),
            events=[e[:40] for e in data.getlist("event")[:20]], note=text("note"), token=text("token")[:64],
            revision=text("revision")[:64], target=text("target") or "hand",
            suit=suit if len(suit) == 1 and suit in "mpszf" else "m",
            meld_kind=meld_kind if meld_kind in MELD_KINDS else "pung",
        )
        for seat in SEATS:
            entry.loser_points[seat] = text(f"loser_points_{seat}")
            entry.loser_hands[seat] = TileHand(text(f"loser_concealed_{seat}"), melds(f"loser_meld_{seat}"))
        entry.others = others_from_post(data, text, melds)
        return entry

    @classmethod
    def from_fields(cls, fields: dict[str, list[str]]) -> WinEntry:
        """From `as_fields` (a draft kept in the visitor's session)."""
        data = QueryDict(mutable=True)
        for name, values in fields.items():
            data.setlist(name, values)
        return cls.from_post(data)

    def as_fields(self) -> dict[str, list[str]]:
        """The form's fields, as `from_post` reads them."""
        fields = {
            "winner": [self.winner], "how": [self.how], "responsible": [self.responsible], "mode": [self.mode],
            "figure": [self.figure], "figure_field": [self.figure_field], "concealed": [self.hand.concealed],
            "meld": list(self.hand.melds), "winning_tile": [self.winning_tile], "bonus": [self.bonus],
            "wild": [self.wild], "event": list(self.events), "note": [self.note], "token": [self.token],
            "revision": [self.revision],
            "target": [self.target], "suit": [self.suit], "meld_kind": [self.meld_kind],
        }
        for seat in SEATS:
            fields[f"loser_points_{seat}"] = [self.loser_points.get(seat, "")]
            hand = self.loser_hands.get(seat) or TileHand()
            fields[f"loser_concealed_{seat}"] = [hand.concealed]
            fields[f"loser_meld_{seat}"] = list(hand.melds)
        for number, other in enumerate(self.others, start=1):
            fields |= {f"other_{number}": ["1"], f"other_winner_{number}": [other.winner],
                       f"other_mode_{number}": [other.mode], f"other_figure_{number}": [other.figure],
                       f"other_concealed_{number}": [other.hand.concealed],
                       f"other_meld_{number}": list(other.hand.melds),
                       f"other_winning_{number}": [other.winning_tile], f"other_bonus_{number}": [other.bonus],
                       f"other_confirmed_{number}": [other.confirmed]}
        return fields

    @classmethod
    def from_input(cls, hand: HandInput) -> WinEntry:
        """The form as it would enter `hand` (a saved win, to be edited)."""
        entry = cls(
            winner=_seat_text(hand.winner), how="self" if hand.discarder is None else str(hand.discarder),
            responsible=_responsible_text(hand), mode="tiles" if hand.tiles is not None else "figure",
            figure="" if hand.figure is None else str(hand.figure), figure_field=hand.figure_field,
            events=list(hand.events), note=hand.note,
        )
        if hand.tiles:
            entry.hand = TileHand.from_fields(hand.tiles)
            entry.winning_tile = hand.tiles.get("winning_tile", "")
            entry.bonus = hand.tiles.get("bonus_tiles", "")
            entry.wild = hand.tiles.get("wild", "")
        for seat, value in enumerate(hand.loser_points or []):
            if isinstance(value, dict):
                entry.loser_hands[seat] = TileHand.from_fields(value)
            elif value is not None:
                entry.loser_points[seat] = str(value)
        entry.target = "winning" if entry.hand.codes and not entry.winning_tile else "hand"
        entry.others = [other_from_input(win) for win in hand.other_wins]
        return entry

    # -- several winners (一炮多響) ---------------------------------------------
    def swap_in(self, number: int) -> None:
        """The `number`th other winner (1-based) becomes the winner being entered, by tiles: the keypad and the
        tiles card are theirs; the winner entered until now takes their place among the others."""
        if not 1 <= number <= len(self.others):
            return
        other = self.others[number - 1]
        self.others[number - 1] = OtherEntry(self.winner, self.mode, self.figure if self.mode == "figure" else "",
                                             self.hand, self.winning_tile, self.bonus)
        self.winner, self.hand, self.winning_tile, self.bonus = other.winner, other.hand, other.winning_tile, \
            other.bonus
        self.mode, self.figure = "tiles", other.figure
        self.target = "winning" if self.hand.codes and not self.winning_tile else "hand"

    def figures_chosen(self) -> bool:
        """Every winner has a figure (by figure): a chip saves the hand only then."""
        return self.mode == "figure" and bool(self.figure) and \
            all(o.mode == "figure" and o.figure for o in self.others)

    # -- derived ---------------------------------------------------------------
    @property
    def winner_seat(self) -> int | None:
        return seat_of(self.winner)

    @property
    def discarder_seat(self) -> int | None:
        return seat_of(self.how)

    @property
    def self_drawn(self) -> bool:
        return self.how == "self"

    def responsible_seat(self, profile: Profile) -> int | None:
        """The seat the engine is told; zung-jung.md: the discarder unless the hand says otherwise. A seat
        this win may not name (chosen before the win changed) is no one's."""
        ruleset = profile.ruleset
        if not ruleset.responsible or (self.self_drawn and not ruleset.responsible_self_draw):
            return None
        if self.responsible == "" and ruleset.responsible == "discarder":
            return self.discarder_seat
        seat = seat_of(self.responsible)
        return seat if seat in self.responsible_seats(profile) else None

    def responsible_seats(self, profile: Profile) -> list[int]:
        """The losers this win may name as responsible, as the ruleset says (`responsible_on_discard`)."""
        ruleset = profile.ruleset
        if not ruleset.responsible or (self.self_drawn and not ruleset.responsible_self_draw):
            return []
        if not self.self_drawn and ruleset.responsible_on_discard == "discarder":
            discarder = self.discarder_seat
            return [discarder] if discarder is not None and discarder != self.winner_seat else []
        return [s for s in SEATS if s != self.winner_seat]

    def fits_how(self, event: str) -> bool:
        """An event this win can have: the engine's EVENT_WINS says which need a self-draw, which a discard
        (a robbed kong is never self-drawn); any, before it is said how the hand was won."""
        needed = EVENT_WINS.get(event, ("", ""))[0]
        if not needed or self.how == "":
            return True
        return needed == ("self_draw" if self.self_drawn else "discard")

    def losers(self) -> list[int]:
        return [s for s in SEATS if s != self.winner_seat]

    def figure_field_for(self, profile: Profile) -> str:
        """The field the form chose (its first choice by default); none named: the engine's own."""
        names = [name for name, _ in profile.figure_fields]
        return self.figure_field if self.figure_field in names else profile.ruleset.payoff.figures[0]

    def tiles_fields(self, profile: Profile) -> Fields:
        """The tile part of the engine's score fields, as stored on the hand."""
        fields = self.hand.as_fields()
        fields["winning_tile"] = self.winning_tile.replace(" ", "")
        if profile.ruleset.bonus_tiles and self.bonus:
            fields["bonus_tiles"] = self.bonus.replace(" ", "")
        if profile.wild_label and self.wild:
            fields["wild"] = self.wild.replace(" ", "")
        return fields

    def loser_fields(self, seat: int, profile: Profile) -> Fields:
        """A loser's tiles as score fields; taizhou.md: the fortune indicator is the table's."""
        fields = self.loser_hands[seat].as_fields()
        if profile.wild_label and self.wild:
            fields["wild"] = self.wild.replace(" ", "")
        return fields

    def loser_uses_tiles(self, seat: int) -> bool:
        hand = self.loser_hands.get(seat)
        return bool(hand and not hand.is_empty())

    def allowed_events(self, profile: Profile) -> list[str]:
        return [e for e in profile.ruleset.events if e in self.events]

    # -- entered ---------------------------------------------------------------
    def entered(self, profile: Profile) -> EnteredWin:
        """The form as the check reads it, made once. A responsible player this win may no longer name (the win
        changed since it was chosen) is forgotten here first: the form offers no one again."""
        responsible_typed = seat_of(self.responsible)
        if profile.ruleset.responsible and self.responsible not in ("", "none") and \
                self.responsible_seat(profile) is None and responsible_typed != self.winner_seat and \
                not (responsible_typed is None and not self.self_drawn):
            self.responsible = ""
        figure = whole_number(self.figure) if self.mode == "figure" else None
        read = {seat: whole_number(self.loser_points.get(seat, "")) for seat in SEATS}
        points = {seat: value for seat, value in read.items() if value is not None}
        return EnteredWin(
            hand=self.as_input(profile, figure=figure, loser_totals=points), profile=profile,
            winner=self.winner_seat, how=self.how, discarder=self.discarder_seat,
            responsible_typed=self.responsible, responsible_typed_seat=seat_of(self.responsible),
            by_figure=self.mode == "figure", figure_typed=self.figure, figure=figure,
            figure_digits=is_digits(self.figure), figure_confirmed=self.figure_confirmed == self.figure,
            note=self.note, note_clean=is_clean(self.note),
            texts=(("hand", self.hand.concealed), ("winning", self.winning_tile), ("bonus", self.bonus),
                   ("wild", self.wild)),
            tiles=self.hand.typed(), winning_tile=self.winning_tile,
            tiles_needed=self.hand.needed(profile.ruleset.hand_size), tiles_have=len(self.hand.codes),
            loser_tiles=tuple((seat, (self.loser_hands.get(seat) or TileHand()).typed()) for seat in self.losers())
            if profile.ruleset.payoff.loser_points else (),
            points_read=frozenset(points),
            others=tuple(self._other_entered(number, other, profile)
                         for number, other in enumerate(self.others, start=2)))

    def _other_entered(self, number: int, other: OtherEntry, profile: Profile) -> OtherEntered:
        return OtherEntered(
            number=number, winner=other.winner_seat, by_figure=other.mode == "figure", figure_typed=other.figure,
            figure=whole_number(other.figure) if other.mode == "figure" else None,
            figure_confirmed=bool(other.figure) and other.confirmed == other.figure, tiles=other.hand.typed(),
            winning_tile=other.winning_tile, tiles_needed=other.hand.needed(profile.ruleset.hand_size),
            tiles_have=len(other.hand.codes))

    def as_input(self, profile: Profile, *, figure: int | None, loser_totals: dict[int, int]) -> HandInput:
        """The form as a hand entered (new, or an edited hand's new fields), once checked (entry.check): `figure`
        the figure as read, `loser_totals` each loser's points as typed."""
        by_figure = self.mode == "figure"
        # By figure the table's total counts the events already: only a hand by tiles keeps them (and is checked),
        # but for those that change who pays rather than the figure (hk-faan's robbed kong). One of those that no
        # longer fits the win (ticked, then Self-drawn tapped) is dropped with its box: the later tap decides.
        events = [e for e in profile.ruleset.payoff.figure_events if e in self.events and self.fits_how(e)] \
            if by_figure else self.allowed_events(profile)
        return HandInput(
            Hand.Kind.WIN, winner=self.winner_seat, discarder=None if self.self_drawn else self.discarder_seat,
            responsible=self.responsible_seat(profile), events=tuple(events), note=nfc(self.note),
            figure=figure if by_figure else None, figure_field=self.figure_field_for(profile) if by_figure else "",
            tiles=None if by_figure else self.tiles_fields(profile),
            loser_points=self._loser_points(profile, loser_totals), other_wins=self._other_wins(profile))

    def _other_wins(self, profile: Profile) -> tuple[OtherWin, ...]:
        """一炮多響: the other winners on this discard, a seat not chosen yet left out (the check says so); on a
        self-draw none (a self-drawn tile has one winner)."""
        if self.how == "self":
            return ()
        out = []
        for other in self.others:
            seat = other.winner_seat
            if seat is None:
                continue
            if other.mode == "figure":
                out.append(OtherWin(seat, whole_number(other.figure), self.figure_field_for(profile)))
            else:
                fields = other.hand.as_fields()
                fields["winning_tile"] = other.winning_tile.replace(" ", "")
                if profile.ruleset.bonus_tiles and other.bonus:
                    fields["bonus_tiles"] = other.bonus.replace(" ", "")
                out.append(OtherWin(seat, tiles=fields))
        return tuple(out)

    def _loser_points(self, profile: Profile, totals: dict[int, int]) -> tuple[Any, ...] | None:
        """taizhou: each loser's tiles, or points as typed; None for the winner. Elsewhere none."""
        if not profile.ruleset.payoff.loser_points:
            return None
        return tuple(None if seat == self.winner_seat else
                     self.loser_fields(seat, profile) if self.loser_uses_tiles(seat) else totals.get(seat, 0)
                     for seat in SEATS)


def _seat_text(seat: int | None) -> str:
    return "" if seat is None else str(seat)


def _responsible_text(hand: HandInput) -> str:
    if hand.discarder is None:
        return ""
    if hand.responsible is None:
        return "none"
    return str(hand.responsible)


