"""gunicorn as `make serve` and benchmarks/load.py run it (gunicorn reads this file from the project root).

Stock gunicorn, its threaded worker and its own logger. In production the proxy (deploy/Caddyfile) faces the
phones: it buffers bodies and times out slow clients, so a worker's thread only ever waits on the proxy.
"""
import os
from typing import Any

wsgi_app = "scorekeeper.wsgi:application"
worker_class = "gthread"
# Requests of one worker process in Django at once: at 50 tables on SQLite, eight a worker only queued more
# writers (saving p95 2.1 s against 1.35 s with four); PostgreSQL's pool (DB_POOL_SIZE, 8) has one for each.
# The number of processes: the Makefile's WORKERS (docs/load.md).
threads = int(os.environ.get("REQUESTS_PER_WORKER") or 4)
keepalive = 5  # seconds an idle kept-alive connection stays open
timeout = 30  # a worker that does not answer its arbiter this long is restarted
graceful_timeout = 20
# Only the proxy on this machine (or FORWARDED_ALLOW_IPS) may say the request came over HTTPS
# (X-Forwarded-Proto). The same variable names the proxies whose X-Forwarded-For the app believes
# (scorekeeper/client_address.py: the address log-in and sign-up limits count).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# gunicorn's control socket (gunicornc) is one path per user ($HOME/.gunicorn/gunicorn.ctl): two servers on one
# machine (the proxy's two upstreams, the tests) would take it from each other. Signals do what we need of it.
control_socket_disable = True
accesslog = "-"
# gunicorn's default line, and the request's id (scorekeeper/request_ids.py sets the response header;
# the app's own log lines carry the same id): one grep finds a request's lines in both logs.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'


def pre_request(worker: Any, req: Any) -> None:
    """A body sent chunked is refused by the app unread (411: scorekeeper/tables/middleware.py). Its connection
    closes after the answer: kept alive, the worker would first drain up to 64 kB of the rest, 0.12 s of CPU
    when it comes in one-byte chunks (tests/ops/test_abuse.py)."""
    if any(name == "TRANSFER-ENCODING" for name, _ in req.headers):
        req.force_close()
