"""The i18n tags that remember their catalogue lookups (templatetags/kept_i18n.py) draw exactly what Django's
own draw, in each language, one after the other; they look a message up once per language; and no template
of the app loads Django's `i18n`, which would put the slower tags back in its place."""
from __future__ import annotations

import re
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.template import Context, Engine, engines
from django.utils import translation

SNIPPETS = {
    "literal": '{% translate "Undo" %}',
    "literal as a variable": '{% translate "Undo" as undo %}[{{ undo }}]',
    "noop": '{% translate "Undo" noop %}',
    "with a message context": '{% translate "won" context "a player\'s win, on the player\'s card" %}',
    "with a filter": '{% translate "Undo"|upper %}',
    "a variable message": "{% translate word %}",
    "percent signs": '{% translate "100% of %s" %}',
    "a block with variables, escaped": "{% blocktranslate with hand=name %}{{ hand }} deleted.{% endblocktranslate %}",
    "a trimmed block": """{% blocktranslate with number=7 wind=name trimmed %}Hand {{ number }} ·
      {{ wind }} round{% endblocktranslate %}""",
    "a block as a variable": "{% blocktranslate with n=3 asvar said %}連{{ n }}{% endblocktranslate %}<{{ said }}>",
    "a block with a plural": """{% blocktranslate count n=hands trimmed %}{{ n }} hand{% plural %}{{ n }}
      hands{% endblocktranslate %}""",
    "a block missing its variable": "{% blocktranslate %}{{ nowhere }} saved.{% endblocktranslate %}",
}
VALUES = {"name": "<b>Ann & Bob</b>", "word": "Undo", "hands": 2}
LANGUAGES = ["en", "zh-hant", "zh-hans", "en", "zh-hant"]


def app_engine() -> Engine:
    return engines["django"].engine  # type: ignore[attr-defined,no-any-return]


def djangos_engine() -> Engine:
    """The app's engine as it would be with Django's own i18n tags."""
    ours = app_engine()
    builtins = [name for name in settings.TEMPLATES[0]["OPTIONS"]["builtins"] if "kept_i18n" not in name]
    return Engine(builtins=[*builtins, "django.templatetags.i18n"], string_if_invalid=ours.string_if_invalid)


@pytest.mark.parametrize("snippet", SNIPPETS.values(), ids=SNIPPETS.keys())
def test_each_tag_draws_what_djangos_draws_in_every_language_in_turn(snippet):
    ours, django = app_engine().from_string(snippet), djangos_engine().from_string(snippet)
    drawn = []
    for language in LANGUAGES:
        with translation.override(language):
            for autoescape in (True, False):
                expected = django.render(Context(VALUES, autoescape=autoescape))
                assert ours.render(Context(VALUES, autoescape=autoescape)) == expected, (language, autoescape)
                drawn.append(expected)
    assert "Ann &amp; Bob" in "".join(drawn) or "<b>" not in snippet


def test_the_words_really_change_with_the_language():
    page = app_engine().from_string(SNIPPETS["a trimmed block"] + SNIPPETS["literal"])
    said = {}
    for language in LANGUAGES:
        with translation.override(language):
            said.setdefault(language, set()).add(page.render(Context(VALUES)))
    assert said["en"] == {"Hand 7 · &lt;b&gt;Ann &amp; Bob&lt;/b&gt; roundUndo"}
    assert all(len(words) == 1 for words in said.values())  # the same each time it comes back
    assert len({next(iter(words)) for words in said.values()}) == 3  # and its own in each language


def test_a_message_is_looked_up_once_per_language():
    page = app_engine().from_string(SNIPPETS["literal"] + SNIPPETS["a trimmed block"])
    with mock.patch.object(translation._trans, "gettext", wraps=translation._trans.gettext) as lookups:
        for _ in range(5):
            for language in ("en", "zh-hant"):
                with translation.override(language):
                    page.render(Context(VALUES))
    assert lookups.call_count == 2 * 2  # two messages, two languages


def test_no_template_of_the_app_loads_djangos_i18n():
    loads = re.compile(r"{%\s*load\s[^%]*\bi18n\b")
    templates = [path for path in Path(settings.BASE_DIR, "templates").rglob("*") if path.is_file()]
    assert templates
    assert [str(path) for path in templates if loads.search(path.read_text(encoding="utf-8"))] == []
