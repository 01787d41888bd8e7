"""Expensive reads limited per visitor (issue 35.22): the session page, History, CSV and backup read a long
session's whole hand list, and a visitor looping them slowed every other table.

Counted per account, else per address (a share link's visitor), as quick entry is; past READ_REQUESTS a
minute the read is refused as heavy requests are (django-ratelimit's Ratelimited: a 429 in words,
views.accounts.too_many). The counts are kept in each process's memory (CACHES["read_limits"]), not in the
database's cache table where django-ratelimit keeps the others: there a read would write a counter, so every
page view would cost a dozen queries more and, on SQLite, wait behind any writer. Per process, a looper
spread over a server's workers gets that many a minute from each: still bounded, and each process keeps its
own share of the server for the other tables. The exports are besides kept per revision
(selectors.exports.export_kept), so a loop of downloads costs little even within the limit.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import caches
from django.http import HttpRequest, HttpResponseBase
from django_ratelimit.exceptions import Ratelimited

# A phone opens one of these after each hand and a few more while the table talks: ten a minute at a brisk
# table, forty for four phones sharing a home's address. Beyond 120 it is a loop. READS_PER_MINUTE changes it
# (benchmarks/load.py lifts it: its tables play as fast as the server answers, to measure its capacity).
READ_REQUESTS = int(os.environ.get("READS_PER_MINUTE", "120"))
WINDOW = 60  # seconds: the minute the count is of


def reads_limited(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """The view's GETs counted against the visitor's reads this minute; refused (Ratelimited) past them."""
    @wraps(view)
    def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method == "GET" and _one_too_many(request):
            raise Ratelimited()
        return view(request, *args, **kwargs)
    return limited


def _one_too_many(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    visitor = f"user:{user.pk}" if user is not None and user.is_authenticated else request.META.get("REMOTE_ADDR")
    key = f"reads:{visitor}:{int(time.time() // WINDOW)}"
    counts = caches["read_limits"]
    counts.add(key, 0, timeout=2 * WINDOW)
    try:
        return counts.incr(key) > READ_REQUESTS
    except ValueError:  # culled between add and incr: counted from here
        return False
