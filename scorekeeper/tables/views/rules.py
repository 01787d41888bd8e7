"""The rules pages: each ruleset's pattern table as the engine describes it."""
from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render

from scorekeeper.engine import EngineError

from .. import selectors
from ..display.rulesets import find_profile
from .base import Request


def rules(request: Request, key: str | None = None) -> HttpResponse:
    if key is None:
        return render(request, "tables/rules.html", {"rulesets": selectors.ruleset_descriptions()})
    try:
        ruleset = selectors.ruleset_description(key=key)
    except EngineError:
        raise Http404("No such ruleset") from None
    return render(request, "tables/rules_detail.html", {"r": ruleset, "profile": find_profile(key)})
