"""One line of quick entry as read (entry/quick_entry.py reads the text; entry/quick_spots.py its on-the-spot
lines): the hand fields the services store, or what is wrong with it, and the seat numbers every line writes."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ..hand_input import HandInput, OtherWin
from ..models import SEATS

# Read through gettext when a message is made, so it is in the reader's language.
SEAT_WORDS = gettext_noop("seats are 1 to 4 (1 East, 2 South, 3 West, 4 North, as the session lists its players)")
NUMBER = re.compile(r"\d+")


@dataclass
class ParsedLine:
    """One line of quick entry: the hand fields the services store, or what is wrong with it."""

    number: int  # the line's number in the text, blank and comment lines counted
    text: str
    kind: str = ""  # win, draw or spot; "" when the line is in error
    error: str = ""
    winner: int | None = None  # seats 0-3, as stored
    discarder: int | None = None
    responsible: int | None = None
    figure: int | None = None
    figure_field: str = ""
    loser_points: list[int | None] | None = None
    spot_kind: str = ""
    spot_player: int | None = None
    spot_count: int | None = None
    spot_to: int | None = None
    other_wins: list[tuple[int, int]] = field(default_factory=list)  # several winners: (seat, figure) each

    @property
    def ok(self) -> bool:
        return not self.error

    def hand(self) -> HandInput:
        """The line as a hand entered, exactly as the win, draw and spot forms would enter it."""
        return HandInput(self.kind, winner=self.winner, discarder=self.discarder, responsible=self.responsible,
                         figure=self.figure, figure_field=self.figure_field,
                         loser_points=None if self.loser_points is None else tuple(self.loser_points),
                         spot_kind=self.spot_kind, spot_player=self.spot_player, spot_count=self.spot_count,
                         spot_to=self.spot_to,
                         other_wins=tuple(OtherWin(seat, figure=figure, figure_field=self.figure_field)
                                          for seat, figure in self.other_wins))


class LineError(ValueError):
    pass


def seat_number(text: str, what: str, example: str) -> int:
    """'3' -> seat index 2."""
    if not NUMBER.fullmatch(text):
        raise LineError(_("%(what)s needs a seat number, like %(example)s: %(seats)s")
                        % {"what": what, "example": example, "seats": _(SEAT_WORDS)})
    seat = int(text)
    if not 1 <= seat <= len(SEATS):
        raise LineError(_("seat %(seat)s does not exist: %(seats)s") % {"seat": seat, "seats": _(SEAT_WORDS)})
    return seat - 1
