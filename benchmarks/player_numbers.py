"""A player's numbers and the table of friends (issue 39.1) over many sessions: what the two pages cost.

    .venv/bin/python benchmarks/player_numbers.py [--sessions 100] [--hands 60] [--runs 20]

In process, through Django's test client (middleware, view, template; no network), on a throw-away SQLite
database, set up as the server is (scorekeeper/wsgi.py). One owner's table of six friends plays `--sessions`
sessions of `--hands` entries (imported from backups, as benchmarks/expensive_reads.py makes them): every
third one zung-jung entered by tiles, the others taiwan by fan with 拉 chains, draws, and a seat change in
one session of five (`--seat-change-every`). Prints, median and p95 of `--runs`, with the SQL queries of one read:
- cold: nothing kept in the process (replays and numbers dropped, as on another server or after a restart;
  the replays read from their snapshots);
- warm: the same page again (each session's numbers kept for its revision);
- after a save: one hand added to one session, so that one session is counted again;
- no snapshots: every session's snapshots dropped too (`manage.py drop_snapshots`), so each is replayed whole.
"""
from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import throwaway_sqlite  # noqa: E402  (benchmarks/throwaway_sqlite.py: Django on a throw-away SQLite)

throwaway_sqlite.set_up()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from scorekeeper.tables import services  # noqa: E402
from scorekeeper.tables.hand_input import HandInput  # noqa: E402
from scorekeeper.tables.models import Hand, Player, Session  # noqa: E402
from scorekeeper.tables.replay import forget_all  # noqa: E402
from scorekeeper.tables.selectors.player_numbers import forget_numbers  # noqa: E402
from scorekeeper.tables.services import quota  # noqa: E402

FRIENDS = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
TILES = {"concealed": "123m456p789s1112z", "winning_tile": "2z", "melds": []}
EMPTY = {"kind": "win", "winner": 0, "discarder": None, "responsible": None, "figure": None, "figure_field": "",
         "tiles": None, "loser_points": None, "events": [], "spot_kind": "", "spot_player": None,
         "spot_count": None, "spot_to": None, "note": ""}


def backup(number: int, hands: int, rng: random.Random, every: int = 5) -> dict:
    by_tiles = number % 3 == 0
    entries = []
    for _ in range(hands):
        if rng.random() < 0.1:
            entries.append(dict(EMPTY, kind="draw", winner=None))
            continue
        winner = rng.randrange(4)
        discarder = rng.choice([None, *(s for s in range(4) if s != winner)])
        if by_tiles:
            entries.append(dict(EMPTY, winner=winner, discarder=discarder, tiles=TILES))
        else:
            entries.append(dict(EMPTY, winner=winner, discarder=discarder, figure=rng.randint(1, 10),
                                figure_field="fan"))
    players = rng.sample(FRIENDS, 4)
    if every and number % every == 0:  # a friend sits in for the South seat halfway
        newcomer = next(name for name in FRIENDS if name not in players)
        entries.insert(hands // 2, dict(EMPTY, kind="seat", winner=None, seat=1, newcomer=newcomer))
    return {"format": "mahjong-scorekeeper/session", "version": 1, "ruleset": "zung-jung" if by_tiles else "taiwan",
            "stakes": {} if by_tiles else {"base": "10", "per_fan": "2"}, "options": {}, "players": players,
            "first_dealer": 0, "status": "open", "hands": entries}


def stats(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return f"median {statistics.median(times):7.1f} ms  p95 {p95:7.1f} ms"


def measured(client: Client, url: str, runs: int, before: Callable[[], None]) -> str:
    times, queries = [], 0
    for _ in range(runs):
        before()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
        queries = len(captured)
    return f"{stats(times)}  ({queries} queries)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seat-change-every", type=int, default=5, help="a seat change in one session of N (0: none)")
    args = parser.parse_args()
    throwaway_sqlite.create()
    quota.SESSIONS_PER_DAY, quota.HANDS_PER_DAY = 10**6, 10**9  # one owner imports the whole history at once
    user = get_user_model().objects.create_user(username="ann", password="x" * 12)
    client = Client()
    client.force_login(user)
    rng = random.Random(39)
    backups = [backup(n, args.hands, rng, args.seat_change_every) for n in range(args.sessions)]
    sessions = [services.session_restore(data=json.dumps(data), owner=user) for data in backups]
    ann = Player.objects.get(name="Ann", owner=user)
    pages = {"player page": f"/players/{ann.pk}/", "leaderboard": "/players/"}

    def cold() -> None:
        forget_all()
        forget_numbers()

    def saved() -> None:
        services.draw_record(session=Session.objects.get(pk=sessions[-1].pk), entry=HandInput(Hand.Kind.DRAW))

    def unsnapped() -> None:
        call_command("drop_snapshots", stdout=io.StringIO())
        cold()

    print(f"{args.sessions} sessions of {args.hands} entries, six friends; {args.runs} runs each")
    for name, url in pages.items():
        client.get(url)
        print(f"  {name:12} cold          {measured(client, url, args.runs, cold)}")
        print(f"  {name:12} warm          {measured(client, url, args.runs, lambda: None)}")
        print(f"  {name:12} after a save  {measured(client, url, args.runs, saved)}")
    for name, url in pages.items():
        print(f"  {name:12} no snapshots  {measured(client, url, max(2, args.runs // 5), unsnapped)}")


if __name__ == "__main__":
    main()
