"""What a form's text reads as: a seat chosen, a whole number typed, one player's tiles as typed or tapped (the
win form's, entry.win_fields; the other winners' on one discard, entry.other_wins)."""
from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.engine import Fields

from ..display import tiles as tilefaces
from .forms import MAX_FIGURE


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

    def typed(self) -> TypedTiles:
        return TypedTiles(self.concealed, tuple(self.melds))

    def as_fields(self) -> Fields:
        fields: Fields = {"concealed": self.concealed.replace(" ", "")}
        fields["melds"] = [{"kind": kind, "tiles": tiles} for kind, tiles in self.meld_pairs()]
        return fields

    @classmethod
    def from_fields(cls, fields: Fields | None) -> TileHand:
        if not fields:
            return cls()
        melds = [f"{m['kind']} {m['tiles']}" for m in fields.get("melds", [])]
        return cls(fields.get("concealed", ""), melds)


@dataclass(frozen=True)
class TypedTiles:
    """One player's tiles as typed (the concealed text, each meld as "kind tiles"): what the check measures."""

    concealed: str = ""
    melds: tuple[str, ...] = ()

    def meld_pairs(self) -> list[tuple[str, str]]:
        return [(kind, tiles) for kind, _, tiles in (text.partition(" ") for text in self.melds)]


def seat_of(text: str) -> int | None:
    return int(text) if text in ("0", "1", "2", "3") else None


def is_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def whole_number(text: str) -> int | None:
    """A figure or points typed, read as a whole number up to MAX_FIGURE; None for anything else."""
    text = (text or "").strip()
    if not is_digits(text) or len(text) > 9:
        return None
    value = int(text)
    return value if value <= MAX_FIGURE else None
