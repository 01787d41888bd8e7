"""Builds' load tests in one sitting, alternating: this machine's speed drifts (2x within an hour), so
figures compare only when taken side by side.

    .venv/bin/python benchmarks/side_by_side.py /work/wt-f585d68 [/work/wt-other ...] [--rounds 2]
        [--database sqlite postgres] [--args "--seconds 30"] [--other-args "--threads 4"]

Each build runs its own benchmarks/load.py with its own virtualenv (`<worktree>/.venv`), on a fresh SQLite
file or a fresh durable PostgreSQL cluster (scripts/with-postgres.sh, PG_DURABLE=1), in turn: this build,
the others, this build, ... Prints each run's requests/s, p50/p95 of all requests and p95/max of saving a
win, then each build's median over the rounds. A run that fails its integrity check is shown as failed.
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
FIGURES = {
    "requests/s": re.compile(r"= ([\d.]+) requests/s"),
    "p50": re.compile(r"^\s+all requests\s+\d+\s+([\d.]+)", re.M),
    "p95": re.compile(r"^\s+all requests\s+\d+\s+[\d.]+\s+([\d.]+)", re.M),
    "save p95": re.compile(r"^\s+POST save win\s+\d+\s+[\d.]+\s+([\d.]+)", re.M),
    "save max": re.compile(r"^\s+POST save win\s+\d+(?:\s+[\d.]+){3}\s+([\d.]+)", re.M),
    "server CPU ms": re.compile(r"CPU a request while playing: server ([\d.]+) ms"),
    "client CPU ms": re.compile(r"CPU a request while playing: server [\d.]+ ms, clients ([\d.]+) ms"),
    "PG CPU ms": re.compile(r"CPU a request while playing: .*, PostgreSQL ([\d.]+) ms"),  # the database's own
}


def run(tree: Path, database: str, extra: list[str]) -> dict[str, float | str]:
    command = [str(tree / ".venv/bin/python"), "benchmarks/load.py", *extra]
    if database == "postgres":
        command = ["env", "PG_DURABLE=1", str(tree / "scripts/with-postgres.sh"), *command]
    else:
        command = ["env", "-u", "DATABASE_URL", *command]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, timeout=1800)
    out = done.stdout + done.stderr
    figures: dict[str, float | str] = {name: float(m.group(1)) if (m := pattern.search(out)) else float("nan")
                                       for name, pattern in FIGURES.items()}
    figures["result"] = "OK" if done.returncode == 0 else "FAILED"
    if done.returncode != 0:  # why, in short: the load test's last lines
        print("\n".join("    " + text for text in out.strip().splitlines()[-6:]), file=sys.stderr, flush=True)
    return figures


def line(name: str, figures: dict[str, float | str]) -> str:
    cells = "  ".join(f"{figures[k]:>9.1f}" if isinstance(figures[k], float) else f"{figures[k]:>9}"
                      for k in [*FIGURES, "result"])
    return f"{name:40} {cells}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("others", type=Path, nargs="+", help="the other builds' worktrees (each with its own .venv)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--database", nargs="+", default=["sqlite", "postgres"], choices=["sqlite", "postgres"])
    parser.add_argument("--args", default="", help="load.py options for both builds")
    parser.add_argument("--this-args", default="", help="load.py options for this build only")
    parser.add_argument("--other-args", default="", help="load.py options for the other builds only")
    args = parser.parse_args()
    builds = {f"this ({HERE.name})": (HERE, shlex.split(args.args + " " + args.this_args))}
    builds |= {f"other ({other.name})": (other.resolve(), shlex.split(args.args + " " + args.other_args))
               for other in args.others}
    print(f"{'build':40} " + "  ".join(f"{k:>9}" for k in [*FIGURES, "result"]), flush=True)
    for database in args.database:
        runs: dict[str, list[dict[str, float | str]]] = {name: [] for name in builds}
        for round_ in range(args.rounds):
            for name, (tree, extra) in builds.items():
                load_before = os.getloadavg()[0]
                figures = run(tree, database, extra)
                runs[name].append(figures)
                print(line(f"{database} {round_ + 1}: {name}", figures)
                      + f"  load {load_before:.1f} -> {os.getloadavg()[0]:.1f}", flush=True)
        for name, done in runs.items():
            median = {k: statistics.median(float(f[k]) for f in done) for k in FIGURES}
            print(line(f"{database} median: {name}", {**median, "result": "/".join(str(f["result"]) for f in done)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
