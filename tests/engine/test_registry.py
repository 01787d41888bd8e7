"""One list of rulesets: each key finds its scorer and its settlement, and a new ruleset is
a line in `registry.py` and two modules of its own, nothing else in the engine."""
import ast
from pathlib import Path

import pytest

from scorekeeper.engine import RULESET_KEYS, RULESETS, Payoff, get_ruleset, payoff_for
from scorekeeper.engine.hand import EVENTS
from scorekeeper.engine.registry import MODULES

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"


def test_every_ruleset_is_in_the_one_list_in_the_rulebooks_order():
    assert tuple(RULESETS) == RULESET_KEYS == tuple(MODULES)


@pytest.mark.parametrize("key", RULESETS)
def test_every_ruleset_finds_its_settlement(key):
    assert get_ruleset(key).payoff.key == key
    assert get_ruleset(key).payoff is payoff_for(key)


def _key_literals(path: Path) -> set[str]:
    """The ruleset keys written as a string of their own in one module (not in prose)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value in MODULES}


def test_a_new_ruleset_touches_its_own_two_modules_and_the_list_only():
    """No ruleset key is compared anywhere else: what differs is an attribute of the
    ruleset's `Ruleset` or `Payoff`."""
    found: dict[str, set[str]] = {key: set() for key in MODULES}
    for path in sorted(ENGINE.rglob("*.py")):
        for key in _key_literals(path):
            found[key].add(path.relative_to(ENGINE).as_posix())
    assert found == {key: {f"rulesets/{module}.py", f"payoffs/{module}.py", "registry.py"}
                     for key, module in MODULES.items()}


# -- what the app derives from a settlement --------------------------------------------------
@pytest.mark.parametrize("key", RULESETS)
def test_a_settlement_says_what_a_table_enters(key):
    payoff: Payoff = get_ruleset(key).payoff
    assert payoff.responsible in ("", "discarder", "optional")
    assert ("responsible" in payoff.win_fields) == bool(payoff.responsible)
    assert payoff.bonus_tiles in ("flowers", "winds_red", "")
    assert payoff.wild in ("", "fortune", "gold")
    assert set(payoff.events) <= EVENTS and len(set(payoff.events)) == len(payoff.events)
    assert payoff.dealer_word in ("dealer", "banker")
    assert payoff.starting_tally >= 0 and payoff.game_rounds >= 0
    assert set(payoff.spot_needs) == payoff.spot_kinds
    assert set(payoff.spot_needs.values()) <= {"count", "dealer", "to", ""}


def test_the_table_facts_of_each_ruleset():
    facts = {key: (p.responsible, p.bonus_tiles, p.wild, p.starting_tally, p.dealer_word, p.game_rounds)
             for key, p in ((key, payoff_for(key)) for key in RULESETS)}
    assert facts == {
        "taiwan": ("", "", "", 0, "dealer", 0),
        "zung-jung": ("discarder", "flowers", "", 0, "dealer", 4),
        "hk-old": ("", "flowers", "", 2000, "dealer", 0),
        "taizhou": ("optional", "", "fortune", 0, "banker", 4),
        "fujian": ("", "winds_red", "gold", 0, "dealer", 4),
    }


def test_the_events_each_table_enters_in_order():
    assert {key: payoff_for(key).events for key in RULESETS} == {
        "taiwan": ("last_tile", "kong_replacement", "heavenly", "earthly", "human", "ready_first_turn"),
        "zung-jung": ("last_tile", "last_discard", "kong_replacement", "robbing_kong", "heavenly", "earthly"),
        "hk-old": ("last_tile", "last_discard", "kong_replacement", "robbing_kong"),
        "taizhou": (),
        "fujian": ("three_golds", "robbing_gold"),
    }


def test_taiwans_spot_kinds_name_the_field_each_takes_in_order():
    assert list(payoff_for("taiwan").spot_needs.items()) == [
        ("flower", "count"), ("grass", "count"), ("concealed_kong", ""), ("unrevealed_kong", ""), ("chase", ""),
        ("dice_123", "dealer"), ("dice_triplet", "dealer"), ("false_win", ""), ("failed_peng", "to"),
    ]


@pytest.mark.parametrize("key", RULESETS)
def test_a_settlement_says_whether_it_keeps_a_pull_ledger(key):
    """`pull_ledger` tells the screens what paying as you go pays; it holds exactly where `carry` keeps
    win payments back (a win given to the ledger moves nothing at once)."""
    payoff = payoff_for(key)
    overridden = type(payoff).carry is not Payoff.carry
    assert payoff.pull_ledger == overridden
    assert {k for k in RULESETS if payoff_for(k).pull_ledger} == {"taiwan"}
