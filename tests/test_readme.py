"""README's layout table names the folders that are there, and every folder of the app is in it; the README and the
docs name only files that are there."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# docs/load.md is a dated notebook: it names the files of the builds it measured, some gone since.
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "load.md")]
PATH = re.compile(r"\b(?:tests|docs|benchmarks|scripts|deploy|static|templates|scorekeeper)/[\w./-]*"
                  r"\.(?:py|md|sh|js|html|yaml)\b")


def test_the_layout_table_matches_the_folders():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Layout")
    table = readme[start:readme.index("\n## ", start)]
    named = set(re.findall(r"^\| `([^`]+)`", table, re.M))
    assert all((ROOT / path).exists() for path in named), sorted(p for p in named if not (ROOT / p).exists())
    folders = {f"{p.relative_to(ROOT)}/" for p in (ROOT / "scorekeeper" / "tables").iterdir()
               if p.is_dir() and (p / "__init__.py").exists() and p.name not in ("migrations", "management",
                                                                                    "templatetags")}
    assert folders <= named


def test_the_readme_and_the_docs_name_files_that_are_there():
    """A file renamed or moved (a test file above all: issue 36.4 named them after their modules) leaves no page
    pointing at its old name."""
    missing = [f"{page.relative_to(ROOT)}: {path}" for page in PAGES
               for path in sorted(set(PATH.findall(page.read_text(encoding="utf-8"))))
               if not (ROOT / path).exists() and not (page.parent / path).exists()]
    links = [f"{page.relative_to(ROOT)}: {link}" for page in PAGES
             for link in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8"))
             if not (page.parent / link).exists()]
    assert missing + links == []
