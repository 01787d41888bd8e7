import importlib

import pytest

import scorekeeper.settings


@pytest.fixture
def load_settings(monkeypatch):
    """Re-import the settings module under a given environment, then restore it."""

    def load(**env):
        for name in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        return importlib.reload(scorekeeper.settings)

    yield load
    monkeypatch.undo()
    importlib.reload(scorekeeper.settings)


def test_database_url_is_honoured(load_settings):
    db = load_settings(DATABASE_URL="postgres://u:p@db.example:5432/mj").DATABASES["default"]

    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["HOST"], db["NAME"]) == ("db.example", "mj")


def test_debug_and_hosts_come_from_env(load_settings):
    settings = load_settings(DEBUG="no", SECRET_KEY="k" * 50, ALLOWED_HOSTS="a.example, b.example")

    assert settings.DEBUG is False
    assert settings.ALLOWED_HOSTS == ["a.example", "b.example"]


def test_local_defaults(load_settings):
    settings = load_settings()

    assert settings.DEBUG is True
    assert "testserver" in settings.ALLOWED_HOSTS
    assert settings.DATABASES["default"]["ENGINE"] == "scorekeeper.sqlite_backend"  # SQLite, writers queued
