"""`{% cache None ... %}` is Django's own tag, keeping its fragments in the sized CACHES["template_fragments"]
(settings): a fragment is drawn once for what it varies on and then comes from the cache, another value draws
another, and a full cache drops some rather than growing."""
from __future__ import annotations

import pytest
from django.core.cache import caches
from django.template import engines
from django.templatetags.cache import CacheNode

FRAGMENTS = caches["template_fragments"]


class Counted:
    """A value that counts how often the page drew it."""

    def __init__(self) -> None:
        self.drawn = 0

    def __str__(self) -> str:
        self.drawn += 1
        return f"drawn {self.drawn}"


@pytest.fixture(autouse=True)
def empty_cache():
    FRAGMENTS.clear()
    yield
    FRAGMENTS.clear()


def page(text: str):
    return engines["django"].from_string(text)


def test_the_tag_is_djangos_own_with_nothing_to_load():
    assert isinstance(page("{% cache None row %}x{% endcache %}").template.nodelist[0], CacheNode)


def test_a_fragment_is_drawn_once_for_what_it_varies_on():
    row = page("{% cache None row language hand %}<li>{{ counted }}</li>{% endcache %}")
    counted = Counted()
    drawn = [row.render({"counted": counted, "language": language, "hand": hand})
             for language, hand in [("en", 1), ("en", 1), ("zh-hant", 1), ("en", 2), ("en", 1), ("zh-hant", 1)]]
    assert drawn == ["<li>drawn 1</li>", "<li>drawn 1</li>", "<li>drawn 2</li>", "<li>drawn 3</li>",
                     "<li>drawn 1</li>", "<li>drawn 2</li>"]
    assert counted.drawn == 3


def test_the_cache_is_sized_and_drops_a_share_when_full():
    row = page("{% cache None row hand %}{{ counted }}{% endcache %}")
    counted = Counted()
    most = FRAGMENTS._max_entries
    assert most >= 2000  # a process's fragments at 50 tables (settings)
    for hand in range(most + 1):
        row.render({"counted": counted, "hand": hand})
    assert len(FRAGMENTS._cache) <= most
    assert row.render({"counted": counted, "hand": most}) == f"drawn {most + 1}"  # the newest stays


def test_a_fragment_comes_back_as_safe_as_it_was_drawn():
    row = page("{% cache None row %}<b>{{ name }}</b>{% endcache %}|{% cache None row %}{% endcache %}")
    assert row.render({"name": "<i>Ann</i>"}) == "<b>&lt;i&gt;Ann&lt;/i&gt;</b>|<b>&lt;i&gt;Ann&lt;/i&gt;</b>"
