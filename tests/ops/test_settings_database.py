"""The suite runs on the database DATABASE_URL names: `make test` runs it on SQLite, then on PostgreSQL."""
from __future__ import annotations

import os

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def test_runs_on_the_database_that_database_url_names():
    url = os.environ.get("DATABASE_URL", "")
    with connection.cursor() as cursor:
        if url.startswith(("postgres://", "postgresql://")):
            cursor.execute("SELECT version()")
            assert connection.vendor == "postgresql"
            assert cursor.fetchone()[0].startswith("PostgreSQL ")
        else:
            cursor.execute("SELECT sqlite_version()")
            assert connection.vendor == "sqlite"
            assert cursor.fetchone()[0]


def test_each_xdist_worker_has_a_test_database_of_its_own():
    """`make test` spreads each pass over xdist workers: on SQLite each keeps its test database in its own memory,
    on PostgreSQL each has its own database, named after the worker (test_..._gw0)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if connection.vendor == "sqlite":
        assert connection.is_in_memory_db()
    elif worker:
        assert connection.settings_dict["NAME"].endswith(f"_{worker}")
