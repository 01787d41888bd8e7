"""The kinds of worked example the Rules page's Money section shows (issue 19): one small function each.

Every number an example shows comes from the engine: each function builds a small session and replays it
with `settle_session`, the code behind the command line's `settle`, at the table's stakes and options (a
session's, when the page is opened from one; else the engine's defaults). Only the words around the
numbers are written here, after the rules pages. Which examples each ruleset shows, with their figures
and their rules' words, is each ruleset's own (`Ruleset.money_examples`, read by `money_rulesets.py`).

Decisions where the rules pages are silent:
- The examples' first dealer sits at East (the first seat), whoever dealt first at the table: they show
  the rules, not the table's evening. Opened from a session, they name its players in seat order.
- An example the engine refuses at the table's stakes or options is left out, never shown half-made.
- taiwan's figures are the fan as the table agrees it, the dealer's extra included (`fan`), as in
  taiwan.md's worked example; only the winning dealer's own example enters pattern fan (`pattern_fan`),
  so that the engine adds the 2n + 1 it explains (`dealer_bonus`, the engine's, says how much).
- The 拉 chain's examples, several winners on one discard among them, are in `money_chains.py`.
- The examples of a limit are hands given by their tiles, scored by the engine, so the cap is the engine's.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import Fields, HandResult, PaymentRow, Refusal, Settlement, get_ruleset, settle_session
from scorekeeper.engine.payoffs.taiwan import dealer_bonus

from ..display.labels import figure_words
from ..display.money import Payment, money, payments
from ..display.names import local_name
from ..display.rulesets import get_profile, option_value
from ..display.score_lines import pattern_value, score_formula
from ..display.words import WIND_NAMES

EAST, SOUTH, WEST, NORTH = range(4)


class Refused(Exception):
    """The engine would not replay the example at this table's stakes or options."""


@dataclass(frozen=True)
class Table:
    """Who sits where and what the table plays for: a session's, or the engine's defaults."""

    key: str
    names: tuple[str, ...] = ()
    stakes: Mapping[str, Any] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    own: bool = False  # a session's table, not the defaults

    @property
    def seats(self) -> list[str]:
        return list(self.names) or [str(WIND_NAMES[wind]) for wind in "ESWN"]

    def settle(self, hands: list[Fields], *, pay_as_you_go: bool = False,
               options: Mapping[str, Any] | None = None) -> Settlement:
        """The engine's replay of these hands at this table (East deals first)."""
        answer = settle_session({
            "ruleset": self.key, "stakes": dict(self.stakes), "options": {**self.options, **(options or {})},
            "players": self.seats, "dealer": EAST, "hands": hands, "pay_as_you_go": pay_as_you_go})
        if isinstance(answer, Refusal):
            raise Refused(answer.message)
        return answer

    def words(self) -> dict[str, str]:
        """What a rule's words fill in: the stakes as the engine reads them, the limit, the starting tally."""
        ruleset = get_ruleset(self.key)
        stakes = {name: money(value) for name, value in ruleset.payoff.read_stakes(self.stakes).items()}
        limit = ruleset.limit_at(self.options)
        return stakes | {"limit": f"{limit or 0:,}", "tally": f"{ruleset.starting_tally:,}"}


@dataclass(frozen=True)
class Step:
    """One moment of an example: what happened, and what the engine says it moved or left owed."""

    said: str
    payments: tuple[Payment, ...] = ()
    rows: tuple[tuple[str, str], ...] = ()  # a scored hand's patterns, or the tallies
    note: str = ""
    owed: bool = False  # the payments are debts still owed (taiwan's 拉 chain), not money paid
    grid: tuple[tuple[str, ...], ...] = ()  # a table of figures, its first row the headings


@dataclass(frozen=True)
class Example:
    key: str
    title: str
    rule: str
    steps: tuple[Step, ...]


Rule = Promise | Callable[[Table], str]


# -- words ---------------------------------------------------------------------------------------
def _rule(table: Table, rule: Rule) -> str:
    text = str(rule) if isinstance(rule, Promise) else rule(table)
    return text % table.words()


def by_option(name: str, texts: Mapping[Any, Promise]) -> Callable[[Table], str]:
    """A rule whose words depend on a house option (zung-jung's payoff), at the table's value of it."""
    def rule(table: Table) -> str:
        return str(texts[get_ruleset(table.key).payoff.read_options(table.options)[name]])
    return rule


def _figure(table: Table, figure: int) -> str:
    return figure_words(figure, get_ruleset(table.key).unit)


def _paid(table: Table, rows: Sequence[PaymentRow]) -> tuple[Payment, ...]:
    return tuple(payments(table.seats, rows))


def _won(table: Table, said: str, rows: Sequence[PaymentRow]) -> Step:
    """A win's payments; where a pull ledger holds them (taiwan.md), owed to the winner's chain, not paid."""
    if get_ruleset(table.key).payoff.pull_ledger:
        return _owed(said, table, rows, gettext("Owed, not paid yet: a win waits in the winner's 拉 chain (below)."))
    return Step(said, _paid(table, rows))


def _owed(said: str, table: Table, rows: Sequence[PaymentRow], note: str = "") -> Step:
    return Step(said, _paid(table, rows), note=note, owed=True)


def _figure_field(table: Table, hand: Mapping[str, Any]) -> str:
    """The field a win gives its figure in, whichever of the ruleset's it is."""
    return next(k for k in hand if k in get_ruleset(table.key).payoff.figures)


def _win(table: Table, winner: int, discarder: int | None, figure: int, **more: Any) -> Fields:
    return {"winner": winner, "discarder": discarder, get_ruleset(table.key).payoff.figures[0]: figure, **more}


def _who_else(table: Table, more: Fields) -> str:
    """What a win's extra fields say, in words: who is responsible (包), a robbed kong (搶槓)."""
    said = ""
    if more.get("responsible") is not None:
        said += " " + gettext("%(name)s is responsible (包).") % {"name": table.seats[more["responsible"]]}
    if more.get("robbed_kong"):
        said += " " + gettext("It was %(name)s's kong, robbed (搶槓).") % {"name": table.seats[WEST]}
    return said


def _who(table: Table, **seats: int) -> dict[str, str]:
    return {role: table.seats[seat] for role, seat in seats.items()}


# -- a win and who pays it -----------------------------------------------------------------------
def discard(table: Table, *, figure: int, rule: Rule, winner: int = SOUTH, title: Promise | None = None,
            **more: Any) -> Example:
    hand = table.settle([_win(table, winner, WEST, figure, **more)]).hands[0]
    said = (gettext("%(winner)s, the dealer, wins %(figure)s on %(discarder)s's discard.") if winner == EAST
            else gettext("%(winner)s wins %(figure)s on %(discarder)s's discard (%(dealer)s deals).")) % (
        _who(table, winner=winner, discarder=WEST, dealer=EAST) | {"figure": _figure(table, figure)})
    step = _won(table, said + _who_else(table, more), hand.payments)
    return Example("discard", str(title or _("A win on a discard")), _rule(table, rule), (step,))


def self_draw(table: Table, *, figure: int, rule: Rule, winner: int = SOUTH, title: Promise | None = None,
              **more: Any) -> Example:
    hand = table.settle([_win(table, winner, None, figure, **more)]).hands[0]
    said = (gettext("%(winner)s, the dealer, self-draws %(figure)s.") if winner == EAST
            else gettext("%(winner)s self-draws %(figure)s (%(dealer)s deals).")) % (
        _who(table, winner=winner, dealer=EAST) | {"figure": _figure(table, figure)})
    step = _won(table, said + _who_else(table, more), hand.payments)
    return Example("self_draw", str(title or _("A self-drawn win")), _rule(table, rule), (step,))


def _draws(table: Table, count: int, hand: HandResult) -> Step:
    """The draws before a hand, each keeping the deal: the dealer's continuations (連n) as the engine counts them."""
    streak = hand.dealer_streak - get_ruleset(table.key).payoff.streak_from
    return Step(ngettext("%(count)s draw: %(dealer)s keeps the deal, now 連%(n)s.",
                         "%(count)s draws: %(dealer)s keeps the deal, now 連%(n)s.", count)
                % {"count": count, "dealer": table.seats[EAST], "n": streak})


def dealer_wins(table: Table, *, figure: int, draws: int, rule: Rule) -> Example:
    """taiwan.md, Dealer: the winning dealer's 2n+1, added by the engine to the pattern fan."""
    answer = table.settle([{"draw": True}] * draws + [{"winner": EAST, "discarder": SOUTH, "pattern_fan": figure}])
    win = answer.hands[-1]
    streak = win.dealer_streak
    extra = dealer_bonus(streak)
    said = gettext("%(dealer)s wins %(figure)s of patterns on %(discarder)s's discard. On 連%(n)s the dealer adds "
                   "2 × %(n)s + 1 = %(extra)s: %(fan)s + %(extra)s = %(total)s.") % (
        _who(table, dealer=EAST, discarder=SOUTH) | {"figure": _figure(table, figure), "n": streak, "extra": extra,
                                                    "fan": figure, "total": _figure(table, figure + extra)})
    steps = (_draws(table, draws, win), _won(table, said, win.payments))
    return Example("dealer_wins", gettext("The dealer's extra"), _rule(table, rule), steps)


def dealer_pays(table: Table, *, figure: int, draws: int, rule: Rule) -> Example:
    """taiwan.md, Money: a losing dealer on 連n (n >= 1) pays for fan + (2n+1)."""
    win = table.settle([{"draw": True}] * draws + [_win(table, SOUTH, None, figure)]).hands[-1]
    streak = win.dealer_streak
    extra = dealer_bonus(streak)
    said = gettext("%(winner)s self-draws %(figure)s. %(dealer)s, the dealer on 連%(n)s, pays for %(fan)s + "
                   "%(extra)s = %(total)s.") % (_who(table, winner=SOUTH, dealer=EAST) | {
                       "figure": _figure(table, figure), "n": streak, "fan": figure, "extra": extra,
                       "total": _figure(table, figure + extra)})
    steps = (_draws(table, draws, win), _won(table, said, win.payments))
    return Example("dealer_pays", gettext("A losing dealer pays more"), _rule(table, rule), steps)


def immune(table: Table, *, figure: int, rule: Rule) -> Example:
    """zung-jung.md: the winner's own earlier discard of the tile makes no one responsible."""
    hand = table.settle([_win(table, SOUTH, WEST, figure, responsible=None)]).hands[0]
    said = gettext("%(winner)s wins %(figure)s on %(discarder)s's discard, a tile %(winner)s had discarded "
                   "earlier in the round: no one is responsible.") % (
        _who(table, winner=SOUTH, discarder=WEST) | {"figure": _figure(table, figure)})
    return Example("immune", gettext("No one responsible"), _rule(table, rule),
                   (Step(said, _paid(table, hand.payments)),))


def payoff_schemes(table: Table, *, figure: int, rule: Rule) -> Example:
    """zung-jung.md: option `payoff`, the same win under each scheme (the table's marked)."""
    allowed = get_ruleset(table.key).payoff.settlement_options["payoff"]
    ours = get_ruleset(table.key).payoff.read_options(table.options)["payoff"]
    said = gettext("%(winner)s wins %(figure)s on %(discarder)s's discard.") % (
        _who(table, winner=SOUTH, discarder=WEST) | {"figure": _figure(table, figure)})
    steps = [Step(said)] + [_scheme(table, figure, scheme, scheme == ours) for scheme in allowed]
    return Example("payoff", gettext("The Payoff house option"), _rule(table, rule), tuple(steps))


def _scheme(table: Table, figure: int, scheme: str, ours: bool) -> Step:
    hand = table.settle([_win(table, SOUTH, WEST, figure)], options={"payoff": scheme}).hands[0]
    name = option_value("payoff", scheme)
    said = gettext("%(scheme)s (this table's):") if ours and table.own else gettext("%(scheme)s:")
    return Step(said % {"scheme": name}, _paid(table, hand.payments))


# -- hands scored by their tiles: a limit, golds, a dealer's streak --------------------------------
def scored(table: Table, *, key: str, title: Promise, said: Promise, hand: Fields, rule: Rule,
           draws: int = 0, winner: int = SOUTH, **more: Any) -> Example:
    """A self-drawn hand given by its tiles: the engine's patterns and total, and what each pays."""
    answer = table.settle([{"draw": True}] * draws + [{"winner": winner, "discarder": None, "hand": hand, **more}])
    win = answer.hands[-1]
    score = win.score
    assert score is not None  # a win given by its tiles is scored
    rows = tuple((local_name(p), pattern_value(p, table.key)) for p in score.patterns)
    total = (gettext("It scores %(total)s: the limit.") if score.limit else gettext("It scores %(total)s.")) % {
        "total": _figure(table, score.total)}
    step = Step(str(said) % _who(table, winner=winner, dealer=EAST), _paid(table, win.payments), rows,
                _after_formula(score_formula(score), total))
    steps = ((_draws(table, draws, win),) if draws else ()) + (step,)
    return Example(key, str(title), _rule(table, rule), steps)


def _after_formula(formula: str, total: str) -> str:
    """The sum as taizhou.md writes it ('28 hu × 2³ = 224'), then what the hand scores; elsewhere just the score."""
    return gettext("%(formula)s. %(total)s") % {"formula": formula, "total": total} if formula else total


# -- taizhou: all four hands scored ------------------------------------------------------------------
def four_hands(table: Table, *, key: str, title: Promise, rule: Rule, winner: int, discarder: int | None,
               figure: int, losers: Sequence[int | None], responsible: int | None = None) -> Example:
    """taizhou.md, Settlement: losers pay the winner and each other, full or half by the banker."""
    win = _win(table, winner, discarder, figure, loser_points=list(losers), responsible=responsible)
    hand = table.settle([win]).hands[0]
    scores = ", ".join(f"{table.seats[seat]} {points}" for seat, points in enumerate(losers) if points is not None)
    how = (gettext("%(winner)s wins %(figure)s on %(discarder)s's discard") if discarder is not None
           else gettext("%(winner)s self-draws %(figure)s"))
    said = gettext("%(won)s; the losers' hands score %(scores)s (%(banker)s is the banker).") % {
        "won": how % (_who(table, winner=winner, discarder=discarder or 0) | {"figure": _figure(table, figure)}),
        "scores": scores, "banker": table.seats[EAST]}
    if responsible is not None:
        said += " " + gettext("%(name)s is responsible (包).") % {"name": table.seats[responsible]}
    return Example(key, str(title), _rule(table, rule), (Step(said, _paid(table, hand.payments)),))


# -- hk-old: the tallies -----------------------------------------------------------------------------
def tallies(table: Table, *, hands: list[Fields], rule: Rule) -> Example:
    """hk-old.md: each player starts with a tally; the engine's balances are its change."""
    answer = table.settle(hands)
    start = get_ruleset(table.key).starting_tally
    told = _told_all(table, hands)
    rows = tuple((name, money(start + Decimal(balance))) for name, balance in zip(table.seats, answer.balances))
    step = Step(gettext("After these hands (%(hands)s) the tallies read:") % {"hands": told}, rows=rows)
    return Example("tallies", gettext("Tallies"), _rule(table, rule), (step,))


# -- taiwan: on-the-spot payments ----------------------------------------------------------------------
def _spot(kind: str, needs: str, count: int) -> Fields:
    """One payment of each kind: South's, or the dealer's dice; South pays West for a failed peng."""
    entry: Fields = {"spot": kind} if needs == "dealer" else {"spot": kind, "player": SOUTH}
    return entry | ({"count": count} if needs == "count" else {"to": WEST} if needs == "to" else {})


def spots(table: Table, *, count: int, rule: Rule) -> Example:
    """taiwan.md, On-the-spot payments: each kind once, paid at once and never tracked."""
    needs = get_ruleset(table.key).payoff.spot_needs
    entries = [_spot(kind, need, count) for kind, need in needs.items()]
    hands = table.settle(entries).hands
    kinds = get_profile(table.key).spot_kinds  # what each pays, in the ruleset's own words
    steps = tuple(Step(gettext("%(what)s: %(how)s") % {"what": _told(table, e), "how": kinds[e["spot"]][1]},
                       _paid(table, hand.transfers)) for e, hand in zip(entries, hands))
    title = gettext("On-the-spot payments (即時付款)") if len(kinds) > 1 else kinds[next(iter(kinds))][0]
    return Example("spots", title, _rule(table, rule), steps)


# -- a money table: each figure's share and what a win of it moves -------------------------------------
def money_table(table: Table, *, rule: Rule) -> Example:
    """hk-faan.md, Money: for each figure from the table's minimum to its limit, one share, what a discard win
    and a self-draw move; every amount the engine's settle of that win."""
    payoff = get_ruleset(table.key).payoff
    options = payoff.read_options(table.options)
    shared = options.get("discard_pays") == "half"
    heads = (gettext("Faan"), gettext("One share"),
             gettext("Discard: the discarder / each other") if shared else gettext("Discard: the discarder pays"),
             gettext("Self-draw: each pays / the winner collects"))
    rows = [heads]
    for figure in get_ruleset(table.key).figures_at(table.options):
        won = table.settle([_win(table, SOUTH, WEST, figure), _win(table, SOUTH, None, figure)]).hands
        by_discard = {row.payer: Decimal(row.amount) for row in won[0].payments}
        each = [Decimal(row.amount) for row in won[1].payments]
        discard_cell = money(by_discard[WEST]) + (f" / {money(by_discard[NORTH])}" if shared else "")
        rows.append((str(figure), money(each[0]), discard_cell, f"{money(each[0])} / {money(sum(each, Decimal(0)))}"))
    return Example("money_table", gettext("The money table"), _rule(table, rule), (Step("", grid=tuple(rows)),))


# -- a tab or pay as you go ------------------------------------------------------------------------------
def paying(table: Table, *, hands: list[Fields]) -> Example:
    """rules/README.md, `pay_as_you_go`: what Settle up asks for after the same hands, each way."""
    tab, go = (table.settle(hands, pay_as_you_go=way).settle_up for way in (False, True))
    dealers = [hand.dealer for hand in table.settle(hands).hands]
    told = Step(gettext("After these hands: %(hands)s.") % {"hands": _told_all(table, hands, dealers)})
    steps = (told, Step(gettext("Keeping a tab, Settle up asks for:"), _paid(table, tab)),
             Step(gettext("Paying as you go, Settle up asks for:"), _paid(table, go),
                  note="" if go else gettext("Nothing is still owed: every payment was made at the table.")))
    rule = gettext("Keep a tab: nothing changes hands until Settle up.") + " " + get_profile(table.key).paying_help
    return Example("paying", gettext("A tab or pay as you go"), rule, steps)


def _told_all(table: Table, hands: list[Fields], dealers: Sequence[int | None] = ()) -> str:
    dealers = list(dealers) or [None] * len(hands)
    return gettext("; ").join(_told(table, hand, dealer) for hand, dealer in zip(hands, dealers))


def _told(table: Table, hand: Fields, dealer: int | None = None) -> str:
    """A hand of an example in words: a win, a draw or an on-the-spot payment. With the hand's dealer, a
    dealer's figure that already holds the dealer's extra says so (issue 35.16), or a table adds it again."""
    if "spot" in hand:
        player = table.seats[hand.get("player", EAST)]
        extra = f" × {hand['count']}" if "count" in hand else ""
        to = gettext(" to %(name)s") % {"name": table.seats[hand["to"]]} if "to" in hand else ""
        label = get_profile(table.key).spot_kinds[hand["spot"]][0]
        return gettext("%(what)s: %(how)s") % {"what": player, "how": f"{label}{extra}{to}"}
    if hand.get("draw"):
        return gettext("a draw")
    field = _figure_field(table, hand)
    figure = _figure(table, int(hand[field]))
    payoff = get_ruleset(table.key).payoff
    if hand.get("winner") == dealer and payoff.dealer_extra(0) and not payoff.figure_extra(field, 0):
        figure = gettext("%(figure)s with the dealer's extra") % {"figure": figure}
    if hand["discarder"] is None:
        return gettext("%(winner)s self-draws %(figure)s") % (_who(table, winner=hand["winner"]) | {"figure": figure})
    return gettext("%(winner)s wins %(figure)s on %(discarder)s's discard") % (
        _who(table, winner=hand["winner"], discarder=hand["discarder"]) | {"figure": figure})
