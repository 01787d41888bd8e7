"""The live server's settings: the app's own, without its middleware (a stream has no session, no CSRF, no page
to protect) and with the stream's one URL; one database connection kept for the process's life (the hub's one
thread asks every second), checked before each stream and replaced when the database dropped it."""
from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import DATABASES as APP_DATABASES

ROOT_URLCONF = "scorekeeper.live.urls"
MIDDLEWARE = []
DATABASES = {"default": {**APP_DATABASES["default"], "CONN_MAX_AGE": None, "CONN_HEALTH_CHECKS": True,
                         "OPTIONS": {k: v for k, v in APP_DATABASES["default"].get("OPTIONS", {}).items()
                                     if k != "pool"}}}
