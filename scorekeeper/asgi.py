"""ASGI entry point (`make serve`: gunicorn's uvicorn workers): exposes ``application``.

The event loop takes each connection and the whole body of each request; only then does the request
get one of REQUESTS_PER_WORKER threads (default 4) that run Django. So a slow or stalled client holds a
connection, never a thread, and a body over its limit is refused from its headers, or at the limit as it
streams in, before anything reads it (tables/middleware.py: BodyLimit, Bounded).

Django itself runs as a WSGI application in those threads (a2wsgi), not through its ASGI handler. Every
view and middleware of the app is synchronous, and the ASGI handler carries each request from the event
loop to a thread, back to the loop at the first middleware that is not async-capable, and to a thread
again for the view: at one table that cost 8 ms a request (p50 26.5 ms under the ASGI handler, 18.3 ms
under WSGI, benchmarks/load.py --tables 1, side by side). A WSGI thread also keeps its database
connection from request to request, where the ASGI handler opened one per request.
"""
import gc
import os

from a2wsgi import WSGIMiddleware
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

# Four: at 50 tables on SQLite, eight a worker only queued more writers (saving p95 2.1 s against 1.35 s with
# four, as many requests a second); PostgreSQL's pool (DB_POOL_SIZE, 8) has a connection for each.
REQUESTS_PER_WORKER = int(os.environ.get("REQUESTS_PER_WORKER") or 4)
django_application = WSGIMiddleware(get_wsgi_application(), workers=REQUESTS_PER_WORKER)

from scorekeeper.tables.middleware import BodyLimit, Bounded  # noqa: E402  (once Django is set up)

application = BodyLimit(Bounded(django_application, REQUESTS_PER_WORKER))

# Each live preview replays the whole session in the engine (a thousand hands for a long
# one); that churn sets off full garbage collections, which would walk every object loaded
# at start-up each time. Freezing them (the usual prefork-server step) keeps those
# collections to what requests create.
gc.freeze()
