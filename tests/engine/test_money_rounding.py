"""The settle option `round_to` (issue 19): each amount that changes hands rounded to the table's smallest coin,
halves up, with the exact amount beside it; exact by default, the money always summing to zero."""
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.money import COINS

from engine_helpers import settle_json
from test_settle_properties import sessions

# taiwan.md's worked example: East self-draws 13, wins again off South 5 (South owes 36 × 1.5 + 20 = 74),
# then South self-draws: South's 74 halved to 37 before East's chain is paid.
CHAIN = {"ruleset": "taiwan", "players": ["E", "S", "W", "N"], "dealer": 0,
         "stakes": {"base": "10", "per_fan": "2"}, "hands": [
             {"winner": 0, "discarder": None, "fan": 13}, {"winner": 0, "discarder": 1, "fan": 5},
             {"winner": 1, "discarder": None, "fan": 3}]}
# base 10, 1.5 a fan: the second win makes South owe 29.5 × 1.5 + 17.5 = 61.75; halved, 30.875
CENTS = {**CHAIN, "stakes": {"base": "10", "per_fan": "1.5"}}


def settle(session, **options):
    answer = settle_json({**session, "options": options})
    assert answer["ok"], answer
    return answer


def test_exact_by_default_the_cents_stay():
    moved = settle(CENTS)["hands"][2]["transfers"]
    assert {"from": 1, "to": 0, "amount": "30.875"} in moved
    assert all("exact" not in row for row in moved)


@pytest.mark.parametrize("coin, paid", [("0.01", "30.88"), ("0.5", "31"), ("1", "31"), ("5", "30"), ("10", "30")])
def test_each_payment_is_rounded_to_the_coin_halves_up_and_says_the_exact_amount(coin, paid):
    moved = settle(CENTS, round_to=coin)["hands"][2]["transfers"]
    south = next(row for row in moved if row["from"] == 1)
    assert south == {"from": 1, "to": 0, "amount": paid, "exact": "30.875"}


def test_a_debt_still_owed_grows_exact_and_is_shown_in_coins():
    hands = settle(CENTS, round_to="1")["hands"]
    # 29.5 owed after the first win grows by x1.5 from the exact 29.5 (not from 30): 61.75, shown as 62
    assert {"from": 1, "to": 0, "amount": "30", "exact": "29.5"} in hands[0]["tracked"]
    assert {"from": 1, "to": 0, "amount": "62", "exact": "61.75"} in hands[1]["tracked"]
    assert sum(Decimal(b) for b in hands[1]["balances"]) == 0


def test_the_debts_paid_at_the_end_are_rounded_too():
    answer = settle({**CENTS, "hands": CENTS["hands"][:2]}, round_to="1")
    assert {"from": 1, "to": 0, "amount": "62"} in answer["closing"]
    assert sum(Decimal(b) for b in answer["balances"]) == 0


def test_a_coin_the_engine_does_not_know_is_a_bad_field():
    answer = settle_json({**CHAIN, "options": {"round_to": "0.3"}})
    assert answer["error"]["code"] == "bad_field"


@settings(max_examples=150, deadline=None)
@given(sessions(), st.sampled_from(COINS[1:]))
def test_rounded_money_always_sums_to_zero_and_each_payment_is_whole_coins(session, coin):
    answer = settle_json({**session, "options": {**session["options"], "round_to": coin}})
    assert answer["ok"], answer
    assert sum(Decimal(b) for b in answer["balances"]) == 0
    for hand in answer["hands"]:
        for row in hand["transfers"]:
            assert Decimal(row["amount"]) % Decimal(coin) == 0
