"""Fixtures for the web app: sessions made through the services, as the screens make them.

`client` is the owner's phone: logged in as `owner`, who owns every session `make_session`
makes. Other visitors (`stranger`, `anonymous`, `guest`) are clients of their own.
"""
from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import django_ratelimit.core
import pytest
from django.core.cache import caches
from django.test import Client
from django.utils import translation

from scorekeeper.tables import services
from scorekeeper.tables.replay import forget_all
from scorekeeper.tables.web import read_limit

from web_helpers import NAMES, entry_of, record_win


@pytest.fixture(autouse=True)
def fresh_replays():
    forget_all()
    yield
    forget_all()


@pytest.fixture(autouse=True)
def english_between_tests():
    """A request in 繁 or 简 leaves its language active in the test's thread (LocaleMiddleware does not put it
    back): a later test reading words outside a request would read them in Chinese, depending on the order."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def still_limit_window(monkeypatch):
    """django-ratelimit counts in fixed windows: a test's burst that straddles a window's end would be counted
    as two bursts and let through (it did, once, on a slow CI run). Its clock stands still in tests."""
    started = time.time()
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: started))
    monkeypatch.setattr(read_limit, "time", SimpleNamespace(time=lambda: started))
    caches["read_limits"].clear()  # in memory, not rolled back with the database: each test counts afresh


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    """Django's real hasher takes ~0.3 s a password by design; tests make many."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def owner(db, django_user_model):
    return django_user_model.objects.create_user(username="ann", password="tiles and tea 88")


@pytest.fixture
def client(owner):
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def anonymous(db):
    return Client()


@pytest.fixture
def stranger(db, django_user_model):
    """Logged in, but not the owner of anything here."""
    client = Client()
    client.force_login(django_user_model.objects.create_user(username="eve", password="not your table 77"))
    return client


@pytest.fixture
def guest(db):
    """A table-mate without an account: `guest.follow(link)` opens a share link on this phone."""
    client = Client()

    def follow(link):
        response = client.post(f"/t/{link.token}/")
        assert response.status_code == 302, response.status_code
        return response

    client.follow_link = follow
    return client


@pytest.fixture
def make_session(db, owner):
    def make(ruleset: str = "zung-jung", *, names: list[str] | None = None, first_dealer: int = 0,
             stakes: dict[str, str] | None = None, options: dict[str, Any] | None = None, owned_by: Any = owner,
             pay_as_you_go: bool | None = None):
        return services.session_create(ruleset=ruleset, names=names or NAMES, first_dealer=first_dealer,
                                       stakes=stakes or {}, options=options or {}, owner=owned_by,
                                       pay_as_you_go=pay_as_you_go)
    return make


@pytest.fixture
def win(db):
    """Record a win through the service: by figure (figure=...) or by tiles (concealed=...)."""
    def record(session, winner: int, how: str | int, **fields: Any):
        if "figure" in fields:
            fields.setdefault("mode", "figure")
        return record_win(session=session, entry=entry_of(winner=winner, how=how, **fields))
    return record
