"""Head-to-head money (issue 39.1) on random sessions: for each person, the nets with each of the others add up
to their balance (seating.people_money), and each pair's net is the other's, negated.

Random taiwan (拉 chains, several winners on one discard), zung-jung and hk-old sessions, on a tab or paying as
they go, with seat changes among seven people (some coming back), as the services save them.
"""
from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from random_evenings import FIGURES, PROPERTIES, evenings, play

from scorekeeper.tables import selectors
from scorekeeper.tables.models import Session
from scorekeeper.tables.replay.seating import people_money
from scorekeeper.tables.selectors.session_numbers import _counted, forget_numbers, session_numbers

pytestmark = pytest.mark.django_db
entries = evenings(several_winners=True)


@PROPERTIES
@given(ruleset=st.sampled_from(sorted(FIGURES)), paying=st.booleans(), plan=entries)
def test_the_nets_with_each_other_person_add_up_to_the_balance(make_session, ruleset, paying, plan):
    forget_numbers()
    options = {"several_winners": True} if ruleset == "taiwan" else {}
    session = make_session(ruleset, pay_as_you_go=paying, options=options)
    play(session, plan)
    replay = selectors.session_standings(session=session, recent=0).replay
    balances = {m.player.pk: m.balance for m in people_money(session=session, replay=replay)}

    numbers = session_numbers(session=Session.objects.get(pk=session.pk))  # as a page reads it: from the tally

    assert numbers is not None
    assert {pk: n.net for pk, n in numbers.items()} == balances
    for pk, mine in numbers.items():
        assert sum((r.net for r in mine.rivals.values()), Decimal(0)) == balances[pk]
        for other, rival in mine.rivals.items():
            assert numbers[other].rivals[pk].net == -rival.net
    assert sum(n.deal_ins for n in numbers.values()) <= sum(n.wins for n in numbers.values())
    # read from the last hand's tally (four people throughout) or counted hand by hand: the same numbers
    assert {pk: facts(n) for pk, n in numbers.items()} == {pk: facts(n) for pk, n in _counted(session, replay).items()}


def facts(numbers):
    big = numbers.biggest
    return (numbers.hands, numbers.wins, numbers.self_draws, numbers.deal_ins, numbers.draws, numbers.won,
            numbers.figures, dict(numbers.patterns), numbers.longest_streak, numbers.chains, numbers.longest_chain,
            numbers.net, {pk: (r.received, r.paid, r.sessions) for pk, r in numbers.rivals.items()},
            big and (big.figure, big.figure_field, big.won, big.number, big.self_drawn, big.sets))
