"""gunicorn as `make serve` and benchmarks/load.py run it (gunicorn reads this file from the project root).

Each worker process reads every request whole (body included) on its main thread before one of its
threads runs Django on it (scorekeeper/serving/worker.py), so a slow or stalled client holds a
connection, never a thread. A proxy in front still sets the limits (README, "Running in production").
"""
import os

wsgi_app = "scorekeeper.wsgi:application"
worker_class = "scorekeeper.serving.worker.WholeRequestWorker"
# Requests of one worker process in Django at once: at 50 tables on SQLite, eight a worker only queued more
# writers (saving p95 2.1 s against 1.35 s with four); PostgreSQL's pool (DB_POOL_SIZE, 8) has one for each.
# The number of processes: the Makefile's WORKERS (README, "Load").
threads = int(os.environ.get("REQUESTS_PER_WORKER") or 4)
keepalive = 5  # seconds an idle kept-alive connection stays open
timeout = 30  # a worker that does not answer its arbiter this long is restarted
graceful_timeout = 20
# Only the proxy on this machine (or FORWARDED_ALLOW_IPS) may say the request came over HTTPS
# (X-Forwarded-Proto) and from whom (X-Forwarded-For: the address log-in and sign-up limits count).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = "-"
# The lines gunicorn's own logger writes, for some 15 µs of CPU each against its 105 (serving/access_log.py).
logger_class = "scorekeeper.serving.access_log.AccessLog"
