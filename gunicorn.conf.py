"""gunicorn as `make serve` and benchmarks/load.py run it (gunicorn reads this file from the project root).

Uvicorn workers serve the ASGI app: a worker's event loop reads every request (body included) before
Django sees it, so a slow or stalled client holds a connection, never a worker; the sync views run in
each worker's thread. A proxy in front still sets the limits (README, "Running in production").
"""
import os

worker_class = "uvicorn_worker.UvicornWorker"
keepalive = 5  # seconds an idle kept-alive connection stays open
timeout = 30  # a worker that does not answer its arbiter this long is restarted
graceful_timeout = 20
# Only the proxy on this machine (or FORWARDED_ALLOW_IPS) may say the request came over HTTPS
# (X-Forwarded-Proto) and from whom (X-Forwarded-For: the address log-in and sign-up limits count).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = "-"
