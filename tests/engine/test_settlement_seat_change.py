"""A seat change `{"seat_change": i}` (README.md, ruling 2026-11-25): the person in seat i leaves and
another sits in. No hand is played: the deal carries on, and no money moves, except that in taiwan
every 拉 chain the seat is in ends at the change (pull_ledger.leave)."""
from decimal import Decimal

import pytest

from scorekeeper.engine import RULESET_KEYS, get_ruleset
from scorekeeper.engine.money import Payment
from scorekeeper.engine.payoffs.pull_ledger import EMPTY, Chain, leave

from engine_helpers import settle_json

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
DEAL = ("dealer", "dealer_streak", "round_wind", "round", "hand_in_round", "seat_winds")


def settle(ruleset, hands, **fields):
    answer = settle_json({"ruleset": ruleset, "players": PLAYERS, "dealer": 0, "hands": hands, **fields})
    assert answer["ok"], answer
    return answer


def money(rows):
    return sorted((r["from"], r["to"], Decimal(r["amount"])) for r in rows)


def deal_of(hand):
    return {key: hand[key] for key in DEAL}


def chain(holder, *debts):
    return Chain(holder, tuple(Decimal(d) for d in debts))


# -- the ledger --------------------------------------------------------------------------------
def test_the_holder_leaving_collects_every_debt_and_ends_the_chain():
    after, paid = leave(chain(0, 0, 13, "33.5", 13), 0)
    assert after == EMPTY
    assert sorted(paid) == [(1, 0, 13), (2, 0, Decimal("33.5")), (3, 0, 13)]


def test_a_debtor_leaving_pays_its_debt_and_the_chain_goes_on():
    after, paid = leave(chain(0, 0, 13, "33.5", 13), 2)
    assert paid == [Payment(2, 0, Decimal("33.5"))]
    assert after == chain(0, 0, 13, 0, 13)


@pytest.mark.parametrize("before, seat", [(chain(0, 0, 12, 0, 0), 3), (EMPTY, 1)])
def test_a_seat_outside_every_chain_leaves_it_alone(before, seat):
    assert leave(before, seat) == (before, [])


# -- taiwan sessions (default stakes: base 10, 1 per fan) ---------------------------------------
def test_taiwan_the_holder_leaves_the_chain_is_collected_and_the_next_win_starts_afresh():
    answer = settle("taiwan", [
        {"winner": 0, "discarder": None, "fan": 3},  # 13 from each: (0, 13, 13, 13)
        {"winner": 0, "discarder": 2, "fan": 4},  # Cy: 13 x 1.5 + 14 = 33.5
        {"seat_change": 0},
        {"winner": 1, "discarder": 0, "fan": 2},  # the dealer on 連2 pays 2 + 5 fan: 17
    ], pay_as_you_go=True)
    hands = answer["hands"]
    assert hands[2]["kind"] == "seat_change" and hands[2]["payments"] == []
    assert money(hands[2]["transfers"]) == [(1, 0, 13), (2, 0, Decimal("33.5")), (3, 0, 13)]
    assert hands[2]["tracked"] == []
    # the chain is over: no halving of Bob's debt, nothing more collected, Bob's chain starts
    assert hands[3]["transfers"] == [] and money(hands[3]["tracked"]) == [(0, 1, 17)]
    assert answer["balances"] == ["42.5", "4", "-33.5", "-13"]
    assert answer["owed"] == ["-17", "17", "0", "0"]


def test_taiwan_a_debtor_leaves_the_debt_is_collected_and_the_holder_goes_on_against_the_others():
    answer = settle("taiwan", [
        {"winner": 0, "discarder": None, "fan": 3},  # (0, 13, 13, 13)
        {"seat_change": 2},
        {"winner": 0, "discarder": None, "fan": 1},  # 11 each: 13 x 1.5 + 11 = 30.5; Cy's seat 0 x 1.5 + 11
    ])
    hands = answer["hands"]
    assert hands[1]["transfers"] == [{"from": 2, "to": 0, "amount": "13"}]
    assert money(hands[1]["tracked"]) == [(1, 0, 13), (3, 0, 13)]
    assert money(hands[2]["tracked"]) == [(1, 0, Decimal("30.5")), (2, 0, 11), (3, 0, Decimal("30.5"))]
    assert answer["balances"] == ["85", "-30.5", "-24", "-30.5"]
    assert answer["owed"] == answer["balances"]  # on a tab the collection goes on the tab


def test_taiwan_a_debtor_who_sits_in_wins_against_the_holder_with_nothing_to_halve():
    answer = settle("taiwan", [
        {"winner": 0, "discarder": None, "fan": 3},  # (0, 13, 13, 13)
        {"seat_change": 1},
        {"winner": 1, "discarder": 0, "fan": 2},  # the dealer on 連1 pays 2 + 3 fan: 15
    ])
    assert answer["hands"][1]["transfers"] == [{"from": 1, "to": 0, "amount": "13"}]
    assert money(answer["hands"][2]["transfers"]) == [(2, 0, 13), (3, 0, 13)]
    assert money(answer["hands"][2]["tracked"]) == [(0, 1, 15)]


def test_taiwan_a_seat_outside_the_chain_changes_nothing():
    plain = [{"winner": 0, "discarder": 1, "fan": 2}, {"winner": 0, "discarder": 2, "fan": 2}]
    answer = settle("taiwan", [plain[0], {"seat_change": 3}, plain[1]])
    assert answer["hands"][1]["transfers"] == [] and money(answer["hands"][1]["tracked"]) == [(1, 0, 12)]
    assert answer["balances"] == settle("taiwan", plain)["balances"]


def test_taiwan_the_holder_leaves_after_every_debtor_has_left_nothing_moves():
    answer = settle("taiwan", [
        {"winner": 0, "discarder": 1, "fan": 2},
        {"seat_change": 1},
        {"seat_change": 0},
        {"winner": 2, "discarder": 0, "fan": 2},
    ])
    assert [h["transfers"] for h in answer["hands"]][1:] == [[{"from": 1, "to": 0, "amount": "12"}], [], []]
    assert money(answer["hands"][3]["tracked"]) == [(0, 2, 15)]


# -- every ruleset: the deal carries on ----------------------------------------------------------
def win(ruleset, winner, discarder, figure):
    usual, payoff = get_ruleset(ruleset).usual_figures, get_ruleset(ruleset).payoff
    figure = min(max(figure, min(usual)), max(usual))  # within what its tables say
    hand = {"winner": winner, "discarder": discarder, payoff.figures[0]: figure}
    if "loser_points" in payoff.win_fields:  # taizhou.md: every loser's points come with the win
        hand["loser_points"] = [None if seat == winner else 2 for seat in range(4)]
    return hand


def some_hands(ruleset):
    return [win(ruleset, 0, 1, 8), win(ruleset, 2, None, 10), {"draw": True}, win(ruleset, 3, 0, 30),
            win(ruleset, 1, 2, 12)]


@pytest.mark.parametrize("ruleset", RULESET_KEYS)
@pytest.mark.parametrize("at", range(6))
def test_a_seat_change_shows_and_keeps_the_deal_of_the_hand_it_comes_before(ruleset, at):
    hands = some_hands(ruleset)
    answer = settle(ruleset, hands[:at] + [{"seat_change": at % 4}] + hands[at:])
    change = answer["hands"][at]
    after = answer["hands"][at + 1] if at < len(hands) else answer["next"]
    assert change["kind"] == "seat_change"
    assert deal_of(change) == deal_of(after)


@pytest.mark.parametrize("ruleset", [key for key in RULESET_KEYS if key != "taiwan"])
@pytest.mark.parametrize("at", range(6))
def test_outside_taiwan_a_seat_change_moves_no_money_and_changes_no_other_answer(ruleset, at):
    hands = some_hands(ruleset)
    without = settle(ruleset, hands)
    answer = settle(ruleset, hands[:at] + [{"seat_change": (at + 1) % 4}] + hands[at:])
    change = answer["hands"].pop(at)
    assert change["payments"] == change["transfers"] == change["tracked"] == []
    assert change["balances"] == (without["hands"][at - 1]["balances"] if at else ["0"] * 4)
    assert answer == without


# -- bad forms -----------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
@pytest.mark.parametrize("bad, words", [
    ({"seat_change": 4}, "'seat_change' (the seat whose player leaves) is 4"),
    ({"seat_change": -1}, "is -1"),
    ({"seat_change": True}, "is True"),
    ({"seat_change": False}, "is False"),
    ({"seat_change": 1.0}, "is 1.0"),
    ({"seat_change": "2"}, "is '2'"),
    ({"seat_change": None}, "is None"),
    ({"seat_change": 2, "player": "Eve"}, "leave out 'player'"),
    ({"seat_change": 2, "draw": True}, "leave out 'draw'"),
    ({"seat_change": 2, "winner": 1, "fan": 2}, "leave out 'fan'"),
    ({"seat_change": 2, "spot": "flower", "player": 2}, "leave out 'player'"),
])
def test_a_bad_seat_change_is_refused_with_its_number(ruleset, bad, words):
    answer = settle_json({"ruleset": ruleset, "players": PLAYERS, "hands": [{"draw": True}, bad]})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field", answer
    assert answer["error"]["hand"] == 1 and answer["error"]["message"].startswith("hand 2: ")
    assert words in answer["error"]["message"]
