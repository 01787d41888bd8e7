"""The engine's answers are frozen values: their JSON is the contract's, and reads back to the same value."""
import json

import pytest

from scorekeeper.engine import (
    Deal,
    HandResult,
    HandScore,
    PatternLine,
    PaymentRow,
    Refusal,
    Settlement,
    score_hand,
    settle_session,
)

from engine_helpers import ROOT

CASES = ROOT.parent / "shared" / "cases"
READERS = {"score": (score_hand, HandScore), "settle": (settle_session, Settlement)}


def case_inputs():
    for path in sorted([*CASES.glob("*.jsonl"), *CASES.glob("upcoming/*.jsonl")]):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if line.strip():
                case = json.loads(line)
                yield pytest.param(case["cmd"], case["input"], id=f"{path.stem}-{number}")


@pytest.mark.parametrize("cmd, data", list(case_inputs()))
def test_every_answer_reads_back_from_its_json(cmd, data):
    command, kind = READERS[cmd]
    answer = command(data)
    back = (kind if answer.ok else Refusal).from_json(answer.to_json())
    assert back == answer
    assert back.to_json() == answer.to_json()


@pytest.mark.parametrize("cmd, data", list(case_inputs())[:40])
def test_the_repr_is_the_constructor_call(cmd, data):
    answer = READERS[cmd][0](data)
    names = {cls.__name__: cls for cls in (Deal, HandResult, HandScore, PatternLine, PaymentRow, Refusal, Settlement)}
    assert eval(repr(answer), names) == answer  # noqa: S307 - our own repr, read back


def test_a_score_is_read_by_attribute():
    answer = score_hand({"ruleset": "zung-jung", "concealed": "123m456p789s111z2z", "winning_tile": "2z",
                         "win": "discard"})
    assert isinstance(answer, HandScore)
    assert (answer.total, answer.unit, answer.sets) == (answer.to_json()["total"], "points", tuple(answer.sets))
    assert [p.key for p in answer.patterns] == [p["key"] for p in answer.to_json()["patterns"]]


def test_a_refusal_names_the_hand_at_fault():
    answer = settle_session({"ruleset": "taiwan", "players": ["A", "B", "C", "D"],
                             "hands": [{"draw": True}, {"winner": 9, "discarder": 1, "fan": 3}]})
    assert isinstance(answer, Refusal) and answer.hand == 1 and answer.code == "bad_field"
    assert answer.to_json()["error"]["hand"] == 1
