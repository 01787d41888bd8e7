"""Head-to-head money (issue 39.1) on random sessions: for each person, the nets with each of the others add up
to their balance (seating.people_money), and each pair's net is the other's, negated.

Random taiwan (拉 chains, several winners on one discard), zung-jung and hk-old sessions, on a tab or paying as
they go, with seat changes among seven people (some coming back), as the services save them.
"""
from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.tables import selectors, services
from scorekeeper.tables.hand_input import HandInput, OtherWin
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay.seating import people_money, seating_of
from scorekeeper.tables.selectors.session_numbers import _counted, forget_numbers, session_numbers

pytestmark = pytest.mark.django_db
PROPERTIES = settings(max_examples=25, deadline=None,
                      suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
POOL = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus"]
FIGURES = {"taiwan": ("fan", 1, 8), "zung-jung": ("points", 8, 60), "hk-old": ("points", 10, 200)}

win = st.tuples(st.just("win"), st.integers(0, 3), st.one_of(st.none(), st.integers(0, 3)), st.integers(0, 100))
wins = st.tuples(st.just("wins"), st.integers(0, 3), st.integers(1, 3), st.integers(0, 100))
seat_change = st.tuples(st.just("seat"), st.integers(0, 3), st.sampled_from(POOL), st.just(0))
entries = st.lists(st.one_of(win, win, win, wins, st.tuples(st.just("draw"), st.just(0), st.just(0), st.just(0)),
                             seat_change), min_size=1, max_size=18)


def play(session, plan) -> None:
    field, low, high = FIGURES[session.ruleset]
    several = session.ruleset == "taiwan"
    for kind, a, b, figure in plan:
        value = low + figure % (high - low + 1)
        if kind == "draw":
            services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
        elif kind == "win" and a != b:
            services.hands_append(session=session, hands=[HandInput(kind=Hand.Kind.WIN, winner=a, discarder=b,
                                                                    figure=value, figure_field=field)])
        elif kind == "wins" and several:  # the discarder a; two winners or three, after it in turn
            winners = [(a + step) % 4 for step in range(1, 4)][:1 + b % 3 or 2]
            if len(winners) < 2:
                continue
            services.hands_append(session=session, hands=[HandInput(
                kind=Hand.Kind.WIN, winner=winners[0], discarder=a, figure=value, figure_field=field,
                other_wins=[OtherWin(seat, low + (figure + seat) % (high - low + 1), field) for seat in winners[1:]])])
        elif kind == "seat":
            seated = {p.name for p in seating_of(session=session, replay=selectors.session_standings(
                session=session, recent=0).replay).now}
            if b not in seated:
                services.seat_change_record(session=session, seat=a, name=b)


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
