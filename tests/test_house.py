"""The house stays one a newcomer can find their way around (issue 11): small functions, thin views.

A function's size is its lines from `def` to its end, its docstring left out. The routed
views are the functions `scorekeeper/tables/urls.py` (and the project's urls.py) route to.
"""
from __future__ import annotations

import ast
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "scorekeeper" / "tables"


def function_sizes(folder: Path) -> dict[str, int]:
    sizes = {}
    for path in sorted(folder.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                sizes[f"{path.relative_to(ROOT)}:{node.name}"] = _size(node)
    return sizes


def _size(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    lines = (node.end_lineno or node.lineno) - node.lineno + 1
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        lines -= (first.end_lineno or first.lineno) - first.lineno + 1
    return lines


def routed_views() -> dict[str, int]:
    """The views the URL configuration routes to, by their module's file and name."""
    from django.urls import get_resolver

    def callbacks(patterns: list[Any]) -> Iterator[Any]:  # through every include, the admin's nested ones too
        for pattern in patterns:
            yield from callbacks(pattern.url_patterns) if hasattr(pattern, "url_patterns") else [pattern.callback]

    names = set()
    for callback in callbacks(get_resolver().url_patterns):
        view = callback
        while hasattr(view, "__wrapped__"):
            view = view.__wrapped__
        names.add((view.__module__, getattr(view, "__name__", "")))
    sizes = function_sizes(TABLES)
    routed = {}
    for module, name in names:
        key = module.replace(".", "/") + f".py:{name}"
        if key in sizes:
            routed[key] = sizes[key]
    return routed


def test_functions_in_the_app_are_small():
    sizes = function_sizes(TABLES)
    assert statistics.median(sizes.values()) <= 5
    assert {name: size for name, size in sizes.items() if size > 40} == {}


@pytest.mark.django_db
def test_routed_views_are_thin():
    views = routed_views()
    assert len(views) >= 20  # every screen's view was found
    assert statistics.median(views.values()) <= 10
    assert {name: size for name, size in views.items() if size > 25} == {}
