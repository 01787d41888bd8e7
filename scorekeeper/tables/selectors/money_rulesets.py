"""The Rules page's Money section (issue 19): each ruleset's worked examples, as data.

`EXAMPLES` lists, for each ruleset, the examples that apply to it (rules/<ruleset>.md): one kind of
example from `money_examples.py` each, given its figures and its rule's words. A ruleset without an entry
(one the engine gains later) shows its Rules page without a Money section until it has one.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from ..display.rulesets import get_profile
from ..models import Session
from .money_examples import (
    CHAIN,
    EAST,
    NORTH,
    SOUTH,
    WEST,
    Example,
    Refused,
    Table,
    by_option,
    dealer_pays,
    dealer_wins,
    discard,
    four_hands,
    immune,
    paying,
    payoff_schemes,
    pull_again,
    pull_ends,
    pull_halves,
    scored,
    self_draw,
    spots,
    tallies,
)


def money_stakes(*, table: Table) -> list[str]:
    """The stakes the examples are played at, each with its label ("Base (底) 10")."""
    values = table.words()
    return [f"{stake.label} {values[stake.name]}" for stake in get_profile(table.key).stakes]


def money_examples(*, table: Table) -> list[Example]:
    """The worked examples of the table's ruleset, each made by the engine; [] for a ruleset with none."""
    made = []
    for build in EXAMPLES.get(table.key, ()):
        try:
            made.append(build(table))
        except Refused:
            continue
    return made


def example_table(*, key: str, session: Session | None = None) -> Table:
    if session is None:
        return Table(key)
    return Table(key, tuple(p.name for p in session.players), session.stakes, session.options, own=True)


# -- each ruleset's examples -------------------------------------------------------------------------------
# Hands over each ruleset's limit, self-drawn by South and scored by the engine.
LIMIT_HANDS = {
    "taiwan": {"concealed": "111222333444z555z6z", "winning_tile": "6z"},
    "zung-jung": {"concealed": "111222333m4445m", "winning_tile": "5m"},
    "hk-old": {"concealed": "111222333444z5z", "winning_tile": "5z"},
    "taizhou": {"concealed": "111999m234m567m8m", "winning_tile": "8m", "wild": "5p"},
}
# fujian: a plain self-drawn hand holding two golds (1p, the gold).
FUJIAN_GOLDS = {"concealed": "123m456m789p234s55s1p1p", "winning_tile": "9s", "wild": "1p"}
LIMIT_TITLE = _("The limit")
LIMIT_SAID = _("%(winner)s self-draws a hand over the limit. Its patterns:")


def limit(key: str, rule: Promise, **more: Any) -> Callable[[Table], Example]:
    return partial(scored, key="limit", title=LIMIT_TITLE, said=LIMIT_SAID, hand=LIMIT_HANDS[key], rule=rule, **more)


EXAMPLES: dict[str, tuple[Callable[[Table], Example], ...]] = {
    "taiwan": (
        partial(discard, figure=6, rule=_(
            "A win is worth the base, %(base)s, plus %(per_fan)s for each fan. On a discard the discarder alone pays "
            "it.")),
        partial(self_draw, figure=6, rule=_(
            "On a self-draw each of the three others pays. A dealer on a first deal (no 連 yet) pays the plain "
            "value too.")),
        partial(dealer_wins, figure=6, draws=2, rule=_(
            "A winning dealer adds 2n + 1 fan on 連n: +1 on a first deal, +3 on 連1, +5 on 連2. The dealer keeps "
            "the deal on a win and on a draw, and n rises by one.")),
        partial(dealer_pays, figure=6, draws=2, rule=_(
            "A dealer on 連n (n of 1 or more) who pays, for another's self-draw or on the dealer's own discard, "
            "pays for the fan + 2n + 1.")),
        limit("taiwan", _("The patterns' fan is capped at %(limit)s; a winning dealer's 2n + 1 comes after the "
                          "cap.")),
        partial(pull_again, rule=_(
            "A win is not paid at once: it is owed to the winner's chain (拉). When the same player wins again "
            "(draws between do not matter), each payer's debt is multiplied by 1.5 and the new win added; the "
            "debts of those who do not pay this hand stay as they are.")),
        partial(pull_ends, rule=_(
            "When another player wins, the chain ends: everything owed to its holder is paid then, and the new "
            "winner's chain begins. Debts still owed at the end of the session are paid then.")),
        partial(pull_halves, rule=_(
            "If the chain's holder pays the new winner (a discard, or the new winner's self-draw), the new winner's "
            "debt to the holder is halved first; then the chain is paid.")),
        partial(spots, count=2, rule=_(
            "Paid at once, never tracked: one unit is %(unit)s; each flower is %(flower_units)s unit and each "
            "grass %(grass_units)s units; a false win pays each other player a 30-fan win.")),
        partial(paying, hands=[*CHAIN, {"spot": "flower", "player": SOUTH, "count": 1},
                               {"winner": WEST, "discarder": NORTH, "fan": 6}]),
    ),
    "zung-jung": (
        partial(discard, figure=20, rule=_(
            "The winner collects 3 × the hand's value. On a discard of 25 points or less each of the three pays the "
            "value; each point is worth %(per_point)s.")),
        partial(discard, figure=40, title=_("A big win on a discard"), rule=by_option("payoff", {
            "competition": _("Over 25 points on a discard, the two others pay 25 each and the responsible player, "
                             "the discarder, pays the rest: 3 × the value − 50."),
            "uniform": _("With the Uniform payoff every loser pays the value, however big.")})),
        partial(immune, figure=40, rule=_(
            "When the winner had discarded that same tile earlier in the round, no one is responsible: all three "
            "pay the value.")),
        partial(self_draw, figure=40, rule=_("On a self-draw each of the three pays the value.")),
        limit("zung-jung", _("Limit %(limit)s: a hand worth %(limit)s or more scores %(limit)s (a listed limit hand "
                             "scores only its highest pattern); flowers are added after the limit.")),
        partial(payoff_schemes, figure=40, rule=_(
            "The house option Payoff: Competition, the official rule, or Uniform, the official casual one.")),
        partial(paying, hands=[{"winner": SOUTH, "discarder": WEST, "points": 40},
                               {"winner": NORTH, "discarder": None, "points": 20}]),
    ),
    "hk-old": (
        partial(self_draw, figure=40, winner=EAST, title=_("The dealer self-draws"), rule=_(
            "Self-drawn by the dealer: each other player pays 2 × the score.")),
        partial(self_draw, figure=40, rule=_("Self-drawn by another: the dealer pays 2 × the score, the others 1 ×.")),
        partial(discard, figure=40, winner=EAST, title=_("The dealer wins on a discard"), rule=_(
            "On a discard the discarder alone pays: 6 × the score when the dealer wins.")),
        partial(discard, figure=40, rule=_("On a discard the discarder alone pays: 4 × the score when another wins.")),
        limit("hk-old", _("Scores are rounded to 10 and capped at %(limit)s; a limit hand scores %(limit)s.")),
        partial(tallies, hands=[{"winner": SOUTH, "discarder": None, "points": 40},
                                {"winner": EAST, "discarder": WEST, "points": 60}], rule=_(
            "Each player starts with a tally of %(tally)s points; the balances are the tallies' change, each point "
            "worth %(per_point)s.")),
        partial(paying, hands=[{"winner": SOUTH, "discarder": None, "points": 40},
                               {"winner": EAST, "discarder": WEST, "points": 60}]),
    ),
    "taizhou": (
        partial(four_hands, key="four_hands", title=_("All four hands are scored"), winner=SOUTH, discarder=WEST,
                figure=40, losers=[8, None, 0, 16], rule=_(
                    "Each loser pays the winner the winner's points, and pays another loser the difference when the "
                    "other scored more. A payment is full when the banker pays or is paid, half between two others; "
                    "each point is worth %(per_point)s.")),
        partial(four_hands, key="banker_wins", title=_("The banker wins"), winner=EAST, discarder=None, figure=40,
                losers=[None, 0, 8, 16], rule=_("The banker pays or is paid in full in every payment.")),
        partial(four_hands, key="limit_paid", title=_("A limit hand is never halved"), winner=SOUTH, discarder=WEST,
                figure=100, losers=[8, None, 0, 16], rule=_(
                    "Points are capped at %(limit)s, and a %(limit)s-point hand is paid to the winner in full by "
                    "every loser.")),
        limit("taizhou", _("Points = hu × 2 for each tai, capped at %(limit)s; each loser's hand is scored too."),
              loser_points=[0, None, 8, 16]),
        partial(four_hands, key="responsible", title=_("The responsible player (包)"), winner=SOUTH, discarder=WEST,
                figure=40, losers=[8, None, 0, 16], responsible=WEST, rule=_(
                    "When the players name a responsible loser, that loser pays the winner what all three would have "
                    "paid; the payments between losers stay as they are.")),
        partial(paying, hands=[{"winner": SOUTH, "discarder": WEST, "points": 40, "loser_points": [8, None, 0, 16]},
                               {"draw": True}]),
    ),
    "fujian": (
        partial(discard, figure=10, rule=_(
            "All three losers pay the winner's points, whoever discarded; each point is worth %(per_point)s.")),
        partial(scored, key="golds", title=_("Golds (金)"), hand=FUJIAN_GOLDS, said=_(
            "%(winner)s self-draws a plain hand holding two golds. Its points:"), rule=_(
            "Each gold held adds 1 point to the plain points (the base, bonus tiles, golds, kongs, the dealer's "
            "streak); a self-draw or a special bonus doubles them; three golds win at once, +30.")),
        partial(scored, key="dealer_streak", title=_("The dealer's streak"), hand=FUJIAN_GOLDS, winner=EAST, draws=1,
                said=_("%(dealer)s, the dealer, self-draws the same hand. Its points:"), rule=_(
                    "A dealer on the second hand or more in a row adds that count (連庄); a first hand as dealer adds "
                    "nothing.")),
        partial(paying, hands=[{"winner": SOUTH, "discarder": WEST, "points": 10},
                               {"winner": EAST, "discarder": None, "points": 21}]),
    ),
}
