"""Reading the hands of a `settle` session (rules/README.md, "`settle`") into typed entries.

A hand is a `Win`, a `Draw`, (taiwan) a `Spot`, in every ruleset a `SeatChange`
(ruling 2026-11-25: the person in a seat leaves and another sits in), or, where the table's
house option `several_winners` is on (taiwan), `Wins`: several wins on one discard (一炮多響,
ruling 2026-11-28). What a ruleset accepts on a win (its figure's name, `responsible`,
`loser_points`) comes from its `HandRules`. The session around them is session.py's.

Decisions where the pages are silent:
- Unknown fields of a hand are refused (`bad_field`), as the session's are.
- An absent `discarder` is a null one (a self-draw). A win given as a `hand` may leave
  its `win` out (it follows from `discarder`); when it says `win`, the two must agree.
- Figures (`fan`, `pattern_fan`, `points`, `loser_points`) are whole numbers >= 0.
- A seat change is `{"seat_change": i}` and nothing else: who sits in is the app's to
  keep (a name, or any other field, is `bad_field`). An entry with `seat_change`
  beside another kind's field (`draw`, `spot`, `winner`) is read as a seat change,
  and refused for that field.
- Several wins on one discard name the `discarder` once, beside `winners`: a winner naming
  its own (even the same seat) is refused, so an entry never says two things about one tile.
  An entry with both `winner` and `winners` is read as several wins, and refused for `winner`.
  Each element is otherwise read as a win of the ruleset (its figure or its `hand`).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple, Protocol

from .errors import BAD_FIELD, EngineError
from .session import SEATS, read_seat, refuse_unknown

WIN_CORE = frozenset({"winner", "discarder", "hand"})
SPOT_FIELDS = frozenset({"spot", "player", "count", "to"})
DRAW_FIELDS = frozenset({"draw"})
SEAT_CHANGE_FIELDS = frozenset({"seat_change"})
WINS_FIELDS = frozenset({"discarder", "winners"})
SEVERAL_WINNERS = "several_winners"  # README.md: the house option under which a hand may have several winners


class HandRules(Protocol):
    """What a ruleset's settlement accepts on a hand (see payoffs.Payoff)."""

    key: ClassVar[str]
    name: ClassVar[str]
    figures: ClassVar[tuple[str, ...]]
    win_fields: ClassVar[frozenset[str]]
    spot_kinds: ClassVar[frozenset[str]]
    needs_discarder: ClassVar[bool]  # who discarded decides who pays


class Win(NamedTuple):
    winner: int
    discarder: int | None
    self_drawn: bool
    figure_field: str  # "fan", "pattern_fan", "points", or "hand" when it is to be scored
    figure: int | None  # the table's figure; None when given as a hand
    hand: Mapping[str, Any] | None = None
    responsible: int | None = None
    responsible_named: bool = False  # the hand has a 'responsible' field, null meaning nobody
    loser_points: tuple[Any, ...] = ()  # taizhou: int, a loser's hand (object) or None (the winner's)
    robbed_kong: bool = False  # hk-faan: won on the discarder's added kong tile (by figure or by its event)


class Wins(NamedTuple):
    """Several wins on one discard (README.md, ruling 2026-11-28): two or three `Win`s on `discarder`'s
    tile, in the entry's order."""

    discarder: int
    wins: tuple[Win, ...]


class Draw(NamedTuple):
    pass


class Spot(NamedTuple):
    kind: str
    player: int | None
    times: int  # the input's `count`
    to: int | None


class SeatChange(NamedTuple):
    seat: int  # the seat whose player leaves; another sits in from the next hand


Entry = Win | Wins | Draw | Spot | SeatChange
DRAW = Draw()



def read_entry(raw: Any, rules: HandRules, several_winners: bool | None = None) -> Entry:
    """One hand: a win, several wins on one discard, a draw, an on-the-spot payment or a seat change.
    `several_winners` is the table's house option of that name, None where the ruleset has none."""
    if not isinstance(raw, Mapping):
        raise EngineError(BAD_FIELD, "each hand must be a JSON object")
    if "seat_change" in raw:
        return _seat_change(raw)
    if "draw" in raw:
        return _draw(raw)
    if "spot" in raw:
        return _spot(raw, rules)
    if "winners" in raw:
        return _wins(raw, rules, several_winners)
    if "winner" in raw:
        return _win(raw, rules)
    raise EngineError(BAD_FIELD, "it is none of a win ('winner'), a draw ('draw': true), an "
                                 "on-the-spot payment ('spot') or a seat change ('seat_change')")


def _draw(raw: Mapping[str, Any]) -> Draw:
    if raw["draw"] is not True:
        raise EngineError(BAD_FIELD, "a drawn hand is written \"draw\": true (and nothing else)")
    refuse_unknown(raw, DRAW_FIELDS, "a drawn hand")
    return DRAW


def _seat_change(raw: Mapping[str, Any]) -> SeatChange:
    """README.md (ruling 2026-11-25): the engine sees seats, so the entry names the seat alone."""
    others = sorted(str(k) for k in raw if k not in SEAT_CHANGE_FIELDS)
    if others:
        raise EngineError(
            BAD_FIELD,
            "a seat change names only the seat whose player leaves ('seat_change', 0 to 3): leave out {others!r} (who "
            "sits in is kept with the players' names, not in the hand)",
            others=others[0],
        )
    return SeatChange(read_seat(raw["seat_change"], "'seat_change' (the seat whose player leaves)"))


def _spot(raw: Mapping[str, Any], rules: HandRules) -> Spot:
    if not rules.spot_kinds:
        raise EngineError(
            BAD_FIELD,
            "{ruleset} has no on-the-spot payments (they are taiwan's)",
            ruleset=rules.name,
        )
    refuse_unknown(raw, SPOT_FIELDS, "an on-the-spot payment")
    kind = raw["spot"]
    if not isinstance(kind, str) or kind not in rules.spot_kinds:  # a list or object is no kind (nor hashable)
        raise EngineError(
            BAD_FIELD,
            "unknown on-the-spot kind {kind!r}: it is one of {choices}",
            kind=kind, choices=', '.join(sorted(rules.spot_kinds)),
        )
    player = raw.get("player")
    to = raw.get("to")
    count = raw.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise EngineError(
            BAD_FIELD,
            "'count' is {count!r}: it is how many times, a whole number from 1",
            count=count,
        )
    return Spot(str(kind), None if player is None else read_seat(player, "'player'"), count,
                None if to is None else read_seat(to, "'to'"))


def _win(raw: Mapping[str, Any], rules: HandRules) -> Win:
    known = WIN_CORE | rules.win_fields | frozenset(rules.figures)
    if not raw.keys() <= known:
        refuse_unknown(raw, known, f"a {rules.name} win")
    winner = read_seat(raw["winner"], "'winner'")
    discarder = raw.get("discarder")
    if discarder is not None:
        discarder = read_seat(discarder, "'discarder'")
        if discarder == winner:
            raise EngineError(
                BAD_FIELD,
                "seat {winner} is both the winner and the discarder: a player cannot win on their own discard",
                winner=winner,
            )
    field, figure, hand = _figure(raw, rules)
    self_drawn = _self_drawn(hand, discarder, "discarder" in raw)
    if not self_drawn and discarder is None and rules.needs_discarder:
        raise EngineError(BAD_FIELD, "the hand was won on a discard: name the 'discarder'")
    responsible, named = _responsible(raw, winner)
    losers = _loser_points(raw, winner) if "loser_points" in rules.win_fields else ()
    robbed = _robbed_kong(raw, hand, discarder) if "robbed_kong" in rules.win_fields else False
    return Win(winner, discarder, self_drawn, field, figure, hand, responsible, named, losers, robbed)


def _wins(raw: Mapping[str, Any], rules: HandRules, offered: bool | None) -> Wins:
    """README.md, several wins on one discard: only with the house option on; otherwise the table plays 截糊."""
    if offered is None:
        raise EngineError(
            BAD_FIELD,
            "{ruleset} plays 截糊: only the winner nearest in turn after the discarder wins, so a hand names one "
            "'winner', never 'winners'",
            ruleset=rules.name,
        )
    if not offered:
        raise EngineError(BAD_FIELD, "this table plays 截糊 (its house option several_winners is off): only the "
                                     "winner nearest in turn after the discarder wins, so enter that one win")
    refuse_unknown(raw, WINS_FIELDS, "several wins on one discard")
    if raw.get("discarder") is None:
        raise EngineError(BAD_FIELD, "several winners win on one discarded tile: name its 'discarder' (a "
                                     "self-drawn tile has one winner)")
    discarder = read_seat(raw["discarder"], "'discarder'")
    listed = raw["winners"]
    if not isinstance(listed, list) or not listed or not all(isinstance(item, Mapping) for item in listed):
        raise EngineError(BAD_FIELD, "'winners' is a list of the wins on this discard, each an object with its "
                                     "'winner' and its figure")
    if len(listed) == 1:
        raise EngineError(BAD_FIELD, "'winners' names one winner: several wins on one discard are two or three, "
                                     "and a single win names its 'winner' and 'discarder' without 'winners'")
    return Wins(discarder, tuple(_one_of(item, number, discarder, listed[:number - 1], rules)
                                 for number, item in enumerate(listed, start=1)))


def _one_of(item: Mapping[str, Any], number: int, discarder: int, before: list[Any], rules: HandRules) -> Win:
    """The `number`th of several wins on `discarder`'s tile (1-based, as a player counts them)."""
    if "discarder" in item:
        raise EngineError(
            BAD_FIELD,
            "winner {number} in 'winners' names a 'discarder' of its own: every winner wins on the one tile "
            "discarded, named once beside 'winners'",
            number=number,
        )
    if "winner" not in item:
        raise EngineError(
            BAD_FIELD,
            "winner {number} in 'winners' does not say who won: name its seat in 'winner'",
            number=number,
        )
    seat = read_seat(item["winner"], "'winner'")
    if seat == discarder:
        raise EngineError(
            BAD_FIELD,
            "seat {seat} discarded the tile and is also named in 'winners': a player cannot win on their own "
            "discard",
            seat=seat,
        )
    if any(other.get("winner") == seat for other in before):
        raise EngineError(
            BAD_FIELD,
            "seat {seat} is named twice in 'winners': each player wins once on a discard",
            seat=seat,
        )
    return _win({**item, "discarder": discarder}, rules)


def _figure(raw: Mapping[str, Any], rules: HandRules) -> tuple[str, int | None, Mapping[str, Any] | None]:
    given = [name for name in (*rules.figures, "hand") if name in raw]
    if len(given) != 1:
        names = " or ".join(repr(n) for n in (*rules.figures, "hand"))
        what = "no figure" if not given else f"both {given[0]!r} and {given[1]!r}"
        raise EngineError(
            BAD_FIELD,
            "a win needs exactly one of {names}, and it has {what}",
            names=names, what=what,
        )
    name = given[0]
    if name == "hand":
        hand = raw["hand"]
        if not isinstance(hand, Mapping):
            raise EngineError(BAD_FIELD, "'hand' must be an object of the winning hand's fields")
        if hand.get("ruleset", rules.key) != rules.key:
            raise EngineError(
                BAD_FIELD,
                "the hand says ruleset {given!r}, but the session plays {ruleset}",
                given=hand.get('ruleset'), ruleset=rules.key,
            )
        return name, None, hand
    return name, figure_of(raw[name], f"{name!r}"), None


def figure_of(value: Any, what: str) -> int:
    """A table's figure (fan or points): a whole number, zero or more."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(
            BAD_FIELD,
            "{what} is {value!r}: it must be a whole number",
            what=what, value=value,
        )
    if value < 0:
        raise EngineError(
            BAD_FIELD,
            "{what} is {value}: it cannot be negative",
            what=what, value=value,
        )
    return value


def _self_drawn(hand: Mapping[str, Any] | None, discarder: int | None, discarder_given: bool) -> bool:
    said = hand.get("win") if hand is not None else None
    if said is None:
        return discarder is None
    if said not in ("self_draw", "discard"):
        return discarder is None  # the scorer names the bad 'win' in its own words
    if discarder_given and (said == "self_draw") != (discarder is None):
        whose = "no discarder" if discarder is None else f"discarder {discarder}"
        raise EngineError(
            BAD_FIELD,
            "the hand says win {said!r} but the win has {whose}",
            said=said, whose=whose,
        )
    return bool(said == "self_draw")


def _responsible(raw: Mapping[str, Any], winner: int) -> tuple[int | None, bool]:
    if "responsible" not in raw:
        return None, False
    value = raw["responsible"]
    if value is None:
        return None, True
    seat = read_seat(value, "'responsible'")
    if seat == winner:
        raise EngineError(BAD_FIELD, "the responsible player is one of the losers, not the winner")
    return seat, True


def _robbed_kong(raw: Mapping[str, Any], hand: Mapping[str, Any] | None, discarder: int | None) -> bool:
    """A robbed kong: by figure `"robbed_kong": true` with the robbed player as the discarder; by tiles
    the hand's event `robbing_kong` (the scorer checks it fits the win)."""
    if hand is not None:
        if "robbed_kong" in raw:
            raise EngineError(BAD_FIELD, "a hand given by its tiles says a robbed kong with its event "
                                         "'robbing_kong': leave 'robbed_kong' out")
        events = hand.get("events")
        return isinstance(events, list) and "robbing_kong" in events
    value = raw.get("robbed_kong", False)
    if not isinstance(value, bool):
        raise EngineError(
            BAD_FIELD,
            "'robbed_kong' is {value!r}: it is true or false",
            value=value,
        )
    if value and discarder is None:
        raise EngineError(BAD_FIELD, "a robbed kong names the robbed player as the 'discarder': "
                                     "it is never entered as a self-draw")
    return value


def _loser_points(raw: Mapping[str, Any], winner: int) -> tuple[Any, ...]:
    value = raw.get("loser_points")
    if not isinstance(value, list) or len(value) != SEATS:
        raise EngineError(BAD_FIELD, "'loser_points' is missing or not a list of 4 entries (one per seat, "
                                     "the winner's ignored): every loser's hand is scored")
    out: list[Any] = []
    for seat, entry in enumerate(value):
        if seat == winner:
            out.append(None)
        elif entry is None:
            raise EngineError(
                BAD_FIELD,
                "the loser at seat {seat} has no points in 'loser_points'",
                seat=seat,
            )
        elif isinstance(entry, Mapping):
            out.append(entry)
        else:
            out.append(figure_of(entry, f"'loser_points' of seat {seat}"))
    return tuple(out)
