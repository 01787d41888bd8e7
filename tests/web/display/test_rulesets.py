"""One ruleset object: the app reads every ruleset fact from the engine's object and keeps only words.

What a new ruleset must touch, as these tests check it: its two engine modules (scoring
and payoff) and one instance in the engine's `RULESETS`; in the app, a label only for a fact no
ruleset had before (a figure, an event, a stake, a wild kind, a dealer word, an on-the-spot kind).
A profile is the engine's object with words: it forwards no fact.
"""
import dataclasses
import re
from pathlib import Path

import pytest

from scorekeeper.engine import RULESET_KEYS, RULESETS, get_ruleset
from scorekeeper.tables.display import labels as label_table
from scorekeeper.tables.display import rulesets as labels

ROOT = Path(__file__).resolve().parents[3]
APP = ROOT / "scorekeeper" / "tables"
TEMPLATES = ROOT / "templates"


@pytest.mark.parametrize("key", RULESET_KEYS)
def test_every_fact_the_engine_declares_has_a_label(key):
    ruleset = get_ruleset(key)
    payoff = ruleset.payoff

    assert set(payoff.figures) <= label_table.FIGURE_LABELS.keys()
    assert set(ruleset.events) <= labels.EVENT_LABELS.keys()
    assert set(payoff.stake_defaults) <= labels.STAKE_LABELS.keys()
    assert set(payoff.spot_needs) <= labels.SPOT_LABELS.keys()
    assert ruleset.dealer_word in labels.DEALER_WORDS
    assert not ruleset.wild or ruleset.wild in labels.WILD_LABELS


def test_the_app_names_no_ruleset_key():
    """No ruleset key in the app's code or templates: no screen behaves by ruleset name."""
    keys = "|".join(re.escape(key) for key in RULESET_KEYS)
    quoted = re.compile(rf"""["']({keys})["']""")
    files = [p for p in APP.rglob("*.py") if "migrations" not in p.parts]  # examples are the rulesets' own
    files += list(TEMPLATES.rglob("*.html"))  # the quick-entry help's examples are each ruleset's own
    found = [f"{path.relative_to(ROOT)}:{number}" for path in files
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if quoted.search(line)]
    assert found == []


def test_every_engine_ruleset_is_on_the_screens_as_the_engines_own_object():
    assert [p.ruleset for p in labels.available_profiles()] == list(RULESETS)
    assert all(labels.get_profile(key).ruleset is get_ruleset(key) for key in RULESET_KEYS)


# What a Profile may say: words for the engine's facts. A fact of the engine's own is read from `ruleset`.
LABELS = {"figure_fields", "wild_label", "wild_button", "spot_kinds", "paying_help", "dealer_word", "notes", "stakes"}


def test_a_profile_holds_the_engines_object_and_adds_only_labels():
    assert [f.name for f in dataclasses.fields(labels.Profile)] == ["ruleset"]
    assert {name for name, value in vars(labels.Profile).items() if isinstance(value, property)} == LABELS


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda ruleset: ruleset.key)
def test_the_house_options_are_the_scorers_then_the_payoffs_own(ruleset):
    scorers = [o["name"] for o in ruleset.describe()["options"]]
    payoffs = [name for name in ruleset.payoff.settlement_options if name not in scorers]
    assert [o.name for o in ruleset.house_options()] == scorers + payoffs
