"""The image's HEALTHCHECK: the app server's /healthz over plain HTTP inside the container
(scorekeeper/tables/health.py). Exits 0 on "ok", 1 on anything else, as Docker expects."""
import os
import sys
import urllib.request

url = os.environ.get("HEALTHCHECK_URL", "http://127.0.0.1:8000/healthz")
try:
    with urllib.request.urlopen(url, timeout=5) as response:
        sys.exit(0 if response.status == 200 and response.read() == b"ok" else 1)
except OSError as error:
    print(f"health check: {error}", file=sys.stderr)
    sys.exit(1)
