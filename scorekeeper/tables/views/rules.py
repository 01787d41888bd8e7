"""The rules pages: each ruleset's pattern table as the engine describes it, and how it pays.

`/rules/<key>/?session=<id>` (the session screen's Rules link) works the Money section's examples at
that table's stakes and house options, with its players' names; the visitor must be allowed to view the
session (`access`), and it must play these rules: anything else is a 404, as every session URL answers.
"""
from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render

from scorekeeper.engine import EngineError

from .. import selectors
from ..display.rulesets import find_profile
from ..models import Session
from ..web import access
from ..web.requests import Request, parse_id


def rules(request: Request, key: str | None = None) -> HttpResponse:
    if key is None:
        return render(request, "tables/rules.html", {"rulesets": selectors.ruleset_descriptions()})
    try:
        ruleset = selectors.ruleset_description(key=key)
    except EngineError:
        raise Http404("No such ruleset") from None
    session = _table_session(request, key)
    return render(request, "tables/rules_detail.html", {
        "r": ruleset, "profile": find_profile(key), "table_session": session, **_money(key, session)})


def _money(key: str, session: Session | None) -> dict[str, object]:
    """The Money section: its worked examples and stakes, at the table's stakes when opened from a session."""
    table = selectors.example_table(key=key, session=session)
    return {"money": selectors.money_examples(table=table), "stakes": selectors.money_stakes(table=table)}


def _table_session(request: Request, key: str) -> Session | None:
    """The session the page was opened from (`?session=`), if the visitor may view it and it plays `key`."""
    if "session" not in request.GET:
        return None
    pk = parse_id(request.GET["session"])
    if pk is None:
        raise Http404("No such session")
    session = access.session_for(request, pk, "view")
    if session.ruleset != key:
        raise Http404("That session plays other rules")
    return session
