"""Every worked example in ../shared/cases runs through the command-line face (check.py compares)."""
import subprocess
import sys

import pytest

from engine_helpers import ROOT

CASES = ROOT.parent / "shared" / "cases"
CHECK = CASES / "check.py"
# every (ruleset, command) pair: each runs every case of that pair, and each pair has cases
BUILT = [(r, c) for r in ("taiwan", "zung-jung", "hk-old", "taizhou", "fujian", "hk-faan") for c in ("score", "settle")]
# a ruleset whose worked examples are not yet beside check.py: its file, read in place (../shared is read-only)
UPCOMING_FILES = {"hk-faan": CASES / "upcoming" / "hk-faan.jsonl"}


@pytest.mark.parametrize("ruleset, command", BUILT, ids=[f"{r}-{c}" for r, c in BUILT])
def test_worked_examples_pass(ruleset, command):
    assert CHECK.exists(), f"the shared worked examples are missing: {CHECK}"
    files = [str(UPCOMING_FILES[ruleset])] if ruleset in UPCOMING_FILES else []
    proc = subprocess.run(
        [sys.executable, str(CHECK), "--engine", f"{sys.executable} -m scorekeeper.engine",
         "--ruleset", ruleset, "--cmd", command, *files],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout and not proc.stdout.startswith("0 passed")


# the rulings not yet moved beside check.py: read in place (../shared is read-only), every case passes
UPCOMING = ["rulings-2026-11-25.jsonl", "seat-change.jsonl"]


@pytest.mark.parametrize("name", UPCOMING)
def test_upcoming_worked_examples_pass(name):
    path = CASES / "upcoming" / name
    assert path.exists(), f"the upcoming worked examples are missing: {path}"
    proc = subprocess.run(
        [sys.executable, str(CHECK), "--engine", f"{sys.executable} -m scorekeeper.engine", str(path)],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout and not proc.stdout.startswith("0 passed")
