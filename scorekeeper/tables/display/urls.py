"""`reverse`, remembered: a URL is worked out once per process for what it depends on.

Django's `reverse` walks the URLconf's patterns each time: about 30 µs, and the session screen names 32
URLs (a seat's links, the last hands', the page's own), so a page spent a millisecond re-deriving the same
strings. The answer depends on nothing but the view's name and arguments, the URLconf and the script
prefix, so those are the key. Arguments that cannot be a key (a list, say) are reversed each time, as is a
name that does not reverse (its NoReverseMatch is raised again, never kept).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from django.urls import get_script_prefix, get_urlconf, reverse

# Distinct URLs a process keeps: a page's links for a few hundred sessions, each string under 100 bytes.
KEPT_URLS = 8192


def reverse_kept(view_name: str, args: Sequence[Any] = (), kwargs: Mapping[str, Any] | None = None,
                 current_app: str | None = None) -> str:
    """What `reverse` gives for these, from this process's memory once it has been asked."""
    try:
        return _reversed(get_script_prefix(), get_urlconf(), view_name, tuple(args),
                         tuple(sorted((kwargs or {}).items())), current_app)
    except TypeError:  # an argument that cannot be a key: lru_cache refuses it before `reverse` runs
        return reverse(view_name, args=args, kwargs=dict(kwargs or {}), current_app=current_app)


@lru_cache(maxsize=KEPT_URLS)
def _reversed(_prefix: str, urlconf: Any, view_name: str, args: tuple[Any, ...],
              kwargs: tuple[tuple[str, Any], ...], current_app: str | None) -> str:
    # The script prefix is in the key only: `reverse` reads the current one itself.
    return reverse(view_name, urlconf=urlconf, args=args, kwargs=dict(kwargs), current_app=current_app)
