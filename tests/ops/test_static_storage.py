"""The scripts are native ES modules (static/js/) with no build step. In production (DEBUG off, `collectstatic`'s
hashed names: scorekeeper/static_storage.py) a page loads its modules by their hashed names, every import between
them names a hashed file that was collected, and the service worker's shell keeps every module a page imports,
statically or through another module: a module missing from the shell would break the page offline."""
from __future__ import annotations

import json
import re
import subprocess

from ops_helpers import PYTHON, ROOT, manage, production_env

# Run in a production process: the pages' module scripts (every template's, and what the login page's
# <head> names), each followed through its imports in the collected files, and the worker's shell.
PROBE = r"""
import json, re
from pathlib import Path
import django
django.setup()
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.test import Client

client = Client()
page = client.get("/accounts/login/", secure=True).content.decode()
worker = client.get("/sw.js", secure=True).content.decode()
shell = json.loads(re.search(r"const SHELL_URLS = (\[.*?\]);", worker).group(1))
named = sorted({name for template in Path("templates").rglob("*.html")
                for name in re.findall(r"\{% static '(js/[^']+\.js)' %\}", template.read_text())})
print(json.dumps({
    "page_modules": re.findall(r'<script type="module" src="([^"]+)"', page),
    "template_modules": [staticfiles_storage.url(name) for name in named],
    "static_url": settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL,
    "shell": shell,
}))
"""

HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']\s*;""", re.M)


def test_a_collected_page_imports_hashed_modules_all_kept_in_the_shell(tmp_path):
    env = production_env(tmp_path, ALLOWED_HOSTS="testserver", DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput")
    probe = subprocess.run([PYTHON, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert probe.returncode == 0, probe.stderr
    found = json.loads(probe.stdout)
    static_root = tmp_path / "static"
    prefix = found["static_url"]

    assert {url.rsplit("/", 1)[1].split(".")[0] for url in found["page_modules"]} >= {"offline", "offline_screen"}
    entries = found["page_modules"] + found["template_modules"]
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        assert HASHED.search(url), f"{url}: not a hashed name"
        assert url in found["shell"], f"{url}: imported by a page, missing from the service worker's shell"
        source = (static_root / url.removeprefix(prefix)).read_text()
        for imported in IMPORT.findall(source):
            assert imported.startswith("./"), f"{url} imports {imported}: modules import their neighbours"
            todo.append(url.rsplit("/", 1)[0] + "/" + imported.removeprefix("./"))
    # every module of static/js is reached from a page: none is collected for nothing
    modules = {path.stem for path in (ROOT / "static" / "js").glob("*.js")}
    assert {url.rsplit("/", 1)[1].split(".")[0] for url in seen} == modules
