"""一炮多響 on the win form (taiwan.md, "Several winners on one discard"): the other winners on the one discarded
tile, as the form holds them (its fields `other_*_<k>`, k from 1) and as the check reads them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict

from ..hand_input import OtherWin
from .typed import TileHand, TypedTiles, seat_of

# 一炮多響 (taiwan.md, "Several winners on one discard"): at most three win on one tile, so two besides the first.
MAX_OTHER_WINS = 2


@dataclass
class OtherEntry:
    """Another player who won on the same discard, as the form holds them (its fields `other_*_<k>`, k from 1):
    their seat, and their figure (by chip or typed) or their tiles (tapped on the keypad while they are the
    winner being entered: the action `winner:<k>` swaps them in, WinEntry.swap_in)."""

    winner: str = ""
    mode: str = "figure"
    figure: str = ""
    hand: TileHand = field(default_factory=TileHand)
    winning_tile: str = ""
    bonus: str = ""
    confirmed: str = ""  # a figure past the ruleset's limit, confirmed as meant ("Yes, 100 fan is right")

    @property
    def winner_seat(self) -> int | None:
        return seat_of(self.winner)

    def has_tiles(self) -> bool:
        return not self.hand.is_empty() or bool(self.winning_tile)


@dataclass(frozen=True)
class OtherEntered:
    """Another winner as the check reads it: the seat chosen, a figure typed, the tiles typed."""

    number: int  # 2 or 3: the winner's place, as a player counts them
    winner: int | None
    by_figure: bool
    figure_typed: str
    figure: int | None
    figure_confirmed: bool  # ... past the limit, confirmed as meant
    tiles: TypedTiles
    winning_tile: str
    tiles_needed: int
    tiles_have: int


def others_from_post(data: QueryDict, text: Any, melds: Any) -> list[OtherEntry]:
    """The other winners' slots open on the form (`other_<k>`), in order; "Another player won on this tile too"
    (`another`) opens one more, a slot's remove button (`drop_other`) closes it, a slot's chip chooses its
    figure (`other_chip_<k>`)."""
    others = []
    dropped = text("drop_other")
    for number in range(1, MAX_OTHER_WINS + 1):
        if not text(f"other_{number}") or dropped == str(number):
            continue
        chip, typed_now = text(f"other_chip_{number}"), text(f"other_figure_typed_{number}")
        typed = typed_now or text(f"other_figure_{number}")
        # a chip or a figure typed just now is a win by figure, even for a winner whose tiles were tapped
        mode = "figure" if chip or typed_now or text(f"other_mode_{number}") != "tiles" else "tiles"
        others.append(OtherEntry(
            winner=text(f"other_winner_{number}"), mode=mode, figure=chip or typed,
            hand=TileHand(text(f"other_concealed_{number}"), melds(f"other_meld_{number}")),
            winning_tile=text(f"other_winning_{number}"), bonus=text(f"other_bonus_{number}"),
            confirmed=text(f"confirm_other_{number}") or text(f"other_confirmed_{number}")))
    if text("another") and len(others) < MAX_OTHER_WINS:
        others.append(OtherEntry())
    return others


def other_from_input(win: OtherWin) -> OtherEntry:
    if win.tiles is None:
        return OtherEntry(str(win.winner), "figure", "" if win.figure is None else str(win.figure))
    return OtherEntry(str(win.winner), "tiles", "", TileHand.from_fields(win.tiles),
                      win.tiles.get("winning_tile", ""), win.tiles.get("bonus_tiles", ""))
