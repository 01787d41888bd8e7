"""What must hold for any session (figures only, seat changes among the hands): zero-sum, determinism,
prefix stability, no negative debt; a seat change keeps the deal and, outside taiwan, moves nothing."""
import copy
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from engine_helpers import settle_json

RULESETS = ["taiwan", "zung-jung", "hk-old", "taizhou", "fujian", "hk-faan"]
SPOTS = ["flower", "grass", "concealed_kong", "unrevealed_kong", "chase", "dice_123", "dice_triplet",
         "false_win", "failed_peng"]
seats = st.integers(0, 3)


@st.composite
def win(draw, ruleset):
    winner = draw(seats)
    discarder = draw(st.one_of(st.none(), seats.filter(lambda s: s != winner)))
    hand = {"winner": winner, "discarder": discarder}
    if ruleset == "taiwan":
        hand[draw(st.sampled_from(["fan", "pattern_fan"]))] = draw(st.integers(0, 100))
    elif ruleset == "hk-faan":
        hand["faan"] = draw(st.integers(3, 10))  # hk-faan.md: min_faan to limit_faan
    else:
        hand["points"] = draw(st.integers(0, 500))
    if ruleset == "zung-jung" and discarder is not None and draw(st.booleans()):
        hand["responsible"] = draw(st.one_of(st.none(), seats.filter(lambda s: s != winner)))
    if ruleset == "taizhou":
        hand["loser_points"] = [None if s == winner else draw(st.integers(0, 100)) for s in range(4)]
        if draw(st.booleans()):
            hand["responsible"] = draw(seats.filter(lambda s: s != winner))
    return hand


@st.composite
def spot(draw):
    kind = draw(st.sampled_from(SPOTS))
    entry = {"spot": kind, "count": draw(st.integers(1, 3))}
    if not kind.startswith("dice"):
        entry["player"] = draw(seats)
    if kind == "failed_peng":
        entry["to"] = (entry["player"] + draw(st.integers(1, 3))) % 4
    return entry


seat_change = st.builds(lambda seat: {"seat_change": seat}, seats)  # README.md, ruling 2026-11-25


def hand_lists(ruleset, max_size=30):
    kinds = [win(ruleset), st.just({"draw": True}), seat_change] + ([spot()] if ruleset == "taiwan" else [])
    if ruleset == "hk-faan":  # its one on-the-spot kind, which moves the deal
        kinds.append(st.builds(lambda p: {"spot": "false_win", "player": p}, seats))
    return st.lists(st.one_of(*kinds), max_size=max_size)


@st.composite
def sessions(draw):
    ruleset = draw(st.sampled_from(RULESETS))
    stakes = {}
    if ruleset == "taiwan":
        stakes = {"base": draw(st.sampled_from(["10", "5", "2.5"])),
                  "per_fan": draw(st.sampled_from(["1", "2", "0.5"]))}
    options = {"payoff": "uniform"} if ruleset == "zung-jung" and draw(st.booleans()) else {}
    return {"ruleset": ruleset, "players": ["A", "B", "C", "D"], "dealer": draw(seats), "stakes": stakes,
            "options": options, "hands": draw(hand_lists(ruleset))}


def total(balances):
    return sum(Decimal(b) for b in balances)


@settings(max_examples=300, deadline=None)
@given(sessions())
def test_balances_always_sum_to_exactly_zero(session):
    answer = settle_json(session)
    assert answer["ok"], answer
    assert total(answer["balances"]) == 0
    assert all(total(hand["balances"]) == 0 for hand in answer["hands"])


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_replay_is_deterministic_and_leaves_its_input_alone(session):
    before = copy.deepcopy(session)
    assert settle_json(session) == settle_json(copy.deepcopy(session))
    assert session == before


@settings(max_examples=200, deadline=None)
@given(sessions(), st.data())
def test_the_answer_for_hands_1_to_k_ignores_every_later_hand(session, data):
    k = data.draw(st.integers(0, len(session["hands"])))
    edited = {**session, "hands": session["hands"][:k] + data.draw(hand_lists(session["ruleset"], 10))}
    whole = settle_json(session)
    other = settle_json(edited)
    assert other["ok"], other
    assert whole["hands"][:k] == other["hands"][:k]


@settings(max_examples=200, deadline=None)
@given(sessions())
def test_tracked_debts_are_never_negative_and_only_taiwan_tracks(session):
    answer = settle_json(session)
    for hand in answer["hands"]:
        assert all(Decimal(row["amount"]) > 0 for row in hand["tracked"] + hand["transfers"])
        if session["ruleset"] != "taiwan":
            assert hand["tracked"] == [] and hand["transfers"] == hand["payments"]


@settings(max_examples=100, deadline=None)
@given(sessions())
def test_settle_up_clears_the_balances(session):
    answer = settle_json(session)
    left = [Decimal(b) for b in answer["balances"]]
    for row in answer["settle_up"]:
        left[row["from"]] += Decimal(row["amount"])
        left[row["to"]] -= Decimal(row["amount"])
    assert left == [0, 0, 0, 0]
    assert len(answer["settle_up"]) <= max(0, sum(1 for b in answer["balances"] if Decimal(b)) - 1)


DEAL = ("dealer", "dealer_streak", "round_wind", "round", "hand_in_round", "seat_winds")


@settings(max_examples=200, deadline=None)
@given(sessions())
def test_a_seat_change_shows_the_deal_of_the_next_hand_and_leaves_the_seat_in_no_chain(session):
    answer = settle_json(session)
    after = answer["hands"][1:] + [answer["next"]]
    for raw, hand, following in zip(session["hands"], answer["hands"], after):
        if "seat_change" not in raw:
            continue
        assert {k: hand[k] for k in DEAL} == {k: following[k] for k in DEAL}
        assert hand["payments"] == []
        seat = raw["seat_change"]
        assert all(seat not in (row["from"], row["to"]) for row in hand["tracked"])
        assert all(seat in (row["from"], row["to"]) for row in hand["transfers"])


@settings(max_examples=150, deadline=None)
@given(sessions().filter(lambda s: s["ruleset"] != "taiwan"))
def test_outside_taiwan_seat_changes_change_no_other_answer(session):
    played = [h for h in session["hands"] if "seat_change" not in h]
    answer = settle_json(session)
    kept = [hand for raw, hand in zip(session["hands"], answer["hands"]) if "seat_change" not in raw]
    assert {**answer, "hands": kept} == settle_json({**session, "hands": played})
