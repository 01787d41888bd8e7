"""The command-line face keeps the contract: one answer per line, in order, exit 0 on bad lines."""
import json

from engine_helpers import run_engine

GOOD = {"ruleset": "zung-jung", "concealed": "123m456p789s1122z", "winning_tile": "1z", "win": "discard"}


def test_one_answer_per_line_in_order_even_when_lines_are_bad():
    lines = [json.dumps(GOOD) + "\n", "{not json\n", "\n", json.dumps({**GOOD, "ruleset": "nope"}) + "\n",
             json.dumps(GOOD) + "\n"]
    proc = run_engine("score", lines)
    assert proc.returncode == 0
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False, False, True]
    assert answers[1]["error"]["code"] == "bad_json"
    assert answers[2]["error"]["code"] == "bad_json"
    assert answers[3]["error"]["code"] == "unknown_ruleset"


def test_answer_shape_matches_the_contract():
    [answer] = [json.loads(line) for line in run_engine("score", [json.dumps(GOOD) + "\n"]).stdout.splitlines()]
    assert set(answer) >= {"ok", "ruleset", "total", "unit", "patterns", "limit", "sets"}
    assert answer["unit"] == "points"
    for item in answer["patterns"]:
        assert set(item) >= {"key", "name", "name_zh", "value"}


def test_chinese_names_are_written_as_utf8_not_escapes():
    proc = run_engine("score", [json.dumps(GOOD) + "\n"])
    assert "\\u" not in proc.stdout


def test_a_json_value_that_is_not_an_object_is_answered():
    proc = run_engine("score", ["[1, 2]\n", "42\n"])
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 2 and not any(a["ok"] for a in answers)


def test_unknown_command_exits_non_zero_with_usage():
    proc = run_engine("scorex", [])
    assert proc.returncode == 2 and "usage" in proc.stderr


def test_no_input_no_output():
    proc = run_engine("score", [])
    assert proc.returncode == 0 and proc.stdout == ""


def test_a_refusal_answers_the_contracts_error_only():
    """The engine's answers carry each refusal's template and facts for the app; the command line keeps
    them off its output, which answers exactly {"code", "message"} (and "hand" for a session's)."""
    from scorekeeper.engine import score_hand, settle_session

    bad = {**GOOD, "concealed": "1111m1m456p789s1z"}
    [answer] = [json.loads(line) for line in run_engine("score", [json.dumps(bad) + "\n"]).stdout.splitlines()]
    assert answer == {"ok": False, "error": {"code": "too_many_copies",
                                             "message": "5 copies of 1m: there are only 4 of each tile"}}
    error = score_hand(bad).to_json()["error"]
    assert error["template"].format(**error["facts"]) == error["message"]
    session = {"ruleset": "hk-faan", "players": ["A", "B", "C", "D"],
               "hands": [{"spot": "false_win", "player": 1}, {"winner": 0, "discarder": 2, "faan": 11}]}
    [said] = [json.loads(line) for line in run_engine("settle", [json.dumps(session) + "\n"]).stdout.splitlines()]
    assert said["error"] == {"code": "bad_field", "hand": 1, "message": "hand 2: 11 faan is above this table's "
                             "limit of 10 (limit_faan): enter the limit, 10"}
    kept = settle_session(session).to_json()["error"]
    assert (kept["template"], kept["facts"]) == ("{value} faan is above this table's limit of {high} (limit_faan): "
                                                 "enter the limit, {high}", {"value": 11, "high": 10})
