"""A build served as an operator serves it, for the club night (club_night.py): `make -s serve` in its own tree
(gunicorn, and the live server where the build has one), Debian's caddy running the build's deploy/Caddyfile in
front on free ports of 127.0.0.1, and the CPU each of them (and PostgreSQL) has spent, read from /proc.
"""
from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from load import HOST, free_port

CPU_TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Build:
    tree: Path
    name: str
    app_port: int = 0
    live_port: int = 0
    proxy_port: int = 0
    serve: subprocess.Popen[bytes] | None = None
    caddy: subprocess.Popen[bytes] | None = None

    def start(self, env: dict[str, str], logs: Path) -> None:
        self.app_port, self.live_port, self.proxy_port = free_port(), free_port(), free_port()
        with (logs / f"{self.name}-serve.log").open("wb") as out:
            self.serve = subprocess.Popen(
                ["make", "-s", "serve", f"BIND={HOST}:{self.app_port}", f"LIVE_BIND={HOST}:{self.live_port}"],
                cwd=self.tree, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        wait_for(lambda: answers(self.app_port, "/"), f"{self.name}: make serve")
        caddyfile = (self.tree / "deploy/Caddyfile").read_text()
        if answers(self.app_port, "/healthz") != 200:  # a build without /healthz: no active health checks
            caddyfile = re.sub(r"\n\s*health_(uri|interval) .*", "", caddyfile)
        caddyfile = caddyfile.replace("{\n", "{\n\tadmin off\n", 1)  # no admin port: not in another caddy's way
        caddyfile = caddyfile.replace("{$SITE_ADDRESS:localhost} {", "{$SITE_ADDRESS:localhost} {\n\tbind 127.0.0.1")
        config = logs / f"{self.name}.Caddyfile"
        config.write_text(caddyfile)
        caddy_env = env | {"HTTP_PORT": str(self.proxy_port), "HTTPS_PORT": str(free_port()),
                           "SITE_ADDRESS": f"http://{HOST}:{self.proxy_port}",
                           "APP_UPSTREAM": f"{HOST}:{self.app_port}", "LIVE_UPSTREAM": f"{HOST}:{self.live_port}",
                           "XDG_DATA_HOME": str(logs / "caddy-data"), "XDG_CONFIG_HOME": str(logs / "caddy-config")}
        with (logs / f"{self.name}-caddy.log").open("wb") as out:
            self.caddy = subprocess.Popen(["caddy", "run", "--config", str(config), "--adapter", "caddyfile"],
                                          env=caddy_env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        wait_for(lambda: answers(self.proxy_port, "/"), f"{self.name}: caddy")

    def stop(self) -> None:
        for process in (self.caddy, self.serve):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()

    def cpu(self, database_port: int) -> dict[str, float]:
        """CPU seconds so far: gunicorn (master and workers), the live server, caddy, PostgreSQL."""
        assert self.serve is not None and self.caddy is not None
        totals = dict.fromkeys(("gunicorn", "live server", "caddy", "postgres"), 0.0)
        procs = processes()
        postmaster = next((p.pid for p in procs if p.name == "postgres" and f"-p {database_port}" in p.command), 0)
        for p in procs:
            if p.group == self.serve.pid and "gunicorn" in p.command:
                totals["gunicorn"] += p.cpu
            elif p.group == self.serve.pid and "uvicorn" in p.command:
                totals["live server"] += p.cpu
            elif p.group == self.caddy.pid:
                totals["caddy"] += p.cpu
            elif postmaster and (p.pid == postmaster or p.parent == postmaster):
                totals["postgres"] += p.cpu + (p.ended_children if p.pid == postmaster else 0)
        return totals


@dataclass
class Proc:
    pid: int
    name: str
    parent: int
    group: int
    cpu: float
    ended_children: float
    command: str


def processes() -> list[Proc]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            head, tail = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)
            command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        f = tail.split()  # f[1]: parent; f[2]: process group; f[11:13]: utime, stime; f[13:15]: of ended children
        found.append(Proc(int(entry), head.split("(", 1)[1], int(f[1]), int(f[2]),
                          (int(f[11]) + int(f[12])) / CPU_TICK, (int(f[13]) + int(f[14])) / CPU_TICK, command))
    return found


def answers(port: int, path: str) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        conn.request("GET", path, headers={"Host": f"{HOST}:{port}", "X-Forwarded-Proto": "https"})
        return conn.getresponse().status
    finally:
        conn.close()


def wait_for(probe, what: str, seconds: float = 120) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            probe()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"{what} did not answer within {seconds:.0f} s")
