"""The benchmark scripts still run against the app as it is: a tiny run of each prints its table."""
from __future__ import annotations

import subprocess

from ops_helpers import PYTHON, ROOT


def test_the_web_benchmark_runs_and_prints_every_figure():
    result = subprocess.run([PYTHON, "benchmarks/web.py", "--hands", "12", "--runs", "2"], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)

    assert result.returncode == 0, result.stderr[-3000:]
    for row in ("session page", "live preview (tiles, htmx)", "history page", "save a hand (by figure)"):
        assert row in result.stdout


def test_the_offline_benchmark_runs_and_prints_its_figures():
    result = subprocess.run([PYTHON, "benchmarks/offline_send.py", "--hands", "2", "--runs", "1", "--earlier", "0"],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)

    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    assert "connection back -> saved, shown (s)" in result.stdout and "median" in result.stdout


def test_the_player_numbers_benchmark_runs_and_prints_its_figures():
    result = subprocess.run([PYTHON, "benchmarks/player_numbers.py", "--sessions", "5", "--hands", "6", "--runs", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)

    assert result.returncode == 0, result.stderr[-3000:]
    for row in ("player page  cold", "player page  warm", "leaderboard  after a save", "leaderboard  no snapshots"):
        assert row in result.stdout
