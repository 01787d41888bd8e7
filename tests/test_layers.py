"""The app's imports run one way, as the README's layout says: views → presenters → web → services → entry →
selectors → display → replay → models / the engine. A module may import its own layer or any layer below, never
one above; a view imports no other view but views.base; no modules under scorekeeper/ import one another, even
round a loop; the engine imports nothing of the app; and only the reads and the writes replay a session."""
from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "scorekeeper" / "tables"
SCOREKEEPER = APP.parent
TABLES = "scorekeeper.tables."
ORDER = ("views", "presenters", "web", "services", "entry", "selectors", "display", "replay", "models")
# modules outside the named packages, each at the layer it serves
PLACED = {"backup_format": "models", "hand_input": "models", "login_guard": "services"}


def layer(module: str) -> int | None:
    """Index in ORDER (0 the top); None for what sits outside the layers (urls, templatetags, middleware…)."""
    top = module.split(".")[0]
    top = PLACED.get(top, top)
    return ORDER.index(top) if top in ORDER else None


def module_name(path: Path) -> str:
    parts = [p for p in path.relative_to(APP).with_suffix("").parts if p != "__init__"]
    return ".".join(parts)


def test_the_layer_map_knows_every_module():
    unknown = [module_name(p) for p in APP.rglob("*.py") if "migrations" not in p.parts
               and layer(module_name(p)) is None
               and module_name(p).split(".")[0] not in ("", "admin", "apps", "urls", "middleware", "health",
                                                        "templatetags", "management")]
    assert unknown == []


def package_modules(root: Path) -> dict[str, Path]:
    """Every module under root (scorekeeper/: the app and the engine) by its dotted name; a package is its
    __init__."""
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported_modules(name: str, path: Path, modules: dict[str, Path]) -> dict[str, int]:
    """The modules among `modules` this one imports, at its top or inside a function, each with the line of its
    first import. `from a import b` is an import of the module a.b when there is one, else of a (b is a name a
    defines); `import a.b.c` of a.b.c."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - (node.level - 1)] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                module = f"{base}.{alias.name}" if base else alias.name
                named.append((module if module in modules else base, node.lineno))
    found: dict[str, int] = {}
    for target, line in sorted(named, key=lambda pair: pair[1]):
        while target not in modules and "." in target:  # a name inside a module: the module is what is imported
            target = target.rpartition(".")[0]
        if target in modules and target != name:
            found.setdefault(target, line)
    return found


def import_cycles(root: Path) -> set[frozenset[str]]:
    """The modules under root that import one another, directly or round a loop: each strongly connected group
    of two or more in the import graph (Tarjan's algorithm)."""
    modules = package_modules(root)
    graph = {name: set(imported_modules(name, path, modules)) for name, path in modules.items()}
    order: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    cycles = set()

    def visit(module: str) -> None:
        order[module] = lowest[module] = len(order)
        stack.append(module)
        for target in graph[module]:
            if target not in order:
                visit(target)
                lowest[module] = min(lowest[module], lowest[target])
            elif target in stack:
                lowest[module] = min(lowest[module], order[target])
        if lowest[module] == order[module]:
            group = {stack.pop()}
            while module not in group:
                group.add(stack.pop())
            if len(group) > 1:
                cycles.add(frozenset(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return cycles


def test_no_import_runs_against_the_order():
    modules = package_modules(SCOREKEEPER)
    upward = []
    for name, path in sorted(modules.items()):
        mine = layer(name.removeprefix(TABLES)) if name.startswith(TABLES) else None
        for target, line in imported_modules(name, path, modules).items():
            theirs = layer(target.removeprefix(TABLES)) if target.startswith(TABLES) else None
            if mine is not None and theirs is not None and theirs < mine:
                upward.append(f"{path.relative_to(APP)}:{line} imports {target.removeprefix(TABLES)}")
    assert upward == []


def test_views_import_no_views_but_base():
    """What two screens share lives below them (presenters/, web/) or in views/base.py: no view reaches into
    another."""
    modules = package_modules(SCOREKEEPER)
    views = f"{TABLES}views"
    found = [f"{path.relative_to(APP)}:{line} imports {target.removeprefix(TABLES)}"
             for name, path in sorted(modules.items()) if name.startswith(f"{views}.")
             for target, line in imported_modules(name, path, modules).items()
             if target.startswith(f"{views}.") and target != f"{views}.base"]
    assert found == []


def test_the_engine_imports_nothing_of_the_app():
    modules = package_modules(SCOREKEEPER)
    found = [f"{name}:{line} imports {target}" for name, path in sorted(modules.items())
             if name.startswith("scorekeeper.engine")
             for target, line in imported_modules(name, path, modules).items()
             if not target.startswith("scorekeeper.engine")]
    assert found == []


def test_a_cycle_is_found_through_any_form_of_import(tmp_path: Path):
    package = tmp_path / "pkg"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("from . import top\nshown = 1\n")
    (package / "top.py").write_text("def later():\n    from .inner.deep import thing\n")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "deep.py").write_text("import pkg.alone\nthing = 2\n")
    (package / "alone.py").write_text("from . import shown\n")
    assert import_cycles(package) == {frozenset({"pkg", "pkg.top", "pkg.inner.deep", "pkg.alone"})}


def test_no_modules_import_one_another():
    found = import_cycles(SCOREKEEPER)
    assert sorted(sorted(cycle) for cycle in found) == []


# Who may replay a session: the reads (selectors) and the writes (services); the replay layer itself, which
# defines it. A screen asks a selector for what it shows; the app's other layers are handed the replay.
REPLAYS_READ_IN = ("selectors", "services", "replay")


def test_only_selectors_and_services_replay_a_session():
    callers = []
    for path in sorted(APP.rglob("*.py")):
        top = module_name(path).split(".")[0]
        if PLACED.get(top, top) in REPLAYS_READ_IN:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func if isinstance(node, ast.Call) else None
            name = called.id if isinstance(called, ast.Name) else called.attr if isinstance(called, ast.Attribute) \
                else None
            if name == "session_replay":
                callers.append(f"{path.relative_to(APP)}:{node.lineno}")
    assert callers == []
