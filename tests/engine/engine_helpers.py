"""Helpers shared by the engine tests."""
import subprocess
import sys
from pathlib import Path

from scorekeeper.engine import Checkpoint, finish, score_hand, settle_from, settle_session

ROOT = Path(__file__).resolve().parents[2]


def score_json(data):
    """`score`'s answer as the contract's JSON (the command line prints it, with the error's details)."""
    return score_hand(data).to_json()


def settle_json(data):
    """`settle`'s answer as the contract's JSON."""
    return settle_session(data).to_json()


def settle_from_json(data, start: Checkpoint | None = None):
    answer, checkpoints = settle_from(data, start)
    return answer.to_json(), checkpoints


def finish_json(data, last: Checkpoint):
    """`finish` as it answered before its answer was typed: the settlement without `ok`, `ruleset`, `hands`."""
    answer = finish(data, last).to_json()
    return {k: v for k, v in answer.items() if k not in ("ok", "ruleset", "hands")} if answer["ok"] else answer


def zj(concealed: str, winning: str, *, win: str = "discard", melds=(), **fields):
    data = {"ruleset": "zung-jung", "concealed": concealed, "winning_tile": winning, "win": win,
            "melds": [{"kind": k, "tiles": t} for k, t in melds], "seat_wind": fields.pop("seat_wind", "E")}
    data.update(fields)
    return score_json(data)


def keys(answer) -> set[str]:
    assert answer["ok"], answer
    return {p["key"] for p in answer["patterns"]}


def run_engine(command: str, lines: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper.engine", command], input="".join(lines),
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
