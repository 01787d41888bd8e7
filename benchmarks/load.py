"""Load test: many tables at once against gunicorn on 127.0.0.1, then a count of every hand.

    .venv/bin/python benchmarks/load.py [--tables 50] [--seconds 30] [--workers 2] [--servers 2]

Starts gunicorn as `make serve` does (production settings: DEBUG off, secure cookies,
HTTPS redirect, compressed manifest static files) on a free port of 127.0.0.1, on a
temporary SQLite file or on DATABASE_URL (a server on this machine only: the run writes
users and sessions into it). The clients act as a TLS proxy in front of it would
(X-Forwarded-Proto: https) and as a phone's browser does (cookies, CSRF, Origin).

Each table, one thread: signs up a user when the app has `/accounts/signup/` (and goes
without when that is a 404), starts a session, then until the time is up enters hands
through the app's real forms (GET the form, read the CSRF token and the hidden entry
token and revision from its HTML, POST): wins by fan (with the "By fan" tap and a live
preview on the way), draws, the session page after each hand and the history now and then.
Some saves are sent twice with the same entry token, as a double tap does, or again after
the connection dropped before the answer came, as a phone on a bad network does.

With --servers 2, two gunicorn processes on two ports share the one database (PostgreSQL, as a
club running several app servers would): the tables alternate between them, and after every save
each table reads its session screen on the other server, which must show the hand just saved.

Prints requests per second and p50/p95/p99 latency (overall and per request), errors,
then checks in the database that every session holds exactly the hands its table saved,
in order: none lost, none doubled. Exit status 1 on any error, lost or doubled hand.
The tables enter hands as fast as the server answers (no thinking time, unless --think):
the figures are the server's capacity, and latency under that saturation.
"""
from __future__ import annotations

import argparse
import html
import http.client
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urljoin, urlsplit

import gunicorn.config

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # the only address this script ever talks to
# Rulesets the tables play, each with the figure field its win form takes and a range that
# every hand of it accepts (a hand by figure: the table says what the hand was worth).
RULESETS = {"taiwan": (1, 30), "hk-old": (3, 10), "zung-jung": (25, 320)}


# -- the server -------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def local_database(url: str) -> bool:
    """Only a database on this machine: the run must not load anyone's server."""
    parts = urlsplit(url)
    if parts.scheme.startswith("sqlite"):
        return True
    return (parts.hostname or "") in {"127.0.0.1", "localhost", "::1", ""}


def server_env(database_url: str, static_root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": database_url, "STATIC_ROOT": str(static_root), "LOG_LEVEL": "WARNING",
        "DB_POOL_SIZE": os.environ.get("DB_POOL_SIZE", "8"),  # as `make serve` sets it
        # The tables play as fast as the server answers, far past a phone's pace: the per-visitor limit on
        # expensive reads (scorekeeper/tables/web/read_limit.py) would refuse them. Lifted: capacity is measured.
        "READS_PER_MINUTE": "1000000",
    })
    return env


class Server:
    """gunicorn with the production settings, stopped (and waited for) on exit."""

    def __init__(self, env: dict[str, str], workers: int, log: Path, threads: int = 0) -> None:
        self.env, self.port, self.log = env, free_port(), log
        # As `make serve` runs it: the application and its worker from gunicorn.conf.py (cwd is the project);
        # with threads, gunicorn's own threaded workers instead, for comparison.
        self.command = [sys.executable, "-m", "gunicorn", "--bind", f"{HOST}:{self.port}", "--workers", str(workers)]
        if threads:
            self.command += ["--worker-class", "gthread", "--threads", str(threads)]
        if hasattr(gunicorn.config, "ControlSocketDisable"):  # 25.1+: not in the way of a `make serve`'s
            self.command.append("--no-control-socket")
        self.process: subprocess.Popen[bytes] | None = None

    def prepare(self) -> None:
        for command in (["migrate", "--noinput", "-v", "0"], ["collectstatic", "--noinput", "-v", "0"]):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=self.env, check=True)

    def start(self) -> None:
        out = self.log.open("wb")
        # Its own process group: stopping it stops its workers too, and nothing else.
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"gunicorn exited at start:\n{self.log.read_text(errors='replace')[-3000:]}")
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=5)
                conn.request("GET", "/", headers={"Host": f"{HOST}:{self.port}", "X-Forwarded-Proto": "https"})
                conn.getresponse().read()
                conn.close()
                return
            except OSError:
                time.sleep(0.2)
        raise SystemExit("gunicorn did not answer within 60 s")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def logged_errors(self) -> list[str]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [line for line in text.splitlines() if "Traceback" in line or " ERROR " in line
                or "[ERROR]" in line or "[CRITICAL]" in line or "WORKER TIMEOUT" in line]


# -- a phone's browser --------------------------------------------------------------------------

class TransportError(Exception):
    """No answer: the connection failed or timed out."""


@dataclass
class Response:
    status: int
    location: str
    body: str


@dataclass
class Stats:
    """Every timed request, by what it was; errors by kind, with the first example of each."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    reconnects: int = 0

    def record(self, label: str, seconds: float) -> None:
        with self.lock:
            self.latencies[label].append(seconds)

    def error(self, kind: str, example: str) -> None:
        with self.lock:
            self.errors[kind] += 1
            self.examples.setdefault(kind, example[:600])


class Browser:
    """One table's phone: a kept-alive connection, cookies, and the headers a browser sends."""

    def __init__(self, port: int, stats: Stats, timeout: float = 60, address: str = "10.0.0.1") -> None:
        self.port, self.stats, self.timeout = port, stats, timeout
        # Each table is its own phone on its own connection, as the proxy in front reports it: sign-ups
        # and log-ins are limited per address, and fifty tables are not one visitor.
        self.address = address
        self.origin = f"https://{HOST}:{port}"
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None
        self.idle_since = 0.0

    def get(self, label: str, path: str, headers: dict[str, str] | None = None) -> Response:
        return self.send(label, "GET", path, None, headers)

    def post(self, label: str, path: str, body: str, headers: dict[str, str] | None = None) -> Response:
        return self.send(label, "POST", path, body, headers)

    def send(self, label: str, method: str, path: str, body: str | None,
             headers: dict[str, str] | None = None, *, drop_answer: bool = False) -> Response:
        """One request, timed. drop_answer: send it and hang up before the answer (a lost connection)."""
        all_headers = self._headers(path, body, headers)
        for attempt in (1, 2):
            # A connection idle past gunicorn's keep-alive (2 s) is closed on its side: a browser
            # opens a new one rather than fail, and so does this client (also once on a stale one).
            reused = self.conn is not None and time.monotonic() - self.idle_since < 1.5
            if not reused:
                self.close()
            conn = self.conn or http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
            self.conn = conn
            start = time.perf_counter()
            try:
                conn.request(method, path, body=body, headers=all_headers)
                if drop_answer:
                    self.close()
                    return Response(0, "", "")
                answer = conn.getresponse()
                data = answer.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
                self.close()
                if reused and attempt == 1:
                    with self.stats.lock:
                        self.stats.reconnects += 1
                    continue
                raise TransportError(f"{method} {path}: {exc!r}") from exc
            except (OSError, http.client.HTTPException) as exc:
                self.close()
                raise TransportError(f"{method} {path}: {exc!r}") from exc
            self.stats.record(label, time.perf_counter() - start)
            self.idle_since = time.monotonic()
            self._keep_cookies(answer.headers.get_all("Set-Cookie") or [])
            if answer.will_close:
                self.close()
            return Response(answer.status, answer.headers.get("Location", ""), data.decode("utf-8", "replace"))
        raise AssertionError("unreachable")

    def _headers(self, path: str, body: str | None, extra: dict[str, str] | None) -> dict[str, str]:
        headers = {"Host": f"{HOST}:{self.port}", "X-Forwarded-Proto": "https", "X-Forwarded-For": self.address,
                   "User-Agent": "scorekeeper-load", "Accept": "text/html"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers |= {"Content-Type": "application/x-www-form-urlencoded", "Origin": self.origin,
                        "Referer": self.origin + path}
        return headers | (extra or {})

    def _keep_cookies(self, lines: list[str]) -> None:
        for line in lines:
            for name, morsel in SimpleCookie(line).items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


# -- forms, read from the HTML as a browser submits them ------------------------------------------

TAG = re.compile(r"""<(/?)(form|input|button|select|option|textarea)\b((?:[^>"']|"[^"]*"|'[^']*')*)>""", re.I)
ATTR = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")


def attributes(text: str) -> dict[str, str]:
    return {m.group(1).lower(): html.unescape(m.group(2) or m.group(3) or m.group(4) or "")
            for m in ATTR.finditer(text)}


@dataclass
class Form:
    action: str
    attrs: dict[str, str]
    fields: list[tuple[str, str]] = field(default_factory=list)  # what a submit sends, in order
    names: set[str] = field(default_factory=set)  # every control's name, sent or not

    def value(self, name: str) -> str:
        return next((v for n, v in self.fields if n == name), "")

    def submission(self, overrides: dict[str, str] | None = None, button: tuple[str, str] | None = None) -> str:
        overrides = overrides or {}
        pairs = [(n, v) for n, v in self.fields if n not in overrides] + list(overrides.items())
        return urlencode(pairs + ([button] if button else []))


def forms(page: str, url: str) -> list[Form]:
    """The page's forms with the values a browser would submit: hidden and text inputs,
    checked radios and boxes, each select's chosen option, textareas (buttons are chosen by the caller)."""
    found: list[Form] = []
    form: Form | None = None
    select: tuple[str, list[tuple[str, bool]]] | None = None
    for match in TAG.finditer(page):
        closing, tag, attrs = match.group(1), match.group(2).lower(), attributes(match.group(3))
        if tag == "form":
            form = None if closing else Form(urljoin(url, attrs.get("action") or url), attrs)
            found += [form] if form else []
            continue
        if form is None:
            continue
        name = attrs.get("name", "")
        if tag == "select":
            if closing and select is not None:
                options = select[1]
                chosen = next((v for v, on in options if on), options[0][0] if options else None)
                if chosen is not None:
                    form.fields.append((select[0], chosen))
                select = None
            elif not closing:
                select = (name, [])
                form.names.add(name)
        elif tag == "option" and not closing and select is not None:
            text = page[match.end():page.find("<", match.end())]
            select[1].append((attrs.get("value", html.unescape(text).strip()), "selected" in attrs))
        elif tag == "textarea" and not closing and name:
            form.names.add(name)
            form.fields.append((name, html.unescape(page[match.end():page.find("</textarea", match.end())])))
        elif tag == "input" and name and "disabled" not in attrs:
            form.names.add(name)
            kind = attrs.get("type", "text").lower()
            if kind in {"radio", "checkbox"}:
                if "checked" in attrs:
                    form.fields.append((name, attrs.get("value", "on")))
            elif kind not in {"submit", "button", "image", "reset", "file"}:
                form.fields.append((name, attrs.get("value", "")))
    return found


def path_of(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def form_with(page: str, url: str, name: str) -> Form | None:
    """The page's form that has a control called `name`."""
    return next((f for f in forms(page, url) if name in f.names), None)


# -- one table --------------------------------------------------------------------------------------

@dataclass
class Saved:
    token: str
    kind: str
    winner: int | None = None
    figure: int | None = None


@dataclass
class Table:
    number: int
    run: str
    browser: Browser
    rng: random.Random
    ruleset: str
    session_id: int | None = None
    # With two servers: the same phone (its cookies) on the other one, where the session screen is read
    # after every save: it must show the hand just saved.
    other: Browser | None = None
    saved: list[Saved] = field(default_factory=list)
    double_taps: int = 0
    lost_answers: int = 0
    retries_after_errors: int = 0
    signed_up: bool = False

    @property
    def stats(self) -> Stats:
        return self.browser.stats

    def fail(self, kind: str, detail: str) -> None:
        self.stats.error(kind, f"table {self.number}: {detail}")

    # -- set-up: an account (when the app has them) and a session
    def set_up(self) -> bool:
        try:
            page = self.browser.get("setup: sign-up form", "/accounts/signup/")
            if page.status == 200:
                form = form_with(page.body, "/accounts/signup/", "password1")
                if form is None:
                    self.fail("set-up", "no sign-up form on /accounts/signup/")
                    return False
                password = secrets.token_urlsafe(18)
                answer = self.browser.post("setup: sign up", path_of(form.action), form.submission(
                    {"username": f"load-{self.run}-{self.number}", "password1": password, "password2": password}))
                if answer.status not in (302, 303):
                    self.fail("set-up", f"sign-up answered {answer.status}: {text_of(answer.body)}")
                    return False
                self.signed_up = True
            elif page.status != 404:
                self.fail("set-up", f"/accounts/signup/ answered {page.status}")
                return False
            url = f"/sessions/new/?ruleset={self.ruleset}"
            page = self.browser.get("setup: new-session form", url)
            form = form_with(page.body, url, "east") if page.status == 200 else None
            if form is None:
                self.fail("set-up", f"no new-session form ({page.status} {page.location})")
                return False
            names = {seat: f"{name} {self.run}-{self.number}" for seat, name in
                     zip(("east", "south", "west", "north"), ("Ann", "Bob", "Cy", "Di"))}
            answer = self.browser.post("setup: start session", path_of(form.action), form.submission(names))
            found = re.search(r"/sessions/(\d+)/", answer.location)
            if answer.status not in (302, 303) or not found:
                self.fail("set-up", f"starting a session answered {answer.status}: {text_of(answer.body)}")
                return False
            self.session_id = int(found.group(1))
            return True
        except TransportError as exc:
            self.fail("transport", str(exc))
            return False

    # -- the timed part: hands until the deadline
    def play(self, deadline: float, think: float) -> None:
        base = f"/sessions/{self.session_id}/"
        while time.monotonic() < deadline:
            try:
                page = self.browser.get("GET session page", base)
                if page.status != 200:
                    self.fail("unexpected status", f"session page: {page.status}")
                if self.rng.random() < 0.8:
                    self.enter_win(base)
                else:
                    self.enter_draw(base)
                if len(self.saved) % 5 == 0:
                    page = self.browser.get("GET history", base + "history/")
                    if page.status != 200:
                        self.fail("unexpected status", f"history: {page.status}")
            except TransportError as exc:
                self.fail("transport", str(exc))
            if think:
                time.sleep(self.rng.uniform(0, 2 * think))

    def enter_win(self, base: str) -> None:
        url = base + "win/?fresh=1"
        page = self.browser.get("GET win form", url)
        form = form_with(page.body, url, "token") if page.status == 200 else None
        if form is None:
            self.fail("unexpected status", f"win form: {page.status}")
            return
        winner = self.rng.randrange(4)
        how = "self" if self.rng.random() < 0.3 else str((winner + self.rng.randrange(1, 4)) % 4)
        who = {"winner": str(winner), "how": how}
        # The "By fan" tab: a plain form post that redraws the form for entering a figure.
        page = self.browser.post("POST win: by fan", path_of(form.action),
                                 form.submission(who, ("action", "mode:figure")))
        form = form_with(page.body, form.action, "figure") if page.status == 200 else None
        if form is None or form.value("mode") != "figure":
            self.fail("unexpected status", f"'By fan' answered {page.status}: {text_of(page.body)}")
            return
        low, high = RULESETS[self.ruleset]
        figure = self.rng.randint(low, high)
        fields = who | {"figure": str(figure)}
        preview = re.search(r'hx-post="([^"]*/win/preview/)"', page.body)
        answer = self.browser.post("POST live preview (htmx)", preview.group(1) if preview else base + "win/preview/",
                                   form.submission(fields), {"HX-Request": "true"})
        if answer.status != 200:
            self.fail("unexpected status", f"preview: {answer.status}")
        hand = Saved(form.value("token"), "win", winner, figure)
        self.save(base, "win", path_of(form.action), form.submission(fields, ("action", "save")), hand)

    def enter_draw(self, base: str) -> None:
        url = base + "draw/"
        page = self.browser.get("GET draw form", url)
        form = form_with(page.body, url, "token") if page.status == 200 else None
        if form is None:
            self.fail("unexpected status", f"draw form: {page.status}")
            return
        self.save(base, "draw", path_of(form.action), form.submission(), Saved(form.value("token"), "draw"))

    def save(self, base: str, kind: str, path: str, body: str, hand: Saved) -> None:
        """POST the form; some the way a bad network or a double tap sends them: twice, same token."""
        if not hand.token:
            self.fail("form", f"the {kind} form has no entry token")
            return
        roll = self.rng.random()
        if roll < 0.05:  # the answer never arrives: the phone sends the same form again
            try:
                self.browser.send(f"POST save {kind}", "POST", path, body, drop_answer=True)
            except TransportError:
                pass  # not even sent, maybe: the same form goes again below all the same
            self.lost_answers += 1
        answer = self._save_until_answered(kind, path, body)
        if answer is None:
            return
        if roll >= 0.95:  # a double tap: the second submit of the same form
            again = self._save_until_answered(kind, path, body, label=f"POST save {kind} (double tap)")
            self.double_taps += 1
            if again is not None and again.location != answer.location:
                self.fail("retry", f"the same {kind} sent twice went to {answer.location} and {again.location}")
        # A save lands on the session screen (with "?saved=<hand>" for its notice and Undo).
        if answer.status in (302, 303) and answer.location.split("#")[0].split("?")[0].endswith(base):
            self.saved.append(hand)
            if self.other is not None:
                self.read_on_the_other_server(base)
        else:
            self.fail("save refused", f"{kind}: {answer.status} {answer.location} {text_of(answer.body)}")

    def read_on_the_other_server(self, base: str) -> None:
        """The session screen on the server that did not take the save: never a page from before it."""
        assert self.other is not None
        page = self.other.get("GET session page, other server", base)
        shown = re.search(r"<title>Hand (\d+) ", page.body)
        expected = len(self.saved) + 1  # wins and draws, none on the spot: the hand about to be played
        if page.status != 200 or shown is None or int(shown.group(1)) != expected:
            self.fail("stale page", f"the other server showed hand {shown.group(1) if shown else '?'} "
                                    f"({page.status}), not hand {expected}, just after a save")

    def _save_until_answered(self, kind: str, path: str, body: str, label: str = "") -> Response | None:
        for attempt in range(5):
            try:
                return self.browser.post(label or f"POST save {kind}", path, body)
            except TransportError as exc:  # as a phone would: send the same form (same token) again
                self.fail("transport", str(exc))
                self.retries_after_errors += 1
                time.sleep(0.2 * (attempt + 1))
        return None


def text_of(page: str) -> str:
    """What a page says, for an error report: its alerts, or the start of its text."""
    alerts = re.findall(r'<[^>]+(?:role="alert"|class="error[^"]*")[^>]*>(.*?)</', page, re.S)
    text = " | ".join(alerts) if alerts else re.sub(r"<[^>]+>|\s+", " ", page)
    return html.unescape(" ".join(text.split()))[:300]


# -- the check: what each session holds in the database -----------------------------------------------

def check_database(env: dict[str, str], tables: list[Table]) -> dict[str, int]:
    os.environ.update({k: env[k] for k in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "STATIC_ROOT")})
    os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from scorekeeper.tables.models import Hand

    counts = Counter[str]()
    for table in tables:
        if table.session_id is None:
            continue
        stored = list(Hand.objects.filter(session_id=table.session_id).order_by("position")
                      .values_list("entry_token", "kind", "winner", "figure"))
        tokens = [str(token) for token, *_ in stored]
        submitted = [hand.token for hand in table.saved]
        counts["submitted"] += len(submitted)
        counts["stored"] += len(stored)
        counts["lost"] += len(set(submitted) - set(tokens))
        counts["doubled"] += len(tokens) - len(set(tokens))
        counts["unconfirmed"] += len(set(tokens) - set(submitted))  # stored, though the table was told otherwise
        same = [(h.token, h.kind, h.winner, h.figure) for h in table.saved] == \
               [(str(t), k, w, f) for t, k, w, f in stored]
        counts["sessions wrong"] += 0 if same else 1
        counts["sessions"] += 1
    return counts


# -- the run ---------------------------------------------------------------------------------------------

def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(round(p / 100 * (len(sorted_values) - 1))))]


def latency_table(latencies: dict[str, list[float]], labels: list[str]) -> list[str]:
    lines = [f"  {'latency, ms':30} {'count':>7} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7}"]
    for label in labels:
        values = sorted(v * 1000 for v in latencies[label])
        if values:
            lines.append(f"  {label:30} {len(values):7} {percentile(values, 50):7.1f} {percentile(values, 95):7.1f}"
                         f" {percentile(values, 99):7.1f} {values[-1]:7.1f}")
    return lines


def describe(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme.startswith("sqlite"):
        return f"SQLite ({parts.path[1:]})"
    return f"PostgreSQL ({parts.hostname}:{parts.port}{parts.path})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables playing at once (default 50)")
    parser.add_argument("--seconds", type=float, default=30, help="how long they play (default 30)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's worker processes (default 2, as make serve)")
    parser.add_argument("--threads", type=int, default=0,
                        help="run gthread workers of this many threads on the WSGI application instead (a comparison: "
                             "a slow client then holds a thread)")
    parser.add_argument("--servers", type=int, default=1, choices=(1, 2),
                        help="app servers on one database (2: each table saves on one and reads on the other)")
    parser.add_argument("--think", type=float, default=0, help="mean pause between hands, s (default 0)")
    parser.add_argument("--rulesets", nargs="+", default=sorted(RULESETS), choices=sorted(RULESETS))
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""),
                        help="default: $DATABASE_URL, else a temporary SQLite file")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()

    # Stopped from outside: still stop gunicorn (in its own process group) on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-load-"))
    database_url = args.database_url or f"sqlite:///{workdir / 'load.sqlite3'}"
    if not local_database(database_url):
        raise SystemExit(f"{describe(database_url)} is not on this machine: the load test only talks to {HOST}")
    env = server_env(database_url, workdir / "static")
    servers = [Server(env, args.workers, workdir / f"gunicorn-{n}.log", args.threads) for n in range(args.servers)]
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    run = uuid.uuid4().hex[:8]
    stats = Stats()
    tables = [Table(i, run, Browser(servers[i % len(servers)].port, stats, address=f"10.0.{i // 250}.{i % 250 + 1}"),
                    random.Random(seed + i), args.rulesets[i % len(args.rulesets)])
              for i in range(args.tables)]
    if len(servers) > 1:  # tables alternate between the servers; each reads its screen on the other one
        for i, table in enumerate(tables):
            table.other = Browser(servers[(i + 1) % len(servers)].port, stats, address=table.browser.address)
            table.other.cookies = table.browser.cookies
    ports = ", ".join(f"{HOST}:{server.port}" for server in servers)
    print(f"Load test: {args.tables} tables for {args.seconds:g} s against {len(servers)} gunicorn server(s) "
          f"({args.workers} {f'gthread of {args.threads} threads' if args.threads else 'workers as make serve'} "
          f"each) on {ports}, {describe(database_url)}; seed {seed}", flush=True)
    server = servers[0]
    try:
        server.prepare()
        for each in servers:
            each.start()
        cpu_start = time.process_time()
        start = time.monotonic()
        ready = run_threads([t.set_up for t in tables], timeout=300)
        set_up = time.monotonic() - start
        playing = [t for t, ok in zip(tables, ready) if ok]
        signed = sum(t.signed_up for t in tables)
        accounts = f"{signed} users signed up" if signed else "no /accounts/signup/ (404), so no accounts"
        print(f"Set-up: {accounts}; {len(playing)} sessions started in {set_up:.1f} s", flush=True)
        setup_requests = sum(len(v) for k, v in stats.latencies.items() if k.startswith("setup"))
        start, played_cpu, served_cpu, database_cpu = (time.monotonic(), time.process_time(), server_cpu(servers),
                                                       postgres_cpu())
        run_threads([lambda t=t: t.play(start + args.seconds, args.think) for t in playing],
                    timeout=args.seconds + 300)
        elapsed = time.monotonic() - start
        cpu = time.process_time() - cpu_start
        played_cpu, served_cpu = time.process_time() - played_cpu, server_cpu(servers) - served_cpu
        database_cpu = postgres_cpu() - database_cpu
    finally:
        for each in servers:
            each.stop()
    status = report(args, stats, tables, elapsed, setup_requests, cpu, env, servers,
                    (served_cpu, played_cpu, database_cpu))
    if status:
        print(f"The server's log and database are kept in {workdir}")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return status


def server_cpu(servers: list[Server]) -> float:
    """CPU seconds (user and system) the servers' processes have used so far: each gunicorn and its workers.
    Requests a second move with the machine's speed; the CPU a request costs moves much less."""
    masters = {server.process.pid for server in servers if server.process is not None}
    return processes_cpu(lambda pid, name, parent: pid in masters or parent in masters)


def postgres_cpu() -> float:
    """CPU seconds PostgreSQL's processes on this machine have used so far (0 with SQLite): they share the cores
    with the servers, so a request's queries cost throughput twice. Backends that ended count through their
    parent's children's time."""
    return processes_cpu(lambda pid, name, parent: name == "postgres", children=True)


def processes_cpu(chosen, children: bool = False) -> float:  # type: ignore[no-untyped-def]
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            head, tail = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)
        except OSError:
            continue
        fields = tail.split()  # fields[1]: the parent's pid; 11, 12: utime, stime; 13, 14: of ended children
        if chosen(int(entry), head.split("(", 1)[1], int(fields[1])):
            total += sum(int(n) for n in fields[11:15 if children else 13])
    return total / tick


def run_threads(jobs: list, timeout: float) -> list:
    results: list = [False] * len(jobs)

    def run(i: int) -> None:
        results[i] = jobs[i]()

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    if any(thread.is_alive() for thread in threads):
        raise SystemExit(f"clients still busy {timeout:g} s later: stopped")
    return results


def report(args: argparse.Namespace, stats: Stats, tables: list[Table], elapsed: float, setup_requests: int,
           cpu: float, env: dict[str, str], servers: list[Server], playing_cpu: tuple[float, float, float]) -> int:
    timed = {k: v for k, v in stats.latencies.items() if not k.startswith("setup")}
    total = sum(len(v) for v in timed.values())
    hands = sum(len(t.saved) for t in tables)
    print(f"Requests: {total} in {elapsed:.1f} s = {total / elapsed:.1f} requests/s; "
          f"{hands} hands saved = {hands / elapsed:.1f} hands/s ({setup_requests} set-up requests not counted)")
    everything = sorted(v for values in timed.values() for v in values)
    labels = sorted(timed, key=lambda k: (not k.startswith("GET"), k))
    print("\n".join(latency_table({"all requests": everything} | timed, ["all requests", *labels])))
    logged = [line for server in servers for line in server.logged_errors()]
    errors = sum(stats.errors.values())
    print(f"Errors: {errors}" + "".join(f"\n  {kind}: {n} (e.g. {stats.examples[kind]})"
                                        for kind, n in stats.errors.most_common()))
    if logged:
        print(f"Server log: {len(logged)} error lines, e.g. {logged[0][:300]}")
    print(f"Connections reopened after gunicorn's keep-alive closed them: {stats.reconnects}")
    counts = check_database(env, tables)
    double_taps = sum(t.double_taps for t in tables)
    lost_answers = sum(t.lost_answers for t in tables)
    resent = sum(t.retries_after_errors for t in tables)
    print(f"Integrity: {counts['sessions']} sessions, {counts['submitted']} hands saved by the tables "
          f"({double_taps} saves sent twice as a double tap, {lost_answers} sent again after the connection "
          f"dropped before the answer, {resent} resent after an error); in the database: {counts['stored']} "
          f"hands; lost {counts['lost']}, doubled {counts['doubled']}, stored though refused "
          f"{counts['unconfirmed']}, sessions not matching the table's hands in order {counts['sessions wrong']}")
    print(f"Client CPU: {cpu:.1f} s in {elapsed:.0f} s (the clients share this machine's cores with the server)")
    served, played, database = (seconds * 1000 / max(total, 1) for seconds in playing_cpu)
    print(f"CPU a request while playing: server {served:.1f} ms, clients {played:.1f} ms"
          + (f", PostgreSQL {database:.1f} ms" if database else ""))
    bad = (errors or logged or counts["lost"] or counts["doubled"] or counts["unconfirmed"] or counts["sessions wrong"]
           or not counts["sessions"])
    print("FAILED" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
