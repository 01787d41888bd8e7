"""Django set up as the server has it (scorekeeper/wsgi.py), on a throw-away SQLite database: the in-process
benchmarks' start (web.py, player_numbers.py, expensive_reads.py), before any of them imports Django's parts.

`set_up()` points the settings at a new database in a temporary folder, with what production settings want
(scorekeeper/settings.py) and plain HTTP (the test client's), then sets Django up as wsgi.py does
(django.setup(), gc.freeze()); `create()` makes the tables and the static files' manifest the pages need.
"""
from __future__ import annotations

import os
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def set_up() -> None:
    """Django ready on a new, empty SQLite database."""
    sys.path.insert(0, str(ROOT))
    database = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "benchmark-only-" + "x" * 50)
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["SECURE_SSL_REDIRECT"] = "0"
    os.environ["STATIC_ROOT"] = str(database.parent / "static")  # pages need the manifest collectstatic writes
    warnings.filterwarnings("ignore", "No directory at", UserWarning)  # no collectstatic until create()
    import scorekeeper.wsgi  # noqa: F401  (set up as the server is)


def create() -> None:
    """The database's tables, and the static files (their manifest) the pages name."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
