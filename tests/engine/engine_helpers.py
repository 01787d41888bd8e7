"""Helpers shared by the engine tests."""
import subprocess
import sys
from pathlib import Path

from scorekeeper.engine import score_hand

ROOT = Path(__file__).resolve().parents[2]


def zj(concealed: str, winning: str, *, win: str = "discard", melds=(), **fields):
    data = {"ruleset": "zung-jung", "concealed": concealed, "winning_tile": winning, "win": win,
            "melds": [{"kind": k, "tiles": t} for k, t in melds], "seat_wind": fields.pop("seat_wind", "E")}
    data.update(fields)
    return score_hand(data)


def keys(answer) -> set[str]:
    assert answer["ok"], answer
    return {p["key"] for p in answer["patterns"]}


def run_engine(command: str, lines: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper.engine", command], input="".join(lines),
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
