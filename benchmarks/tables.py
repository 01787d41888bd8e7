"""Server CPU a request takes with many tables at once, in process: builds side by side.

    .venv/bin/python benchmarks/tables.py [OTHER_BUILD ...] [--tables 50] [--rounds 12] [--runs 2]
    scripts/with-postgres.sh .venv/bin/python benchmarks/tables.py --postgres [OTHER_BUILD ...]

The load test (load.py) measures the whole server, but its figures drift by a tenth from one run to the
next. This one measures what a worker process spends on each request, without the network, with the
tables the load test has and its mix of requests: `--tables` sessions (taiwan, zung-jung and hk-old in
turn), each round every table's session page, then a win (its form, the "By fan" tap, the live preview,
the save by figure) or, one time in five, a draw (its form, the save), and History after every fifth
hand, through Django's test client in one process. A single table would keep everything of it in the
process's caches; many tables show what the caches hold under load (the fragment cache once held 300
fragments: half its lookups missed at 50 tables). Printed per build: the median CPU ms of each request
(the last two thirds of the rounds, once every cache has filled), a round of a hand (the requests of one
hand, weighted as the load test sends them), the fragment cache's misses and how long a save's transaction
lasts (the wall time, median: on SQLite it holds the write lock, and every other writer waits meanwhile).
With `--postgres` each run has a fresh database of its own on the server DATABASE_URL names (PG_DURABLE=1
for fsync on), and the pool the servers run with (DB_POOL_SIZE, 8). Each build is run in its own worktree
with its own .venv, alternating, `--runs` times: the machine's speed drifts, so compare figures of one
sitting.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("session", "standings, other worker", "standings", "win form", "by fan", "preview", "save", "draw form",
         "draw", "history")
LIVE = re.compile(r'data-live="([^"]+)"')
RULESETS = ("taiwan", "zung-jung", "hk-old")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("others", nargs="*", type=Path, help="other builds' worktrees (each with its .venv)")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--postgres", action="store_true", help="on the PostgreSQL server DATABASE_URL names")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.postgres and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        parser.error("--postgres needs DATABASE_URL (scripts/with-postgres.sh sets it)")
    if args.child:
        print(json.dumps(measure(args.child, args.tables, args.rounds, args.postgres)))
        return 0
    builds = [ROOT, *(path.resolve() for path in args.others)]
    results: dict[Path, list[dict[str, float]]] = defaultdict(list)
    for _ in range(args.runs):
        for build in builds:
            results[build].append(run(build, args.tables, args.rounds, args.postgres))
    database = "PostgreSQL" if args.postgres else "SQLite"
    print(f"{args.tables} tables, {args.rounds} rounds, {database}; CPU ms a request (median), each run:")
    print("| build | " + " | ".join(KINDS) + " | a hand's round | fragment misses | a save's transaction |")
    print("|---" * (len(KINDS) + 4) + "|")
    for build in builds:
        for figures in results[build]:
            cells = [f"{figures.get(kind, float('nan')):.1f}" for kind in KINDS]
            print(f"| {describe(build)} | " + " | ".join(cells)
                  + f" | {figures['round']:.1f} | {figures['misses']:.0%} | {figures['transaction']:.1f} ms |")
    return 0


def run(build: Path, tables: int, rounds: int, postgres: bool) -> dict[str, float]:
    """One build measured in a fresh process of its own: its code, its .venv, this script."""
    answer = subprocess.run([str(build / ".venv/bin/python"), __file__, "--child", str(build),
                             "--tables", str(tables), "--rounds", str(rounds), *(["--postgres"] * postgres)],
                            cwd=build, capture_output=True, text=True, check=True)
    return json.loads(answer.stdout.strip().splitlines()[-1])


def describe(build: Path) -> str:
    commit = subprocess.run(["git", "-C", str(build), "log", "-1", "--format=%h"], capture_output=True, text=True)
    return ("this build " if build == ROOT else "") + commit.stdout.strip()


def measure(build: Path, tables: int, rounds: int, postgres: bool) -> dict[str, float]:
    clients, sessions = set_up(build, tables, fresh_postgres_database() if postgres else sqlite_database())
    fragments = fragment_counter()
    cpu: dict[str, list[float]] = defaultdict(list)
    held = write_lock_timer()

    def timed(kind: str, send, path: str, *data: dict[str, str]):  # type: ignore[no-untyped-def]
        held["kind"] = kind
        start = time.process_time()
        answer = send(path, *data, secure=True)
        cpu[kind].append((time.process_time() - start) * 1000)
        return answer

    shown: dict[int, str] = {}  # the session page the other phones show: its live URL names its revision

    def standings(client, session, page: str) -> None:  # type: ignore[no-untyped-def]
        """Each other phone fetches the new standings (the live URL of the page it shows, as htmx asks). With
        two workers, the first to ask is on the one that did not save: it reads the replay from the database."""
        from scorekeeper.tables.replay import cache
        live = LIVE.search(page)
        if live is None:
            raise SystemExit("no live URL on the session page")
        with cache._lock:
            cache._cache.pop(session.pk, None)
        client.defaults["HTTP_HX_REQUEST"] = "true"
        for phone in range(3):
            timed("standings, other worker" if phone == 0 else "standings", client.get, unescape(live.group(1)))
        del client.defaults["HTTP_HX_REQUEST"]

    rng = random.Random(1)
    for number in range(rounds):
        for client, session in zip(clients, sessions):
            base = f"/sessions/{session.pk}/"
            page = timed("session", client.get, base).content.decode()
            if number:  # the three other phones, told of the hand the session page shows: the club night's mix
                standings(client, session, shown[session.pk])
            shown[session.pk] = page
            if rng.random() < 0.8:
                page = timed("win form", client.get, base + "win/?fresh=1").content.decode()
                who = {"winner": str(rng.randrange(4)), "how": "self", **hidden_fields(page, "token", "revision")}
                timed("by fan", client.post, base + "win/", {**who, "action": "mode:figure", "mode": "tiles"})
                win = {**who, "mode": "figure", "figure": "8"}
                client.defaults["HTTP_HX_REQUEST"] = "true"
                timed("preview", client.post, base + "win/preview/", win)
                del client.defaults["HTTP_HX_REQUEST"]
                saved = timed("save", client.post, base + "win/", {**win, "action": "save"})
            else:
                page = timed("draw form", client.get, base + "draw/").content.decode()
                saved = timed("draw", client.post, base + "draw/", hidden_fields(page, "token", "revision"))
            if saved.status_code != 302:
                raise SystemExit(f"a save was refused ({saved.status_code}): the figures would mean nothing")
            if number % 5 == 4:
                timed("history", client.get, base + "history/")
    figures = {kind: statistics.median(times[len(times) // 3:]) for kind, times in cpu.items()}
    win = sum(figures[kind] for kind in ("win form", "by fan", "preview", "save"))
    figures["round"] = (figures["session"] + figures["standings, other worker"] + 2 * figures["standings"]
                        + 0.8 * win + 0.2 * (figures["draw form"] + figures["draw"])
                        + 0.2 * figures["history"])
    figures["misses"] = fragments["misses"] / max(fragments["gets"], 1)
    saves = held["save"][len(held["save"]) // 3:]
    figures["transaction"] = statistics.median(saves) if saves else float("nan")
    return figures


def sqlite_database() -> str:
    return f"sqlite:///{Path(tempfile.mkdtemp()) / 'tables.sqlite3'}"


def fresh_postgres_database() -> str:
    """A new database on DATABASE_URL's server, for this run alone (the server is thrown away after)."""
    from urllib.parse import urlsplit, urlunsplit

    import psycopg
    server = urlsplit(os.environ["DATABASE_URL"])
    name = f"tables_{os.getpid()}"
    with psycopg.connect(urlunsplit(server._replace(path="/postgres")), autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    os.environ.setdefault("DB_POOL_SIZE", "8")
    return urlunsplit(server._replace(path=f"/{name}"))


def set_up(build: Path, tables: int, database_url: str) -> tuple[list, list]:
    sys.path.insert(0, str(build))
    os.environ.update(DJANGO_SETTINGS_MODULE="scorekeeper.settings", DEBUG="0", SECRET_KEY="benchmark-" + "x" * 50,
                      ALLOWED_HOSTS="testserver", DATABASE_URL=database_url, LOG_LEVEL="ERROR")
    import django
    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from scorekeeper.tables import services
    call_command("migrate", verbosity=0)
    settings.STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # setting up is not measured
    clients, sessions = [], []
    for number in range(tables):
        user = get_user_model().objects.create_user(f"table{number}", password="benchmark-password")
        sessions.append(services.session_create(
            ruleset=RULESETS[number % len(RULESETS)], names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
            stakes={}, options={}, owner=user))
        client = Client()
        client.force_login(user)
        clients.append(client)
    return clients, sessions


def fragment_counter() -> dict[str, int]:
    """Counts `{% cache %}`'s lookups and misses: in the fragments the process keeps, or in the build's cache
    backend for builds before them (Django's tag asks the backend by this name)."""
    try:
        from scorekeeper.tables.templatetags.kept_fragments import FRAGMENTS as fragments
    except ImportError:
        from django.core.cache import InvalidCacheBackendError, caches
        try:
            fragments = caches["template_fragments"]
        except InvalidCacheBackendError:
            fragments = caches["default"]
    counts = {"gets": 0, "misses": 0}
    original = fragments.get

    def counted(key, *more):  # type: ignore[no-untyped-def]
        value = original(key, *more)
        counts["gets"] += 1
        counts["misses"] += value is None
        return value

    fragments.get = counted  # type: ignore[method-assign]
    return counts


def write_lock_timer() -> dict:
    """The time each write transaction takes from its BEGIN to its COMMIT, in ms, by the kind of request that
    wrote. On SQLite it holds the database's write lock all that time: every other writer waits meanwhile. On
    PostgreSQL it holds the session's row lock, which only that table's other saves wait for."""
    from django.db import connection
    held: dict = defaultdict(list)
    begun = [0.0]
    commit = connection._commit

    def timed_commit() -> None:
        commit()
        if begun[0]:
            held[held["kind"]].append((time.perf_counter() - begun[0]) * 1000)
        begun[0] = 0.0

    if connection.vendor == "sqlite":
        begin = connection._start_transaction_under_autocommit

        def timed_begin() -> None:
            begin()
            begun[0] = time.perf_counter()
        connection._start_transaction_under_autocommit = timed_begin
    else:
        set_autocommit = connection._set_autocommit

        def timed_set_autocommit(autocommit: bool) -> None:
            set_autocommit(autocommit)
            if not autocommit:
                begun[0] = time.perf_counter()
        connection._set_autocommit = timed_set_autocommit
    connection._commit = timed_commit
    held["kind"] = ""
    return held


def hidden_fields(page: str, *names: str) -> dict[str, str]:
    found = {}
    for name in names:
        match = re.search(rf'name="{name}" value="([^"]*)"', page)
        if match:
            found[name] = unescape(match.group(1))
    return found


if __name__ == "__main__":
    sys.exit(main())
