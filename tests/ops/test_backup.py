"""deploy/backup.sh and deploy/restore.sh, as compose's backup service runs them, against a throwaway
PostgreSQL database: a session's hands survive the tables being dropped and the dump restored, and dumps
older than 14 days are pruned. Runs in `make test`'s PostgreSQL pass and skips on the SQLite one."""
from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import psycopg
import pytest

from ops_helpers import ROOT, fresh_postgres_database, manage, production_env

# Three draws in one session, made as the screens make them (the services).
A_TABLE = """
from django.contrib.auth.models import User
from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
owner = User.objects.create_user("ann", password="tiles and tea 88")
session = services.session_create(ruleset="zung-jung", names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                  stakes={}, options={}, owner=owner, pay_as_you_go=None)
for note in ("first", "second", "third"):
    services.draw_record(session=session, entry=HandInput("draw", note=note))
"""
A_HAND_MORE = """
from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Session
services.draw_record(session=Session.objects.get(), entry=HandInput("draw", note="after the backup"))
"""
DAY = 24 * 3600


@pytest.fixture
def database(tmp_path):
    with fresh_postgres_database() as url:
        env = production_env(tmp_path, DATABASE_URL=url)
        manage(env, "migrate", "--noinput")
        manage(env, "shell", "-c", A_TABLE)
        yield url


def run(script: str, *args: str, database: str, backups: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": database, "BACKUP_DIR": str(backups)}
    return subprocess.run(["sh", str(ROOT / "deploy" / script), *args], env=env, capture_output=True, text=True,
                          timeout=120, check=check)


def hand_notes(database: str) -> list[str]:
    with psycopg.connect(database) as conn:
        return [note for (note,) in conn.execute("SELECT note FROM tables_hand ORDER BY position")]


def test_a_sessions_hands_survive_dropping_the_tables_and_restoring_the_nights_dump(database, tmp_path):
    backups = tmp_path / "backups"
    run("backup.sh", database=database, backups=backups)
    (dump,) = backups.glob("scorekeeper-*.dump")
    assert hand_notes(database) == ["first", "second", "third"]

    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute("DROP SCHEMA public CASCADE")
        conn.execute("CREATE SCHEMA public")
    with pytest.raises(psycopg.errors.UndefinedTable):
        hand_notes(database)

    run("restore.sh", str(dump), database=database, backups=backups)
    assert hand_notes(database) == ["first", "second", "third"]
    # The app takes the restored database as its own: nothing left to migrate.
    plan = manage(production_env(tmp_path, DATABASE_URL=database), "migrate", "--check", check=False)
    assert plan.returncode == 0, plan.stdout + plan.stderr


def test_a_restore_over_a_live_database_takes_it_back_to_the_dump(database, tmp_path):
    backups = tmp_path / "backups"
    run("backup.sh", database=database, backups=backups)
    (dump,) = backups.glob("scorekeeper-*.dump")
    manage(production_env(tmp_path, DATABASE_URL=database), "shell", "-c", A_HAND_MORE)
    assert hand_notes(database) == ["first", "second", "third", "after the backup"]
    run("restore.sh", str(dump), database=database, backups=backups)
    assert hand_notes(database) == ["first", "second", "third"]


def test_dumps_older_than_14_days_are_pruned_and_the_rest_kept(database, tmp_path):
    backups = tmp_path / "backups"
    backups.mkdir()
    now = time.time()
    ages = {"scorekeeper-old.dump": 15 * DAY, "scorekeeper-just-over.dump": 14 * DAY + 600,
            "scorekeeper-recent.dump": 13 * DAY, "notes.txt": 30 * DAY}
    for name, age in ages.items():
        (backups / name).write_bytes(b"")
        os.utime(backups / name, (now - age, now - age))
    run("backup.sh", database=database, backups=backups)
    kept = sorted(path.name for path in backups.iterdir())
    assert "scorekeeper-old.dump" not in kept and "scorekeeper-just-over.dump" not in kept
    # The recent dump, tonight's, and whatever else lives in the folder.
    assert "scorekeeper-recent.dump" in kept and "notes.txt" in kept
    assert len([name for name in kept if name.startswith("scorekeeper-2")]) == 1


def test_a_dump_that_fails_says_so_and_leaves_nothing_to_be_taken_for_a_backup(tmp_path):
    with fresh_postgres_database() as url:
        gone = url.rsplit("/", 1)[0] + "/no_such_database"
        backups = tmp_path / "backups"
        failed = run("backup.sh", database=gone, backups=backups, check=False)
    assert failed.returncode != 0 and "no_such_database" in failed.stderr
    assert list(backups.iterdir()) == []
