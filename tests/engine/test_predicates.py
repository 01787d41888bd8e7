"""The shared fact tests: written once (predicates.py), read by every table that scores them."""
import ast
from collections import defaultdict
from pathlib import Path

from scorekeeper.engine.facts import Facts
from scorekeeper.engine.groups import STANDARD, Arrangement
from scorekeeper.engine.hand import Hand, Meld
from scorekeeper.engine.predicates import has_nine_gates
from scorekeeper.engine.tiles import parse_tiles

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"
TABLES = [ENGINE / "predicates.py", *sorted((ENGINE / "rulesets").glob("*.py"))]


def _is_predicate(node: ast.stmt) -> bool:
    """A module's function over `Facts` (a hook of a ruleset class is no fact test)."""
    if not isinstance(node, ast.FunctionDef) or not node.args.args:
        return False
    annotation = node.args.args[0].annotation
    return isinstance(annotation, ast.Name) and annotation.id == "Facts"


def _bodies(path: Path):
    """Each predicate's body as the parser sees it, its docstring left out."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if _is_predicate(node):
            body = node.body[1:] if ast.get_docstring(node) is not None else node.body
            yield node.name, ast.dump(ast.Module(body=body, type_ignores=[]))


def test_no_fact_test_is_written_twice_in_the_tables():
    where = defaultdict(list)
    for path in TABLES:
        for name, body in _bodies(path):
            where[body].append(f"{path.name}:{name}")
    assert [places for places in where.values() if len(places) > 1] == []


def _facts(concealed: str, *melds: Meld) -> Facts:
    return Facts(Hand("test", tuple(parse_tiles(concealed)), None, melds=melds), Arrangement(STANDARD, ()))


def test_nine_gates_is_the_gates_alone_in_13_tile_play():
    assert has_nine_gates(_facts("1112345678999p"))
    assert not has_nine_gates(_facts("1112345678899p"))


def test_nine_gates_is_the_gates_and_one_set_of_the_suit_in_16_tile_play():
    assert has_nine_gates(_facts("1112334455678999s"))  # a 345 chow besides
    assert has_nine_gates(_facts("1112345555678999s"))  # a pung of 5 besides
    assert not has_nine_gates(_facts("1112345556778999s"))  # a pair and a single besides: no set
    assert not has_nine_gates(_facts("1112345678999s123m"))  # the set is of another suit


def test_nine_gates_needs_no_melds():
    assert not has_nine_gates(_facts("2345678999p", Meld("pung", tuple(parse_tiles("111p")))))
