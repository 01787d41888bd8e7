"""The app's imports run one way, as the README's layout says: views → services → entry → selectors → display →
replay → models / the engine. A module may import its own layer or any layer below, never one above."""
from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "scorekeeper" / "tables"
ORDER = ("views", "services", "entry", "selectors", "display", "replay", "models")
# modules outside the named packages, each at the layer it serves
PLACED = {"backup_format": "models", "login_guard": "services"}


def layer(module: str) -> int | None:
    """Index in ORDER (0 the top); None for what sits outside the layers (urls, templatetags, middleware…)."""
    top = module.split(".")[0]
    top = PLACED.get(top, top)
    return ORDER.index(top) if top in ORDER else None


def imports(path: Path) -> list[tuple[str, int]]:
    """Every scorekeeper.tables module this file imports (at its top or inside a function), with the line."""
    parts = list(path.relative_to(APP).with_suffix("").parts)
    package = parts if parts[-1] == "__init__" else parts[:-1]
    package = [p for p in package if p != "__init__"]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package[:len(package) - (node.level - 1)]
        elif node.module and node.module.startswith("scorekeeper.tables."):
            base, node_module = [], node.module.removeprefix("scorekeeper.tables.")
            found.append((node_module, node.lineno))
            continue
        else:
            continue
        if node.module:
            found.append((".".join(base + [node.module]), node.lineno))
        else:
            found += [(".".join(base + [alias.name]), node.lineno) for alias in node.names]
    return found


def module_name(path: Path) -> str:
    parts = [p for p in path.relative_to(APP).with_suffix("").parts if p != "__init__"]
    return ".".join(parts)


def test_the_layer_map_knows_every_module():
    unknown = [module_name(p) for p in APP.rglob("*.py") if "migrations" not in p.parts
               and layer(module_name(p)) is None
               and module_name(p).split(".")[0] not in ("", "apps", "urls", "middleware", "templatetags", "management")]
    assert unknown == []


def test_no_import_runs_against_the_order():
    upward = []
    for path in sorted(APP.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        mine = layer(module_name(path))
        for target, line in imports(path):
            theirs = layer(target)
            if mine is not None and theirs is not None and theirs < mine:
                upward.append(f"{path.relative_to(APP)}:{line} imports {target}")
    assert upward == []
