"""What a `taizhou` hand may hold and be won on (rules/taizhou.md): the refusals read before it is scored.

Decisions where the page is silent:
- Melds never hold the indicator's kind for anyone, loser or winner: those tiles
  are fortunes, and the source forbids fortunes in open sets and kongs.
- Events (rules review 2026-11-23, README.md `events`): each must fit the win
  (`kong_replacement` and `last_tile` a wall tile, `robbing_kong` and
  `last_discard` a discard; otherwise `bad_field`, checked in hand.py for every
  ruleset); they count nothing here, and the Fujian-only `three_golds` /
  `robbing_gold` are refused. A loser's hand takes no events at all (`bad_field`):
  events tell how the winner won.
"""
from __future__ import annotations

from ..errors import BAD_FIELD, BAD_MELD, BAD_TILE, NOT_WINNING, TOO_MANY_COPIES, EngineError
from ..hand import Hand
from ..tiles import STANDARD_SET, format_tiles, tile_code, tile_name
from .taizhou_wilds import calls_any_tile

FOREIGN_EVENTS = ("three_golds", "robbing_gold")


def fortune_indicator(hand: Hand, ruleset: str) -> int:
    """The face-up fortune indicator, the hand's `wild`: one of the 136 tiles."""
    if hand.wild is None:
        raise EngineError(BAD_FIELD, "the field 'wild' is missing: name the face-up fortune indicator tile")
    if hand.wild not in STANDARD_SET:
        raise EngineError(
            BAD_TILE,
            "{tile} cannot be the fortune indicator: {ruleset} plays without flowers",
            tile=tile_name(hand.wild), ruleset=ruleset,
        )
    return hand.wild


def check_indicator_copies(hand: Hand, indicator: int) -> None:
    held = sum(1 for t in hand.all_tiles() if t == indicator)
    if held > 3:
        code = tile_code(indicator)
        raise EngineError(
            TOO_MANY_COPIES,
            "{held} copies of {code} in the hand: one {code} is the face-up fortune indicator, so only 3 others "
            "are in play",
            held=held, code=code,
        )


def check_melds(hand: Hand) -> None:
    for index, meld in enumerate(hand.melds):
        if hand.wild in meld.tiles:
            raise EngineError(
                BAD_MELD,
                "meld {number} ({tiles}) holds {tile}, a fortune tile: fortunes never go into open sets or kongs",
                number=index + 1, tiles=format_tiles(meld.tiles), tile=tile_code(hand.wild),
            )


def check_events(hand: Hand, ruleset: str) -> None:
    # whether an event fits the win (and a loser's hand has none) is read in hand.py
    for event in FOREIGN_EVENTS:
        if event in hand.events:
            raise EngineError(
                BAD_FIELD,
                "the event {event!r} belongs to Fujian Gold Rush, not {ruleset}",
                event=event, ruleset=ruleset,
            )


def check_claim(hand: Hand, indicator: int) -> None:
    """The two discards a fortune hand may not win on (taizhou.md)."""
    if hand.winning_tile == indicator:
        raise EngineError(
            NOT_WINNING,
            "{tile} is a fortune tile: a discarded fortune cannot be won on",
            tile=tile_code(indicator),
        )
    if calls_any_tile(hand.concealed, indicator):
        raise EngineError(NOT_WINNING, "this hand called every tile (a fortune waiting for its eye), so it "
                                       "has always missed a win: it wins only on a wall tile")
