"""What one free account can make the server do (issue 20, point 1), measured against gunicorn as `make serve`
runs it: imports of big backups, the memory they leave in the workers, the player page over many long
sessions, and another table's latency while two accounts import in a loop.

    .venv/bin/python benchmarks/abuse.py [--root OTHER_WORKTREE] [--sessions 20] [--seconds 30]

--root runs another build (its own code and virtualenv: run this script with that build's python) with
the same steps, for a side-by-side comparison; DATABASE_URL (a server on this machine) or a temporary
SQLite file. The backups are zung-jung sessions of hands entered by tiles, in compact JSON: the biggest
the 2 MB upload limit takes (7,972 hands) and a 1,000-hand one (the most a session holds since this round).
Prints, for each: the import's answer and time, the database's growth; the workers' memory (RSS) after
importing and reading `--sessions` of them; the player page's time over them; and the p95 of another
table's session page and save while two accounts import in a loop.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import load  # noqa: E402  (benchmarks/load.py: the server and the phone's browser)

TILES = {"concealed": "123m456p789s1112z", "winning_tile": "2z", "melds": []}  # a zung-jung win by tiles
PASSWORD = "mahjong at nine 99"


def backup(hands: int) -> bytes:
    """A session backup of `hands` wins by tiles, as compact as JSON gets."""
    hand = {"kind": "win", "winner": 0, "discarder": None, "responsible": None, "figure": None, "figure_field": "",
            "tiles": TILES, "loser_points": None, "events": [], "spot_kind": "", "spot_player": None,
            "spot_count": None, "spot_to": None, "note": ""}
    data = {"format": "mahjong-scorekeeper/session", "version": 1, "ruleset": "zung-jung", "stakes": {},
            "options": {}, "players": ["Ann", "Bob", "Cy", "Di"], "first_dealer": 0, "status": "open",
            "hands": [dict(hand, winner=i % 4) for i in range(hands)]}
    return json.dumps(data, separators=(",", ":")).encode()


def biggest_backup(limit: int) -> tuple[int, bytes]:
    low, high = 1000, 20000
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if len(backup(middle)) <= limit else (low, middle - 1)
    return low, backup(low)


class Phone(load.Browser):
    def sign_up(self, name: str) -> None:
        page = self.get("setup signup form", "/accounts/signup/").body
        form = load.form_with(page, self.origin + "/accounts/signup/", "password1")
        assert form is not None, "no sign-up form"
        body = form.submission({"username": name, "password1": PASSWORD, "password2": PASSWORD})
        answer = self.post("setup signup", "/accounts/signup/", body)
        assert answer.status == 302, (answer.status, answer.body[:300])

    def import_backup(self, data: bytes, label: str = "import") -> tuple[int, float, str]:
        page = self.get("setup import form", "/sessions/import/").body
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrfmiddlewaretoken\"\r\n\r\n{token}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"backup\"; filename=\"b.json\"\r\n"
                f"Content-Type: application/json\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        headers = self._headers("/sessions/import/", "", {"Content-Type": f"multipart/form-data; boundary={boundary}"})
        start = time.perf_counter()
        conn = load.http.client.HTTPConnection(load.HOST, self.port, timeout=600)
        conn.request("POST", "/sessions/import/", body=body, headers=headers)
        answer = conn.getresponse()
        text = answer.read().decode("utf-8", "replace")
        seconds = time.perf_counter() - start
        self._keep_cookies(answer.headers.get_all("Set-Cookie") or [])
        conn.close()
        self.stats.record(label, seconds)
        reason = re.search(r'class="error"[^>]*>([^<]+)', text)
        return answer.status, seconds, answer.headers.get("Location", "") or (reason.group(1) if reason else "")


def workers_rss(master: int) -> list[int]:
    """Each worker's resident memory, MB."""
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    sizes = []
    for pid in children:
        status = Path(f"/proc/{pid}/status").read_text()
        sizes.append(int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) // 1024)
    return sorted(sizes)


def database_mb(url: str, env: dict[str, str]) -> float:
    if url.startswith("sqlite"):
        path = Path(url.split("///", 1)[1])
        return sum(p.stat().st_size for p in path.parent.glob(path.name + "*")) / 2**20
    code = ("import django; django.setup(); from django.db import connection; c = connection.cursor(); "
            "c.execute('select pg_database_size(current_database())'); print(c.fetchone()[0])")
    done = subprocess.run([sys.executable, "-c", code], cwd=load.ROOT, env=env, capture_output=True, text=True)
    return int(done.stdout.strip()) / 2**20


def pct(values: list[float], p: int) -> float:
    return load.percentile(sorted(values), p) * 1000 if values else float("nan")


def victim_loop(phone: Phone, session: str, until: float) -> None:
    while time.monotonic() < until:
        phone.get("victim: session page", session)
        page = phone.get("setup draw form", session + "draw/").body
        form = load.form_with(page, phone.origin + session + "draw/", "token")
        phone.post("victim: save a draw", session + "draw/", form.submission())


def importer_loop(phone: Phone, data: bytes, until: float, answers: list[int]) -> None:
    while time.monotonic() < until:
        answers.append(phone.import_backup(data, "import loop")[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=load.ROOT, help="the build to run (default: this one)")
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    load.ROOT = args.root.resolve()
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-abuse-"))
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{workdir / 'abuse.sqlite3'}"
    env = load.server_env(url, workdir / "static")
    server = load.Server(env, args.workers, workdir / "gunicorn.log")
    stats = load.Stats()
    commit = subprocess.run(["git", "log", "-1", "--format=%h"], cwd=load.ROOT, capture_output=True, text=True)
    print(f"Build {load.ROOT} ({commit.stdout.strip()}), {load.describe(url)}", flush=True)
    big_hands, big = biggest_backup(2 * 1024 * 1024)
    most = backup(1000)
    server.prepare()
    server.start()
    try:
        run(args, server, env, url, stats, big_hands, big, most)
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


def run(args, server, env, url, stats, big_hands, big, most) -> None:
    master = server.process.pid
    accounts = [Phone(server.port, stats, timeout=600, address=f"10.9.{n // 200}.{n % 200 + 1}")
                for n in range(args.sessions // 5 + 4)]
    for n, phone in enumerate(accounts):
        phone.sign_up(f"abuser{n}")
    for label, data, hands in (("2 MB", big, big_hands), ("1,000 hands", most, 1000)):
        before = database_mb(url, env)
        status, seconds, where = accounts[0].import_backup(data)
        print(f"Import of a {label} backup ({hands:,} hands by tiles, {len(data) / 2**20:.2f} MB): "
              f"{status} in {seconds * 1000:.0f} ms ({where[:90]}); database +{database_mb(url, env) - before:.1f} MB",
              flush=True)

    # Memory: --sessions imports of the biggest backup each build takes, every one read on every worker.
    rss_before = workers_rss(master)
    imported = []
    for n in range(args.sessions):
        phone = accounts[1 + n // 5]  # five a day per account since this round: more accounts
        for data in (big, most):
            status, _, where = phone.import_backup(data)
            if status == 302:
                imported.append((phone, where))
                break
    for _ in range(args.workers * 2):
        for phone, where in imported:
            phone.get("read an imported session", load.path_of(where))
    rss_after = workers_rss(master)
    print(f"Workers' memory (RSS, MB) after {len(imported)} imports, each session read {args.workers * 2} times: "
          f"{rss_before} -> {rss_after} (+{sum(rss_after) - sum(rss_before)} MB in all)", flush=True)

    # The player page over the sessions one account imported.
    owner = accounts[1]
    player = re.search(r'href="(/players/\d+/)"', owner.get("a session", load.path_of(imported[0][1])).body)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        owner.get("player page", player.group(1))
        times.append(time.perf_counter() - start)
    count = sum(1 for phone, _ in imported if phone is owner)
    print(f"Player page over {count} sessions of one account: median {statistics.median(times) * 1000:.0f} ms "
          f"(max {max(times) * 1000:.0f} ms)", flush=True)

    # Another table's session page and save while two accounts import in a loop.
    for label, data in (("2 MB backups", big), ("1,000-hand backups", most)):
        victim = Phone(server.port, stats, address="10.8.0.1")
        victim.sign_up(f"victim{label[0]}")
        page = victim.get("setup new session", "/sessions/new/?ruleset=hk-old").body
        form = load.form_with(page, victim.origin + "/sessions/new/", "east")
        answer = victim.post("setup start", "/sessions/new/", form.submission(
            {"east": "Ann", "south": "Bob", "west": "Cy", "north": "Di", "stake_per_point": "1"}))
        session = load.path_of(answer.location)
        importers = [Phone(server.port, stats, timeout=600, address=f"10.7.0.{n + 1}") for n in range(2)]
        for n, phone in enumerate(importers):
            phone.sign_up(f"loop{label[0]}{n}")
        stats.latencies.clear()
        until = time.monotonic() + args.seconds
        answers: list[int] = []
        threads = [threading.Thread(target=victim_loop, args=(victim, session, until))]
        threads += [threading.Thread(target=importer_loop, args=(p, data, until, answers)) for p in importers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        page_times, save_times = stats.latencies["victim: session page"], stats.latencies["victim: save a draw"]
        print(f"While two accounts import {label} in a loop ({len(answers)} imports: "
              f"{answers.count(302)} taken, {len(answers) - answers.count(302)} refused): another table's session "
              f"page p95 {pct(page_times, 95):.0f} ms, save p95 {pct(save_times, 95):.0f} ms "
              f"({len(page_times)} pages, {len(save_times)} saves)", flush=True)


if __name__ == "__main__":
    sys.exit(main())
