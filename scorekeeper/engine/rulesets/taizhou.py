"""`taizhou`: Taizhou (Luqiao, Zhejiang) mahjong with fortune tiles (财神), as rules/taizhou.md decides.

Every hand at the table is scored, the winner's and the three losers': a set
count (hu) doubled once per tai, points = min(100, hu × 2^tai). The winner may
use substitutes (fortunes, and whites standing for the indicator's kind) in the
concealed part and the worth-most reading is scored; a loser's tiles are what
they show and are counted directly (three alike = a closed pung, two = a pair).

Decisions where the page is silent:
- A substitute may stand for a fifth copy of a kind (rules review 2026-11-23,
  taizhou.md): a fortune, or a white standing for the indicator's kind, is not a
  physical tile, so only physical tiles count toward four (`too_many_copies` for
  five in the input). Four East held and a fortune are a pung and an eye of East.
- A fortune stands for any tile, its own face included; a white standing for the
  indicator's kind is shown with `*` in `sets` like a fortune.
- Tiles of one kind trade places: the winning tile may be any tile of its kind in
  the reading (a real 5m and a fortune standing for 5m swap), so a self-drawn
  fortune completes the middle of any run whose middle kind a fortune stands
  for, and a discarded tile makes the eye whenever a real tile of its kind can
  be its partner.
- Gap call counts whenever the winning tile is the middle of its run, also when
  the run's other tiles are fortunes.
- Among readings that all reach the limit, the one with the larger uncapped
  hu × 2^tai is shown (its `hu` and `tai` are answered).
- The second discard rule (no eye of the discarded tile and a fortune) only
  ever removes readings of hands the eye-call rule already refuses: an eye of a
  discard and a fortune means the hand before the win was sets and a fortune.
  It is kept as stated.
- Mixed one suit needs one number suit: an all-honour hand is neither one-suit.
- Four winds adds to the other tai (it reaches the limit anyway). It needs each
  of the four winds: a set of every wind, or (`big_or_little`) sets of three winds
  and a pair of the fourth. Two sets of one wind, possible now that a fortune may
  be a fifth copy, are not two of the four.
- Two pungs of one dragon (four whites and fortunes as a fifth and sixth) are two
  dragon pungs, 1 tai each: taizhou.md counts each pung of a dragon.
- `limit` is true when the points reach 100, capped or exactly.
- What a hand may hold and be won on (melds, events, the discards a fortune hand
  may not win on): taizhou_checks.py.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import cast

from .. import predicates
from ..answers import HandScore
from ..errors import NOT_WINNING, EngineError
from ..examples import example
from ..facts import Facts
from ..groups import PAIR, PUNG, STANDARD, Arrangement, Group
from ..hand import Hand
from ..options import Option
from ..patterns import Counted, Pattern, count_patterns, load_patterns, predicates_of, table_file
from ..payoffs.taizhou import TaizhouPayoff
from ..ruleset import Ruleset, Score, Variant
from ..search import arrangements
from ..tiles import KINDS, STANDARD_SET, WHITE, counts_of, tile_code
from .taizhou_checks import check_claim, check_events, check_indicator_copies, check_melds, fortune_indicator
from .taizhou_wilds import (
    Reading,
    concrete,
    fortune_to_middle,
    fortune_variants,
    gap_place,
    is_gap,
    picks,
    read_groups,
    reading_of,
    shown,
    winning_places,
)

LIMIT = 100
LOSER_FORM = "loser_hand"
LOOSE = "loose"  # a loser's tiles in no pung or pair, shown together


class TaizhouFacts(Facts):
    def __init__(self, hand: Hand, arrangement: Arrangement, reading: Reading | None = None) -> None:
        super().__init__(hand, arrangement)
        self._reading = reading

    @property
    def reading(self) -> Reading:
        if self._reading is None:
            self._reading = reading_of(self.hand, self.arrangement)
        return self._reading


def _read(f: Facts) -> Reading:
    return cast(TaizhouFacts, f).reading


# -- hu: set count (胡头) --------------------------------------------------------------
def value_pair(f: Facts) -> int:
    return _read(f).value_pairs


def _sets(field: str) -> Callable[[Facts], int]:
    """How many pungs (or kongs) of one row: open or closed, minor or major."""
    row = Reading._fields.index(field)
    return lambda f: _read(f)[row]


# the set rows' tests, each a field of the reading: `open_pung_minor`, ... `closed_kong_major`
SET_TESTS = {field: _sets(field) for field in Reading._fields if field.endswith(("_minor", "_major"))}


def all_pungs(f: Facts) -> bool:
    return _read(f).pungs == 4


def gap_call(f: Facts) -> bool:
    return _read(f).gap > 0


# -- tai (台) -------------------------------------------------------------------------
def dragon_pung(f: Facts) -> int:
    return _read(f).dragon_pungs


def seat_wind_pung(f: Facts) -> bool:
    return _read(f).seat_pungs > 0


def mixed_one_suit(f: Facts) -> bool:
    reading = _read(f)
    return reading.suits == 1 and reading.honors > 0


def pure_one_suit(f: Facts) -> bool:
    reading = _read(f)
    return reading.suits == 1 and not reading.honors


def has_four_winds(f: Facts) -> bool:
    """Option four_winds: a set of each wind ('big'), or three and the fourth wind's eye ('big_or_little')."""
    rule = f.hand.options.get("four_winds", "off")
    return rule != "off" and _read(f).has_four_winds(little=rule == "big_or_little")


PATTERNS: tuple[Pattern, ...] = load_patterns(
    table_file(__name__), {**predicates_of(globals(), vars(predicates)), **SET_TESTS})
# The rules page lists the winner's rows, then the loser's own four winds.
WINNER_TABLE, FOUR_WINDS_LOSER = PATTERNS[:-1], PATTERNS[-1]
# taizhou.md: a loser counts the rows the page gives to `both`, and the loser's own four winds
LOSER_KEYS = ("pair", "open_pung", "closed_pung", "open_kong", "closed_kong", "dragon_pung", "seat_wind_pung")
LOSER_TABLE = (*(p for p in WINNER_TABLE if p.key in LOSER_KEYS), FOUR_WINDS_LOSER)


@dataclass
class TaizhouScore(Score):
    raw: int = 0  # hu × 2^tai before the limit: among capped readings, the larger is shown
    shown: Arrangement | None = None  # the reading scored, substitutes made concrete
    indicator: int = WHITE

    def key(self) -> tuple[int, int]:
        return (self.total, self.raw)


def tally(counted: list[Counted], arrangement: Arrangement, indicator: int) -> TaizhouScore:
    hu = sum(c.value for c in counted if c.pattern.kind == "hu")
    tai = sum(c.value for c in counted if c.pattern.kind == "tai")
    raw = hu * 2 ** tai
    # taizhou.md: the limit is 100, a hard limit
    total = min(LIMIT, raw)
    return TaizhouScore(total, counted, total == LIMIT, extra={"hu": hu, "tai": tai}, raw=raw,
                        shown=arrangement, indicator=indicator)


class Taizhou(Ruleset):
    key = "taizhou"
    name = "Taizhou"
    name_zh = "台州麻将"
    description = "Fortune tiles (财神); winner and losers score hu × 2^tai, limit 100."
    unit = "points"
    hand_size = 13
    forms = (STANDARD,)
    tile_set = STANDARD_SET
    patterns = PATTERNS
    payoff = TaizhouPayoff()
    quick_entry_example = ("W2 d3 44 L 6 - 24 0", "W1 s 100 L - 8 0 12", "D", "W4 d2 32 L 0 8 16 - r2")
    money_examples = (
        example("four_hands",
            "Each loser pays the winner the winner's points, and pays another loser the difference when the "
            "other scored more. A payment is full when the banker pays or is paid, half between two others; "
            "each point is worth %(per_point)s.",
            key="four_hands",
            title="All four hands are scored",
            winner=1,
            discarder=2,
            figure=40,
            losers=[8, None, 0, 16]),
        example("four_hands",
            "The banker pays or is paid in full in every payment.",
            key="banker_wins",
            title="The banker wins",
            winner=0,
            discarder=None,
            figure=40,
            losers=[None, 0, 8, 16]),
        example("four_hands",
            "Points are capped at %(limit)s, and a %(limit)s-point hand is paid to the winner in full by "
            "every loser.",
            key="limit_paid",
            title="A limit hand is never halved",
            winner=1,
            discarder=2,
            figure=100,
            losers=[8, None, 0, 16]),
        example("scored",
            "Points = hu × 2 for each tai, capped at %(limit)s; each loser's hand is scored too.",
            key="limit",
            title="The limit",
            said="%(winner)s self-draws a hand over the limit. Its patterns:",
            hand={"concealed": "111999m234m567m8m", "winning_tile": "8m", "wild": "5p"},
            loser_points=[0, None, 8, 16]),
        example("four_hands",
            "When the players name a responsible loser, that loser pays the winner what all three would have "
            "paid; the payments between losers stay as they are.",
            key="responsible",
            title="The responsible player (包)",
            winner=1,
            discarder=2,
            figure=40,
            losers=[8, None, 0, 16],
            responsible=2),
        example("paying",
            hands=[{"winner": 1, "discarder": 2, "points": 40, "loser_points": [8, None, 0, 16]}, {"draw": True}]),
    )
    responsible = "optional"  # taizhou.md: 包 only when the hand names a responsible loser
    bonus_tiles = ""  # taizhou.md: 136 tiles, no flowers
    wild = "fortune"  # taizhou.md: the face-up fortune indicator (财神)
    dealer_word = "banker"  # taizhou.md: the banker
    game_rounds = 4  # taizhou.md: a session is four rounds of banker rotation
    usual_figures = (10, 20, 30, 40, 50, 60, 80, 100)
    figure_limit = 100  # taizhou.md: points = min(100, hu × 2^tai)
    scores_losers = True
    options = (
        Option("four_winds", "off", ("off", "big", "big_or_little"),
               "four winds: 13 tai for the winner, 4 for a loser; 'big' needs four wind sets, "
               "'big_or_little' also accepts three wind sets and a wind eye"),
    )

    # -- reading ---------------------------------------------------------------
    def check_tile_set(self, hand: Hand) -> None:
        super().check_tile_set(hand)
        check_indicator_copies(hand, fortune_indicator(hand, self.name))

    def check(self, hand: Hand) -> None:
        check_melds(hand)
        check_events(hand, self.name)

    # -- arranging -------------------------------------------------------------
    def variants(self, hand: Hand, tiles: Sequence[int]) -> list[Variant]:
        # taizhou.md: only the winner uses substitutes
        return fortune_variants(tiles, fortune_indicator(hand, self.name))

    def placements(self, hand: Hand, variant: Variant, arrangement: Arrangement) -> list[Arrangement]:
        return [Arrangement(arrangement.form, arrangement.groups, index, variant.substitutions)
                for index in winning_places(hand, variant, arrangement)]

    # -- scoring ---------------------------------------------------------------
    def score(self, hand: Hand) -> Score:
        if hand.is_loser:
            arrangement = loser_arrangement(hand)
            return tally(count_patterns(LOSER_TABLE, TaizhouFacts(hand, arrangement)), arrangement, WHITE)
        if not hand.self_drawn:
            check_claim(hand, fortune_indicator(hand, self.name))
        best: TaizhouScore | None = None
        seen: set[Reading] = set()
        for arrangement in self.arrangements(hand):
            result = self._best_reading(hand, arrangement, seen)
            if result is not None and (best is None or result.key() > best.key()):
                best = result
        if best is None:
            raise self.not_winning(hand)
        if hand.winning_tile == hand.wild and best.shown is not None:
            best.shown = fortune_to_middle(best.shown)
        best.arrangement = best.shown
        return best

    def evaluate(self, facts: Facts) -> Score | None:
        return self._best_reading(facts.hand, facts.arrangement, set())

    def _best_reading(self, hand: Hand, arrangement: Arrangement, seen: set[Reading]) -> TaizhouScore | None:
        """The arrangement with its substitutes made concrete, worth most; readings already
        scored (by another arrangement) are skipped."""
        best: TaizhouScore | None = None
        groups = arrangement.groups
        found = picks(arrangement, hand.seat_wind)
        free = {index for pick in found for index, _ in pick}
        fixed = [i for i in range(len(groups)) if i not in free]
        winning = arrangement.winning
        base = read_groups(hand, winning, fixed, [groups[i] for i in fixed])
        for pick in found:
            reading = base.plus(read_groups(hand, winning, *zip(*pick))) if pick else base
            chosen = concrete(arrangement, pick)
            if hand.self_drawn:
                spot = gap_place(hand, chosen.groups, arrangement.substitutions)
                if spot is not None:
                    reading, chosen = reading._replace(gap=1), replace(chosen, winning=spot)
            elif is_gap(hand, chosen.groups, winning, arrangement.substitutions):
                reading = reading._replace(gap=1)
            if reading in seen:
                continue
            seen.add(reading)
            counted = winner_patterns(reading, hand.self_drawn, self.option(hand, "four_winds"))
            result = tally(list(counted), arrangement, fortune_indicator(hand, self.name))
            if best is None or result.key() > best.key():
                best = result
                best.shown = chosen
        return best

    def not_winning(self, hand: Hand) -> EngineError:
        melds = tuple(m.as_group() for m in hand.melds)
        variants = self.variants(hand, hand.full_concealed)
        if not any(arrangements(v.counts, v.wilds, self.forms, melds) for v in variants):
            if hand.winning_tile is None:
                return EngineError(NOT_WINNING, "these tiles with the last tile do not make an eye and four sets, "
                                                "even with the fortunes")
            return EngineError(NOT_WINNING, "these tiles with {tile} do not make an eye and four sets, even with "
                                            "the fortunes", tile=tile_code(hand.winning_tile))
        if not hand.self_drawn and self._wins(replace(hand, win="self_draw")):
            tile = tile_code(hand.winning_tile) if hand.winning_tile is not None else "the last tile"
            return EngineError(NOT_WINNING, "the discarded {tile} would only complete the eye together with a "
                                            "fortune, and a discard never does: this hand wins on it only from the "
                                            "wall", tile=tile)
        return super().not_winning(hand)

    def _wins(self, hand: Hand) -> bool:
        try:
            self.score(hand)
        except EngineError:
            return False
        return True

    def answer(self, score: Score) -> HandScore:
        out = super().answer(score)
        if isinstance(score, TaizhouScore) and score.shown is not None:
            return replace(out, sets=tuple(shown(score.shown, score.indicator)))
        return out


@lru_cache(maxsize=8192)
def winner_patterns(reading: Reading, self_drawn: bool, four_winds: str) -> tuple[Counted, ...]:
    """The winner's table applied to a reading; the predicates read nothing else but these
    two fields of the hand, so wild hands with many arrangements share the work."""
    hand = Hand("taizhou", (), None, win="self_draw" if self_drawn else "discard",
                options={"four_winds": four_winds})
    return tuple(count_patterns(WINNER_TABLE, TaizhouFacts(hand, Arrangement(STANDARD, ()), reading)))


def loser_arrangement(hand: Hand) -> Arrangement:
    """A loser's tiles as they stand: melds, three (or four) alike a closed pung, two alike a pair."""
    groups = [m.as_group() for m in hand.melds]
    counts = counts_of(hand.concealed)
    singles: list[int] = []
    for kind in range(KINDS):
        held = counts[kind]
        if held >= 3:
            # taizhou.md: four alike not declared are a closed pung and a single
            groups.append(Group(PUNG, (kind,) * 3))
            singles.extend([kind] * (held - 3))
        elif held == 2:
            groups.append(Group(PAIR, (kind, kind)))
        elif held == 1:
            singles.append(kind)
    if singles:
        groups.append(Group(LOOSE, tuple(singles)))
    return Arrangement(LOSER_FORM, tuple(groups))
