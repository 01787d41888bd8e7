"""The live server's ASGI application: the app's settings without its middleware (settings.py), one URL, one
async view (views.py) on stock uvicorn.

Why a Django view and not a bare ASGI application (which this was first): measured with benchmarks/live_stream.py
(300 streams on one session, 5 changes, stock uvicorn, SQLite; 2026-11-28), the bare application cost 1.3 ms of
CPU a stream opened and 0.67 ms an event sent, this view 2.4 ms and 0.92 ms. On a club night's mix (a stream
opened again after each hand on the scorer's phone, some 100 events a table-hour) that is some 0.05 s of a
table-hour's 2.2-2.9 s (docs/load.md): 2%, which does not pay for routing, cookies and the ASGI protocol by hand.
"""
from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

# Set, not defaulted: an operator's DJANGO_SETTINGS_MODULE for the app would give the app's middleware and URLs
# here, where /sessions/<pk>/events/ is the app's 204 and every phone would fall back to polling.
os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.live.settings"
application = get_asgi_application()
