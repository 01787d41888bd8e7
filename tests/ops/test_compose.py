"""deploy/compose.yaml runs what the tests run, so the images (which cannot be built here) and the tests cannot
drift apart: the Caddyfile tests/ops/test_caddyfile.py runs, the app command `make serve` runs (read from
`make -n serve`), deploy/backup.sh as tests/ops/test_backup.py runs it, and the live server's command."""
from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorekeeper.tables.health import HEALTH_PATH

from ops_helpers import CADDYFILE, ROOT

DEPLOY = ROOT / "deploy"
LIVE_COMMAND = ["uvicorn", "scorekeeper.live.asgi:application", "--host", "0.0.0.0", "--port", "8001"]
SHELL_OPERATORS = {"&&", "||", "&", ";", "|"}


@pytest.fixture(scope="module")
def services() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))["services"]


def mounts(service: dict[str, Any]) -> dict[str, Path]:
    """A service's bind mounts: where in the container -> which file of the repo."""
    found = {}
    for volume in service.get("volumes", []):
        source, target = volume.split(":")[:2]
        if source.startswith("."):
            found[target] = (DEPLOY / source).resolve()
    return found


def interpolated(text: str) -> str:
    """compose's ${NAME:-default}, as it reads with NAME unset."""
    return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", text)


def serve_commands(**make_vars: str) -> list[list[str]]:
    """The commands `make serve` runs (make -n: printed, not run), each as its words."""
    printed = subprocess.run(["make", "-n", "serve", *(f"{k}={v}" for k, v in make_vars.items())], cwd=ROOT,
                             env={"PATH": "/usr/bin:/bin", "SECRET_KEY": "x", "ALLOWED_HOSTS": "x"},
                             capture_output=True, text=True, check=True).stdout
    commands = []
    for line in printed.replace("\\\n", " ").splitlines():
        current: list[str] = []
        words = shlex.shlex(line, posix=True, punctuation_chars=True)  # `2;` is a word and an operator
        words.whitespace_split = True
        for word in words:
            if word in SHELL_OPERATORS:
                commands.append(current)
                current = []
            else:
                current.append(word)
        commands.append(current)
    return [command for command in commands if command]


def program(command: list[str], name: str) -> tuple[dict[str, str], list[str]] | None:
    """(the variables set before it, its arguments) if `command` runs `name`."""
    assignments = {}
    for i, word in enumerate(command):
        if re.fullmatch(r"\w+=.*", word):
            assignments.update([word.split("=", 1)])
        elif Path(word).name == name:
            return assignments, command[i + 1:]
        else:
            return None
    return None


def app_steps(services: dict[str, Any]) -> list[list[str]]:
    command = services["app"]["command"]
    assert command[:2] == ["sh", "-c"], command
    steps = [shlex.split(step) for step in interpolated(command[2]).split("&&")]
    return [step[1:] if step[0] == "exec" else step for step in steps]


def test_caddy_runs_the_caddyfile_the_proxy_test_runs_at_the_version_it_runs(services):
    caddy = services["caddy"]
    # The official image reads /etc/caddy/Caddyfile.
    assert mounts(caddy)["/etc/caddy/Caddyfile"] == CADDYFILE
    tested = subprocess.run(["caddy", "version"], capture_output=True, text=True, check=True).stdout.split()[0]
    assert caddy["image"] == f"caddy:{tested.lstrip('v')}"
    assert {"80:80", "443:443"} <= set(caddy["ports"])


def test_caddy_sends_each_kind_of_request_where_its_server_listens(services):
    upstreams = services["caddy"]["environment"]
    app_bind = program(app_steps(services)[-1], "gunicorn")[1]
    assert f"0.0.0.0:{upstreams['APP_UPSTREAM'].split(':')[1]}" in app_bind
    assert upstreams["LIVE_UPSTREAM"] == f"live:{LIVE_COMMAND[-1]}"
    assert f"health_uri {HEALTH_PATH}" in CADDYFILE.read_text(encoding="utf-8")


def test_the_app_runs_as_make_serve_runs_it(services):
    make = serve_commands(BIND="0.0.0.0:8000", WORKERS="2")
    steps = app_steps(services)
    # Every manage.py step of make serve, but collectstatic: the image ran it when it was built.
    managed = [command[1:] for command in make if command[1:2] == ["manage.py"]]
    built = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "manage.py collectstatic --noinput" in built
    assert [step for step in managed if "collectstatic" not in step] == [step[1:] for step in steps[:-1]]
    # Then gunicorn, with the same arguments and the same variables set for it.
    (made,) = [found for command in make if (found := program(command, "gunicorn"))]
    composed = program(steps[-1], "gunicorn")
    assert composed is not None and composed[1] == made[1]
    environment = services["app"]["environment"]
    assert all(environment.get(name) == value for name, value in made[0].items()), (made[0], environment)


def test_the_live_server_runs_what_make_serve_runs(services):
    assert services["live"]["command"] == LIVE_COMMAND
    make = serve_commands(LIVE_BIND="0.0.0.0:8001")
    (made,) = [found for command in make if (found := program(command, "uvicorn"))]
    assert made[1] == LIVE_COMMAND[1:]
    # The cut of held streams on a stop, which make serve exports for uvicorn.
    exported = subprocess.run(["make", "-s", "-f", "-", "shown"], cwd=ROOT, text=True, capture_output=True,
                              input="include Makefile\nshown:\n\t@echo $$UVICORN_TIMEOUT_GRACEFUL_SHUTDOWN\n",
                              env={"PATH": "/usr/bin:/bin"}, check=True).stdout.strip()
    assert services["live"]["environment"]["UVICORN_TIMEOUT_GRACEFUL_SHUTDOWN"] == exported == "2"


def test_the_backup_service_runs_deploy_backup_sh_every_night_keeping_14_days(services):
    backup = services["backup"]
    assert mounts(backup)["/deploy/backup.sh"] == DEPLOY / "backup.sh"
    assert mounts(backup)["/deploy/restore.sh"] == DEPLOY / "restore.sh"
    assert "sh /deploy/backup.sh" in backup["command"][-1]
    assert backup["environment"]["BACKUP_KEEP_DAYS"] == "14"
    assert backup["image"] == services["db"]["image"]  # pg_dump of the server's own version


def test_the_database_keeps_its_data_on_a_named_volume(services):
    assert "db:/var/lib/postgresql/data" in services["db"]["volumes"]
