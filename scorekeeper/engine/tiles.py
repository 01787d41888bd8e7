"""Tiles and the MPSZ notation (rules/README.md).

A tile kind is a small integer so that hands can be held as count vectors:
0-8 characters (m), 9-17 dots (p), 18-26 bamboo (s), 27-33 honours (z: E S W N
White Green Red), 34-41 bonus tiles (f: four flowers, then four seasons).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import EngineError

SUITS = "mpsz"
SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo", "z": "honours", "f": "bonus tiles"}
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
BONUS_NAMES = ("Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter")

KINDS = 34  # playing tile kinds; bonus tiles sit above them
BONUS_BASE = 34
ALL_KINDS = 42
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
WIND_LETTERS = "ESWN"

_GROUP = re.compile(r"(\d+)([mpszf])")


def suit_of(kind: int) -> str:
    if kind >= BONUS_BASE:
        return "f"
    return SUITS[kind // 9]


def number_of(kind: int) -> int:
    if kind >= BONUS_BASE:
        return kind - BONUS_BASE + 1
    return kind % 9 + 1


def is_honor(kind: int) -> bool:
    return 27 <= kind < 34


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_major(kind: int) -> bool:
    """Terminal or honour: the 'major' tiles of several rulebooks."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: int) -> bool:
    return kind < 27 and kind % 9 not in (0, 8)


def is_bonus(kind: int) -> bool:
    return kind >= BONUS_BASE


def wind_kind(letter: str) -> int:
    return EAST + WIND_LETTERS.index(letter)


def tile_name(kind: int) -> str:
    """A tile in a player's words, e.g. 'three of dots (3p)'."""
    code = tile_code(kind)
    if kind >= BONUS_BASE:
        return f"{BONUS_NAMES[kind - BONUS_BASE]} ({code})"
    if kind >= 27:
        return f"{HONOR_NAMES[kind - 27]} ({code})"
    return f"{number_of(kind)} of {SUIT_NAMES[suit_of(kind)]} ({code})"


def tile_code(kind: int) -> str:
    return f"{number_of(kind)}{suit_of(kind)}"


def parse_kind(code: str) -> int:
    """One tile such as '5p' or '7z'."""
    kinds = parse_tiles(code)
    if len(kinds) != 1:
        raise EngineError(
            "bad_tile",
            "{code!r} is not a single tile",
            code=code,
        )
    return kinds[0]


def parse_tiles(text: str) -> list[int]:
    """Parse MPSZ notation ('123m456p11z') into tile kinds, in written order."""
    if not isinstance(text, str):
        raise EngineError(
            "bad_tile",
            "tiles must be written as text like '123m', not {text!r}",
            text=text,
        )
    compact = text.replace(" ", "")
    kinds: list[int] = []
    position = 0
    for match in _GROUP.finditer(compact):
        if match.start() != position:
            raise _unreadable(text, compact[position:match.start()])
        digits, suit = match.groups()
        for digit in digits:
            kinds.append(_kind_from(int(digit), suit, text))
        position = match.end()
    if position != len(compact):
        raise _unreadable(text, compact[position:])
    return kinds


def _unreadable(text: str, part: str) -> EngineError:
    return EngineError(
        "bad_tile",
        "cannot read {part!r} in {text!r}: write digits followed by a suit letter m, p, s, z or f",
        part=part, text=text,
    )


def _kind_from(number: int, suit: str, text: str) -> int:
    if suit == "z":
        if not 1 <= number <= 7:
            raise EngineError(
                "bad_tile",
                "{number}z in {text!r} is not a tile: honours run 1z to 7z",
                number=number, text=text,
            )
        return 27 + number - 1
    if suit == "f":
        if not 1 <= number <= 8:
            raise EngineError(
                "bad_tile",
                "{number}f in {text!r} is not a tile: bonus tiles run 1f to 8f",
                number=number, text=text,
            )
        return BONUS_BASE + number - 1
    if number == 0:
        raise EngineError(
            "bad_tile",
            "0{suit} in {text!r} is not a tile: suits run 1 to 9",
            suit=suit, text=text,
        )
    return SUITS.index(suit) * 9 + number - 1


def format_tiles(kinds: Iterable[int], *, sort: bool = True) -> str:
    """Write kinds in MPSZ notation, digits of one suit sharing a letter."""
    ordered = sorted(kinds) if sort else list(kinds)
    out: list[str] = []
    run: list[str] = []
    run_suit = ""
    for kind in ordered:
        suit = suit_of(kind)
        if run and suit != run_suit:
            out.append("".join(run) + run_suit)
            run = []
        run_suit = suit
        run.append(str(number_of(kind)))
    if run:
        out.append("".join(run) + run_suit)
    return "".join(out)


def counts_of(kinds: Iterable[int]) -> list[int]:
    counts = [0] * ALL_KINDS
    for kind in kinds:
        counts[kind] += 1
    return counts


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile kind as a value: ``Tile.from_str("5p").code == "5p"``."""

    kind: int

    @classmethod
    def from_str(cls, code: str) -> Tile:
        return cls(parse_kind(code))

    @property
    def code(self) -> str:
        return tile_code(self.kind)

    @property
    def suit(self) -> str:
        return suit_of(self.kind)

    @property
    def number(self) -> int:
        return number_of(self.kind)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile.from_str({self.code!r})"


STANDARD_SET: frozenset[int] = frozenset(range(KINDS))
WITH_BONUS_SET: frozenset[int] = frozenset(range(ALL_KINDS))
