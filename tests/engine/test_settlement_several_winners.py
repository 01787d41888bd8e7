"""Several wins on one discard (一炮多響, taiwan.md, ruling 2026-11-28), settled: each winner paid by the discarder
as if alone, the dealer keeping the deal if among them, the 拉 chain carried by its holder if among them, else by
the winner nearest after the discarder, every other winner paid at once (pull_ledger.pull_several)."""
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import HandResult, Settlement, WinnerResult, score_hand, settle_session

from engine_helpers import settle_json

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
ON = {"several_winners": True}
DEAL = ("dealer", "dealer_streak")


def session(hands, options=ON, **fields):
    return {"ruleset": "taiwan", "players": PLAYERS, "dealer": 0, "options": options, "hands": hands, **fields}


def settle(hands, options=ON, **fields):
    answer = settle_json(session(hands, options, **fields))
    assert answer["ok"], answer
    return answer


def money(rows):
    return sorted((r["from"], r["to"], Decimal(r["amount"])) for r in rows)


# -- sessions across a 拉 chain (default stakes: base 10, 1 a fan) ------------------------------
def test_a_triple_win_with_the_holder_among_them_continues_the_holders_chain():
    answer = settle([
        {"winner": 3, "discarder": None, "fan": 2},  # Di's chain: everyone owes 12; Bob deals next
        {"discarder": 2, "winners": [{"winner": 0, "fan": 1}, {"winner": 1, "fan": 4}, {"winner": 3, "fan": 3}]},
    ])
    hand = answer["hands"][1]
    assert money(hand["tracked"]) == [(0, 3, 12), (1, 3, 12), (2, 3, 31)]  # Cy: 12 x 1.5 + 13
    assert money(hand["transfers"]) == [(2, 0, 11), (2, 1, 14)]
    assert money(hand["payments"]) == [(2, 0, 11), (2, 1, 14), (2, 3, 13)]
    assert answer["balances"] == ["-1", "2", "-56", "55"]
    assert answer["next"]["dealer"] == 1 and answer["next"]["dealer_streak"] == 1  # Bob dealt and won


def test_a_double_win_without_the_holder_ends_the_chain_and_the_nearest_winner_starts_one():
    answer = settle([
        {"winner": 0, "discarder": None, "fan": 3},  # Ann, dealing, self-draws: 13 from each
        {"discarder": 1, "winners": [{"winner": 3, "fan": 5}, {"winner": 2, "fan": 2}]},
    ])
    hand = answer["hands"][1]
    assert money(hand["transfers"]) == [(1, 0, 13), (1, 3, 15), (2, 0, 13), (3, 0, 13)]
    assert money(hand["tracked"]) == [(1, 2, 12)]
    assert answer["balances"] == ["39", "-40", "-1", "2"]
    assert [hand[k] for k in DEAL] == [0, 1] and answer["next"]["dealer"] == 1  # Ann did not win: the deal passes


def test_a_triple_win_on_the_holders_own_discard_halves_each_winners_debt():
    answer = settle([
        {"winner": 1, "discarder": 0, "fan": 4},  # Bob's chain: Ann owes 14; Bob deals next
        {"discarder": 1, "winners": [{"winner": 2, "fan": 1}, {"winner": 3, "fan": 2}, {"winner": 0, "fan": 3}]},
    ])
    hand = answer["hands"][1]
    assert money(hand["transfers"]) == [(0, 1, 7), (1, 0, 13), (1, 3, 12)]  # Ann's 14 halved
    assert money(hand["tracked"]) == [(1, 2, 11)]
    assert answer["balances"] == ["6", "-29", "11", "12"]
    assert answer["next"]["dealer"] == 2


def test_the_dealer_among_the_winners_adds_2n_plus_1_and_keeps_the_deal():
    answer = settle([
        {"draw": True},  # Ann 連1
        {"discarder": 2, "winners": [{"winner": 3, "pattern_fan": 2}, {"winner": 0, "pattern_fan": 4}]},
        {"draw": True},
    ])
    hand = answer["hands"][1]
    assert money(hand["payments"]) == [(2, 0, 17), (2, 3, 12)]  # Ann: 4 + 3; Di: no dealer's extra
    assert money(hand["tracked"]) == [(2, 3, 12)] and money(hand["transfers"]) == [(2, 0, 17)]
    assert [[h[k] for k in DEAL] for h in answer["hands"]] == [[0, 0], [0, 1], [0, 2]]


def test_a_losing_dealer_who_discarded_pays_each_winner_the_continuation_and_passes_the_deal():
    answer = settle([{"draw": True}, {"draw": True},  # Ann 連2: 2n + 1 = 5
                     {"discarder": 0, "winners": [{"winner": 2, "fan": 1}, {"winner": 3, "fan": 0}]}])
    assert money(answer["hands"][2]["payments"]) == [(0, 2, 16), (0, 3, 15)]
    assert answer["next"]["dealer"] == 1 and answer["next"]["dealer_streak"] == 0


def test_the_winners_order_in_the_entry_changes_no_money_nor_deal():
    hands = [{"winner": 3, "discarder": 1, "fan": 2},
             {"discarder": 1, "winners": [{"winner": 0, "fan": 6}, {"winner": 2, "fan": 1}, {"winner": 3, "fan": 2}]}]
    first = settle(hands)
    hands[1]["winners"].reverse()
    second = settle(hands)
    assert first["balances"] == second["balances"] and first["next"] == second["next"]
    assert money(first["hands"][1]["tracked"]) == money(second["hands"][1]["tracked"])
    assert money(first["hands"][1]["transfers"]) == money(second["hands"][1]["transfers"])


def test_paying_as_you_go_leaves_only_the_carried_chain_owed():
    answer = settle([{"discarder": 2, "winners": [{"winner": 3, "fan": 5}, {"winner": 1, "fan": 3}]}],
                    pay_as_you_go=True)
    assert answer["owed"] == ["0", "0", "-15", "15"] and answer["balances"] == ["0", "13", "-28", "15"]


def test_each_payment_at_once_is_rounded_to_the_tables_coin():
    answer = settle([{"discarder": 2, "winners": [{"winner": 3, "fan": 3}, {"winner": 1, "fan": 5}]}],
                    options={**ON, "round_to": "5"}, stakes={"per_fan": "0.5"})
    hand = answer["hands"][0]
    assert hand["transfers"] == [{"from": 2, "to": 1, "amount": "15", "exact": "12.5"}]
    assert hand["tracked"] == [{"from": 2, "to": 3, "amount": "10", "exact": "11.5"}]


# -- the answer --------------------------------------------------------------------------------
def test_the_typed_answer_says_what_each_winner_was_paid_and_who_carries_the_chain():
    answer = settle_session(session([{"winner": 1, "discarder": 0, "fan": 4},
                                     {"discarder": 0, "winners": [{"winner": 1, "fan": 2}, {"winner": 3, "fan": 6}]}]))
    assert isinstance(answer, Settlement)
    first, several = answer.hands
    assert first.kind == "win" and first.winners == ()
    assert several.kind == "several_wins" and several.score is None
    assert several.winners == (WinnerResult(1, "12", True), WinnerResult(3, "16", False))


def test_the_json_says_each_winner_and_reads_back_to_them():
    answer = settle_session(session([{"discarder": 2, "winners": [{"winner": 3, "fan": 5}, {"winner": 1, "fan": 3}]}]))
    assert isinstance(answer, Settlement)
    data = answer.to_json()["hands"][0]
    assert data["kind"] == "several_wins"
    assert data["winners"] == [{"winner": 3, "paid": "15", "carries_chain": True},
                               {"winner": 1, "paid": "13", "carries_chain": False}]
    assert HandResult.from_json(data) == answer.hands[0]
    assert answer.hands[0].winners == (WinnerResult(3, "15", True), WinnerResult(1, "13", False))


def test_json_without_winners_reads_them_back_from_the_payments_and_the_chain():
    answer = settle_session(session([{"discarder": 2, "winners": [{"winner": 3, "fan": 5}, {"winner": 1, "fan": 3}]}]))
    assert isinstance(answer, Settlement)
    data = {k: v for k, v in answer.to_json()["hands"][0].items() if k != "winners"}
    assert set(HandResult.from_json(data).winners) == {WinnerResult(1, "13", False), WinnerResult(3, "15", True)}


CHOWS_BY_TILES = {"concealed": "123m456m789m123p456p7s", "winning_tile": "7s"}


def test_winners_given_by_tiles_are_scored_each_with_the_deal_the_replay_knows():
    answer = settle_session(session([{"discarder": 1, "winners": [{"winner": 0, "hand": CHOWS_BY_TILES},
                                                                  {"winner": 2, "fan": 1}]}]))
    assert isinstance(answer, Settlement)
    ann, cy = answer.hands[0].winners
    alone = score_hand({"ruleset": "taiwan", **CHOWS_BY_TILES, "win": "discard", "seat_wind": "E",
                        "round_wind": "E", "dealer": True, "dealer_streak": 0, "options": ON})
    assert ann.score == alone and ann.paid == str(10 + alone.total)
    assert (cy.score, cy.paid, ann.carries_chain, cy.carries_chain) == (None, "11", False, True)
    assert HandResult.from_json(answer.hands[0].to_json()).winners[0].score == alone  # a cached replay keeps it


def test_the_option_reaches_the_scorer_as_a_declared_house_option():
    hand = {"ruleset": "taiwan", **CHOWS_BY_TILES, "win": "discard"}
    assert score_hand({**hand, "options": ON}).to_json() == score_hand(hand).to_json()


# -- what always holds ---------------------------------------------------------------------------
seats = st.integers(0, 3)
FIGURES = st.sampled_from(["fan", "pattern_fan"])


@st.composite
def several(draw):
    discarder = draw(seats)
    others = [s for s in range(4) if s != discarder]
    winners = draw(st.lists(st.sampled_from(others), min_size=2, max_size=3, unique=True))
    return {"discarder": discarder, "winners": [{"winner": w, draw(FIGURES): draw(st.integers(0, 90))}
                                                for w in winners]}


@st.composite
def lone(draw):
    winner = draw(seats)
    return {"winner": winner, "discarder": draw(st.one_of(st.none(), seats.filter(lambda s: s != winner))),
            draw(FIGURES): draw(st.integers(0, 90))}


STAKES = st.fixed_dictionaries({"base": st.sampled_from(["10", "5", "2.5"]),
                                "per_fan": st.sampled_from(["1", "2", "0.5"])})
ENTRIES = st.one_of(several(), lone(), st.just({"draw": True}), st.builds(lambda s: {"seat_change": s}, seats))


@settings(max_examples=200, deadline=None)
@given(st.lists(ENTRIES, max_size=20), seats, STAKES, st.booleans())
def test_balances_sum_to_zero_and_no_debt_is_negative(hands, dealer, stakes, as_you_go):
    answer = settle(hands, dealer=dealer, stakes=stakes, pay_as_you_go=as_you_go)
    assert sum(Decimal(b) for b in answer["balances"]) == 0
    assert sum(Decimal(o) for o in answer["owed"]) == 0
    for hand in answer["hands"]:
        assert sum(Decimal(b) for b in hand["balances"]) == 0
        assert all(Decimal(row["amount"]) > 0 for row in hand["tracked"])
        assert len({row["to"] for row in hand["tracked"]}) <= 1  # one chain, one holder


@settings(max_examples=200, deadline=None)
@given(several().filter(lambda h: len(h["winners"]) == 2), seats, st.integers(0, 4), STAKES)
def test_with_no_chain_open_each_of_two_winners_gets_what_a_lone_win_of_its_fan_gets(hand, dealer, draws, stakes):
    before = [{"draw": True}] * draws  # the dealer's streak: 2n + 1 for a winning or paying dealer
    both = settle([*before, hand], dealer=dealer, stakes=stakes)
    for win in hand["winners"]:
        alone = settle([*before, {**win, "discarder": hand["discarder"]}], dealer=dealer, stakes=stakes)
        seat = win["winner"]
        assert Decimal(both["balances"][seat]) == Decimal(alone["balances"][seat])
        assert [r for r in both["hands"][-1]["payments"] if r["to"] == seat] == alone["hands"][-1]["payments"]
    paid = sum(Decimal(both["balances"][w["winner"]]) for w in hand["winners"])
    assert Decimal(both["balances"][hand["discarder"]]) == -paid
    assert both["next"]["dealer"] == (dealer if any(w["winner"] == dealer for w in hand["winners"])
                                      else (dealer + 1) % 4)


@pytest.mark.parametrize("options", [{}, {"several_winners": False}])
def test_with_the_option_off_every_lone_win_settles_as_before(options):
    hands = [{"winner": 1, "discarder": 0, "fan": 4}, {"draw": True}, {"winner": 2, "discarder": None, "fan": 3}]
    assert settle(hands, options) == settle(hands, ON)
