"""`{% cache %}` as Django's for the fragments a process keeps for good (a timeout of None): drawn once per
process for what they show, then taken from this process's memory as the strings they are. A builtin of
the template engine (settings.TEMPLATES), so no template loads Django's `cache` library, which would put
its own tag back (tests/web/display).

Django's tag keeps its fragments in a cache backend: each lookup hashed the fragment's key, found the
backend through a lock shared by the process's threads, and unpickled the fragment; History asks for one
per hand row. A fragment with a timeout still goes to Django's cache as before.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from django import template
from django.template import Context
from django.template.base import Parser, Token
from django.templatetags.cache import CacheNode
from django.templatetags.cache import do_cache as djangos_cache

register = template.Library()

# Fragments a process keeps, least recently used out first: a few kB each (hand rows, the win form's keys,
# a page's words), so some 10 MB. At 50 tables a process asks for fewer than 2,000 (benchmarks/tables.py).
KEPT_FRAGMENTS = 4000


class KeptFragments:
    """The fragments, least recently used first. One lock: a lookup is a dictionary's."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._fragments: OrderedDict[tuple[str, ...], str] = OrderedDict()
        self._lock = threading.Lock()
        self.lookups = self.misses = 0

    def get(self, key: tuple[str, ...]) -> str | None:
        with self._lock:
            self.lookups += 1
            fragment = self._fragments.get(key)
            if fragment is None:
                self.misses += 1
            else:
                self._fragments.move_to_end(key)
            return fragment

    def put(self, key: tuple[str, ...], fragment: str) -> None:
        with self._lock:
            self._fragments[key] = fragment
            self._fragments.move_to_end(key)
            while len(self._fragments) > self.size:
                self._fragments.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._fragments.clear()


FRAGMENTS = KeptFragments(KEPT_FRAGMENTS)


class KeptCacheNode(CacheNode):
    def render(self, context: Context) -> str:
        if self.cache_name or self.expire_time_var.resolve(context) is not None:
            return str(super().render(context))
        # What Django's key is made of: the name and each value as a string.
        key = (self.fragment_name, *(str(var.resolve(context)) for var in self.vary_on))
        fragment = FRAGMENTS.get(key)
        if fragment is None:
            fragment = self.nodelist.render(context)
            FRAGMENTS.put(key, fragment)
        return fragment


@register.tag("cache")
def do_cache(parser: Parser, token: Token) -> KeptCacheNode:
    node = djangos_cache(parser, token)
    kept = object.__new__(KeptCacheNode)
    kept.__dict__.update(node.__dict__)
    return kept
