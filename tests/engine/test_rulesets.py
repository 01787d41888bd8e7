"""One tuple of ruleset objects: each answers everything about its ruleset (scoring, table facts, and
through the payoff it carries, money and dealer rotation), `get_ruleset` is the one lookup, and a new
ruleset is two modules of its own and one instance in `RULESETS`, nothing else in the engine."""
import ast
from pathlib import Path

import pytest

from scorekeeper.engine import RULESET_KEYS, RULESETS, EngineError, Payoff, Ruleset, get_ruleset
from scorekeeper.engine.hand import EVENTS

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"


def test_the_rulesets_are_one_tuple_of_objects_in_the_rulebooks_order():
    assert all(isinstance(ruleset, Ruleset) for ruleset in RULESETS)
    assert tuple(ruleset.key for ruleset in RULESETS) == RULESET_KEYS == (
        "taiwan", "zung-jung", "hk-old", "taizhou", "fujian", "hk-faan")


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda ruleset: ruleset.key)
def test_the_lookup_by_key_finds_the_one_object_and_its_payoff(ruleset):
    assert get_ruleset(ruleset.key) is ruleset
    assert isinstance(ruleset.payoff, Payoff) and ruleset.payoff.key == ruleset.key
    assert get_ruleset(ruleset.key).payoff is ruleset.payoff  # one payoff per ruleset, no second cache


@pytest.mark.parametrize("key", [None, "riichi", 5, ["taiwan"]])
def test_the_lookup_refuses_anything_but_a_key(key):
    with pytest.raises(EngineError, match="unknown ruleset") as refused:
        get_ruleset(key)
    assert refused.value.code == "unknown_ruleset"


def test_the_engine_finds_rulesets_without_module_names():
    """Imported plainly: no `importlib`, no registry of module-name strings."""
    for path in sorted(ENGINE.rglob("*.py")):
        assert "import_module" not in path.read_text(encoding="utf-8"), path
    assert not (ENGINE / "registry.py").exists()


def _key_literals(path: Path) -> set[str]:
    """The ruleset keys written as a string of their own in one module (not in prose)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value in RULESET_KEYS}


def test_a_new_ruleset_touches_its_own_two_modules_only():
    """No ruleset key is compared anywhere else: what differs is an attribute of the
    ruleset's `Ruleset` or the `Payoff` it carries."""
    found: dict[str, set[str]] = {key: set() for key in RULESET_KEYS}
    for path in sorted(ENGINE.rglob("*.py")):
        for key in _key_literals(path):
            found[key].add(path.relative_to(ENGINE).as_posix())
    modules = {ruleset.key: type(ruleset).__module__.rsplit(".", 1)[-1] for ruleset in RULESETS}
    assert found == {key: {f"rulesets/{module}.py", f"payoffs/{module}.py"} for key, module in modules.items()}


# -- what the app derives from a ruleset and its payoff ----------------------------------------------
@pytest.mark.parametrize("key", RULESET_KEYS)
def test_a_ruleset_says_what_a_table_enters(key):
    ruleset = get_ruleset(key)
    payoff: Payoff = ruleset.payoff
    assert ruleset.responsible in ("", "discarder", "optional")
    assert ("responsible" in payoff.win_fields) == bool(ruleset.responsible)
    assert ruleset.bonus_tiles in ("flowers", "winds_red", "")
    assert ruleset.wild in ("", "fortune", "gold")
    assert set(ruleset.events) <= EVENTS and len(set(ruleset.events)) == len(ruleset.events)
    assert ruleset.dealer_word in ("dealer", "banker")
    assert ruleset.starting_tally >= 0 and ruleset.game_rounds >= 0
    assert set(payoff.spot_needs) == payoff.spot_kinds
    assert set(payoff.spot_needs.values()) <= {"count", "dealer", "to", ""}


def test_the_table_facts_of_each_ruleset():
    facts = {key: (p.responsible, p.bonus_tiles, p.wild, p.starting_tally, p.dealer_word, p.game_rounds)
             for key, p in ((ruleset.key, ruleset) for ruleset in RULESETS)}
    assert facts == {
        "taiwan": ("", "", "", 0, "dealer", 0),
        "zung-jung": ("discarder", "flowers", "", 0, "dealer", 4),
        "hk-old": ("", "flowers", "", 2000, "dealer", 0),
        "taizhou": ("optional", "", "fortune", 0, "banker", 4),
        "fujian": ("", "winds_red", "gold", 0, "dealer", 4),
        "hk-faan": ("optional", "flowers", "", 0, "dealer", 0),
    }


def test_the_events_each_table_enters_in_order():
    assert {key: get_ruleset(key).events for key in RULESET_KEYS} == {
        "taiwan": ("last_tile", "kong_replacement", "heavenly", "earthly", "human", "ready_first_turn"),
        "zung-jung": ("last_tile", "last_discard", "kong_replacement", "robbing_kong", "heavenly", "earthly"),
        "hk-old": ("last_tile", "last_discard", "kong_replacement", "robbing_kong"),
        "taizhou": (),
        "fujian": ("three_golds", "robbing_gold"),
        "hk-faan": ("last_tile", "last_discard", "kong_replacement", "robbing_kong", "heavenly", "earthly"),
    }


def test_taiwans_spot_kinds_name_the_field_each_takes_in_order():
    assert list(get_ruleset("taiwan").payoff.spot_needs.items()) == [
        ("flower", "count"), ("grass", "count"), ("concealed_kong", ""), ("unrevealed_kong", ""), ("chase", ""),
        ("dice_123", "dealer"), ("dice_triplet", "dealer"), ("false_win", ""), ("failed_peng", "to"),
    ]


def test_hk_faans_one_spot_kind_takes_only_the_player():
    assert dict(get_ruleset("hk-faan").payoff.spot_needs) == {"false_win": ""}


@pytest.mark.parametrize("key", RULESET_KEYS)
def test_a_settlement_says_whether_it_keeps_a_pull_ledger(key):
    """`pull_ledger` tells the screens what paying as you go pays; it holds exactly where `carry` keeps
    win payments back (a win given to the ledger moves nothing at once)."""
    payoff = get_ruleset(key).payoff
    overridden = type(payoff).carry is not Payoff.carry
    assert payoff.pull_ledger == overridden
    assert {r.key for r in RULESETS if r.payoff.pull_ledger} == {"taiwan"}
