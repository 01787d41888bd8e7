"""What the server spends on a request before and after Django's own work, builds side by side.

    .venv/bin/python benchmarks/http_path.py /work/wt-f585d68 [--rounds 3] [--requests 4000]
        [--path /static/favicon.svg]

The load test (load.py) gives the server's CPU a request for the whole mix; this one takes a request that
Django answers at once (a static file WhiteNoise serves, by default) and sends it many times from eight
kept-alive connections, so that what is left is the path every request takes: the worker reading and
parsing it, the WSGI call, the first middleware, writing the answer, the access log. Each build's server is
started as its own load.py starts it (the worker model, threads and settings of that build), with its own
virtualenv, on a fresh SQLite file; builds alternate, `--rounds` times, since this machine's speed drifts.
Prints the server's CPU ms a request and requests/s of each run, then each build's median.
"""
from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from load import server_cpu  # this build's: the same count for every build's server

HERE = Path(__file__).resolve().parent.parent
CONNECTIONS = 8


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("others", type=Path, nargs="*", help="the other builds' worktrees (each with its own .venv)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--path", default="/static/favicon.svg")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.path, args.requests)))
        return 0
    builds = [HERE, *(other.resolve() for other in args.others)]
    runs: dict[Path, list[dict[str, float]]] = {build: [] for build in builds}
    print(f"GET {args.path}, {args.requests} times over {CONNECTIONS} kept-alive connections", flush=True)
    for round_ in range(args.rounds):
        for build in builds:
            done = subprocess.run([str(build / ".venv/bin/python"), __file__, "--child", str(build), "--path",
                                   args.path, "--requests", str(args.requests)],
                                  capture_output=True, text=True, timeout=600, check=True)
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            runs[build].append(figures)
            print(f"{round_ + 1}: {build.name:20} server CPU {figures['cpu_ms']:5.2f} ms a request, "
                  f"{figures['per_second']:6.0f} requests/s", flush=True)
    for build, figures in runs.items():
        cpu, per_second = (statistics.median(f[name] for f in figures) for name in ("cpu_ms", "per_second"))
        print(f"median: {build.name:20} server CPU {cpu:5.2f} ms a request, {per_second:6.0f} requests/s")
    return 0


def measure(build: Path, path: str, requests: int) -> dict[str, float]:
    """In the build's own virtualenv: its server, as its load.py runs it, answering `path` `requests` times."""
    os.chdir(build)
    spec = importlib.util.spec_from_file_location("build_load", build / "benchmarks/load.py")
    assert spec is not None and spec.loader is not None
    load = importlib.util.module_from_spec(spec)
    sys.modules["build_load"] = load  # its dataclasses look their module up
    spec.loader.exec_module(load)
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-http-path-"))
    env = load.server_env(f"sqlite:///{work / 'db.sqlite3'}", work / "static")
    try:
        server = load.Server(env, 2, work / "gunicorn.log")
    except TypeError:  # builds before the worker of their own: workers and threads given
        server = load.Server(env, 2, 4, work / "gunicorn.log")
    server.prepare()
    server.start()
    try:
        send(server.port, path, CONNECTIONS * 20)  # every worker warm
        cpu, start = server_cpu([server]), time.monotonic()
        sent = send(server.port, path, requests)
        elapsed = time.monotonic() - start
        used = server_cpu([server]) - cpu
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)  # its database and collected static files
    return {"cpu_ms": used * 1000 / sent, "per_second": sent / elapsed}


def send(port: int, path: str, requests: int) -> int:
    """`path` about `requests` times, over CONNECTIONS connections at once; how many were sent."""
    each = max(1, requests // CONNECTIONS)
    refused: list[str] = []

    def client(count: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for _ in range(count):
            # As a TLS proxy in front would send it (the load test's clients do the same).
            connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}", "X-Forwarded-Proto": "https",
                                                     "X-Forwarded-For": "10.0.0.1"})
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                refused.append(f"{path} answered {answer.status}")
                break
        connection.close()

    threads = [threading.Thread(target=client, args=(each,)) for _ in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if refused:
        raise SystemExit(refused[0])
    return each * CONNECTIONS


if __name__ == "__main__":
    sys.exit(main())
