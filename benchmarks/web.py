"""Server time and SQL queries of the busiest screens, per size of session (100, 1,000 and 10,000 hands).

    .venv/bin/python benchmarks/web.py [--hands 100 1000 10000] [--runs 60] [--ruleset taiwan]

Builds each session in a throw-away SQLite database (a third of the wins entered by
tiles, the rest by figure, with draws between), then times, in process through
Django's test client (middleware, view, engine, template; no network): the session
page cold (nothing kept in this process: as on another server or after a restart, the
replay read from its snapshots) and warm, the live preview of a hand by tiles, saving a
hand and the history page, each with its median, p95 and SQL queries; and, for
comparison, the first read after the snapshots were dropped (the whole replay). The
process is set up as the server's (scorekeeper/wsgi.py). Targets (issue 14), at 1,000
hands: session page cold <= 30 ms p95 and warm <= 15 ms, live preview and save <= 30 ms;
save at 10,000 hands <= 1.5 x save at 100; query counts the same at every size.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import throwaway_sqlite  # noqa: E402  (benchmarks/throwaway_sqlite.py: Django on a throw-away SQLite)

throwaway_sqlite.set_up()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from scorekeeper.tables import replay, selectors, services  # noqa: E402
from scorekeeper.tables.models import Hand, Session  # noqa: E402
from scorekeeper.tables.replay import store  # noqa: E402

TILES = {  # a winning hand for every seat and wind: chows, a pung of East, a pair of South
    "taiwan": ({"concealed": "123m456p789s234s1112z", "winning_tile": "2z", "melds": []}, "fan"),
    "zung-jung": ({"concealed": "123m456p789s1112z", "winning_tile": "2z", "melds": []}, "points"),
    "hk-old": ({"concealed": "123m456p789s1112z", "winning_tile": "2z", "melds": []}, "points"),
}


def build(ruleset: str, hands: int):
    owner, _ = get_user_model().objects.get_or_create(username="bench")  # sessions are their owner's
    session = services.session_create(owner=owner, ruleset=ruleset, names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                      stakes={}, options={})
    tiles, figure_field = TILES[ruleset]
    rows = []
    for i in range(hands):
        winner = (i * 7) % 4
        if i % 9 == 8:
            rows.append(Hand(session=session, position=i + 1, kind=Hand.Kind.DRAW))
            continue
        discarder = None if i % 3 == 0 else (winner + 1 + i % 3) % 4
        hand = Hand(session=session, position=i + 1, kind=Hand.Kind.WIN, winner=winner, discarder=discarder,
                    responsible=discarder if ruleset == "zung-jung" else None)
        if i % 3 == 1:
            hand.tiles = tiles
        else:
            hand.figure, hand.figure_field = 3 + i % 11, figure_field
        rows.append(hand)
    Hand.objects.bulk_create(rows)
    session.revision = uuid.uuid4()
    session.save()
    return selectors.session_get(pk=session.pk)


def measure(label: str, runs: int, request, cold=None) -> dict:
    times, queries = [], []
    for _ in range(runs):
        if cold:
            cold()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = request()
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code in (200, 302), (label, response.status_code, response.content[:500])
        queries.append(len(captured))
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return {"what": label, "median": statistics.median(times), "p95": p95,
            "queries": f"{min(queries)}" if min(queries) == max(queries) else f"{min(queries)}-{max(queries)}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--ruleset", default="taiwan", choices=sorted(TILES))
    args = parser.parse_args()
    throwaway_sqlite.create()
    for hands in args.hands:
        report(args.ruleset, hands, args.runs)


def report(ruleset: str, hands: int, runs: int) -> None:
    session = build(ruleset, hands)
    client = Client()
    client.force_login(session.owner)
    base = f"/sessions/{session.pk}"
    tiles, _ = TILES[ruleset]
    preview = {"winner": "1", "how": "2", "mode": "tiles", "concealed": tiles["concealed"],
               "winning_tile": tiles["winning_tile"]}
    hx = {"HTTP_HX_REQUEST": "true"}
    warm = replay.session_replay(session=session)
    assert warm.ok, warm.error

    form = {}

    def read_revision():  # as the form carries it; read before the timing starts
        form["revision"] = str(Session.objects.values_list("revision", flat=True).get(pk=session.pk))

    def post_save():
        return client.post(f"{base}/win/", {"winner": "2", "how": "self", "mode": "figure", "figure": "5",
                                             "action": "save", "token": str(uuid.uuid4()), **form})

    def save():
        read_revision()
        return post_save()

    def drop_snapshots():
        store.drop(session=session)
        replay.forget_all()

    results = [
        measure("session page, cold", runs, lambda: client.get(f"{base}/"), cold=replay.forget_all),
        measure("session page, warm", runs, lambda: client.get(f"{base}/")),
        measure("live preview (tiles, htmx)", runs, lambda: client.post(f"{base}/win/preview/", preview, **hx)),
        measure("save a hand (by figure)", runs, post_save, cold=read_revision),
        measure("session page just after a save", runs, lambda: client.get(f"{base}/"), cold=save),
        measure("history page (50 hands)", runs, lambda: client.get(f"{base}/history/")),
        measure("no snapshots: replayed whole", max(3, runs // 20), lambda: client.get(f"{base}/"),
                cold=drop_snapshots),
    ]
    print(f"\n{ruleset} session of {hands} hands ({runs} runs each), times in ms")
    print(f"{'':34} {'median':>8} {'p95':>8} {'queries':>8}")
    for r in results:
        print(f"{r['what']:34} {r['median']:8.1f} {r['p95']:8.1f} {r['queries']:>8}")


if __name__ == "__main__":
    main()
