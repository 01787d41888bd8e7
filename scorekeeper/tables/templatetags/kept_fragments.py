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

# What a process keeps, least recently used out first: 4,000 fragments (at 50 tables a process asks for fewer
# than 2,000: benchmarks/tables.py), and 8 million characters in all, whichever comes first. A hand row is
# 1-3 thousand characters, the win form's keys (one set a session) some 11 thousand: by count alone, the keys
# of 4,000 sessions opened one after another would hold some 90 MB (a string with a Chinese character in it
# takes 2 bytes a character). With the cap, at most some 16 MB.
KEPT_FRAGMENTS = 4000
KEPT_CHARACTERS = 8_000_000


class KeptFragments:
    """The fragments, least recently used first, within a count and a number of characters. One lock: a lookup
    is a dictionary's."""

    def __init__(self, size: int, characters: int = KEPT_CHARACTERS) -> None:
        self.size, self.characters = size, characters
        self._fragments: OrderedDict[tuple[str, ...], str] = OrderedDict()
        self._held = 0  # characters
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
        if len(fragment) > self.characters:
            return  # drawn each time rather than emptying the memory for it
        with self._lock:
            self._held += len(fragment) - len(self._fragments.get(key, ""))
            self._fragments[key] = fragment
            self._fragments.move_to_end(key)
            while len(self._fragments) > self.size or self._held > self.characters:
                self._held -= len(self._fragments.popitem(last=False)[1])

    def held(self) -> tuple[int, int]:
        """Fragments and characters held."""
        with self._lock:
            return len(self._fragments), self._held


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
