"""Every `settle` worked example in ../shared/cases, through the command-line face, and the money format."""
import importlib.util
import json
from decimal import Decimal

import pytest

from scorekeeper.engine.money import format_amount, parse_amount

from engine_helpers import ROOT, run_engine, settle_json

CASES = ROOT.parent / "shared" / "cases"


def _check_module():
    spec = importlib.util.spec_from_file_location("shared_check", CASES / "check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SETTLE_CASES = [json.loads(line) for path in sorted(CASES.glob("*.jsonl"))
                for line in path.read_text().splitlines() if line.strip() and '"settle"' in line]
SETTLE_CASES = [c for c in SETTLE_CASES if c["cmd"] == "settle"]


def test_there_are_settle_cases_for_every_ruleset():
    assert {c["input"]["ruleset"] for c in SETTLE_CASES} == {"taiwan", "zung-jung", "hk-old", "taizhou", "fujian",
                                                               "hk-faan"}


def test_every_settle_case_passes_through_the_cli():
    compare = _check_module().compare_settle
    proc = run_engine("settle", [json.dumps(c["input"]) + "\n" for c in SETTLE_CASES])
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(SETTLE_CASES)
    problems = {c["id"]: compare(c["expect"], a) for c, a in zip(SETTLE_CASES, answers)}
    assert {k: v for k, v in problems.items() if v} == {}


def test_a_bad_line_answers_and_the_next_still_settles():
    good = {"ruleset": "fujian", "players": ["A", "B", "C", "D"], "hands": [{"winner": 1, "points": 5}]}
    proc = run_engine("settle", ["{not json\n", json.dumps(good) + "\n"])
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first["error"]["code"] == "bad_json"
    assert second["balances"] == ["-5", "15", "-5", "-5"]


@pytest.mark.parametrize("amount, text", [
    ("36", "36"), ("71.250", "71.25"), ("35.625", "35.625"), ("-91.25", "-91.25"), ("0.00", "0"),
    ("-0", "0"), ("1E+2", "100"), ("1.5E-3", "0.0015"),
])
def test_amounts_are_written_exactly_without_trailing_zeros_or_exponent(amount, text):
    assert format_amount(Decimal(amount)) == text


@pytest.mark.parametrize("value", [1.5, -1, "-2", "abc", "1e3", "", True, None, "NaN", [1]])
def test_stakes_refuse_floats_negatives_and_junk(value):
    with pytest.raises(ValueError) as caught:
        parse_amount(value, "the stake 'base'")
    assert caught.value.code == "bad_field"


def test_stakes_accept_decimal_strings_and_whole_numbers():
    assert parse_amount("2.5", "x") == Decimal("2.5")
    assert parse_amount(10, "x") == Decimal(10)
    answer = settle_json({"ruleset": "taiwan", "players": ["A", "B", "C", "D"],
                             "stakes": {"base": "0.5", "per_fan": "0.25"},
                             "hands": [{"winner": 1, "discarder": 2, "fan": 3}]})
    assert answer["balances"] == ["0", "1.25", "-1.25", "0"]
