"""ASGI entry point: exposes ``application``."""
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

django_application = get_asgi_application()

from scorekeeper.tables.middleware import BodyLimit, Bounded  # noqa: E402  (once Django is set up)

# A body over its limit is refused from its headers, or at the limit as it streams in, before Django's
# handler would read (and spool) all of it; at most REQUESTS_PER_WORKER requests (default 8) of a worker
# process in Django at once, each with its body received (tables/middleware.py).
application = BodyLimit(Bounded(django_application, int(os.environ.get("REQUESTS_PER_WORKER") or 8)))

# Each live preview replays the whole session in the engine (a thousand hands for a long
# one); that churn sets off full garbage collections, which would walk every object loaded
# at start-up each time. Freezing them (the usual prefork-server step) keeps those
# collections to what requests create.
gc.freeze()
