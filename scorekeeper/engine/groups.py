"""Groups (sets and pairs) and arrangements: the vocabulary of a decomposed hand."""
from __future__ import annotations

from dataclasses import dataclass, field

from .tiles import format_tiles, tile_code

CHOW, PUNG, KONG, PAIR = "chow", "pung", "kong", "pair"
# Sets made only of wild tiles stand for any set (or pair); a ruleset that cares
# what they are picks with `concretize`, the rest never need to.
FREE_SET, FREE_PAIR = "free_set", "free_pair"
# One real tile with two wilds is a pung of it or any chow through it: the search
# returns it once as FLEX (written as the pung) and a ruleset that cares expands it.
FLEX = "flex"

STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, SEVEN_PAIRS_PUNG = (
    "standard", "seven_pairs", "thirteen_orphans", "seven_pairs_pung",
)


@dataclass(frozen=True, slots=True)
class Group:
    """One set or pair. `wild` marks, position by position, the tiles that are wilds."""

    kind: str
    tiles: tuple[int, ...]
    wild: tuple[bool, ...] = ()
    open: bool = False  # claimed from a discard (an exposed meld), or completed by one
    declared: bool = False  # a declared meld (exposed set or concealed kong)

    @property
    def first(self) -> int:
        return self.tiles[0]

    @property
    def is_set(self) -> bool:
        return self.kind in (CHOW, PUNG, KONG, FREE_SET, FLEX)

    @property
    def is_pung_like(self) -> bool:
        return self.kind in (PUNG, KONG)

    @property
    def wild_count(self) -> int:
        return sum(self.wild)

    def real_tiles(self) -> tuple[int, ...]:
        if not self.wild:
            return self.tiles
        return tuple(t for t, w in zip(self.tiles, self.wild) if not w)

    def notation(self) -> str:
        """'123m', or with wilds each tile written out and a wild marked: '4p5p*6p'."""
        if self.kind == FREE_SET:
            return "***"
        if self.kind == FREE_PAIR:
            return "**"
        if not any(self.wild):
            return format_tiles(self.tiles, sort=False)
        return "".join(tile_code(t) + ("*" if w else "") for t, w in zip(self.tiles, self.wild))


def make_group(kind: str, tiles: tuple[int, ...], wild: tuple[bool, ...] | None = None, **flags: bool) -> Group:
    return Group(kind, tiles, wild if wild and any(wild) else (), **flags)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A complete hand split into groups; `winning` indexes the group the winning tile completed."""

    form: str
    groups: tuple[Group, ...]
    winning: int | None = None
    substitutions: tuple[tuple[int, int], ...] = field(default=())  # (face kind, stands for)

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind in (PAIR, FREE_PAIR))

    @property
    def winning_group(self) -> Group | None:
        return None if self.winning is None else self.groups[self.winning]

    def notation(self) -> list[str]:
        return [g.notation() for g in self.groups]
