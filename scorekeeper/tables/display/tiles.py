"""Tiles as the screens draw them: a big face, a small suit mark, and words for screen readers."""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import format_tiles, parse_tiles
from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.tiles import tile_code

SUIT_MARKS = {"m": "萬", "p": "筒", "s": "索"}
SUIT_WORDS = {"m": _("characters"), "p": _("dots"), "s": _("bamboo")}
# An honour's face is its character as printed on the tile; its mark, the small word under it, is the tile's
# name in the reader's language (East, Green; 東, 發 in 繁, 东, 发 in 简), never a code like E or Gr.
HONOURS = {
    1: ("東", pgettext_lazy("honour tile", "East"), _("East wind")),
    2: ("南", pgettext_lazy("honour tile", "South"), _("South wind")),
    3: ("西", pgettext_lazy("honour tile", "West"), _("West wind")),
    4: ("北", pgettext_lazy("honour tile", "North"), _("North wind")),
    5: ("白", pgettext_lazy("honour tile", "White"), _("White dragon")),
    6: ("發", pgettext_lazy("honour tile", "Green"), _("Green dragon")),
    7: ("中", pgettext_lazy("honour tile", "Red"), _("Red dragon")),
}
BONUS = {
    1: ("梅", "1", _("Plum, flower 1")), 2: ("蘭", "2", _("Orchid, flower 2")),
    3: ("菊", "3", _("Chrysanthemum, flower 3")), 4: ("竹", "4", _("Bamboo, flower 4")),
    5: ("春", "1", _("Spring, season 1")), 6: ("夏", "2", _("Summer, season 2")),
    7: ("秋", "3", _("Autumn, season 3")), 8: ("冬", "4", _("Winter, season 4")),
}
SUIT_TABS = (("m", "萬", _("Characters")), ("p", "筒", _("Dots")), ("s", "索", _("Bamboo")),
             ("z", "字", _("Honours")), ("f", "花", _("Flowers")))


@dataclass(frozen=True)
class TileFace:
    code: str  # MPSZ, e.g. "5p"; a wild standing in is "5p*"
    face: str
    mark: str
    label: str
    suit: str
    wild: bool = False

    @property
    def plain(self) -> str:
        """The MPSZ code without the wild mark."""
        return self.code.rstrip("*")

    @property
    def css(self) -> str:
        extra = f" tile-{self.code[:2]}" if self.suit == "z" else ""
        return f"tile tile-{self.suit}{extra}{' tile-wild' if self.wild else ''}"


def face(code: str) -> TileFace:
    wild = code.endswith("*")
    code = code.rstrip("*")
    number, suit = int(code[0]), code[1]
    words: object
    mark: object
    if suit == "z":
        glyph, mark, words = HONOURS[number]
    elif suit == "f":
        glyph, mark, words = BONUS[number]
    else:
        glyph, mark, words = str(number), SUIT_MARKS[suit], SUIT_WORDS[suit]
        words = gettext("%(number)d %(suit)s") % {"number": number, "suit": words}
    label = str(words)
    if wild:
        label = gettext("%(tile)s (wild)") % {"tile": label}
    return TileFace(code + ("*" if wild else ""), glyph, str(mark), label, suit, wild)


def split(notation: str) -> list[str]:
    """'123m5z' -> ['1m', '2m', '3m', '5z'], in written order; [] for unreadable text."""
    try:
        return [tile_code(kind) for kind in parse_tiles(notation or "")]
    except EngineError:
        return []


def faces(notation: str) -> list[TileFace]:
    return [face(code) for code in split(notation)]


def set_faces(text: str) -> list[TileFace]:
    """One scored set as the engine writes it ('5p*5p5p', '123m'), wild marks kept."""
    if text and set(text) == {"*"}:  # a set of wilds standing for any set
        return [TileFace("*", "★", "", gettext("wild tile"), "w", True) for _star in text]
    out: list[TileFace] = []
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        elif char == "*" and out:
            out[-1] = face(out[-1].code + "*")
        elif char in "mpszf":
            for digit in digits:
                out.append(face(f"{digit}{char}"))
            digits = ""
    return out


def join(codes: list[str]) -> str:
    """Codes back to compact notation, sorted, as the engine writes tiles: ['3p', '1m', '2p'] -> '1m23p'."""
    return format_tiles(parse_tiles("".join(codes)))
