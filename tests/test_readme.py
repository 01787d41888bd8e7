"""README's layout table names the folders that are there, and every folder of the app is in it."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_layout_table_matches_the_folders():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Layout"):readme.index("## The app")]
    named = set(re.findall(r"^\| `([^`]+)`", table, re.M))
    assert all((ROOT / path).exists() for path in named), sorted(p for p in named if not (ROOT / p).exists())
    folders = {f"{p.relative_to(ROOT)}/" for p in (ROOT / "scorekeeper" / "tables").iterdir()
               if p.is_dir() and (p / "__init__.py").exists() and p.name not in ("migrations", "management",
                                                                                    "templatetags")}
    assert folders <= named
