"""Fixtures for the web app: sessions made through the services, as the screens make them."""
from __future__ import annotations

from typing import Any

import pytest
from web_helpers import NAMES, entry_of

from scorekeeper.tables import services
from scorekeeper.tables.replay import forget_all


@pytest.fixture(autouse=True)
def fresh_replays():
    forget_all()
    yield
    forget_all()


@pytest.fixture
def make_session(db):
    def make(ruleset: str = "zung-jung", *, names: list[str] | None = None, first_dealer: int = 0,
             stakes: dict[str, str] | None = None, options: dict[str, Any] | None = None):
        return services.session_create(ruleset=ruleset, names=names or NAMES, first_dealer=first_dealer,
                                       stakes=stakes or {}, options=options or {})
    return make


@pytest.fixture
def win(db):
    """Record a win through the service: by figure (figure=...) or by tiles (concealed=...)."""
    def record(session, winner: int, how: str | int, **fields: Any):
        if "figure" in fields:
            fields.setdefault("mode", "figure")
        return services.hand_record_win(session=session, entry=entry_of(winner=winner, how=how, **fields))
    return record
