"""A visitor looping a long session's expensive reads (issue 35.22): what each costs, and what the loop does to
another table's session page.

    .venv/bin/python benchmarks/expensive_reads.py [--hands 1000] [--runs 20] [--seconds 10]

In process, through Django's test client (middleware, view, template; no network), on a throw-away SQLite
database, set up as the server is (scorekeeper/wsgi.py). A 1,000-hand zung-jung session entered by tiles
(as benchmarks/abuse.py imports it) is its owner's; another owner plays a 20-hand session. Prints:
1. each read of the long session (session page, History, CSV, backup): the first read at a revision and
   the median and p95 of the next `--runs`;
2. the other table's session page, alone, then while the first owner loops those four reads as fast as
   they come back (a thread: in one process the two share the interpreter, as two requests share a
   worker's threads): median and p95, and the looper's answers by status (200 read, 429 refused).
"""
from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import throwaway_sqlite  # noqa: E402  (benchmarks/throwaway_sqlite.py: Django on a throw-away SQLite)

throwaway_sqlite.set_up()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from scorekeeper.tables import services  # noqa: E402

TILES = {"concealed": "123m456p789s1112z", "winning_tile": "2z", "melds": []}


def backup(hands: int) -> dict:
    hand = {"kind": "win", "winner": 0, "discarder": None, "responsible": None, "figure": None, "figure_field": "",
            "tiles": TILES, "loser_points": None, "events": [], "spot_kind": "", "spot_player": None,
            "spot_count": None, "spot_to": None, "note": ""}
    return {"format": "mahjong-scorekeeper/session", "version": 1, "ruleset": "zung-jung", "stakes": {},
            "options": {}, "players": ["Ann", "Bob", "Cy", "Di"], "first_dealer": 0, "status": "open",
            "hands": [dict(hand, winner=i % 4) for i in range(hands)]}


def phone(username: str) -> tuple[Client, object]:
    user = get_user_model().objects.create_user(username=username, password="x" * 12)
    client = Client()
    client.force_login(user)
    return client, user


def stats(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return f"median {statistics.median(times):6.1f} ms  p95 {p95:6.1f} ms  (n={len(times)})"


def timed(client: Client, url: str) -> tuple[int, float]:
    start = time.perf_counter()
    status = client.get(url).status_code
    return status, (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()
    throwaway_sqlite.create()
    looper, ann = phone("looper")
    long = services.session_restore(data=json.dumps(backup(args.hands)), owner=ann)
    victim, bo = phone("victim")
    other = services.session_restore(data=json.dumps(backup(20)), owner=bo)
    reads = {name: f"/sessions/{long.pk}/{path}" for name, path in
             (("session page", ""), ("History", "history/"), ("CSV", "export.csv"), ("backup", "backup.json"))}

    print(f"{args.hands}-hand session, each read: the first at its revision, then {args.runs} more")
    for name, url in reads.items():
        status, first = timed(looper, url)
        times = [timed(looper, url)[1] for _ in range(args.runs)]
        print(f"  {name:13} {status}  first {first:6.1f} ms  then {stats(times)}")

    page = f"/sessions/{other.pk}/"
    timed(victim, page)
    alone = [timed(victim, page)[1] for _ in range(100)]
    print(f"Another table's session page, alone:            {stats(alone)}")

    answers: collections.Counter[int] = collections.Counter()
    until = time.monotonic() + args.seconds

    def loop() -> None:
        while time.monotonic() < until:
            for url in reads.values():
                answers[timed(looper, url)[0]] += 1
        connection.close()

    thread = threading.Thread(target=loop)
    thread.start()
    during = []
    while time.monotonic() < until:
        during.append(timed(victim, page)[1])
        time.sleep(0.05)
    thread.join()
    print(f"Another table's session page, during the loop:  {stats(during)}")
    told = ", ".join(f"{count} x {status}" for status, count in sorted(answers.items()))
    print(f"The looper's answers in {args.seconds:.0f} s: {told}")


if __name__ == "__main__":
    main()
