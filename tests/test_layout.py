"""The engine stays pure Python: nothing under scorekeeper/engine/ may import Django."""
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
