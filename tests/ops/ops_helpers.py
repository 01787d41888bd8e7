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
               waits_on: tuple[type[BaseException], ...] = (OSError,), live_port: int = 0) -> Iterator[int]:
    """`make serve` (one worker) on a free port, until `ready(port)` stops raising `waits_on`; its port, and
    the server and its workers stopped after. Its live server on `live_port` (by default another free port:
    never one a second `make serve` holds)."""
    port, log = free_port(), tmp_path / "serve.log"
    live_bind = f"LIVE_BIND=127.0.0.1:{live_port or free_port()}"
    with log.open("wb") as out:
        process = subprocess.Popen(["make", "-s", "serve", f"BIND=127.0.0.1:{port}", live_bind, "WORKERS=1"], cwd=ROOT,
                                   env=production_env(tmp_path), stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
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


def post_head(path: str, *fields: bytes) -> bytes:
    """The head of a POST to `path` as the TLS proxy passes it on, with `fields` (each `Name: value`)."""
    return (b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\n" % path.encode()
            + b"".join(field + b"\r\n" for field in fields) + b"\r\n")
