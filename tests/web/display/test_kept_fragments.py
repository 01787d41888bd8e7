"""`{% cache None ... %}` keeps its fragments in the process's memory (templatetags/kept_fragments.py): a
fragment is drawn once for what it varies on and then comes from memory, another value draws another,
the least recently used goes first when the process holds its fill; a fragment with a timeout still goes
through Django's cache; and no template of the app loads Django's `cache`, which would put its tag back."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.template import engines

from scorekeeper.tables.templatetags import kept_fragments


class Counted:
    """A value that counts how often the page drew it."""

    def __init__(self) -> None:
        self.drawn = 0

    def __str__(self) -> str:
        self.drawn += 1
        return f"drawn {self.drawn}"


@pytest.fixture(autouse=True)
def empty_memory(monkeypatch):
    monkeypatch.setattr(kept_fragments, "FRAGMENTS", kept_fragments.KeptFragments(3))  # each test may set its own
    cache.clear()


def page(text: str):
    return engines["django"].from_string(text)


def test_a_fragment_is_drawn_once_for_what_it_varies_on():
    row = page("{% cache None row language hand %}<li>{{ counted }}</li>{% endcache %}")
    counted = Counted()
    drawn = [row.render({"counted": counted, "language": language, "hand": hand})
             for language, hand in [("en", 1), ("en", 1), ("zh-hant", 1), ("en", 2), ("en", 1), ("zh-hant", 1)]]
    assert drawn == ["<li>drawn 1</li>", "<li>drawn 1</li>", "<li>drawn 2</li>", "<li>drawn 3</li>",
                     "<li>drawn 1</li>", "<li>drawn 2</li>"]
    assert counted.drawn == 3


def test_the_least_recently_used_fragment_goes_first():
    row = page("{% cache None row hand %}{{ counted }}{% endcache %}")
    counted = Counted()
    for hand in [1, 2, 3, 1, 4]:  # 2 is the least recently used when 4 comes: the memory holds 3
        row.render({"counted": counted, "hand": hand})
    assert counted.drawn == 4
    assert row.render({"counted": counted, "hand": 1}) == "drawn 1"
    assert row.render({"counted": counted, "hand": 2}) == "drawn 5"


def test_the_memory_holds_so_many_characters_at_most():
    kept_fragments.FRAGMENTS = kept_fragments.KeptFragments(100, characters=25)
    row = page("{% cache None row hand %}{{ counted }} {{ filler }}{% endcache %}")
    counted = Counted()
    for hand in [1, 2, 3]:  # 10 characters each: the third pushes the first out
        row.render({"counted": counted, "hand": hand, "filler": "x" * 2})
    assert kept_fragments.FRAGMENTS.held() == (2, 20)
    assert row.render({"counted": counted, "hand": 3, "filler": ""}) == "drawn 3 xx"
    assert row.render({"counted": counted, "hand": 1, "filler": ""}) == "drawn 4 "
    too_big = page("{% cache None big %}{{ filler }}{% endcache %}")
    assert too_big.render({"filler": "y" * 26}) == "y" * 26  # drawn, not kept: the others stay
    assert kept_fragments.FRAGMENTS.held() == (2, 18)


def test_a_fragment_comes_back_as_safe_as_it_was_drawn():
    row = page("{% cache None row %}<b>{{ name }}</b>{% endcache %}|{% cache None row %}{% endcache %}")
    assert row.render({"name": "<i>Ann</i>"}) == "<b>&lt;i&gt;Ann&lt;/i&gt;</b>|<b>&lt;i&gt;Ann&lt;/i&gt;</b>"


def test_a_fragment_with_a_timeout_goes_through_djangos_cache():
    row = page("{% cache 60 row hand %}{{ counted }}{% endcache %}")
    counted = Counted()
    assert [row.render({"counted": counted, "hand": 1}) for _ in range(2)] == ["drawn 1", "drawn 1"]
    assert kept_fragments.FRAGMENTS.lookups == 0
    cache.clear()
    assert row.render({"counted": counted, "hand": 1}) == "drawn 2"


def test_no_template_of_the_app_loads_djangos_cache():
    loads = re.compile(r"{%\s*load\s[^%]*\bcache\b")
    templates = [path for path in Path(settings.BASE_DIR, "templates").rglob("*") if path.is_file()]
    assert templates
    assert [str(path) for path in templates if loads.search(path.read_text(encoding="utf-8"))] == []
