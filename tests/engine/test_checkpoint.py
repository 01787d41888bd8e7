"""A replay goes on from a checkpoint exactly as the whole replay would: any split of any session
gives the same hands, balances, debts and next deal, through the checkpoint's JSON form too.
The sessions hold seat changes (test_settle_properties.hand_lists), which end 拉 chains in taiwan."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Checkpoint, EngineError

from engine_helpers import finish_json, settle_from_json, settle_json
from test_settle_properties import seats, sessions


def split_replay(session, at):
    head, checkpoints = settle_from_json({**session, "hands": session["hands"][:at]})
    start = Checkpoint.from_json(checkpoints[-1].as_json()) if checkpoints else None
    tail, _ = settle_from_json({**session, "hands": session["hands"][at:]}, start)
    return head, tail


@settings(max_examples=150, deadline=None)
@given(session=sessions(), data=st.data())
def test_going_on_from_any_checkpoint_answers_as_the_whole_replay(session, data):
    whole = settle_json(session)
    at = data.draw(st.integers(0, len(session["hands"])))
    head, tail = split_replay(session, at)
    if not whole["ok"]:
        failed = head if not head["ok"] else tail
        assert failed["error"] == whole["error"]  # the hand at fault named by its place in the session
        return
    assert head["hands"] + tail["hands"] == whole["hands"]
    for key in ("balances", "owed", "closing", "settle_up", "next"):
        assert tail[key] == whole[key], key


@settings(max_examples=60, deadline=None)
@given(session=sessions())
def test_a_checkpoint_after_each_hand_and_finish_from_the_last(session):
    whole, checkpoints = settle_from_json(session)
    if not whole["ok"]:
        assert checkpoints == []
        return
    assert [c.hands for c in checkpoints] == list(range(1, len(session["hands"]) + 1))
    last = checkpoints[-1] if checkpoints else Checkpoint.start(session["dealer"])
    assert finish_json(session, last) == {k: whole[k] for k in ("balances", "owed", "closing", "settle_up", "next")}


@st.composite
def taiwan_chains_with_seat_changes(draw):
    """taiwan sessions with at least one seat change, split just before or after one of them."""
    session = draw(sessions().filter(lambda s: s["ruleset"] == "taiwan"))
    hands = session["hands"] + [{"seat_change": draw(seats)}]
    at = draw(st.integers(0, len(session["hands"]) - 1)) if session["hands"] else 0
    hands = hands[:at] + draw(st.lists(st.builds(lambda s: {"seat_change": s}, seats), min_size=1, max_size=2)) \
        + hands[at:]
    return {**session, "hands": hands}, at + draw(st.integers(0, 1))


@settings(max_examples=150, deadline=None)
@given(case=taiwan_chains_with_seat_changes())
def test_going_on_from_a_checkpoint_beside_a_seat_change_answers_as_the_whole_replay(case):
    session, at = case
    whole = settle_json(session)
    head, tail = split_replay(session, at)
    assert whole["ok"] and head["ok"] and tail["ok"], (whole, head, tail)
    assert head["hands"] + tail["hands"] == whole["hands"]
    for key in ("balances", "owed", "closing", "settle_up", "next"):
        assert tail[key] == whole[key], key


def test_a_checkpoint_of_the_wrong_shape_is_refused():
    with pytest.raises(EngineError):
        Checkpoint.from_json({"hands": 1, "deal": [0, 0, 0], "holder": None, "debts": ["0"] * 4, "cash": ["0"] * 4})
    with pytest.raises(EngineError):
        Checkpoint.from_json({"hands": 1, "deal": [0, 0, 0, 0], "holder": 7, "debts": ["0"] * 4, "cash": ["0"] * 4})
