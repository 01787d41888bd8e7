"""The win-entry form's state: who won how, and the tiles or the table's figure.

Everything lives in the form's own fields, so the keypad works as plain form posts
(each tap a submit that the server applies with `apply_action`) and HTMX only swaps
the re-rendered form. Nothing typed is dropped: unreadable text stays as typed and
is reported beside its field.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext, gettext_lazy

from scorekeeper.engine.tiles import BONUS_BASE, tile_code

from . import tiles as tilefaces
from .models import SEATS, Hand
from .profiles import Profile

MELD_KINDS = {"chow": gettext_lazy("Chow"), "pung": gettext_lazy("Pung"), "kong": gettext_lazy("Kong"),
              "concealed_kong": gettext_lazy("Concealed kong")}
MELD_SIZES = {"chow": 3, "pung": 3, "kong": 4, "concealed_kong": 4}
TARGETS = ("hand", "winning", "meld", "bonus", "wild")
# What a form can hold: longer text is refused beside its field (wincheck). Beyond KEEP a
# field is not a person's typing; it is cut there, so a draft kept in the visitor's
# session stays small.
MAX_TILES_TEXT = 100
MAX_NOTE = 200
MAX_MELDS = 8  # a hand of 16 tiles has at most 5 melds; a few more to be told it is wrong
KEEP = 1000


@dataclass
class TileHand:
    """One player's tiles: the concealed part (as typed or tapped) and declared melds."""

    concealed: str = ""
    melds: list[str] = field(default_factory=list)  # "pung 777z"

    @property
    def codes(self) -> list[str]:
        return tilefaces.split(self.concealed)

    @property
    def readable(self) -> bool:
        return bool(self.codes) or not self.concealed.strip()

    def meld_pairs(self) -> list[tuple[str, str]]:
        out = []
        for text in self.melds:
            kind, _, tiles = text.partition(" ")
            out.append((kind, tiles))
        return out

    def needed(self, hand_size: int) -> int:
        return hand_size - 3 * len(self.melds)

    def is_empty(self) -> bool:
        return not self.concealed.strip() and not self.melds

    def as_fields(self) -> dict[str, Any]:
        fields: dict[str, Any] = {"concealed": self.concealed.replace(" ", "")}
        fields["melds"] = [{"kind": kind, "tiles": tiles} for kind, tiles in self.meld_pairs()]
        return fields

    @classmethod
    def from_fields(cls, fields: dict[str, Any] | None) -> TileHand:
        if not fields:
            return cls()
        melds = [f"{m['kind']} {m['tiles']}" for m in fields.get("melds", [])]
        return cls(fields.get("concealed", ""), melds)


@dataclass
class WinEntry:
    winner: str = ""
    how: str = ""  # "self" or the discarder's seat
    responsible: str = ""  # "" = the ruleset's default, "none", or a seat
    mode: str = "tiles"
    figure: str = ""
    figure_field: str = ""
    hand: TileHand = field(default_factory=TileHand)
    winning_tile: str = ""
    bonus: str = ""
    wild: str = ""
    events: list[str] = field(default_factory=list)
    loser_points: dict[int, str] = field(default_factory=dict)
    loser_hands: dict[int, TileHand] = field(default_factory=dict)
    note: str = ""
    token: str = ""
    revision: str = ""  # the session's revision the form was built from (services.SessionChanged)
    target: str = "hand"
    suit: str = "m"
    meld_kind: str = "pung"
    message: str = ""  # what the keypad could not do, shown beside it

    # -- reading ---------------------------------------------------------------
    @classmethod
    def from_post(cls, data: QueryDict) -> WinEntry:
        # NUL never comes from a keyboard, and PostgreSQL refuses it in text: it is dropped.
        text = lambda name: (data.get(name) or "").replace("\x00", "").strip()[:KEEP]  # noqa: E731
        melds = lambda name: [m.replace("\x00", "")[:KEEP] for m in data.getlist(name)[:MAX_MELDS + 1]]  # noqa: E731
        meld_kind, suit = text("meld_kind"), text("suit")
        entry = cls(
            winner=text("winner"), how=text("how"), responsible=text("responsible"),
            mode="figure" if text("mode") == "figure" else "tiles", figure=text("figure"),
            figure_field=text("figure_field"), hand=TileHand(text("concealed"), melds("meld")),
            winning_tile=text("winning_tile"), bonus=text("bonus"), wild=text("wild"),
            events=[e[:40] for e in data.getlist("event")[:20]], note=text("note"), token=text("token")[:64],
            revision=text("revision")[:64], target=text("target") or "hand",
            suit=suit if len(suit) == 1 and suit in "mpszf" else "m",
            meld_kind=meld_kind if meld_kind in MELD_KINDS else "pung",
        )
        if not _is_target(entry.target):
            entry.target = "hand"
        for seat in SEATS:
            entry.loser_points[seat] = text(f"loser_points_{seat}")
            entry.loser_hands[seat] = TileHand(text(f"loser_concealed_{seat}"), melds(f"loser_meld_{seat}"))
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
        return fields

    @classmethod
    def from_hand(cls, hand: Hand) -> WinEntry:
        entry = cls(
            winner=_seat_text(hand.winner), how="self" if hand.discarder is None else str(hand.discarder),
            responsible=_responsible_text(hand), mode="tiles" if hand.by_tiles else "figure",
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
        return entry

    # -- derived ---------------------------------------------------------------
    @property
    def winner_seat(self) -> int | None:
        return _seat(self.winner)

    @property
    def discarder_seat(self) -> int | None:
        return _seat(self.how)

    @property
    def self_drawn(self) -> bool:
        return self.how == "self"

    def responsible_seat(self, profile: Profile) -> int | None:
        """The seat the engine is told; zung-jung.md: the discarder unless the hand says otherwise."""
        if not profile.responsible or self.self_drawn:
            return None
        if self.responsible == "" and profile.responsible == "discarder":
            return self.discarder_seat
        return _seat(self.responsible)

    def losers(self) -> list[int]:
        return [s for s in SEATS if s != self.winner_seat]

    def figure_field_for(self, profile: Profile) -> str:
        names = [name for name, _ in profile.figure_fields]
        return self.figure_field if self.figure_field in names else names[0]

    def tiles_fields(self, profile: Profile) -> dict[str, Any]:
        """The tile part of the engine's score fields, as stored on the hand."""
        fields = self.hand.as_fields()
        fields["winning_tile"] = self.winning_tile.replace(" ", "")
        if profile.bonus and self.bonus:
            fields["bonus_tiles"] = self.bonus.replace(" ", "")
        if profile.wild_label and self.wild:
            fields["wild"] = self.wild.replace(" ", "")
        return fields

    @property
    def loser_target_seat(self) -> int | None:
        """The loser whose tiles the keypad is entering, if any."""
        if not self.target.startswith("loser-"):
            return None
        return _seat(self.target.removeprefix("loser-").removesuffix("-meld"))

    @property
    def meld_target(self) -> bool:
        return self.target == "meld" or self.target.endswith("-meld")

    def loser_fields(self, seat: int, profile: Profile) -> dict[str, Any]:
        """A loser's tiles as score fields; taizhou.md: the fortune indicator is the table's."""
        fields = self.loser_hands[seat].as_fields()
        if profile.wild_label and self.wild:
            fields["wild"] = self.wild.replace(" ", "")
        return fields

    def loser_uses_tiles(self, seat: int) -> bool:
        hand = self.loser_hands.get(seat)
        return bool(hand and not hand.is_empty())

    # -- the keypad --------------------------------------------------------------
    def apply_action(self, action: str, profile: Profile) -> None:
        verb, _, arg = action.partition(":")
        self.message = ""
        if verb == "add":
            self._add(arg, profile)
        elif verb == "remove":
            self._remove(arg)
        elif verb == "clear":
            self._clear(arg)
        elif verb == "target" and _is_target(arg) and not arg.endswith("-meld"):
            self.target = arg
            self.suit = _suit_for(arg, self.suit, profile)
        elif verb == "suit" and len(arg) == 1 and arg in "mpszf":
            self.suit = arg
        elif verb == "meldkind" and arg in MELD_KINDS:
            self.meld_kind = arg
            loser = self.loser_target_seat
            self.target = "meld" if loser is None else f"loser-{loser}-meld"
            self.suit = _suit_for("meld", self.suit, profile)
        elif verb == "mode" and arg in ("tiles", "figure"):
            self.mode = arg

    def _add(self, code: str, profile: Profile) -> None:
        if tilefaces.split(code) != [code]:  # only a real tile, as the keypad sends it
            return
        target = self.target
        if target == "hand":
            self._add_concealed(self.hand, code, profile.hand_size, allow_winning=True)
        elif target == "winning":
            self.winning_tile = code
            if len(self.hand.codes) < self.hand.needed(profile.hand_size):
                self.target = "hand"
        elif target == "meld":
            self._add_meld(self.hand, code)
        elif target == "bonus":
            codes = tilefaces.split(self.bonus)
            if code in codes:
                self.message = gettext("%(tile)s is already there: each bonus tile is shown once.") % {
                    "tile": tilefaces.face(code).label}
            else:
                self.bonus = tilefaces.join(codes + [code])
        elif target == "wild":
            self.wild = code
            self.target = "hand"
            self.suit = _suit_for("hand", self.suit, profile)
        elif target.startswith("loser-"):
            seat = _seat(target.removeprefix("loser-").removesuffix("-meld"))
            if seat is None:
                return
            loser = self.loser_hands.setdefault(seat, TileHand())
            if target.endswith("-meld"):
                self._add_meld(loser, code)
                self.target = f"loser-{seat}"
            else:
                self._add_concealed(loser, code, profile.hand_size, allow_winning=False)

    def _add_concealed(self, hand: TileHand, code: str, hand_size: int, *, allow_winning: bool) -> None:
        codes = hand.codes
        if not hand.readable:
            hand.concealed += code
            return
        if len(codes) >= hand.needed(hand_size):
            if allow_winning and not self.winning_tile:
                self.winning_tile = code
                return
            full = (gettext("The hand already has %(count)d tiles and a winning tile: tap a tile in it to take it out.")
                    if allow_winning else
                    gettext("The hand already has %(count)d tiles: tap a tile in it to take it out."))
            self.message = full % {"count": len(codes)}
            return
        hand.concealed = tilefaces.join(codes + [code])
        if allow_winning and len(codes) + 1 == hand.needed(hand_size) and not self.winning_tile:
            self.target = "winning"

    def _add_meld(self, hand: TileHand, code: str) -> None:
        number, suit = int(code[0]), code[1]
        kind = self.meld_kind
        if kind == "chow":
            if suit not in "mps":
                self.message = gettext("A chow is three in a row of one suit: pick a number tile.")
                return
            low = min(number, 7)
            tiles = f"{low}{low + 1}{low + 2}{suit}"
        else:
            tiles = f"{str(number) * MELD_SIZES[kind]}{suit}"
        hand.melds.append(f"{kind} {tiles}")
        self.target = "hand"

    def _remove(self, arg: str) -> None:
        where, _, what = arg.partition(":")
        if where == "hand":
            self.hand.concealed = _without(self.hand.concealed, what)
        elif where == "bonus":
            self.bonus = _without(self.bonus, what)
        elif where == "meld" and _index(what) < len(self.hand.melds):
            del self.hand.melds[int(what)]
        elif where.startswith("loser-"):
            seat = _seat(where.removeprefix("loser-").removesuffix("-meld"))
            hand = self.loser_hands.get(seat) if seat is not None else None
            if hand is None:
                return
            if where.endswith("-meld"):
                if _index(what) < len(hand.melds):
                    del hand.melds[int(what)]
            else:
                hand.concealed = _without(hand.concealed, what)

    def _clear(self, arg: str) -> None:
        if arg == "winning":
            self.winning_tile = ""
            self.target = "winning"
        elif arg == "wild":
            self.wild = ""
        elif arg == "tiles":
            self.hand, self.winning_tile, self.bonus, self.target = TileHand(), "", "", "hand"
        elif arg.startswith("loser-"):
            seat = _seat(arg.removeprefix("loser-"))
            if seat is not None:
                self.loser_hands[seat] = TileHand()


def _index(text: str) -> int:
    """A meld's index as the form sends it; a huge number for anything else (nothing is removed)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else 1 << 30


def _is_target(text: str) -> bool:
    if text in TARGETS:
        return True
    seat, _, rest = text.removeprefix("loser-").partition("-")
    return text.startswith("loser-") and _seat(seat) is not None and rest in ("", "meld")


def _seat(text: str) -> int | None:
    return int(text) if text in ("0", "1", "2", "3") else None


def _seat_text(seat: int | None) -> str:
    return "" if seat is None else str(seat)


def _responsible_text(hand: Hand) -> str:
    if hand.discarder is None:
        return ""
    if hand.responsible is None:
        return "none"
    return str(hand.responsible)


def _without(notation: str, code: str) -> str:
    codes = tilefaces.split(notation)
    if code in codes:
        codes.remove(code)
        return tilefaces.join(codes)
    return notation


def _suit_for(target: str, suit: str, profile: Profile) -> str:
    """The keypad opens on a suit the target can take."""
    allowed = keypad_suits(target, profile)
    return suit if suit in allowed else allowed[0]


def keypad_codes(target: str, profile: Profile) -> list[str]:
    """The tiles the keypad offers for what is being entered."""
    if target == "bonus":
        if profile.bonus == "winds_red":
            return ["1z", "2z", "3z", "4z", "7z"]
        return [tile_code(BONUS_BASE + i) for i in range(8)]
    kinds = sorted(k for k in profile.tile_set if k < BONUS_BASE)
    if profile.bonus == "winds_red":  # fujian.md: winds and red dragons are bonus tiles only
        kinds = [k for k in kinds if k < 27]
    return [tile_code(k) for k in kinds]


def keypad_suits(target: str, profile: Profile) -> list[str]:
    seen: list[str] = []
    for code in keypad_codes(target, profile):
        if code[1] not in seen:
            seen.append(code[1])
    return seen
