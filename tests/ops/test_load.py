"""benchmarks/load.py, briefly: tables entering hands at once, double taps and dropped answers
included, end with every hand saved exactly once (on the database this suite runs on)."""
from __future__ import annotations

import re
import subprocess

import pytest
from django.db import connection

from ops_helpers import PYTHON, ROOT, production_env

pytestmark = pytest.mark.django_db(transaction=True)  # the server writes in it; emptied afterwards


def database_url(tmp_path) -> str:
    """PostgreSQL: this suite's test database itself. SQLite: a file (the test database is in memory)."""
    if connection.vendor != "postgresql":
        return f"sqlite:///{tmp_path / 'load.sqlite3'}"
    s = connection.settings_dict
    return f"postgres://{s['USER']}:{s['PASSWORD']}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


def test_no_hand_is_lost_or_doubled_under_load(tmp_path):
    env = production_env(tmp_path)
    del env["DATABASE_URL"]
    command = [PYTHON, "benchmarks/load.py", "--tables", "6", "--seconds", "4", "--seed", "7",
               "--database-url", database_url(tmp_path)]

    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)

    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "Errors: 0" in out
    saved = re.search(r"Integrity: 6 sessions, (\d+) hands saved by the tables \((\d+) saves sent twice as a double "
                      r"tap, (\d+) sent again after the connection dropped before the answer", out)
    assert saved, out
    hands, double_taps, dropped = map(int, saved.groups())
    assert hands > 20 and double_taps > 0 and dropped > 0, out
    assert f"in the database: {hands} hands; lost 0, doubled 0, stored though refused 0, sessions not matching " \
        "the table's hands in order 0" in out
    assert re.search(r"= \d+\.\d requests/s", out)
