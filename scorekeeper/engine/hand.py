"""A hand as the contract's `score` fields, read and checked (rules/README.md).

Reading turns the JSON object into a `Hand` of tile kinds; every problem is an
`EngineError` whose message names the offending part in a player's words.
Decisions where the contract is silent:
- `seat_wind` and `round_wind` default to East; `win` must be given for a winner.
- Unknown top-level fields are refused (`bad_field`): a mistyped field name would
  otherwise be silently ignored and the hand scored wrong.
- An event must fit how the hand was won (README.md, `events`), checked here once for
  every ruleset: a wall-tile event with a discard, or a claimed-tile event with a
  self-draw, is `bad_field`, never scored. So are `heavenly` on a discard and
  `earthly` on a self-draw, and either with any meld, a concealed kong included
  (ruling 2026-11-25; Zung Jung 9.4.1): both are won on the tiles as dealt.
- These checks come before the tile checks (copies, count): a hand whose events cannot
  be is refused for that, whatever else is wrong with its tiles.
- Whether the winner is the dealer (heavenly) or not (earthly) is not checked here:
  the README does not ask it of every ruleset, and a page that does checks it itself.
- A loser's hand (`role: "loser"`, taizhou) takes no events: events say how the
  winner won, and a loser's hand has no win to fit them to (`bad_field`, as its
  `winning_tile` is).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BAD_FIELD, BAD_MELD, BAD_TILE, TOO_MANY_COPIES, WRONG_TILE_COUNT, EngineError
from .groups import CHOW, KONG, PUNG, Group
from .tiles import BONUS_BASE, WIND_LETTERS, format_tiles, is_honor, parse_kind, parse_tiles, tile_code, wind_kind

MELD_KINDS = ("chow", "pung", "kong", "concealed_kong")
EVENTS = frozenset({
    "last_tile", "last_discard", "kong_replacement", "robbing_kong", "heavenly", "earthly", "human",
    "ready_first_turn", "three_golds", "robbing_gold",
})
FIELDS = frozenset({
    "ruleset", "concealed", "winning_tile", "melds", "win", "seat_wind", "round_wind", "bonus_tiles",
    "wild", "events", "dealer", "dealer_streak", "role", "options",
})
WINS = ("self_draw", "discard")
# README.md, `events`: the win each event needs, and the event in a player's words
EVENT_WINS = {
    "last_tile": ("self_draw", "won on the last wall tile"),
    "kong_replacement": ("self_draw", "won on a kong's replacement tile"),
    "three_golds": ("self_draw", "won on drawing the third gold"),
    "robbing_gold": ("self_draw", "won on the gold turned up at the start"),
    "last_discard": ("discard", "won on the last discard"),
    "robbing_kong": ("discard", "won on the tile added to a kong"),
    "heavenly": ("self_draw", "won on the dealer's dealt tiles"),
    "earthly": ("discard", "won on the dealer's first discard"),
}
# README.md, `events` (ruling 2026-11-25; Zung Jung 9.4.1): won on the tiles as dealt, so before any
# meld, a concealed kong included
UNMELDED_EVENTS = frozenset({"heavenly", "earthly"})


@dataclass(frozen=True, slots=True)
class Meld:
    kind: str  # one of MELD_KINDS
    tiles: tuple[int, ...]
    added: bool = False

    @property
    def is_concealed(self) -> bool:
        return self.kind == "concealed_kong"

    def as_group(self) -> Group:
        kind = {"chow": CHOW, "pung": PUNG}.get(self.kind, KONG)
        return Group(kind, self.tiles, (), open=not self.is_concealed, declared=True)


@dataclass(frozen=True)
class Hand:
    ruleset: str
    concealed: tuple[int, ...]
    winning_tile: int | None
    melds: tuple[Meld, ...] = ()
    win: str = "discard"
    seat_wind: int = 27
    round_wind: int = 27
    bonus_tiles: tuple[int, ...] = ()
    wild: int | None = None
    events: frozenset[str] = frozenset()
    dealer: bool = False
    dealer_streak: int = 0
    role: str = "winner"
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def self_drawn(self) -> bool:
        return self.win == "self_draw"

    @property
    def is_loser(self) -> bool:
        return self.role == "loser"

    @property
    def full_concealed(self) -> tuple[int, ...]:
        """The concealed tiles with the winning tile among them."""
        if self.winning_tile is None:
            return self.concealed
        return self.concealed + (self.winning_tile,)

    @property
    def has_exposed_melds(self) -> bool:
        return any(not m.is_concealed for m in self.melds)

    def all_tiles(self) -> list[int]:
        """Every playing tile: concealed, winning and melds (bonus tiles apart)."""
        out = list(self.full_concealed)
        for meld in self.melds:
            out.extend(meld.tiles)
        return out


def read_hand(data: Any) -> Hand:
    """Read and check the contract's fields; the ruleset checks tile set, copies, count and wilds."""
    if not isinstance(data, Mapping):
        raise EngineError(BAD_FIELD, "a hand must be a JSON object of fields")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise EngineError(
            BAD_FIELD,
            "unknown field {unknown!r}: the fields are {choices}",
            unknown=unknown[0], choices=', '.join(sorted(FIELDS)),
        )
    role = _choice(data, "role", ("winner", "loser"), "winner")
    concealed = tuple(parse_tiles(_text(data, "concealed", required=True) or ""))
    winning = _winning_tile(data, role)
    melds = tuple(_meld(m, i) for i, m in enumerate(_list(data, "melds")))
    hand = Hand(
        ruleset=str(data.get("ruleset")),
        concealed=concealed,
        winning_tile=winning,
        melds=melds,
        win=_choice(data, "win", WINS, None if role == "winner" else "discard"),
        seat_wind=wind_kind(_choice(data, "seat_wind", tuple(WIND_LETTERS), "E")),
        round_wind=wind_kind(_choice(data, "round_wind", tuple(WIND_LETTERS), "E")),
        bonus_tiles=tuple(parse_tiles(_text(data, "bonus_tiles") or "")),
        wild=_wild(data),
        events=_events(data),
        dealer=_bool(data, "dealer"),
        dealer_streak=_count(data, "dealer_streak"),
        role=role,
        options=_options(data),
    )
    check_events_fit(hand)
    return hand


def check_events_fit(hand: Hand) -> None:
    """Each event names how the hand was won: it must agree with `win`, and a hand won on the
    tiles as dealt has no meld (README.md, `events`)."""
    if hand.is_loser:
        if hand.events:
            raise EngineError(
                BAD_FIELD,
                "a loser's hand has no events ({choices}): events say how the winner won, so give them on the "
                "winner's hand",
                choices=', '.join(sorted(hand.events)),
            )
        return
    for event in sorted(hand.events & EVENT_WINS.keys()):
        needed, meaning = EVENT_WINS[event]
        if needed != hand.win:
            raise EngineError(
                BAD_FIELD,
                "{event} ({meaning}) needs win {needed}: the hand says {win}",
                event=event, meaning=meaning, needed=needed, win=hand.win,
            )
        if event in UNMELDED_EVENTS and hand.melds:
            meld = hand.melds[0]
            facts = {"event": event, "meaning": meaning, "tiles": format_tiles(meld.tiles)}
            if meld.is_concealed:
                raise EngineError(BAD_FIELD, "{event} ({meaning}) is won before any meld is made, a concealed kong "
                                             "included: this hand has a concealed kong {tiles}", **facts)
            raise EngineError(BAD_FIELD, "{event} ({meaning}) is won before any meld is made, a concealed kong "
                                         "included: this hand has an exposed {kind} {tiles}", kind=meld.kind, **facts)


def check_tile_count(hand: Hand, hand_size: int) -> None:
    before_win = len(hand.concealed) + 3 * len(hand.melds)
    if before_win == hand_size:
        return
    facts = {"count": before_win, "in_hand": len(hand.concealed), "needed": hand_size}
    if not hand.melds:
        raise EngineError(WRONG_TILE_COUNT, "the hand has {count} tiles before the win ({in_hand} in hand, a kong "
                                            "counting as 3): it must have {needed}", **facts)
    if len(hand.melds) == 1:
        raise EngineError(WRONG_TILE_COUNT, "the hand has {count} tiles before the win ({in_hand} in hand + 1 meld, "
                                            "a kong counting as 3): it must have {needed}", **facts)
    raise EngineError(WRONG_TILE_COUNT, "the hand has {count} tiles before the win ({in_hand} in hand + {melds} "
                                        "melds, a kong counting as 3): it must have {needed}",
                      melds=len(hand.melds), **facts)


def check_copies(hand: Hand) -> None:
    """No more than 4 of a tile, counting melds, winning tile and bonus tiles; one of each flower."""
    counts = Counter(hand.all_tiles())
    counts.update(hand.bonus_tiles)
    for kind, n in sorted(counts.items()):
        limit = 1 if kind >= BONUS_BASE else 4
        if n > limit:
            if limit == 1:
                raise EngineError(TOO_MANY_COPIES, "{count} copies of {tile}: there is only one of each flower and "
                                                   "season", count=n, tile=tile_code(kind))
            raise EngineError(TOO_MANY_COPIES, "{count} copies of {tile}: there are only 4 of each tile",
                              count=n, tile=tile_code(kind))


def check_flowers_apart(hand: Hand) -> None:
    """Flowers and seasons only in `bonus_tiles`, and nothing else there (a ruleset playing them
    as bonus tiles asks it)."""
    for kind in hand.all_tiles():
        if kind >= BONUS_BASE:
            raise EngineError(
                BAD_TILE,
                "{tile} is a flower or season: put it in 'bonus_tiles'",
                tile=tile_code(kind),
            )
    for kind in hand.bonus_tiles:
        if kind < BONUS_BASE:
            raise EngineError(
                BAD_FIELD,
                "'bonus_tiles' holds flowers and seasons (1f-8f), not {tile}",
                tile=tile_code(kind),
            )


def _text(data: Mapping[str, Any], name: str, *, required: bool = False) -> str | None:
    value = data.get(name)
    if value is None:
        if required:
            raise EngineError(
                BAD_FIELD,
                "the field {name!r} is missing: give the tiles as text like '123m'",
                name=name,
            )
        return None
    if not isinstance(value, str):
        raise EngineError(
            BAD_FIELD,
            "{name!r} must be tiles written as text like '123m', not {value!r}",
            name=name, value=value,
        )
    return value


def _winning_tile(data: Mapping[str, Any], role: str) -> int | None:
    text = _text(data, "winning_tile")
    if role == "loser":
        if text:
            raise EngineError(BAD_FIELD, "a loser's hand has no winning tile: leave 'winning_tile' out")
        return None
    if not text:
        raise EngineError(BAD_FIELD, "the field 'winning_tile' is missing: name the tile the hand won on")
    return parse_kind(text)


def _choice(data: Mapping[str, Any], name: str, allowed: tuple[str, ...], default: str | None) -> str:
    value = data.get(name)
    if value is None:
        if default is None:
            raise EngineError(
                BAD_FIELD,
                "the field {name!r} is missing: it is one of {choices}",
                name=name, choices=', '.join(allowed),
            )
        return default
    if value not in allowed:
        raise EngineError(
            BAD_FIELD,
            "{name!r} is {value!r}: it must be one of {choices}",
            name=name, value=value, choices=', '.join(allowed),
        )
    return str(value)


def _list(data: Mapping[str, Any], name: str) -> list[Any]:
    value = data.get(name)
    if value is None:
        return []
    if not isinstance(value, list):
        raise EngineError(
            BAD_FIELD,
            "{name!r} must be a list",
            name=name,
        )
    return value


def _meld(raw: Any, index: int) -> Meld:
    number = index + 1
    if not isinstance(raw, Mapping) or "tiles" not in raw or "kind" not in raw:
        raise EngineError(
            BAD_MELD,
            "meld {number} must be an object with 'kind' and 'tiles'",
            number=number,
        )
    kind = raw["kind"]
    if kind not in MELD_KINDS:
        raise EngineError(
            BAD_MELD,
            "meld {number} is a {kind!r}: a meld is one of {choices}",
            number=number, kind=kind, choices=', '.join(MELD_KINDS),
        )
    if not isinstance(raw["tiles"], str):
        raise EngineError(
            BAD_MELD,
            "meld {number}: write its tiles as text like '555p'",
            number=number,
        )
    tiles = tuple(sorted(parse_tiles(raw["tiles"])))
    added = raw.get("added", False)
    if not isinstance(added, bool) or (added and kind != "kong"):
        raise EngineError(
            BAD_MELD,
            "meld {number}: 'added' is true or false, and only for an exposed kong",
            number=number,
        )
    _check_meld_shape(kind, tiles, number, raw["tiles"])
    return Meld(kind, tiles, added)


def _check_meld_shape(kind: str, tiles: tuple[int, ...], number: int, text: str) -> None:
    size = 3 if kind in ("chow", "pung") else 4
    if len(tiles) != size:
        raise EngineError(
            BAD_MELD,
            "meld {number} ({text}): a {kind} has {size} tiles, not {count}",
            number=number, text=text, kind=kind.replace("_", " "), size=size, count=len(tiles),
        )
    if any(t >= BONUS_BASE for t in tiles):
        raise EngineError(
            BAD_MELD,
            "meld {number} ({text}): flowers and seasons are never in a meld",
            number=number, text=text,
        )
    if kind == "chow":
        a, b, c = tiles
        if is_honor(a) or not (b == a + 1 and c == a + 2 and a // 9 == c // 9):
            raise EngineError(
                BAD_MELD,
                "meld {number} ({text}): a chow is three tiles in a row of one suit",
                number=number, text=text,
            )
    elif len(set(tiles)) != 1:
        raise EngineError(
            BAD_MELD,
            "meld {number} ({text}): a {kind} is {size} identical tiles",
            number=number, text=text, kind=kind.replace("_", " "), size=size,
        )


def _wild(data: Mapping[str, Any]) -> int | None:
    text = _text(data, "wild")
    return parse_kind(text) if text else None


def _events(data: Mapping[str, Any]) -> frozenset[str]:
    events = _list(data, "events")
    for event in events:
        if event not in EVENTS:
            raise EngineError(
                BAD_FIELD,
                "unknown event {event!r}: events are {choices}",
                event=event, choices=', '.join(sorted(EVENTS)),
            )
    return frozenset(events)


def _bool(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise EngineError(
            BAD_FIELD,
            "{name!r} must be true or false, not {value!r}",
            name=name, value=value,
        )
    return value


def _count(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name, 0)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise EngineError(
            BAD_FIELD,
            "{name!r} must be a whole number 0 or more, not {value!r}",
            name=name, value=value,
        )
    return value


def is_allowed(value: Any, allowed: Sequence[Any]) -> bool:
    """One of an option's allowed values, of the same JSON type: Python counts True as 1 and
    False as 0, so `"chicken": true` would otherwise pass as 1 (zung-jung.md: 1, 0 or "no")."""
    return any(type(value) is type(a) and value == a for a in allowed)


def _options(data: Mapping[str, Any]) -> dict[str, Any]:
    value = data.get("options") or {}
    if not isinstance(value, Mapping):
        raise EngineError(BAD_FIELD, "'options' must be an object of house options")
    return dict(value)
