"""`fujian`: Fujian (Fuzhou) Gold Rush (金麻将) scoring, as rules/fujian.md decides.

A 17-tile hand (5 sets + a pair) wins; the gold (`wild`) stands for any tile in the
concealed part. The score is the page's formula: non-special points (base, bonus
tiles, golds held, kongs, dealer streak), doubled on a self-draw or when any special
bonus is met, plus the special bonuses.

The score depends on how the hand is arranged only through two facts: is it a win,
and can its pair be two golds (金对)? fujian_golds.py answers both, and builds the one
arrangement the answer's `sets` shows.

Decisions where the page is silent:
- A gold that is not a suit tile is refused: a wind or red dragon as `wild` is
  `bad_field` (those are bonus tiles), 5z/6z/flowers are `bad_tile` (not in the set).
- Four golds are accepted only with `robbing_gold` when the winning tile is the gold:
  the fourth copy is the indicator, and only robbing it brings it into a hand.
- `robbing_gold` (rules review 2026-11-23, fujian.md table) is won on the revealed
  gold: the winning tile must be the gold kind, for the dealer's swap too; another
  winning tile is `bad_field`. `three_golds` needs exactly three golds held, the
  winning tile being any tile (a dealt hand may already hold the three when the gold
  is turned); the two events together are `bad_field` (a hand is won one way).
- Both instant wins need `win: self_draw`, as `last_tile` and `kong_replacement`
  do, and `last_discard` / `robbing_kong` need `win: discard` (README.md `events`,
  checked in hand.py for every ruleset); the pairing is `bad_field` otherwise.
- A gold may stand for a fifth copy of a kind (rules review 2026-11-23, fujian.md):
  only physical tiles count toward four (`too_many_copies` for five in the input),
  so four 1m and a gold are a pung and a pair of 1m. The search never counted a
  gold toward the copies of what it stands for; tests keep it so.
- A three-golds hand that is also complete shows its arrangement in `sets`; an
  incomplete one shows only its melds.
- Two golds used as the pair, or three as a set, are written as the gold's own tile
  with a `*` each (`9s*9s*`): they are the tiles the players see.
- A gold won on a discard counts as a gold held like any other.
- `dealer_streak` without `dealer: true` scores nothing (the streak is the dealer's).
- Other events (last tile, kong replacement, ...) are not Fujian bonuses and score
  nothing (once they fit the win).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from .. import predicates
from ..answers import HandScore
from ..errors import BAD_FIELD, BAD_MELD, BAD_TILE, NOT_WINNING, TOO_MANY_COPIES, EngineError
from ..examples import example
from ..facts import Facts
from ..groups import FREE_PAIR, PAIR, STANDARD, Arrangement, Group
from ..hand import Hand
from ..patterns import Counted, Pattern, count_patterns, load_patterns, predicates_of, table_file
from ..payoffs.fujian import FujianPayoff
from ..ruleset import Ruleset, Score
from ..tiles import RED, WINDS, counts_of, format_tiles, tile_code, tile_name
from .fujian_golds import MAX_GOLDS, fits, has_golden_pair, one_arrangement

BONUS_KINDS = frozenset((*WINDS, RED))
SUIT_KINDS = frozenset(range(27))
NON_SPECIAL, SPECIAL, DOUBLE = "points", "special", "double"
INSTANT_WINS = ("three_golds", "robbing_gold")


def golds_held(hand: Hand) -> int:
    """Physical golds in the hand, the winning tile included."""
    return sum(1 for t in hand.full_concealed if t == hand.wild)


def _kongs(hand: Hand, kind: str) -> int:
    return sum(1 for m in hand.melds if m.kind == kind)


# -- non-special points (doubled on a self-draw or any special bonus) ------------------
def golds(f: Facts) -> int:
    return golds_held(f.hand)


def concealed_kong(f: Facts) -> int:
    return _kongs(f.hand, "concealed_kong")


def exposed_kong(f: Facts) -> int:
    return _kongs(f.hand, "kong")


def dealer_streak(f: Facts) -> int:
    hand = f.hand
    return hand.dealer_streak if hand.dealer and hand.dealer_streak >= 2 else 0


# -- special bonuses (added after the doubling) -------------------------------------
def no_bonus_no_kong(f: Facts) -> bool:
    return not f.hand.bonus_tiles and not any(m.kind in ("kong", "concealed_kong") for m in f.hand.melds)


def three_golds(f: Facts) -> bool:
    return "three_golds" in f.events


def robbing_gold(f: Facts) -> bool:
    return "robbing_gold" in f.events


def golden_pair(f: Facts) -> bool:
    # fujian.md: golden_pair is not available on a three_golds instant win
    return "three_golds" not in f.events and is_gold_pair(f.pair)


def all_one_suit(f: Facts) -> bool:
    hand = f.hand
    return len({t // 9 for t in hand.all_tiles() if t != hand.wild}) == 1


PATTERNS: tuple[Pattern, ...] = load_patterns(table_file(__name__), predicates_of(globals(), vars(predicates)))
DOUBLED = next(p for p in PATTERNS if p.kind == DOUBLE)
TABLE = tuple(p for p in PATTERNS if p.kind != DOUBLE)  # the doubling is applied by `evaluate`


def is_gold_pair(group: Group | None) -> bool:
    return group is not None and (group.kind == FREE_PAIR or (group.kind == PAIR and group.wild_count == 2))



class Fujian(Ruleset):
    key = "fujian"
    name = "Fujian Gold Rush"
    name_zh = "福州金麻将"
    description = ("17-tile hands with gold wild tiles; winds and red dragons are bonus tiles; "
                   "every loser pays the winner's points.")
    unit = "points"
    hand_size = 16
    forms = (STANDARD,)
    tile_set: ClassVar[frozenset[int]] = SUIT_KINDS | BONUS_KINDS
    patterns = PATTERNS
    payoff = FujianPayoff()
    quick_entry_example = ("W2 d3 30", "W1 s 60  # the dealer draws his own tile", "D", "w4 d1 120")
    money_examples = (
        example("discard",
            "All three losers pay the winner's points, whoever discarded; each point is worth %(per_point)s.",
            figure=10),
        example("scored",
            "Each gold held adds 1 point to the plain points (the base, bonus tiles, golds, kongs, the "
            "dealer's streak); a self-draw or a special bonus doubles them; three golds win at once, +30.",
            key="golds",
            title="Golds (金)",
            hand={"concealed": "123m456m789p234s55s1p1p", "winning_tile": "9s", "wild": "1p"},
            said="%(winner)s self-draws a plain hand holding two golds. Its points:"),
        example("scored",
            "A dealer on the second hand or more in a row adds that count (連庄); a first hand as dealer adds "
            "nothing.",
            key="dealer_streak",
            title="The dealer's streak",
            hand={"concealed": "123m456m789p234s55s1p1p", "winning_tile": "9s", "wild": "1p"},
            winner=0,
            draws=1,
            said="%(dealer)s, the dealer, self-draws the same hand. Its points:"),
        example("paying",
            hands=[{"winner": 1, "discarder": 2, "points": 10}, {"winner": 0, "discarder": None, "points": 21}]),
    )
    bonus_tiles = "winds_red"  # fujian.md: winds and red dragons are bonus tiles only
    wild = "gold"  # fujian.md: the gold, a suit tile kind
    events = ("three_golds", "robbing_gold")  # fujian.md: the two instant wins
    game_rounds = 4  # fujian.md: a full game is four rounds
    # fujian.md: a plain win is a few points (doubled when self-drawn); 平胡 adds 15. No limit.
    usual_figures = (2, 3, 4, 5, 6, 8, 10, 17, 19, 21, 30, 40)

    # -- reading -----------------------------------------------------------------------
    def check_tile_set(self, hand: Hand) -> None:
        for kind in [*hand.all_tiles(), *hand.bonus_tiles]:
            if kind not in self.tile_set:
                raise EngineError(
                    BAD_TILE,
                    "{tile} is not used in {ruleset}: its 128 tiles are the three suits, the four winds and the red "
                    "dragons",
                    tile=tile_name(kind), ruleset=self.name,
                )
        bonus = _first_bonus(hand.concealed)
        if bonus is not None:
            raise EngineError(BAD_TILE, "{tile} in the hand: winds and red dragons are bonus tiles shown face up; "
                                        "list them in 'bonus_tiles'", tile=tile_name(bonus))
        if hand.winning_tile in BONUS_KINDS:
            raise EngineError(BAD_TILE, "{tile} in the winning tile: winds and red dragons are bonus tiles shown "
                                        "face up; list them in 'bonus_tiles'", tile=tile_name(hand.winning_tile))
        for index, meld in enumerate(hand.melds):
            bonus = _first_bonus(meld.tiles)
            if bonus is not None:
                raise EngineError(BAD_TILE, "{tile} in meld {number}: winds and red dragons are bonus tiles shown "
                                            "face up; list them in 'bonus_tiles'", tile=tile_name(bonus),
                                  number=index + 1)
        suit = next((k for k in hand.bonus_tiles if k not in BONUS_KINDS), None)
        if suit is not None:
            raise EngineError(
                BAD_TILE,
                "{tile} in 'bonus_tiles' is not a bonus tile: only winds (1z-4z) and red dragons (7z) are",
                tile=tile_name(suit),
            )
        super().check_tile_set(hand)

    def check(self, hand: Hand) -> None:
        gold = _gold(hand)
        for index, meld in enumerate(hand.melds):
            if gold in meld.tiles:
                raise EngineError(
                    BAD_MELD,
                    "meld {number} ({tiles}) holds the gold {tile}: golds are never used to claim a meld",
                    number=index + 1, tiles=format_tiles(meld.tiles), tile=tile_code(gold),
                )
        _check_gold_count(hand, gold)
        _check_events(hand, gold)

    def concealed_kinds(self) -> frozenset[int]:
        return SUIT_KINDS  # fujian.md: winds and red dragons are bonus tiles, shown face up

    def wins_on(self, tiles: Sequence[int], wild: int | None = None) -> bool:
        counts = counts_of(t for t in tiles if t != wild)
        return fits(counts, sum(1 for t in tiles if t == wild), True)

    # -- scoring -----------------------------------------------------------------------
    def score(self, hand: Hand) -> Score:
        assert hand.wild is not None  # check() refused a hand without a gold
        counts = counts_of(t for t in hand.full_concealed if t != hand.wild)
        wilds = golds_held(hand)
        complete = fits(counts, wilds, True)
        instant = "three_golds" in hand.events  # fujian.md: the hand need not be complete
        if not complete and not instant:
            raise self.not_winning(hand)
        golden = not instant and has_golden_pair(counts, wilds)
        concealed = one_arrangement(counts, wilds, hand.wild, golden) if complete else []
        melds = tuple(m.as_group() for m in hand.melds)
        arrangement = Arrangement(STANDARD, melds + tuple(concealed))
        result = self.evaluate(Facts(hand, arrangement))
        result.arrangement = arrangement
        return result

    def evaluate(self, facts: Facts) -> Score:
        counted = count_patterns(TABLE, facts)
        points = sum(c.value for c in counted if c.pattern.kind == NON_SPECIAL)
        special = sum(c.value for c in counted if c.pattern.kind == SPECIAL)
        # fujian.md: self-draw (three golds and robbing the gold count as one) or any special doubles
        if facts.self_drawn or facts.events & set(INSTANT_WINS) or special > 0:
            points *= 2
            at = sum(1 for c in counted if c.pattern.kind == NON_SPECIAL)
            counted.insert(at, Counted(DOUBLED))
        return Score(points + special, counted)

    def answer(self, score: Score) -> HandScore:
        out = super().answer(score)
        return replace(out, patterns=tuple(replace(p, value="x2") if p.key == DOUBLED.key else p
                                           for p in out.patterns))

    def not_winning(self, hand: Hand) -> EngineError:
        gold = tile_code(hand.wild) if hand.wild is not None else "?"
        if hand.winning_tile is None:
            return EngineError(NOT_WINNING, "these 17 tiles with the last tile do not make 5 sets and a pair, even "
                                            "with the golds ({gold}) standing for any tile", gold=gold)
        return EngineError(NOT_WINNING, "these 17 tiles with {tile} do not make 5 sets and a pair, even with the "
                                        "golds ({gold}) standing for any tile",
                           tile=tile_code(hand.winning_tile), gold=gold)


def _first_bonus(kinds: tuple[int, ...]) -> int | None:
    return next((k for k in kinds if k in BONUS_KINDS), None)


def _gold(hand: Hand) -> int:
    if hand.wild is None:
        raise EngineError(BAD_FIELD, "the field 'wild' is missing: name the gold tile kind turned up, like '5p'")
    if hand.wild not in SUIT_KINDS:
        if hand.wild not in BONUS_KINDS:
            raise EngineError(
                BAD_TILE,
                "the gold {tile} is not a {ruleset} tile",
                tile=tile_name(hand.wild), ruleset=Fujian.name,
            )
        raise EngineError(
            BAD_FIELD,
            "the gold is {tile}: the gold is always a suit tile (winds and red dragons are bonus tiles)",
            tile=tile_name(hand.wild),
        )
    return hand.wild


def _check_gold_count(hand: Hand, gold: int) -> None:
    held = golds_held(hand)
    robbed = "robbing_gold" in hand.events and hand.winning_tile == gold
    if held > MAX_GOLDS + robbed:
        raise EngineError(
            TOO_MANY_COPIES,
            "{held} golds ({tile}) in the hand: the fourth is the face-up indicator, out of play unless robbed as the "
            "winning tile",
            held=held, tile=tile_code(gold),
        )


def _check_events(hand: Hand, gold: int) -> None:
    """The instant wins as fujian.md's table decides (that they are self-draws is read in hand.py)."""
    instant = [e for e in INSTANT_WINS if e in hand.events]
    if len(instant) == 2:
        raise EngineError(BAD_FIELD, "a hand wins by three golds or by robbing the gold, not both")
    # fujian.md: robbing the gold is won on the revealed gold, for the dealer's swap too
    if "robbing_gold" in hand.events and hand.winning_tile != gold:
        tile = tile_code(hand.winning_tile) if hand.winning_tile is not None else "no tile"
        raise EngineError(
            BAD_FIELD,
            "'robbing_gold' is won on the gold turned up ({tile}): the winning tile is {tile2}",
            tile=tile_code(gold), tile2=tile,
        )
    if "three_golds" in hand.events and golds_held(hand) != MAX_GOLDS:
        raise EngineError(
            BAD_FIELD,
            "'three_golds' needs all three golds ({tile}) in the hand: it holds {held}",
            tile=tile_code(gold), held=golds_held(hand),
        )
