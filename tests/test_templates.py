"""One house: templates show what the views give them and keep no ruleset logic.

Every template line fits in 120 characters; no template compares a ruleset key (what a ruleset
does is its profile's business, templates/ only read it); seats are compared as ints, never as
strings made with `stringformat`. Naming a ruleset (`{{ "hk-old"|ruleset_name }}` heading its
example) is not logic and stays allowed.
"""
import re
from pathlib import Path

import pytest

from scorekeeper.engine import RULESET_KEYS  # every ruleset the engine has

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
MAX_LINE = 120

BLOCK_TAG = re.compile(r"{%.*?%}")
QUOTED = re.compile(r"\"([^\"]*)\"|'([^']*)'")
COMPARISON = re.compile(r"==|!=|<|>|\bin\b")
# A ruleset named by its key: a key ruleset or ruleset itself on either side of a comparison (the engine's
# ruleset object read further, `profile.ruleset.events`, is a fact, not a key).
KEY_COMPARED = re.compile(r"\.(key|ruleset)\s*(==|!=|\bnot in\b|\bin\b)"
                          r"|(==|!=|\bin\b)\s*[\w.]+\.(key|ruleset)(?![\w.])")


def template_files() -> list[Path]:
    return sorted(path for path in TEMPLATES.rglob("*") if path.is_file())


def template_lines():
    for path in template_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            yield path.relative_to(TEMPLATES.parent), number, line


def ruleset_logic(text: str) -> list[str]:
    """The template tags of `text` that compare a ruleset key."""
    found = []
    for tag in BLOCK_TAG.findall(text):
        literals = [a or b for a, b in QUOTED.findall(tag)]
        names_a_key = any(key in re.split(r"[\s,]+", literal) for literal in literals for key in RULESET_KEYS)
        if (names_a_key and COMPARISON.search(QUOTED.sub("", tag))) or KEY_COMPARED.search(tag):
            found.append(tag)
    return found


def test_there_are_templates():
    assert any(path.suffix == ".html" for path in template_files())


def test_no_template_line_is_longer_than_120_characters():
    long_lines = [f"{path}:{number} ({len(line)})" for path, number, line in template_lines() if len(line) > MAX_LINE]
    assert long_lines == []


@pytest.mark.parametrize("tag", [
    '{% if profile.ruleset.key == "taiwan" %}',
    "{% if 'fujian' == r.key %}",
    '{% elif session.ruleset != "zung-jung" %}',
    '{% if ruleset in "taizhou fujian" %}',
    "{% if key in 'hk-old,taiwan' %}",
    "{% if profile.ruleset.key == other %}",
    "{% if session.ruleset not in rulesets %}",
])
def test_ruleset_logic_is_recognised(tag):
    assert ruleset_logic(tag) == [tag]


@pytest.mark.parametrize("text", [
    '<h3>{{ "hk-old"|ruleset_name }}</h3>',
    '<pre data-ruleset="taiwan">F2 x2</pre>',
    '{% url "rules_detail" profile.ruleset.key %}',
    '{% if profile.ruleset.bonus_tiles == "flowers" %}',
    '{% if profile.ruleset.responsible == "discarder" %}',
    '{% if e not in profile.ruleset.payoff.figure_events %}',
])
def test_naming_a_ruleset_is_not_logic(text):
    assert ruleset_logic(text) == []


def test_no_template_compares_a_ruleset_key():
    offenders = [f"{path.relative_to(TEMPLATES.parent)}: {tag}"
                 for path in template_files() for tag in ruleset_logic(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_no_template_makes_strings_with_stringformat():
    """Seats are ints in the context (WinEntry.winner_seat, responsible_choice): compared as they are."""
    offenders = [f"{path}:{number}" for path, number, line in template_lines() if "stringformat" in line]
    assert offenders == []


def test_no_comment_runs_past_its_line():
    """Django's {# #} comment is one line: one left open shows its words on the page ({% comment %} spans lines)."""
    offenders = [f"{path}:{number}" for path, number, line in template_lines()
                 if path.suffix == ".html" and line.rfind("{#") > line.rfind("#}")]
    assert offenders == []
