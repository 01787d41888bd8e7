"""The pattern tables are data (a TOML file beside each ruleset module): the loader reads them
strictly, and the values the code once computed still agree with the constants they came from."""
import tomllib

import pytest

from scorekeeper.engine import RULESETS, predicates
from scorekeeper.engine.patterns import TableError, load_patterns, predicates_of, table_file
from scorekeeper.engine.rulesets import hk_old, taiwan, taizhou

from engine_helpers import ROOT

ROW = '[[pattern]]\nkey = "win"\nname = "Win"\nname_zh = "和"\nvalue = 1\ntest = "is_win"\n'


def _load(tmp_path, text, tests=None):
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return load_patterns(path, predicates_of(vars(predicates)) if tests is None else tests)


def test_a_row_reads_with_its_defaults(tmp_path):
    (row,) = _load(tmp_path, ROW)
    assert (row.key, row.value, row.test, row.family, row.excludes, row.kind, row.note) == (
        "win", 1, predicates.is_win, None, (), "points", "")


def test_optional_fields_are_read(tmp_path):
    (row,) = _load(tmp_path, ROW + 'family = "f"\nexcludes = ["a", "b"]\nkind = "double"\nnote = "n"\n')
    assert (row.family, row.excludes, row.kind, row.note) == ("f", ("a", "b"), "double", "n")


def test_a_module_own_predicate_comes_before_the_shared_one(tmp_path):
    def is_win(f):
        return False
    own = {"__name__": __name__, "is_win": is_win, "imported": predicates.is_all_pungs}
    tests = predicates_of(own, vars(predicates))
    assert tests["is_win"] is is_win
    assert "imported" not in tests  # a name a module imports is not its own
    assert tests["is_all_pungs"] is predicates.is_all_pungs
    assert "is_honor" not in tests  # predicates.py imports it from tiles.py


@pytest.mark.parametrize("text, message", [
    (ROW.replace("is_win", "is_winn"), r"house\.toml, row 1 \(win\): unknown test 'is_winn'"),
    (ROW + ROW + "colour = 3\n", r"house\.toml, row 2 \(win\): unknown field 'colour'"),
    (ROW.replace('name_zh = "和"\n', ""), r"row 1 \(win\): the field 'name_zh' is missing"),
    (ROW.replace("value = 1", 'value = "1"'), r"row 1 \(win\): value = '1' is not a whole number"),
    (ROW.replace("value = 1", "value = true"), r"row 1 \(win\): value = True is not a whole number"),
    (ROW + "excludes = [1]\n", r"row 1 \(win\): excludes = \[1\] is not a list of texts"),
    ('title = "x"\n' + ROW, r"house\.toml: a table file holds \[\[pattern\]\] entries and nothing else"),
    ("[[pattern]\n", r"house\.toml: not TOML"),
])
def test_a_bad_table_fails_naming_the_file_and_the_row(tmp_path, text, message):
    with pytest.raises(TableError, match=message):
        _load(tmp_path, text)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda ruleset: ruleset.key)
def test_each_ruleset_reads_its_table_beside_it(ruleset):
    assert table_file(type(ruleset).__module__).is_file()
    assert all(callable(p.test) for p in ruleset.patterns)


def test_the_tables_ship_as_package_data():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "*.toml" in setuptools["package-data"]["scorekeeper.engine.rulesets"]


def test_hk_old_limit_hands_are_worth_the_limit():
    assert [p.value for p in hk_old.LIMITS] == [hk_old.LIMIT] * 6


def _pairs(table, key_names):
    rows = [p for p in table if p.key in key_names]
    return list(zip(rows[::2], rows[1::2]))


def test_hk_old_sets_of_terminals_or_honours_are_worth_twice():
    pairs = _pairs(hk_old.PATTERNS, ("exposed_pung", "concealed_pung", "exposed_kong", "concealed_kong"))
    assert len(pairs) == 4
    for simples, majors in pairs:
        assert (majors.key, majors.value) == (simples.key, 2 * simples.value)
        assert (majors.name, majors.name_zh) == (f"{simples.name} of Terminals/Honours", f"么九{simples.name_zh}")


def test_taizhou_major_sets_are_worth_twice_the_minor():
    pairs = _pairs(taizhou.PATTERNS, ("open_pung", "closed_pung", "open_kong", "closed_kong"))
    assert [(minor.value, major.value) for minor, major in pairs] == [(2, 4), (4, 8), (8, 16), (16, 32)]
    assert all(major.key == minor.key and major.name_zh == minor.name_zh for minor, major in pairs)


def test_taizhou_four_winds_is_the_winners_and_the_losers():
    winner = next(p for p in taizhou.WINNER_TABLE if p.key == "four_winds")
    loser = taizhou.FOUR_WINDS_LOSER
    assert (winner.value, loser.key, loser.value) == (13, "four_winds", 4)
    assert winner.note.removeprefix("Winner: ") == loser.note.removeprefix("Loser: ")
    sets = [key for key in ("open_pung", "closed_pung", "open_kong", "closed_kong") for _ in ("minor", "major")]
    assert [p.key for p in taizhou.LOSER_TABLE] == ["pair", *sets, "dragon_pung", "seat_wind_pung", "four_winds"]
    assert taizhou.LOSER_TABLE[-1] is loser


def test_taiwan_seven_pairs_and_all_melded_take_no_wait_fan():
    excludes = {p.key: p.excludes for p in taiwan.PATTERNS if p.excludes}
    assert excludes["seven_pairs"] == excludes["seven_consecutive_pairs"] == (
        "concealed", "concealed_self_drawn", *taiwan.WAIT_KEYS)
    assert excludes["all_melded"] == taiwan.WAIT_KEYS
    assert [p.key for p in taiwan.PATTERNS if p.family == "wait"] == list(taiwan.WAIT_KEYS)
