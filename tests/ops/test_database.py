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
