"""taiwan's pull (拉) ledger: the three rules of taiwan.md and the source's worked scenarios; several wins on one
discard (ruling 2026-11-28)."""
from decimal import Decimal
from fractions import Fraction

from scorekeeper.engine.money import Payment
from scorekeeper.engine.payoffs.pull_ledger import EMPTY, Chain, pull, pull_several

from engine_helpers import settle_json

SOURCE = {"ruleset": "taiwan", "players": ["East", "South", "West", "North"], "dealer": 0,
          "stakes": {"base": "10", "per_fan": "2"}}
HANDS_1_2 = [{"winner": 0, "discarder": None, "fan": 13}, {"winner": 0, "discarder": 1, "fan": 5}]


def settle(hands):
    answer = settle_json({**SOURCE, "hands": hands})
    assert answer["ok"], answer
    return answer


def money(rows):
    return sorted((r["from"], r["to"], Decimal(r["amount"])) for r in rows)


def dues(winner, amounts):
    return [Payment(payer, winner, Decimal(a)) for payer, a in amounts.items()]


def test_rule_1_a_consecutive_win_multiplies_the_payers_debts_only():
    chain = Chain(0, (Decimal(0), Decimal(36), Decimal(36), Decimal(36)))
    after, paid = pull(chain, 0, dues(0, {1: 20}))
    assert paid == []
    assert after.debts == (0, 74, 36, 36)


def test_rule_2_the_holder_paying_halves_the_new_winners_debt_before_the_chain_settles():
    chain = Chain(0, (Decimal(0), Decimal(74), Decimal(36), Decimal(36)))
    after, paid = pull(chain, 1, dues(1, {0: 32}))
    assert sorted(paid) == [(1, 0, 37), (2, 0, 36), (3, 0, 36)]
    assert after == Chain(1, (Decimal(32), Decimal(0), Decimal(0), Decimal(0)))


def test_rule_2_without_the_holder_paying_the_chain_settles_in_full():
    chain = Chain(0, (Decimal(0), Decimal(74), Decimal(36), Decimal(36)))
    after, paid = pull(chain, 2, dues(2, {3: 26}))
    assert sorted(paid) == [(1, 0, 74), (2, 0, 36), (3, 0, 36)]
    assert after.holder == 2 and after.debts[3] == 26


def test_a_first_win_starts_a_chain_with_nothing_paid():
    after, paid = pull(EMPTY, 3, dues(3, {0: 15, 1: 15, 2: 15}))
    assert paid == [] and after.tracked() == [(0, 3, 15), (1, 3, 15), (2, 3, 15)]


def test_rule_3_a_draw_changes_no_tracked_debt_nor_breaks_the_chain():
    answer = settle([HANDS_1_2[0], {"draw": True}, HANDS_1_2[1]])
    draw, win = answer["hands"][1], answer["hands"][2]
    assert draw["transfers"] == [] and money(draw["tracked"]) == money(answer["hands"][0]["tracked"])
    assert win["transfers"] == []
    assert money(win["tracked"]) == [(1, 0, 74), (2, 0, 36), (3, 0, 36)]


def test_source_hand_1_everyone_owes_east_36_nothing_moves():
    hand = settle(HANDS_1_2[:1])["hands"][0]
    assert hand["transfers"] == []
    assert money(hand["tracked"]) == [(1, 0, 36), (2, 0, 36), (3, 0, 36)]


def test_source_hand_2_south_owes_74():
    hand = settle(HANDS_1_2)["hands"][1]
    assert money(hand["tracked"]) == [(1, 0, 74), (2, 0, 36), (3, 0, 36)]
    assert hand["payments"] == [{"from": 1, "to": 0, "amount": "20"}]


def test_source_scenario_a_east_collects_everything_and_west_starts_a_chain():
    answer = settle(HANDS_1_2 + [{"winner": 2, "discarder": 3, "fan": 8}])
    hand = answer["hands"][2]
    assert money(hand["transfers"]) == [(1, 0, 74), (2, 0, 36), (3, 0, 36)]
    assert money(hand["tracked"]) == [(3, 2, 26)]


def test_source_scenario_b_souths_debt_halves_to_37():
    answer = settle(HANDS_1_2 + [{"winner": 1, "discarder": 0, "fan": 6}])
    hand = answer["hands"][2]
    assert money(hand["transfers"]) == [(1, 0, 37), (2, 0, 36), (3, 0, 36)]
    assert money(hand["tracked"]) == [(0, 1, 32)]


def test_source_scenario_c_debts_times_one_and_a_half_plus_the_new_value():
    answer = settle(HANDS_1_2 + [{"winner": 0, "discarder": None, "fan": 9}])
    assert money(answer["hands"][2]["tracked"]) == [(1, 0, 139), (2, 0, 82), (3, 0, 82)]


def test_every_tracked_debt_is_settled_at_the_end_and_listed_as_closing():
    answer = settle(HANDS_1_2)
    assert money(answer["closing"]) == [(1, 0, 74), (2, 0, 36), (3, 0, 36)]
    assert answer["balances"] == ["146", "-74", "-36", "-36"]
    assert answer["hands"][-1]["balances"] == answer["balances"]


def test_a_long_chain_stays_exact_to_the_last_digit():
    answer = settle([{"winner": 0, "discarder": None, "fan": 1}] * 40)
    owed = Fraction(0)
    for _ in range(40):
        owed = owed * Fraction(3, 2) + 12
    assert Fraction(Decimal(answer["balances"][1])) == -owed  # 40 decimal places, none lost
    assert sum(Fraction(Decimal(b)) for b in answer["balances"]) == 0


def chain(holder, *debts):
    return Chain(holder, tuple(Decimal(d) for d in debts))


def due(discarder, winner, amount):
    return (winner, [Payment(discarder, winner, Decimal(amount))])


# -- several wins on one discard: one winner carries the chain (pull_several) ---------------------------------
def test_the_holder_among_the_winners_carries_the_chain_the_others_are_paid_at_once():
    after, moved, carrier = pull_several(chain(3, 12, 12, 12, 0), 2, [due(2, 1, 14), due(2, 3, 13)])
    assert carrier == 3
    assert after == chain(3, 12, 12, 31, 0)  # 12 x 1.5 + 13; the others' debts stay
    assert moved == [Payment(2, 1, Decimal(14))]


def test_without_the_holder_the_nearest_after_the_discarder_carries_it_and_the_old_chain_is_paid():
    after, moved, carrier = pull_several(chain(0, 0, 13, 13, 13), 1, [due(1, 3, 15), due(1, 2, 12)])
    assert carrier == 2  # Cy sits right after Bob, before Di
    assert after == chain(2, 0, 12, 0, 0)
    assert moved == [Payment(1, 0, Decimal(13)), Payment(2, 0, Decimal(13)), Payment(3, 0, Decimal(13)),
                     Payment(1, 3, Decimal(15))]


def test_the_holder_discarding_halves_every_winners_debt_before_the_chain_is_paid():
    after, moved, carrier = pull_several(chain(1, 14, 0, 8, 6), 1, [due(1, 2, 11), due(1, 3, 12), due(1, 0, 13)])
    assert carrier == 2
    assert after == chain(2, 0, 11, 0, 0)
    assert sorted(moved) == sorted([Payment(0, 1, Decimal(7)), Payment(2, 1, Decimal(4)), Payment(3, 1, Decimal(3)),
                                    Payment(1, 3, Decimal(12)), Payment(1, 0, Decimal(13))])


def test_with_no_chain_open_the_nearest_winner_starts_one():
    after, moved, carrier = pull_several(EMPTY, 3, [due(3, 2, 11), due(3, 0, 20)])
    assert (carrier, after, moved) == (0, chain(0, 0, 0, 0, 20), [Payment(3, 2, Decimal(11))])
