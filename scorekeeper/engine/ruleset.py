"""The shape every ruleset shares: reading a hand, finding its arrangements, scoring the best.

A ruleset module subclasses `Ruleset`, declares its metadata and pattern table as
class attributes, and overrides the few hooks where it differs (`check`, `variants`,
`evaluate`). `score` is the same for all: every arrangement of the hand (with each
place the winning tile could have gone) is evaluated and the one worth most wins.
A ruleset object is the whole ruleset: it says what a table enters for it (`events`,
`bonus_tiles`, `usual_figures`, ...), and its `payoff` (payoffs/) is its settlement and dealer
rotation, written into the class, never looked up by key.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .answers import HandScore
from .errors import BAD_FIELD, BAD_TILE, NOT_WINNING, EngineError
from .examples import MoneyExample
from .facts import Facts
from .groups import STANDARD, THIRTEEN_ORPHANS, Arrangement, Group
from .hand import Hand, check_copies, check_tile_count, is_allowed, read_hand
from .options import Option
from .patterns import Counted, Pattern
from .payoffs import Payoff
from .search import FORM_SEARCHES, TERMINALS_AND_HONORS, arrangements, has_standard_win
from .tiles import KINDS, counts_of, tile_code, tile_name


@dataclass(frozen=True)
class Variant:
    """The concealed tiles as the search sees them: real counts plus wild tiles."""

    counts: tuple[int, ...]
    wilds: int = 0
    wild_tiles: tuple[int, ...] = ()  # the face of each wild, for display
    substitutions: tuple[tuple[int, int], ...] = ()


@dataclass
class Score:
    total: int
    patterns: list[Counted]
    limit: bool = False
    arrangement: Arrangement | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def key(self) -> tuple[int, int]:
        return (self.total, len(self.patterns))


class Ruleset:
    key: ClassVar[str]
    name: ClassVar[str]
    name_zh: ClassVar[str] = ""
    description: ClassVar[str] = ""
    unit: ClassVar[str] = "points"
    hand_size: ClassVar[int] = 13
    forms: ClassVar[tuple[str, ...]] = (STANDARD,)
    tile_set: ClassVar[frozenset[int]] = frozenset(range(42))
    patterns: ClassVar[tuple[Pattern, ...]] = ()
    options: ClassVar[tuple[Option, ...]] = ()
    payoff: ClassVar[Payoff]  # how its hands turn into money and pass the deal (payoffs/<module>.py)
    # The figures a table enters most often, offered as one-tap choices, and the ruleset's limit: a
    # figure past it is possible (flowers after zung-jung's limit, taiwan's dealer bonus after the cap)
    # but far more often a slip of the thumb, so the app asks before saving it. None: no limit.
    usual_figures: ClassVar[tuple[int, ...]] = (1, 2, 3, 4, 5, 6, 8, 10)
    figure_limit: ClassVar[int | None] = None
    # How a table of this ruleset usually pays (rules/README.md, `pay_as_you_go`): a tab unless the page
    # says money moves at the table (taiwan.md: 即時付錢).
    usually_pays_as_you_go: ClassVar[bool] = False
    # What a table enters for this ruleset, beyond its payoff's fields; the app derives its forms from these.
    # The loser who pays more for a win (`responsible`): "" never one, "discarder" the discarder unless
    # the hand names another, "optional" only one the hand names.
    responsible: ClassVar[str] = ""
    responsible_self_draw: ClassVar[bool] = False  # a self-draw may name one too (hk-faan's 包自摸)
    # Who a discard win may name: "any" loser, or only "discarder" (hk-faan: 包 on a discard is the discarder's).
    responsible_on_discard: ClassVar[str] = "any"
    bonus_tiles: ClassVar[str] = "flowers"  # bonus tiles entered with the hand: "flowers", "winds_red" or ""
    wild: ClassVar[str] = ""  # the wild tile the hand names in `wild`: "" none, "fortune", "gold"
    events: ClassVar[tuple[str, ...]] = ()  # the events a table enters for a win, in the form's order
    starting_tally: ClassVar[int] = 0  # points each player starts with, where the page keeps tallies
    dealer_word: ClassVar[str] = "dealer"  # what the page calls the dealer
    game_rounds: ClassVar[int] = 0  # rounds of the deal that make a full game, where the page says so
    # The quick-entry help's example evening for this ruleset, one line a hand (the app's quick-entry format); a
    # note after "#" is English, which the app translates by its text.
    quick_entry_example: ClassVar[tuple[str, ...]] = ()
    # The Rules page's worked examples of this ruleset's money (examples.py), in the order the page shows them.
    money_examples: ClassVar[tuple[MoneyExample, ...]] = ()

    # -- reading ---------------------------------------------------------------
    def read(self, data: Mapping[str, Any]) -> Hand:
        hand = read_hand(data)
        self.check_tile_set(hand)
        check_copies(hand)
        check_tile_count(hand, self.hand_size)
        self.check_options(hand.options)
        self.check(hand)
        return hand

    def check_tile_set(self, hand: Hand) -> None:
        for kind in [*hand.all_tiles(), *hand.bonus_tiles]:
            if kind not in self.tile_set:
                raise EngineError(
                    BAD_TILE,
                    "{tile} is not used in {ruleset}",
                    tile=tile_name(kind), ruleset=self.name,
                )
        if hand.role == "loser" and not self.scores_losers:
            raise EngineError(
                BAD_FIELD,
                "{ruleset} scores only the winner: 'role' must be 'winner'",
                ruleset=self.name,
            )

    scores_losers: ClassVar[bool] = False

    def check_options(self, given: Mapping[str, Any]) -> None:
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            option = known.get(name)
            if option is None:
                names = ", ".join(known) or "none"
                raise EngineError(
                    BAD_FIELD,
                    "unknown option {name!r} for {ruleset} (its options: {names})",
                    name=name, ruleset=self.name, names=names,
                )
            if option.allowed and not is_allowed(value, option.allowed):
                allowed = ", ".join(json.dumps(a) for a in option.allowed)
                written = json.dumps(value, default=repr)  # as the player wrote it: true, not True
                raise EngineError(
                    BAD_FIELD,
                    "option {name!r} is {written}: it must be one of {allowed}",
                    name=name, written=written, allowed=allowed,
                )

    def option(self, hand: Hand, name: str) -> Any:
        for option in self.options:
            if option.name == name:
                return hand.options.get(name, option.default)
        raise KeyError(name)

    def check(self, hand: Hand) -> None:
        """Ruleset-specific checks (wilds, events); the default has none."""
        if hand.wild is not None:
            raise EngineError(
                BAD_FIELD,
                "{ruleset} has no wild tiles: leave 'wild' out",
                ruleset=self.name,
            )

    # -- arranging -------------------------------------------------------------
    def variants(self, hand: Hand, tiles: Sequence[int]) -> list[Variant]:
        """How the concealed tiles are seen by the search; wild rulesets override."""
        return [Variant(tuple(counts_of(tiles)))]

    def arrangements(self, hand: Hand) -> list[Arrangement]:
        melds = tuple(m.as_group() for m in hand.melds)
        found: list[Arrangement] = []
        for variant in self.variants(hand, hand.full_concealed):
            for arrangement in arrangements(variant.counts, variant.wilds, self.forms, melds):
                found.extend(self.placements(hand, variant, arrangement))
        return found

    def placements(self, hand: Hand, variant: Variant, arrangement: Arrangement) -> list[Arrangement]:
        """The arrangement once for each distinct group the winning tile could have completed."""
        if hand.winning_tile is None:
            return [Arrangement(arrangement.form, arrangement.groups, None, variant.substitutions)]
        wins_as_wild = hand.winning_tile in variant.wild_tiles
        targets = {hand.winning_tile, *(to for face, to in variant.substitutions if face == hand.winning_tile)}
        out: list[Arrangement] = []
        seen: list[Group] = []
        for index, group in enumerate(arrangement.groups):
            if group.declared or group in seen:
                continue
            if wins_as_wild:
                fits = group.wild_count > 0 or not group.tiles
            else:
                fits = any(t in targets for t in group.real_tiles())
            if fits:
                seen.append(group)
                out.append(Arrangement(arrangement.form, arrangement.groups, index, variant.substitutions))
        return out

    def waits(self, hand: Hand, *, enough: int | None = None) -> frozenset[int]:
        """Tile kinds that would complete the hand before the win (all four held: not a wait).
        With `enough`, stop once that many are known (the winning tile counts as known): the
        wait patterns only ask whether the winning tile was the one tile that could win."""
        held = counts_of(hand.concealed + tuple(t for m in hand.melds for t in m.tiles))
        melds = tuple(m.as_group() for m in hand.melds)
        found = {hand.winning_tile} if enough and hand.winning_tile is not None else set()
        for kind in self.wait_candidates(hand):
            if enough and len(found) >= enough:
                break
            if kind in found or kind not in self.tile_set or held[kind] >= 4:
                continue
            tiles = hand.concealed + (kind,)
            if any(self.is_complete(v, melds) for v in self.variants(hand, tiles)):
                found.add(kind)
        return frozenset(found)

    def wait_candidates(self, hand: Hand) -> range | set[int]:
        """Without wilds, a completing tile sits within two of a held tile of its suit, or is a
        terminal or honour (thirteen orphans); with wilds any tile may complete."""
        if hand.wild is not None:
            return range(KINDS)
        near = set(TERMINALS_AND_HONORS) if THIRTEEN_ORPHANS in self.forms else set()
        for kind in set(hand.concealed):
            if kind >= 27:
                near.add(kind)
                continue
            low, high = kind - kind % 9, kind - kind % 9 + 8
            near.update(range(max(low, kind - 2), min(high, kind + 2) + 1))
        return near

    def concealed_kinds(self) -> frozenset[int]:
        """The playing tiles a hand may hold concealed (what a photo of the hand may show)."""
        return frozenset(k for k in self.tile_set if k < KINDS)

    def wins_on(self, tiles: Sequence[int], wild: int | None = None) -> bool:
        """Whether these tiles, all concealed (the winning tile among them), complete a hand of this ruleset's
        forms, with `wild` as the hand would name it: the check a photo's reading must pass (photo_reading.py)."""
        if wild is None or not self.wild:
            return self.is_complete(Variant(tuple(counts_of(tiles))), ())
        hand = Hand(ruleset=self.key, concealed=tuple(tiles), winning_tile=None, win="self_draw", wild=wild)
        try:
            return any(self.is_complete(v, ()) for v in self.variants(hand, tiles))
        except EngineError:  # a wild this ruleset refuses: no reading wins with it
            return False

    def is_complete(self, variant: Variant, melds: Sequence[Group]) -> bool:
        if STANDARD in self.forms and has_standard_win(variant.counts, variant.wilds):
            return True
        return bool(not melds and any(
            FORM_SEARCHES[form](variant.counts, variant.wilds) for form in self.forms if form != STANDARD
        ))

    # -- scoring ---------------------------------------------------------------
    def score(self, hand: Hand) -> Score:
        best: Score | None = None
        waits = self.waits(hand, enough=2) if self.needs_waits(hand) else frozenset()
        for arrangement in self.arrangements(hand):
            facts = Facts(hand, arrangement, waits)
            result = self.evaluate(facts)
            if result is None:
                continue
            result.arrangement = arrangement
            if best is None or result.key() > best.key():
                best = result
        if best is None:
            raise self.not_winning(hand)
        return best

    def needs_waits(self, hand: Hand) -> bool:
        return False

    def not_winning(self, hand: Hand) -> EngineError:
        """The refusal of tiles that make no win here (rulesets say more where they know why)."""
        if hand.winning_tile is None:
            return EngineError(NOT_WINNING, "these tiles with the last tile do not make a winning hand under "
                                            "{ruleset}", ruleset=self.name)
        return EngineError(NOT_WINNING, "these tiles with {tile} do not make a winning hand under {ruleset}",
                           tile=tile_code(hand.winning_tile), ruleset=self.name)

    def evaluate(self, facts: Facts) -> Score | None:
        """Counted patterns and total for one arrangement; None when it is not a scoring win."""
        raise NotImplementedError

    def answer(self, score: Score) -> HandScore:
        return HandScore(self.key, score.total, self.unit, tuple(c.line() for c in score.patterns), score.limit,
                         tuple(score.arrangement.notation() if score.arrangement else ()),
                         tuple(score.extra.items()))

    # -- what a table enters --------------------------------------------------
    def bonus_tiles_at(self, options: Mapping[str, Any]) -> str:
        """The bonus tiles a hand is entered with at a table with these options (hk-faan: none without flowers)."""
        return self.bonus_tiles

    def figures_at(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The usual figures at a table with these house options (where the options set the range)."""
        return self.usual_figures

    def limit_at(self, options: Mapping[str, Any]) -> int | None:
        """The figure limit at a table with these house options (None: no limit)."""
        return self.figure_limit

    def limit_for(self, figure_field: str, dealer_won: bool, continuations: int,
                  options: Mapping[str, Any]) -> int | None:
        """The limit a figure given in `figure_field` is checked against: a figure with the dealer's bonus
        already in it (taiwan's `fan`) may pass the pattern limit by that bonus (taiwan.md: the cap is on
        the pattern fan)."""
        limit = self.limit_at(options)
        if limit is None or figure_field != "fan" or not dealer_won:
            return limit
        return limit + self.payoff.dealer_extra(continuations)

    def house_options(self) -> tuple[Option, ...]:
        """Every option a table sets: the scorer's, then its payoff's own (zung-jung's `payoff`, every
        ruleset's `round_to`), whose default is the first value it allows."""
        named = {option.name for option in self.options}
        return tuple(self.options) + tuple(Option(name, allowed[0], tuple(allowed))
                                          for name, allowed in self.payoff.settlement_options.items()
                                          if name not in named)

    def describe(self) -> dict[str, Any]:
        """The ruleset as plain data (its pattern table, unit and options), for a reader outside Python."""
        return {
            "key": self.key, "name": self.name, "name_zh": self.name_zh, "description": self.description,
            "unit": self.unit, "hand_size": self.hand_size,
            "patterns": [p.describe() for p in self.patterns],
            "options": [{"name": o.name, "default": o.default, "allowed": list(o.allowed), "note": o.note}
                        for o in self.options],
        }


Evaluator = Callable[[Facts], Score | None]
