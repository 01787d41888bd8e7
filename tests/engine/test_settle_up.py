"""settle_up: the fewest payments that clear the balances, checked against a brute-force search."""
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.settle_up import settle_up

from engine_helpers import settle_json


def fewest_by_search(balances):
    """The classic exhaustive search: settle the first open balance against each opposite one in turn."""
    amounts = [b for b in balances if b]

    def search(start, left):
        while start < len(left) and left[start] == 0:
            start += 1
        if start == len(left):
            return 0
        best = len(left)
        for other in range(start + 1, len(left)):
            if left[other] * left[start] < 0:
                left[other] += left[start]
                best = min(best, 1 + search(start + 1, left))
                left[other] -= left[start]
        return best

    return search(0, amounts)


def apply(balances, payments):
    left = list(balances)
    for p in payments:
        assert p.amount > 0
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    return left


@st.composite
def balance_sets(draw):
    n = draw(st.integers(2, 7))
    # few distinct values, so that zero-sum subgroups (where greedy alone fails) are common
    values = draw(st.lists(st.sampled_from([-30, -20, -10, -5, 5, 10, 20, 30, 0]), min_size=n - 1, max_size=n - 1))
    return [Decimal(v) for v in values] + [Decimal(-sum(values))]


@settings(max_examples=300, deadline=None)
@given(balance_sets())
def test_settle_up_clears_everything_in_the_fewest_payments(balances):
    payments = settle_up(balances)
    assert apply(balances, payments) == [0] * len(balances)
    assert len(payments) == fewest_by_search(balances)


def test_zero_sum_pairs_are_settled_apart_where_greedy_would_chain_them():
    balances = [Decimal(v) for v in (-30, 20, -10, 10, 10)]  # {-30, 20, 10} and {-10, 10}: 3 payments
    assert len(settle_up(balances)) == 3
    assert fewest_by_search(balances) == 3


def test_nothing_to_settle_needs_no_payment():
    assert settle_up([Decimal(0)] * 4) == []


def test_more_than_eight_players_still_clear_by_the_greedy_fallback():
    balances = [Decimal(v) for v in (5, -5, 7, -7, 1, 2, -3, 4, -4, 0)]
    payments = settle_up(balances)
    assert apply(balances, payments) == [0] * len(balances)


def test_the_sessions_settle_up_clears_its_balances():
    answer = settle_json({"ruleset": "taizhou", "players": ["A", "B", "C", "D"],
                             "hands": [{"winner": 1, "points": 44, "loser_points": [6, None, 24, 0]}]})
    left = [Decimal(b) for b in answer["balances"]]
    for row in answer["settle_up"]:
        left[row["from"]] += Decimal(row["amount"])
        left[row["to"]] -= Decimal(row["amount"])
    assert left == [0, 0, 0, 0]
    assert len(answer["settle_up"]) == 3
