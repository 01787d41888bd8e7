"""Every worked example in ../shared/cases runs through the command-line face (check.py compares)."""
import subprocess
import sys

import pytest

from engine_helpers import ROOT

CASES = ROOT.parent / "shared" / "cases"
CHECK = CASES / "check.py"
# every (ruleset, command) pair: each runs every case of that pair, and each pair has cases
BUILT = [(r, c) for r in ("taiwan", "zung-jung", "hk-old", "taizhou", "fujian", "hk-faan") for c in ("score", "settle")]


@pytest.mark.parametrize("ruleset, command", BUILT, ids=[f"{r}-{c}" for r, c in BUILT])
def test_worked_examples_pass(ruleset, command):
    assert CHECK.exists(), f"the shared worked examples are missing: {CHECK}"
    proc = subprocess.run(
        [sys.executable, str(CHECK), "--engine", f"{sys.executable} -m scorekeeper.engine",
         "--ruleset", ruleset, "--cmd", command],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout and not proc.stdout.startswith("0 passed")


# every file of worked examples beside check.py, whole (the rulings and seat changes span rulesets), and the
# upcoming ones the engine already plays (upcoming/several-winners.jsonl: issue 37.1, ruling 2026-11-28)
UPCOMING = ["upcoming/several-winners.jsonl"]
FILES = sorted(path.name for path in CASES.glob("*.jsonl")) + UPCOMING


def test_the_worked_examples_are_all_there():
    assert {"hk-faan.jsonl", "rulings-2026-11-25.jsonl", "seat-change.jsonl", "taiwan.jsonl"} <= set(FILES)
    assert all((CASES / name).exists() for name in UPCOMING), UPCOMING


@pytest.mark.parametrize("name", FILES)
def test_each_file_of_worked_examples_passes(name):
    path = CASES / name
    proc = subprocess.run(
        [sys.executable, str(CHECK), "--engine", f"{sys.executable} -m scorekeeper.engine", str(path)],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout and not proc.stdout.startswith("0 passed")
