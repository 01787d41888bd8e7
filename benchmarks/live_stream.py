"""What a held event stream costs the live server: per stream opened, per event sent, and per second idle,
for the bare ASGI application (scorekeeper/live/asgi.py) and the same stream as a Django async view
(benchmarks/live_django.py), each run with stock uvicorn on 127.0.0.1 over a temporary SQLite file.

    .venv/bin/python benchmarks/live_stream.py [--streams 300] [--events 5]

Every stream watches one session through a viewer's share link (its token and grants cookie); an event is a
change of the session's revision, which each stream checks (one query) before telling its phone.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
APPS = {"bare ASGI (scorekeeper.live.asgi)": "scorekeeper.live.asgi:application",
        "Django async view (benchmarks/live_django.py)": "benchmarks.live_django:application"}


def cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def open_stream(port: int, url: str, cookie: str) -> asyncio.StreamReader:
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write(f"GET {url} HTTP/1.1\r\nHost: {HOST}\r\nCookie: {cookie}\r\nAccept: text/event-stream\r\n\r\n"
                 .encode())
    head = await reader.readuntil(b"\r\n\r\n")
    assert b" 200 " in head.split(b"\r\n")[0], head
    reader._writer = writer  # type: ignore[attr-defined]  # kept open with it
    return reader


async def next_event(reader: asyncio.StreamReader) -> bytes:
    text = b""
    while b"event: revision" not in text:
        text += await reader.read(4096)
    return text


async def measure(port: int, pid: int, url: str, cookie: str, streams: int, events: int, bump) -> dict[str, float]:  # type: ignore[no-untyped-def]  # noqa: E501
    start = cpu(pid)
    readers = [await open_stream(port, url, cookie) for _ in range(streams)]
    await asyncio.sleep(1.5)
    opened = cpu(pid)
    for _ in range(events):
        await asyncio.to_thread(bump)
        await asyncio.gather(*(next_event(reader) for reader in readers))
    evented = cpu(pid)
    await asyncio.sleep(10)
    idle = cpu(pid)
    for reader in readers:
        reader._writer.close()  # type: ignore[attr-defined]
    return {"ms a stream opened": (opened - start) * 1000 / streams,
            "ms an event sent": (evented - opened) * 1000 / (streams * events),
            "ms a second idle": (idle - evented) * 1000 / 10}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--events", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="live-stream-"))
    os.environ.update({"DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": HOST,
                       "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}", "STATIC_ROOT": str(folder / "static"),
                       "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"})
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
    sys.path.insert(0, str(ROOT))
    import django
    django.setup()
    from django.core import signing

    from scorekeeper.tables import services
    from scorekeeper.tables.models import Session, ShareLink
    from scorekeeper.tables.web import grants, live_token

    session = services.session_create(ruleset="zung-jung", names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                      stakes={}, options={}, owner=None)
    link = ShareLink.objects.create(session=session, role="viewer")
    token = signing.dumps({"s": session.pk, "l": [link.pk]}, salt=live_token.SALT, compress=True)
    cookie = "grants=" + signing.dumps({"g": {str(session.pk): [link.pk]}, "d": int(time.time() // 86400)},
                                       salt=grants.SALT, compress=True)
    url = f"/sessions/{session.pk}/events/?revision={session.revision}&t={token}"

    def bump() -> None:
        Session.objects.filter(pk=session.pk).update(revision=uuid.uuid4())

    for name, app in APPS.items():
        port = 20000 + secrets.randbelow(20000)
        process = subprocess.Popen([sys.executable, "-m", "uvicorn", app, "--host", HOST, "--port", str(port),
                                    "--log-level", "warning"], cwd=ROOT, start_new_session=True)
        try:
            time.sleep(4)
            figures = asyncio.run(measure(port, process.pid, url, cookie, args.streams, args.events, bump))
        finally:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        print(f"{name}: " + ", ".join(f"{value:.3f} {label}" for label, value in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
