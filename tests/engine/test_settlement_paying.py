"""How the table pays (rules/README.md, `pay_as_you_go` and `owed`): a tab or each hand paid at the table."""
from decimal import Decimal

import pytest
from hypothesis import given, settings

from engine_helpers import settle_json
from test_settle_properties import sessions

EVENING = {"ruleset": "taiwan", "players": ["Ah Lok", "Sofia", "Kenji", "Mei"], "dealer": 0, "hands": [
    {"winner": 1, "discarder": 2, "fan": 3},  # Kenji owes Sofia 13 on Sofia's chain
    {"spot": "flower", "player": 3},  # Mei receives 10 from each, at once
    {"winner": 1, "discarder": 2, "fan": 4},  # Sofia again: Kenji owes 13 × 1.5 + 14
]}


def settle(session, **fields):
    answer = settle_json({**session, **fields})
    assert answer["ok"], answer
    return answer


def amounts(values):
    return [Decimal(v) for v in values]


def cleared(owed, payments):
    left = amounts(owed)
    for row in payments:
        left[row["from"]] += Decimal(row["amount"])
        left[row["to"]] -= Decimal(row["amount"])
    return left


def test_paying_as_you_go_leaves_only_the_open_pull_debts_owed():
    answer = settle(EVENING, pay_as_you_go=True)
    assert amounts(answer["balances"]) == [-10, Decimal("23.5"), Decimal("-43.5"), 30]
    # Mei's flower money changed hands at the table; only Sofia's chain is still open
    assert amounts(answer["owed"]) == [0, Decimal("33.5"), Decimal("-33.5"), 0]
    assert answer["settle_up"] == [{"from": 2, "to": 1, "amount": "33.5"}]


def test_a_tab_owes_the_whole_balances_and_settle_up_asks_for_them():
    answer = settle(EVENING)
    assert answer["owed"] == answer["balances"]
    assert cleared(answer["owed"], answer["settle_up"]) == [0, 0, 0, 0]


def test_after_a_chain_ends_at_the_table_nothing_of_it_is_asked_again():
    # Kenji ends Sofia's chain on her discard: his 33.5 is halved and paid at the table
    hands = EVENING["hands"] + [{"winner": 2, "discarder": 1, "fan": 0}]
    answer = settle({**EVENING, "hands": hands}, pay_as_you_go=True)
    assert answer["hands"][3]["transfers"] == [{"from": 2, "to": 1, "amount": "16.75"}]
    # only Kenji's new chain is open: Sofia, a losing dealer on 連1, owes him 10 + 3 fan
    assert amounts(answer["owed"]) == [0, -13, 13, 0]
    assert answer["settle_up"] == [{"from": 1, "to": 2, "amount": "13"}]


def test_other_rulesets_paying_as_you_go_owe_nothing_at_the_end():
    hands = [{"winner": 1, "discarder": 2, "points": 30}, {"winner": 0, "discarder": None, "points": 8}]
    answer = settle({"ruleset": "zung-jung", "players": list("ABCD"), "hands": hands}, pay_as_you_go=True)
    assert any(Decimal(b) for b in answer["balances"])
    assert answer["owed"] == ["0", "0", "0", "0"] and answer["settle_up"] == []


@pytest.mark.parametrize("value", ["yes", 1, None, "true"])
def test_pay_as_you_go_is_true_or_false_and_nothing_else(value):
    answer = settle_json({**EVENING, "pay_as_you_go": value})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field"
    assert "pay_as_you_go" in answer["error"]["message"]


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_owed_sums_to_zero_and_settle_up_clears_it_in_either_way_of_paying(session):
    for paying in (False, True):
        answer = settle(session, pay_as_you_go=paying)
        assert sum(amounts(answer["owed"])) == 0
        assert cleared(answer["owed"], answer["settle_up"]) == [0, 0, 0, 0]
        paid_at_table = [b - o for b, o in zip(amounts(answer["balances"]), amounts(answer["owed"]))]
        if not paying:
            assert answer["owed"] == answer["balances"]
        elif session["ruleset"] != "taiwan":
            assert answer["owed"] == ["0"] * 4
        else:  # what moved at the table plus the open debts is the whole result
            moved = [Decimal(0)] * 4
            for hand in answer["hands"]:
                for row in hand["transfers"]:
                    moved[row["from"]] -= Decimal(row["amount"])
                    moved[row["to"]] += Decimal(row["amount"])
            assert paid_at_table == moved
