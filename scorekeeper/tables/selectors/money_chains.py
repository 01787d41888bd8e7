"""The Rules page's worked examples of taiwan's 拉 chain (taiwan.md, Pull): winning again, another player
winning, the holder discarding, and several winners on one discard (一炮多響, issue 37).

Built as every kind in `money_examples.py` is (its docstring says how): each replays a small session with
`settle_session` at the table's stakes and options and shows the engine's numbers; only the words are here.

Decisions where the rules pages are silent:
- The 拉 examples are taiwan.md's worked example (a dealer's 13-fan self-draw, then his 5-fan win on
  South's discard; then A: another wins, B: the holder discards to the winner) at the table's stakes.
- Several winners on one discard is taiwan.md's own worked example, replayed with the house option on
  whatever the table plays: a table playing 截糊 (the option off, as by default) is told so first, then
  shown what the option would do.
"""
from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from scorekeeper.engine import Fields, HandResult, PaymentRow, Settlement, get_ruleset
from scorekeeper.engine.payoffs.taiwan import dealer_bonus

from ..display.money import money
from .money_examples import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    Example,
    Rule,
    Step,
    Table,
    _figure,
    _owed,
    _paid,
    _rule,
    _who,
    _win,
)

# -- taiwan: the pull (拉) chain -------------------------------------------------------------------
# taiwan.md's worked example: East, the dealer, self-draws 13 fan, then wins 5 fan on South's discard. The figures
# are the engine's, the dealer's extra already in: the words say so (issue 35.16), or a table would add it again.
CHAIN = ({"winner": EAST, "discarder": None, "fan": 13}, {"winner": EAST, "discarder": SOUTH, "fan": 5})


def _exact(row: PaymentRow) -> str:
    """The amount the chain's sum is worked on: the exact one, where the table's coin rounded what is shown."""
    return row.exact if row.exact is not None else row.amount


def _chain(table: Table, then: Fields | None = None) -> Sequence[HandResult]:
    return table.settle([*CHAIN, *([then] if then else [])]).hands


def _chain_start(table: Table, hands: Sequence[HandResult]) -> Step:
    said = gettext("%(dealer)s, the dealer, self-draws 13 fan with the dealer's extra, then wins 5 fan on "
                   "%(discarder)s's discard, the extra again included. Owed to %(dealer)s now:") % _who(
        table, dealer=EAST, discarder=SOUTH)
    return _owed(said, table, hands[1].tracked)


def pull_again(table: Table, *, rule: Rule) -> Example:
    """taiwan.md pull rule 1: W = P, each payer's debt × 1.5 plus the new value; the others' stay."""
    hands = _chain(table)
    first = _owed(gettext("%(dealer)s, the dealer, self-draws 13 fan with the dealer's extra: each of the others "
                          "owes %(dealer)s.") % _who(table, dealer=EAST), table, hands[0].tracked)
    before, after = (next(_exact(d) for d in hand.tracked if d.payer == SOUTH) for hand in hands)
    said = gettext("%(dealer)s wins again, 5 fan with the dealer's extra on %(discarder)s's discard: "
                   "%(discarder)s's debt × 1.5 plus the new "
                   "win (%(debt)s × 1.5 + %(value)s = %(owed)s); the others' debts stay. Owed to %(dealer)s now:") % (
        _who(table, dealer=EAST, discarder=SOUTH)
        | {"debt": money(before), "value": money(_exact(hands[1].payments[0])), "owed": money(after)})
    steps = (first, _owed(said, table, hands[1].tracked))
    return Example("pull_again", gettext("The 拉 chain: winning again"), _rule(table, rule), steps)


def pull_ends(table: Table, *, rule: Rule) -> Example:
    """taiwan.md pull rule 2, scenario A: another wins; the holder's chain is paid, a new one begins."""
    hands = _chain(table, _win(table, WEST, NORTH, 6))
    said = gettext("%(winner)s wins 6 fan on %(discarder)s's discard: %(dealer)s's chain ends, and everything owed "
                   "to %(dealer)s is paid:") % _who(table, winner=WEST, discarder=NORTH, dealer=EAST)
    steps = (_chain_start(table, hands), Step(said, _paid(table, hands[2].transfers)),
             _owed(gettext("%(winner)s's chain begins:") % _who(table, winner=WEST), table, hands[2].tracked))
    return Example("pull_ends", gettext("The 拉 chain: another player wins"), _rule(table, rule), steps)


def pull_halves(table: Table, *, rule: Rule) -> Example:
    """taiwan.md pull rule 2, scenario B: the holder pays the new winner, whose debt halves first."""
    hands = _chain(table, _win(table, SOUTH, EAST, 6))
    said = gettext("%(winner)s wins 6 fan on %(dealer)s's discard. %(dealer)s pays, so %(winner)s's debt to "
                   "%(dealer)s is halved first; then %(dealer)s's chain is paid:") % _who(table, winner=SOUTH,
                                                                                          dealer=EAST)
    streak = hands[2].dealer_streak
    then = gettext("%(winner)s's chain begins (%(dealer)s, the dealer on 連%(n)s, pays for the fan + %(extra)s):") % (
        _who(table, winner=SOUTH, dealer=EAST) | {"n": streak, "extra": dealer_bonus(streak)})
    steps = (_chain_start(table, hands), Step(said, _paid(table, hands[2].transfers)),
             _owed(then, table, hands[2].tracked))
    return Example("pull_halves", gettext("The 拉 chain: the holder discards"), _rule(table, rule), steps)




# -- several winners on one discard (一炮多響) -----------------------------------------------------------
# taiwan.md's worked example: South wins 4 fan on East's discard (South's chain begins, South deals next); then
# East discards and South (2 fan, the dealer's extra included) and North (6 fan) both win on the tile.
SEVERAL_WINNERS = "several_winners"  # taiwan.md: the house option; off (截糊), the second hand is refused
HOLDS, CARRIES, ALSO = 4, 2, 6
SEVERAL = ({"winner": SOUTH, "discarder": EAST, "fan": HOLDS},
           {"discarder": EAST, "winners": [{"winner": SOUTH, "fan": CARRIES}, {"winner": NORTH, "fan": ALSO}]})


def several_winners(table: Table, *, rule: Rule) -> Example:
    """taiwan.md, Several winners on one discard: each winner owed as if alone, the holder's chain going on, the
    other winner paid at once, the dealer keeping the deal; played with the option on, whatever the table's."""
    answer = table.settle(list(SEVERAL), options={SEVERAL_WINNERS: True})
    first, both = answer.hands
    carrier, other = (next(w for w in both.winners if w.carries_chain is carries) for carries in (True, False))
    names = _who(table, discarder=EAST, holder=carrier.winner, other=other.winner, dealer=both.dealer)
    begins = gettext("%(holder)s wins %(figure)s on %(discarder)s's discard (%(discarder)s deals): %(holder)s's 拉 "
                     "chain begins, and %(dealer)s deals next. Owed to %(holder)s now:") % (
        names | {"figure": _figure(table, HOLDS)})
    won = gettext("%(discarder)s discards, and both %(holder)s (%(carries)s) and %(other)s (%(also)s) win on the "
                  "tile. %(discarder)s owes each what a win alone would be: %(holder)s %(value)s, %(other)s "
                  "%(paid)s.") % (names | {
                      "carries": gettext("%(figure)s with the dealer's extra") % {"figure": _figure(table, CARRIES)},
                      "also": _figure(table, ALSO), "value": money(carrier.paid), "paid": money(other.paid)})
    steps = (Step(_several_status(table)), _owed(begins, table, first.tracked), Step(won),
             _owed(_carried(answer, names), table, both.tracked),
             Step(gettext("%(other)s's win is paid at once:") % names, _paid(table, both.transfers)),
             Step(gettext("%(dealer)s dealt and is among the winners: %(dealer)s keeps the deal, now 連%(n)s.")
                  % (_who(table, dealer=answer.next.dealer) | {"n": answer.next.dealer_streak})))
    return Example("several_winners", gettext("Several winners on one discard (一炮多響)"), _rule(table, rule),
                   steps)


def _several_status(table: Table) -> str:
    """Whether this table plays the option (the example plays it on either way)."""
    if get_ruleset(table.key).payoff.read_options(table.options)[SEVERAL_WINNERS]:
        return gettext("This table plays 一炮多響: two or three players may win on one discard, as below.")
    if table.own:
        return gettext("This table plays 截糊: its house option is off, so only the winner nearest in turn after "
                       "the discarder wins. Here is what the option does at a table that turns it on:")
    return gettext("Off unless a table turns it on (New session, House options): by default a table plays 截糊, "
                   "and only the winner nearest in turn after the discarder wins. Here is what the option does "
                   "turned on:")


def _carried(answer: Settlement, names: dict[str, str]) -> str:
    """The holder among the winners: the chain goes on as a win again (taiwan.md pull rule 1)."""
    first, both = answer.hands
    before, after = (next(_exact(d) for d in hand.tracked if d.payer == EAST) for hand in (first, both))
    value = next(w.paid for w in both.winners if w.carries_chain)
    return gettext("%(holder)s holds the chain and is among the winners, so it goes on: %(discarder)s's debt × "
                   "1.5 plus the new win (%(debt)s × 1.5 + %(value)s = %(owed)s). Owed to %(holder)s now:") % (
        names | {"debt": money(before), "value": money(value), "owed": money(after)})
