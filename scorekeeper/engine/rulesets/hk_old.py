"""`hk-old`: Hong Kong Old Style, the Chinese Classical points-and-doubles count (rules/hk-old.md).

A hand's base points (20 for the win, its pungs and kongs, a valuable pair, the
self-draw, a concealed discard win, bonus tiles) are doubled once per double
met; the result is rounded to the nearest 10 (5 up) and capped at 500. A limit
hand scores 500 and lists only its limit pattern. The page's numbers stand even
where other Classical tables differ (a concealed pung is 8/16 here).

Decisions where the page is silent:
- Nine Gates needs the 13 tiles before the win to be exactly 1112345678999 of one
  suit (any tile of that suit then wins); 14 tiles that merely contain the
  pattern, held in another shape, are not Nine Gates.
- A hand meeting several limit patterns lists the first in the page's order
  (Thirteen Orphans, Nine Gates, Four Concealed Pungs, Big Four Winds, All
  Honours, All Terminals); the score is 500 either way. Its `base_points` is 500
  and its `doubles` 0, so base × 2^doubles still reads as the total.
- `limit` is true for a limit hand and when the cap lowered the rounded score;
  a count that rounds to exactly 500 is not capped.
- Events must fit the win (rules review 2026-11-23, README.md `events`, checked in
  hand.py): `last_tile` and `kong_replacement` need a self-draw, `last_discard` and
  `robbing_kong` a discard; the other pairing is `bad_field`. `last_tile` and
  `last_discard` both give the one last-tile double.
- Where two arrangements round to the same score, the answer shows the limit
  hand, then the one with the higher unrounded count.
- `bonus_tiles` holds only flowers and seasons; a flower among the playing
  tiles, or a playing tile among the bonus tiles, is refused. The option
  `classical_extras` must be JSON true or false (1 or "yes" is `bad_field`).
- Three dragon pungs are not Little Three Dragons; the page lists no Big Three
  Dragons double, so such a hand counts its pungs (and, with the option, its
  value pungs) only.
- `wait_points` goes by the shape the winning tile filled in the arrangement
  scored: 23 waiting on 1 and 4 with every 4 already held is the single tile
  that could win, but it filled no edge, middle or pair wait, so it counts
  nothing; a pung wait never counts.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import predicates
from ..answers import HandScore, PatternLine
from ..examples import example
from ..facts import Facts
from ..groups import CHOW, KONG, PAIR, PUNG, STANDARD, THIRTEEN_ORPHANS, Group
from ..hand import Hand, check_flowers_apart
from ..options import Option
from ..patterns import Counted, Pattern, Predicate, count_patterns, load_patterns, predicates_of, table_file
from ..payoffs.hk_old import HkOldPayoff
from ..ruleset import Ruleset, Score
from ..tiles import DRAGONS, is_major

LIMIT = 500
EXTRAS = "classical_extras"
# hk-old.md: option classical_extras swaps own_bonus for flower and adds wait_points and value_pung
EXTRAS_ONLY = ("flower", "wait_points", "value_pung")
PLAIN_ONLY = ("own_bonus",)


# -- base points: sets ----------------------------------------------------------------
def _sets(groups: tuple[Group, ...], kind: str, major: bool) -> int:
    return sum(1 for g in groups if g.kind == kind and is_major(g.first) == major)


def _set_counter(kind: str, concealed: bool, major: bool) -> Predicate:
    # hk-old.md: a pung completed by a discarded winning tile is melded (Facts.open_pungs)
    return lambda f: _sets(f.concealed_pungs if concealed else f.open_pungs, kind, major)


# the page gives two values a set, simples and terminals/honours: `exposed_pungs_of_simples`, ...
SET_TESTS = {f"{key}s_of_{tiles}": _set_counter(kind, concealed, tiles == "majors")
             for key, kind, concealed in (("exposed_pung", PUNG, False), ("concealed_pung", PUNG, True),
                                          ("exposed_kong", KONG, False), ("concealed_kong", KONG, True))
             for tiles in ("simples", "majors")}


# -- Hong Kong Old Style's own predicates; hk_old.toml binds them and shared ones to its rows --
def dragon_pair(f: Facts) -> bool:
    return f.pair_kind in DRAGONS


def seat_wind_pair(f: Facts) -> bool:
    return f.pair_kind == f.hand.seat_wind


def round_wind_pair(f: Facts) -> bool:
    return f.pair_kind == f.hand.round_wind


def wait_points(f: Facts) -> bool:
    group = f.winning_group
    tile = f.hand.winning_tile
    if group is None or f.waits != frozenset({tile}):
        return False
    if group.kind == PAIR:
        return True
    if group.kind != CHOW:
        return False
    number = group.first % 9
    return (tile == group.tiles[1]  # middle
            or (number == 0 and tile == group.tiles[2]) or (number == 6 and tile == group.first))  # edge


def last_tile(f: Facts) -> bool:
    return bool(f.events & {"last_tile", "last_discard"})


def value_pung(f: Facts) -> int:
    return predicates.has_dragon_pungs(f) + predicates.has_seat_wind_pungs(f) + predicates.has_round_wind_pungs(f)


PATTERNS: tuple[Pattern, ...] = load_patterns(
    table_file(__name__), {**predicates_of(globals(), vars(predicates)), **SET_TESTS})
LIMITS = tuple(p for p in PATTERNS if p.kind == "limit")


def _table(kind: str, extras: bool) -> tuple[Pattern, ...]:
    left_out = PLAIN_ONLY if extras else EXTRAS_ONLY
    return tuple(p for p in PATTERNS if p.kind == kind and p.key not in left_out)


TABLES = {extras: (_table("points", extras), _table("double", extras)) for extras in (False, True)}


def doubles_of(counted: Counted) -> int:
    """How many doublings a counted double is worth (×4 is two)."""
    return (counted.pattern.value.bit_length() - 1) * counted.times


def round_to_ten(points: int) -> int:
    """hk-old.md: nearest 10, a 5 rounds up."""
    return (points + 5) // 10 * 10


@dataclass
class ClassicalScore(Score):
    raw: int = 0  # base × 2^doubles before rounding and the cap
    limit_hand: bool = False

    def key(self) -> tuple[int, int, int, int]:  # type: ignore[override]
        return (self.total, int(self.limit_hand), self.raw, len(self.patterns))


class HongKongOld(Ruleset):
    key = "hk-old"
    name = "Hong Kong Old Style (Classical points)"
    name_zh = "香港舊章"
    description = "Chinese Classical base points and doubles, rounded to 10, limit 500."
    unit = "points"
    hand_size = 13
    forms = (STANDARD, THIRTEEN_ORPHANS)
    patterns = PATTERNS
    payoff = HkOldPayoff()
    quick_entry_example = ("W2 d3 30", "W1 s 60  # the dealer draws his own tile", "D", "w4 d1 120")
    money_examples = (
        example("self_draw",
            "Self-drawn by the dealer: each other player pays 2 × the score.",
            figure=40,
            winner=0,
            title="The dealer self-draws"),
        example("self_draw",
            "Self-drawn by another: the dealer pays 2 × the score, the others 1 ×.",
            figure=40),
        example("discard",
            "On a discard the discarder alone pays: 6 × the score when the dealer wins.",
            figure=40,
            winner=0,
            title="The dealer wins on a discard"),
        example("discard",
            "On a discard the discarder alone pays: 4 × the score when another wins.",
            figure=40),
        example("scored",
            "Scores are rounded to 10 and capped at %(limit)s; a limit hand scores %(limit)s.",
            key="limit",
            title="The limit",
            said="%(winner)s self-draws a hand over the limit. Its patterns:",
            hand={"concealed": "111222333444z5z", "winning_tile": "5z"}),
        example("tallies",
            "Each player starts with a tally of %(tally)s points; the balances are the tallies' change, each "
            "point worth %(per_point)s.",
            hands=[{"winner": 1, "discarder": None, "points": 40}, {"winner": 0, "discarder": 2, "points": 60}]),
        example("paying",
            hands=[{"winner": 1, "discarder": None, "points": 40}, {"winner": 0, "discarder": 2, "points": 60}]),
    )
    events = ("last_tile", "last_discard", "kong_replacement", "robbing_kong")  # hk-old.md: the event doubles
    usual_figures = (20, 30, 40, 60, 80, 100, 120, 160, 240, 320, 400, 500)  # hk-old.md: 20 for a win, then doubles
    figure_limit = 500  # hk-old.md: a 500 limit
    starting_tally = 2000  # hk-old.md: each player starts with 2,000 points
    options = (
        Option(EXTRAS, False, (False, True),
               "true: count every flower/season (4 each), a single wait (2) and value pungs (×2), "
               "as Classical tables do"),
    )

    def check(self, hand: Hand) -> None:
        # the option's true/false is checked by type in Ruleset.check_options (1 == True in Python)
        super().check(hand)
        check_flowers_apart(hand)

    def needs_waits(self, hand: Hand) -> bool:
        return bool(self.option(hand, EXTRAS))  # only wait_points asks for them

    def evaluate(self, facts: Facts) -> Score | None:
        for limit in LIMITS:
            if limit.test(facts):  # hk-old.md: a limit hand scores 500 and nothing else
                return ClassicalScore(LIMIT, [Counted(limit)], True, extra={"base_points": LIMIT, "doubles": 0},
                                      raw=LIMIT, limit_hand=True)
        if not facts.is_standard:
            return None
        points_table, doubles_table = TABLES[bool(self.option(facts.hand, EXTRAS))]
        points = count_patterns(points_table, facts)
        doubles = count_patterns(doubles_table, facts)
        base = sum(c.value for c in points)
        n = sum(doubles_of(c) for c in doubles)
        raw = base * 2 ** n
        rounded = round_to_ten(raw)
        return ClassicalScore(min(rounded, LIMIT), points + doubles, rounded > LIMIT,
                              extra={"base_points": base, "doubles": n}, raw=raw)

    def answer(self, score: Score) -> HandScore:
        return replace(super().answer(score), patterns=tuple(line(c) for c in score.patterns))


def line(counted: Counted) -> PatternLine:
    """A double shows its factor as text ('x2', 'x4'), as fujian.md writes its ×2."""
    out = counted.line()
    if counted.pattern.kind == "double":
        return replace(out, value=f"x{2 ** doubles_of(counted)}")
    return out
