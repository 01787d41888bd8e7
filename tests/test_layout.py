"""Where things go: the engine stays pure Python (nothing under scorekeeper/engine/ may import Django), and each
test file is named after what it tests (issue 36.4)."""
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "scorekeeper" / "engine"
DJANGO_IMPORT = re.compile(r"^\s*(import|from)\s+django")


def test_engine_folder_exists():
    assert ENGINE.is_dir()


def test_engine_does_not_import_django():
    offenders = [
        f"{path.relative_to(ENGINE.parent.parent)}:{number}: {line.strip()}"
        for path in sorted(ENGINE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if DJANGO_IMPORT.match(line)
    ]
    assert offenders == []


def test_helper_modules_have_names_of_their_own():
    """Test files are imported by path (pyproject.toml: --import-mode=importlib), so two folders may each hold a
    test_wins.py; the helper modules beside them (web_helpers.py, ...) are imported by bare name from the folders
    pyproject.toml's `pythonpath` lists: two alike would shadow each other."""
    tests = Path(__file__).resolve().parent
    names = [path.name for path in tests.rglob("*.py")
             if not path.name.startswith("test_") and path.name != "conftest.py"]
    assert sorted(name for name in set(names) if names.count(name) > 1) == []


# Test files a newcomer finds by the name of what they test (issue 36.4). A file in tests/<folder>/ is named
# test_<name>.py or test_<name>_<topic>.py, <name> one of what that folder tests (FOLDERS); a test that walks a
# whole evening through the screens is a scenario, in a scenarios/ folder beside the fixtures it uses; the few
# left are the house's own checks, over every file of the project (ALLOWED, each with its reason).
ROOT = ENGINE.parent.parent
TESTS = ROOT / "tests"
ALLOWED = {
    "tests/engine/test_shared_cases.py": "every worked example in ../shared/cases, through the command line (run by "
                                         "this name before a change to the engine is handed over)",
    "tests/engine/test_settle_properties.py": "what holds for any settled session; three tests import its random "
                                              "sessions by this name (a rename waits for the typed answers' branch, "
                                              "which edits those imports)",
    "tests/test_house.py": "the house's sizes (functions, views) over every module",
    "tests/test_layers.py": "the layers' import rules over every module",
    "tests/test_layout.py": "this file: where things go, over every folder",
    "tests/test_readme.py": "the README's layout table against the folders",
    "tests/test_templates.py": "every template",
    "tests/web/views/test_i18n.py": "the three languages over every screen and both catalogues",
}


def _stems(folder: Path, pattern: str = "*.py") -> set[str]:
    """The modules (and packages) in a folder, by the name a test file would give them."""
    return {path.stem.lower() for path in folder.glob(pattern) if path.stem not in ("__init__", "__main__")} | {
        path.name for path in folder.iterdir() if (path / "__init__.py").exists() and path.name != "migrations"}


def _make_targets() -> set[str]:
    phony = re.search(r"^\.PHONY:(.*)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert phony is not None
    return {target.replace("-", "_") for target in phony.group(1).split()}


def _named_after() -> dict[str, set[str]]:
    """For each test folder, what its files are named after."""
    tables = ROOT / "scorekeeper" / "tables"
    engine = _stems(ENGINE) | _stems(ENGINE / "payoffs") | _stems(ENGINE / "rulesets")
    app_top = _stems(tables) | _stems(ROOT / "scorekeeper") | _stems(tables / "templatetags")
    folders = {"tests/engine": engine, "tests/web": app_top,
               # the scripts (static/js/) and the screens (views/) the browser drives
               "tests/browser": _stems(ROOT / "static" / "js", "*.js") | _stems(tables / "views"),
               # what an operator runs: deploy/'s files, the benchmarks, scripts/, make's targets, the
               # settings and servers, requirements.lock
               "tests/ops": (_stems(ROOT / "deploy", "*") | _stems(ROOT / "benchmarks") | _stems(ROOT / "scripts", "*")
                             | _make_targets() | _stems(ROOT / "scorekeeper") | {"benchmarks", "requirements"})}
    for layer in (path for path in tables.iterdir() if (path / "__init__.py").exists()):  # views, services, ...
        folders[f"tests/web/{layer.name}"] = _stems(layer)
    return folders


def _is_named_after(name: str, modules: set[str]) -> bool:
    topic = name.removeprefix("test_").removesuffix(".py")
    return any(topic == module or topic.startswith(f"{module}_") for module in modules)


def test_every_test_file_is_named_after_what_it_tests_or_is_a_scenario():
    folders = _named_after()
    misnamed = [
        str(path.relative_to(ROOT)) for path in sorted(TESTS.rglob("test_*.py"))
        if "scenarios" not in path.parts and str(path.relative_to(ROOT)) not in ALLOWED
        and not _is_named_after(path.name, folders.get(str(path.parent.relative_to(ROOT)), set()))]
    assert misnamed == [], "name each after the module it tests, or move a whole evening to scenarios/"


def test_the_allowed_files_are_there():
    assert [path for path in ALLOWED if not (ROOT / path).exists()] == []


def test_scenarios_are_only_beside_their_fixtures():
    """tests/web/scenarios/ has the web fixtures (tests/web/conftest.py), tests/browser/scenarios/ the browser's."""
    assert {str(path.relative_to(ROOT)) for path in TESTS.rglob("scenarios") if path.is_dir()} <= {
        "tests/web/scenarios", "tests/browser/scenarios"}
