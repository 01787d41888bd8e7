"""The Rules page's Money section (issue 19): each ruleset's worked examples.

Each ruleset brings its examples as data (`Ruleset.money_examples`, engine/examples.py): one kind of example
from `money_examples.py` (taiwan's 拉 chain's from `money_chains.py`) each, given its figures and its rule's words
in English, translated here by their text.
A ruleset without examples shows its Rules page without a Money section.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from scorekeeper.engine import RULESETS
from scorekeeper.engine.examples import WORDS, MoneyExample

from ..display.rulesets import get_profile
from ..models import Session
from .money_chains import pull_again, pull_ends, pull_halves, several_winners
from .money_examples import (
    Example,
    Refused,
    Table,
    by_option,
    dealer_pays,
    dealer_wins,
    discard,
    four_hands,
    immune,
    money_table,
    paying,
    payoff_schemes,
    scored,
    self_draw,
    spots,
    tallies,
)


def money_stakes(*, table: Table) -> list[str]:
    """The stakes the examples are played at, each with its label ("Base (底) 10"), or by its name at the
    tables where it has one ("五一 (1)")."""
    values = table.words()
    return [stake.words(values[stake.name]) for stake in get_profile(table.key).stakes]


def money_examples(*, table: Table) -> list[Example]:
    """The worked examples of the table's ruleset, each made by the engine; [] for a ruleset with none."""
    made = []
    for build in examples_of(table.key):
        try:
            made.append(build(table))
        except Refused:
            continue
    return made


def example_table(*, key: str, session: Session | None = None) -> Table:
    if session is None:
        return Table(key)
    return Table(key, tuple(p.name for p in session.players), session.stakes, session.options, own=True)


# -- the kinds of example ------------------------------------------------------------------------------------
# Each kind of worked example a ruleset's `money_examples` (the engine's data) may name: the app builds and tells it.
KINDS: dict[str, Callable[..., Example]] = {
    "discard": discard, "self_draw": self_draw, "dealer_wins": dealer_wins, "dealer_pays": dealer_pays,
    "immune": immune, "payoff_schemes": payoff_schemes, "scored": scored, "four_hands": four_hands,
    "tallies": tallies, "pull_again": pull_again, "pull_ends": pull_ends, "pull_halves": pull_halves,
    "spots": spots, "money_table": money_table, "paying": paying, "several_winners": several_winners,
}


def _build(given: MoneyExample) -> Callable[[Table], Example]:
    """The example as the kind's function at a table: its English words translated when shown."""
    params: dict[str, Any] = {name: _lazy(value) if name in WORDS else value for name, value in given.params.items()}
    if given.option:
        params["rule"] = by_option(given.option, {value: _lazy(text) for value, text in given.rules.items()})
    elif given.rule:
        params["rule"] = _lazy(given.rule)
    return partial(KINDS[given.kind], **params)


def _lazy(text: str) -> Promise:
    """English from the engine, in the reader's language when shown (its catalogue entry: engine_messages.py)."""
    return gettext_lazy(text)


def examples_of(key: str) -> tuple[Callable[[Table], Example], ...]:
    """The worked examples the ruleset brings (`Ruleset.money_examples`), each ready to build at a table."""
    ruleset = RULESETS.get(key)
    return tuple(_build(given) for given in ruleset.money_examples) if ruleset else ()
