"""Running the project as an operator does: manage.py, make and gunicorn in child processes."""
from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
# The proxy compose.yaml runs in front (tests/ops/test_caddyfile.py runs it, test_compose.py checks compose mounts it).
CADDYFILE = ROOT / "deploy" / "Caddyfile"


def production_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a production server: DEBUG off, a strong key, real host names,
    a database and static folder of its own (a temporary SQLite file, not the test database)."""
    # Not what the suite's own process set for itself (the browser tests allow async-unsafe calls).
    leaks = {"DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in leaks}
    env.update({
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "mahjong.example.com,127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.sqlite3'}",
        "STATIC_ROOT": str(tmp_path / "static"),
    })
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=300)
    if check and result.returncode:
        raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def make_serve(tmp_path: Path, ready: Callable[[int], object],
               waits_on: tuple[type[BaseException], ...] = (OSError,), database_url: str | None = None,
               name: str = "serve", live_port: int = 0, **extra_env: str) -> Iterator[int]:
    """`make serve` (one worker) on a free port, until `ready(port)` stops raising `waits_on`; its port, and
    the server and its workers stopped after. `database_url` (e.g. a PostgreSQL one shared by several servers)
    replaces the server's own SQLite file; `extra_env` is added to its environment; `name` names its log
    (`<name>.log`) and its static folder, so several servers can share `tmp_path`. Its live server listens on
    `extra_env`'s LIVE_BIND, else on `live_port`, else on another free port: never one a second `make serve`
    holds."""
    port, log = free_port(), tmp_path / f"{name}.log"
    env = production_env(tmp_path, **extra_env)
    if name != "serve":
        env["STATIC_ROOT"] = str(tmp_path / f"{name}-static")
    if database_url:
        env["DATABASE_URL"] = database_url
    live_bind = "LIVE_BIND=" + (extra_env.get("LIVE_BIND") or f"127.0.0.1:{live_port or free_port()}")
    with log.open("wb") as out:
        process = subprocess.Popen(["make", "-s", "serve", f"BIND=127.0.0.1:{port}", live_bind, "WORKERS=1"], cwd=ROOT,
                                   env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"make serve did not start:\n{log.read_text(errors='replace')[-3000:]}")
            try:
                ready(port)
                break
            except waits_on:
                time.sleep(0.2)
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """A new, empty database on the PostgreSQL server the suite runs against (DATABASE_URL), dropped after: its
    URL. Skips on the SQLite pass of `make test` (the PostgreSQL pass runs it)."""
    import psycopg

    server = os.environ.get("DATABASE_URL", "")
    if not server.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL: runs in make test's PostgreSQL pass (scripts/with-postgres.sh)")
    name = f"scorekeeper_ops_{secrets.token_hex(4)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def post_head(path: str, *fields: bytes) -> bytes:
    """The head of a POST to `path` as the TLS proxy passes it on, with `fields` (each `Name: value`)."""
    return (b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n" % path.encode()
            + b"".join(field + b"\r\n" for field in fields) + b"\r\n")


def server_pids(port: int) -> list[int]:
    """gunicorn's processes serving `port`: the arbiter and its workers, each holding the listening socket."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":  # LISTEN
                inodes.add(f"socket:[{fields[9]}]")
    pids = []
    for fd_dir in Path("/proc").glob("[0-9]*/fd"):
        try:
            if any(os.readlink(fd) in inodes for fd in fd_dir.iterdir()):
                pids.append(int(fd_dir.parent.name))
        except OSError:  # gone, or not ours to read
            continue
    return pids


def server_cpu(port: int) -> float:
    """Seconds of CPU (user and system) the server's processes have spent so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in server_pids(port):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks
