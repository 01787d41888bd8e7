"""A club night: N tables, four phones each on the session screen, a hand every ~150 s per table, through the
proxy, builds side by side in one run. What a live table costs the server, per hour, measured from outside.

    PG_DURABLE=1 scripts/with-postgres.sh .venv/bin/python benchmarks/club_night.py \\
        --builds . /work/wt-before --tables 50 100 200 --seconds 120

Each build is started as an operator starts it, `make -s serve` in its own tree (gunicorn, and the live server
where the build has one), with Debian's caddy running the build's deploy/Caddyfile in front on free ports of
127.0.0.1 (plain HTTP: SITE_ADDRESS http://127.0.0.1:PORT, so SECURE_SSL_REDIRECT is off). All builds share
one database (DATABASE_URL, on this machine only) and one SECRET_KEY: the tables are set up once, as guests'
sessions (each phone holds the owner grant in its signed cookie), straight to gunicorn with an address each.

Each phone does what its build's page does:
- with a live server (the page's `data-events`): holds the event stream, and on a revision it does not show
  fetches the standings (`data-live`, with HX-Request);
- before (`hx-get` ... `every 2s`): asks the live URL every two seconds, a 204 while nothing changed.
One phone per table is the scorer: a hand every ~150 s (80-120 %), entered through the real forms (win form,
"By fan", the live preview, the save; load.py's Table), then the session screen it lands on. The figures: the
server's CPU per table-hour from /proc (gunicorn, the live server, caddy, PostgreSQL apart), the p95 of every
request the phones made, and the p95 from a save's answer to each other phone showing it.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import shutil
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import HOST, RULESETS, Browser, Stats, Table, form_with, local_database, path_of  # noqa: E402
from phone_http import Connection  # noqa: E402
from served_build import Build  # noqa: E402

HELD_P95 = 0.3  # seconds: a table is held while the phones' requests answer within this (p95)
HEARTBEAT_SLACK = 60.0  # a stream silent this long is dead


# -- the evening ---------------------------------------------------------------------------------------------

@dataclass
class Night:
    """What the phones saw: request latencies by kind, save-to-shown delays, errors."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    shown_after: list[float] = field(default_factory=list)
    hands: list[float] = field(default_factory=list)  # seconds to enter and save a hand, all its requests
    errors: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, label: str, seconds: float) -> None:
        with self.lock:
            self.latencies.setdefault(label, []).append(seconds)

    def error(self, kind: str) -> None:
        with self.lock:
            self.errors[kind] = self.errors.get(kind, 0) + 1


@dataclass
class LiveTable:
    table: Table
    cookies: str
    revision: str = ""
    saved_at: float = 0.0  # when the latest save was answered


LIVE = re.compile(r'data-live="([^"]+)"')
EVENTS = re.compile(r'data-events="([^"]+)"')
POLL = re.compile(r'hx-get="(/sessions/\d+/live/[^"]+)"')
REVISION = re.compile(r'id="standings"[^>]*data-revision="([^"]+)"')


def urls_of(page: str) -> tuple[str, str]:
    """(live URL, events URL or "") as this build's session screen gives them."""
    live = LIVE.search(page) or POLL.search(page)
    events = EVENTS.search(page)
    if live is None:
        raise RuntimeError("no live URL on the session screen")
    return unescape(live.group(1)), unescape(events.group(1)) if events else ""


class Phone:
    def __init__(self, night: Night, live: LiveTable, port: int, urls: tuple[str, str], scorer: bool) -> None:
        self.night, self.live, self.port, self.scorer = night, live, port, scorer
        self.live_url, self.events_url = urls
        self.shown = live.revision
        self.fetcher = Connection(port, live.cookies)
        self.counted = 0.0  # the save (its time) whose showing here was counted
        self.task: asyncio.Task[None] | None = None

    async def fetch(self) -> None:
        """The standings anew, as htmx asks for them; a changed screen notes when the save showed here."""
        start = time.perf_counter()
        try:
            status, page = await self.fetcher.get(self.live_url, {"HX-Request": "true", "Accept": "text/html"})
        except (OSError, ConnectionError, asyncio.IncompleteReadError):
            self.night.error("transport")
            return
        self.night.record("poll, nothing new (204)" if status == 204 else f"standings ({status})",
                          time.perf_counter() - start)
        if status == 200:
            self.live_url = urls_of(page)[0]
            revision = REVISION.search(page)
            self.shown = revision.group(1) if revision else self.shown
            if self.live.saved_at > self.counted and not self.scorer:
                self.counted = self.live.saved_at
                self.night.shown_after.append(time.monotonic() - self.live.saved_at)
        elif status != 204:
            self.night.error(f"live URL answered {status}")

    def watch(self, until: float):  # type: ignore[no-untyped-def]
        return self.listen(until) if self.events_url else self.poll(until)

    async def poll(self, until: float) -> None:
        await asyncio.sleep(random.uniform(0, 2))
        while time.monotonic() < until:
            await self.fetch()
            await asyncio.sleep(2)

    async def listen(self, until: float) -> None:
        stream = Connection(self.port, self.live.cookies)
        try:
            status, head = await stream.send(self.events_url, {"Accept": "text/event-stream"})
            if status != 200:
                self.night.error(f"stream answered {status}")
                return
            text = ""
            chunks = stream.chunks()
            while time.monotonic() < until:
                try:
                    chunk = await asyncio.wait_for(anext(chunks), min(HEARTBEAT_SLACK, until - time.monotonic()))
                except TimeoutError:
                    if time.monotonic() < until:
                        self.night.error("stream silent")
                    return
                text += chunk.decode()
                while "\n\n" in text:
                    event, text = text.split("\n\n", 1)
                    data = re.search(r"^data: ?(.*)$", event, re.M)
                    if event.startswith("event: revision") and data and data.group(1) != self.shown:
                        await self.fetch()
                    elif event.startswith("event: gone"):
                        self.night.error("stream gone")
        except (OSError, ConnectionError, asyncio.IncompleteReadError, StopAsyncIteration):
            self.night.error("stream dropped")
        finally:
            stream.close()
            self.fetcher.close()


def play_hand(live: LiveTable, night: Night, phones: list[Phone]) -> None:
    """The scorer's hand, through the proxy (a thread: load.py's forms are synchronous), then its screen."""
    table = live.table
    base = f"/sessions/{table.session_id}/"
    before = len(table.saved)
    start = time.perf_counter()
    if table.rng.random() < 0.8:
        table.enter_win(base)
    else:
        table.enter_draw(base)
    if len(table.saved) == before:
        night.error("save failed")
        return
    live.saved_at = time.monotonic()
    night.hands.append(time.perf_counter() - start)
    page = table.browser.get("session screen after a save", base)
    found = REVISION.search(page.body)
    if page.status != 200 or found is None:
        night.error(f"session screen answered {page.status}")
        return
    scorer = phones[0]
    scorer.shown = found.group(1)
    scorer.live_url, scorer.events_url = urls_of(page.body)


async def hands(live: LiveTable, night: Night, phones: list[Phone], every: float, until: float) -> None:
    """The scorer's screen goes while it enters the hand (the win form is a page of its own) and comes back
    with the session screen the save lands on: a new stream, or a new poll."""
    await asyncio.sleep(random.uniform(0, every))
    scorer = phones[0]
    while time.monotonic() < until:
        if scorer.task is not None:
            scorer.task.cancel()
        await asyncio.to_thread(play_hand, live, night, phones)
        scorer.task = asyncio.create_task(scorer.watch(until))
        await asyncio.sleep(every * random.uniform(0.8, 1.2))


async def evening(build: Build, tables: list[LiveTable], night: Night, seconds: float, every: float,
                  database_port: int) -> dict[str, float]:
    """Phones on every table's screen, hands for `seconds`; the servers' CPU over those seconds."""
    phones: list[list[Phone]] = []
    for live in tables:
        live.table.browser = proxy_browser(build.proxy_port, live.table.browser)
        live.saved_at = 0.0  # a save of an earlier run is not waited for here
        live.cookies = "; ".join(f"{k}={v}" for k, v in live.table.browser.cookies.items())
        page = live.table.browser.get("session screen", f"/sessions/{live.table.session_id}/")
        live.revision = REVISION.search(page.body).group(1)  # type: ignore[union-attr]
        phones.append([Phone(night, live, build.proxy_port, urls_of(page.body), scorer=i == 0) for i in range(4)])
    warm = 5.0
    until = time.monotonic() + warm + seconds
    for table_phones in phones:
        for phone in table_phones:
            phone.task = asyncio.create_task(phone.watch(until))
    await asyncio.sleep(warm)  # streams opened, polls spread over their two seconds
    night.latencies.clear()
    for live in tables:
        live.table.stats.latencies.clear()
    cpu_start = build.cpu(database_port)
    tasks = [asyncio.create_task(hands(live, night, table_phones, every, until))
              for live, table_phones in zip(tables, phones)]
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    cpu = {k: v - cpu_start[k] for k, v in build.cpu(database_port).items()}
    for live in tables:  # the scorer's requests, each (load.py's phone times them)
        for label, values in live.table.stats.latencies.items():
            night.latencies.setdefault(f"scorer: {label}", []).extend(values)
    tasks += [phone.task for table_phones in phones for phone in table_phones if phone.task is not None]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return cpu


def proxy_browser(port: int, setup: Browser) -> Browser:
    """The phone's browser (its cookies) through the proxy, over plain HTTP: the proxy says which scheme."""
    browser = ProxyBrowser(port, setup.stats)
    browser.origin, browser.cookies = f"http://{HOST}:{port}", dict(setup.cookies)
    return browser


class ProxyBrowser(Browser):
    def _headers(self, path: str, body: str | None, extra: dict[str, str] | None) -> dict[str, str]:
        headers = super()._headers(path, body, extra)
        for name in ("X-Forwarded-Proto", "X-Forwarded-For"):  # the proxy's to say
            headers.pop(name, None)
        return headers


def set_up(build: Build, count: int, hands_before: int = 0) -> list[LiveTable]:
    """Guests' sessions, one a table, straight to gunicorn with an address each (guests' starts are limited
    per address)."""
    run = secrets.token_hex(3)
    tables = []
    for number in range(count):
        browser = Browser(build.app_port, Stats(), address=f"10.{number // 250}.{number % 250}.9")
        ruleset = random.choice(list(RULESETS))
        url = f"/sessions/new/?ruleset={ruleset}"
        form = form_with(browser.get("new-session form", url).body, url, "east")
        assert form is not None, "no new-session form"
        names = {seat: f"{name} {run}-{number}" for seat, name in
                 zip(("east", "south", "west", "north"), ("Ann", "Bob", "Cy", "Di"))}
        answer = browser.post("start session", path_of(form.action), form.submission(names))
        found = re.search(r"/sessions/(\d+)/", answer.location)
        assert found, f"starting a session answered {answer.status}"
        table = Table(number, run, browser, random.Random(number), ruleset, session_id=int(found.group(1)))
        browser.close()
        tables.append(LiveTable(table, ""))
    if hands_before:
        with ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(lambda live: play_before(live.table, hands_before), tables))
    return tables


def play_before(table: Table, hands: int) -> None:
    """The evening so far: `hands` hands entered through the forms, straight to gunicorn and not timed, so the
    measured hands land on sessions of the length a table has mid-evening."""
    base = f"/sessions/{table.session_id}/"
    while len(table.saved) < hands:
        before = len(table.saved)
        table.enter_win(base) if table.rng.random() < 0.8 else table.enter_draw(base)
        if len(table.saved) == before:
            raise SystemExit(f"table {table.number}: a hand before the evening was not saved")
    table.browser.close()


# -- the run ---------------------------------------------------------------------------------------------

def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def report(build: Build, count: int, seconds: float, cpu: dict[str, float], night: Night) -> dict[str, float]:
    everything = [v for values in night.latencies.values() for v in values]
    per_hour = {k: v / seconds * 3600 / count for k, v in cpu.items()}
    total = sum(per_hour.values())
    print(f"\n{build.name}, {count} tables x 4 phones, {seconds:.0f} s:")
    print(f"  server CPU per table-hour: {total:.2f} s = " + ", ".join(f"{k} {v:.2f}" for k, v in per_hour.items())
          + f"  (live tables per core: {3600 / total:.0f})")
    print(f"  {'latency, ms':34} {'count':>7} {'p50':>7} {'p95':>7} {'max':>7}")
    for label, values in sorted(night.latencies.items()) + [("all requests", everything)]:
        if values:
            print(f"  {label:34} {len(values):7} {statistics.median(values) * 1000:7.0f} {p95(values) * 1000:7.0f}"
                  f" {max(values) * 1000:7.0f}")
    if night.hands:
        print(f"  a hand entered and saved (all its requests): {len(night.hands)},"
              f" p50 {statistics.median(night.hands) * 1000:.0f} ms, p95 {p95(night.hands) * 1000:.0f} ms")
    shown = night.shown_after
    if shown:
        print(f"  from a save to each other phone showing it: {len(shown)} times, p50 {statistics.median(shown):.2f} s,"
              f" p95 {p95(shown):.2f} s, max {max(shown):.2f} s")
    print(f"  errors: {night.errors or 'none'}")
    return {"cpu": total, "p95": p95(everything), "shown p95": p95(shown) if shown else 0.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--builds", nargs="+", type=Path, default=[Path(".")], help="project trees, each with .venv")
    parser.add_argument("--tables", nargs="+", type=int, default=[50], help="table counts, in turn")
    parser.add_argument("--seconds", type=float, default=120, help="the measured time of each run")
    parser.add_argument("--hand-every", type=float, default=150, help="seconds between a table's hands")
    parser.add_argument("--hands-before", type=int, default=0,
                        help="hands each table has played before the measured time (mid-evening: 40)")
    args = parser.parse_args()
    database = os.environ.get("DATABASE_URL", "")
    if not database.startswith("postgres") or not local_database(database) or not shutil.which("caddy"):
        raise SystemExit("needs DATABASE_URL of a PostgreSQL on this machine (scripts/with-postgres.sh) and caddy")
    database_port = urlsplit(database).port or 5432
    logs = Path(tempfile.mkdtemp(prefix="club-night-"))
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "VIRTUAL_ENV"}} | {
        "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": HOST, "SECURE_SSL_REDIRECT": "0",
        "STATIC_ROOT": str(logs / "static"), "LOG_LEVEL": "WARNING", "WORKERS": "2",
        # Every phone here reaches the proxy from 127.0.0.1, which the app sees as one visitor: at 100 tables
        # their standings passed the per-visitor read limit (web/read_limit.py) and 27 of 181 were refused (429),
        # which a table of four phones at home never meets. Lifted, as load.py lifts it.
        "READS_PER_MINUTE": "1000000"}
    builds = [Build(tree.resolve(), tree.resolve().name) for tree in args.builds]
    tables: list[LiveTable] = []
    summary = []
    try:
        over: set[str] = set()  # builds past p95 300 ms: not loaded further
        for count in args.tables:
            for build in builds:
                if build.name in over:
                    continue
                build.start(env, logs)
                try:
                    if len(tables) < count:
                        tables += set_up(build, count - len(tables), args.hands_before)
                    night = Night()
                    cpu = asyncio.run(evening(build, tables[:count], night, args.seconds, args.hand_every,
                                              database_port))
                    summary.append((build.name, count, report(build, count, args.seconds, cpu, night)))
                    if summary[-1][2]["p95"] > HELD_P95:
                        over.add(build.name)
                finally:
                    build.stop()
    finally:
        for build in builds:
            build.stop()
    print(f"\nSummary (logs in {logs}):")
    print(f"  {'build':24} {'tables':>6} {'CPU s/table-hour':>17} {'tables/core':>12} {'p95 ms':>7}"
          f" {'save->shown p95 s':>18}")
    for name in dict.fromkeys(build.name for build in builds):
        held = [count for build, count, figures in summary if build == name and figures["p95"] <= HELD_P95]
        print(f"  {name}: tables held at p95 <= {HELD_P95 * 1000:.0f} ms: {max(held) if held else 'none'}"
              f" (of those tried)")
    for name, count, figures in summary:
        print(f"  {name:24} {count:6} {figures['cpu']:17.2f} {3600 / figures['cpu']:12.0f} {figures['p95'] * 1000:7.0f}"
              f" {figures['shown p95']:18.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
