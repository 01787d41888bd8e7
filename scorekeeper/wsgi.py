"""WSGI entry point: exposes ``application``."""
import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()

# Each live preview replays the whole session in the engine (a thousand hands for a long
# one); that churn sets off full garbage collections, which would walk every object loaded
# at start-up each time. Freezing them (the usual prefork-server step) keeps those
# collections to what requests create.
gc.freeze()
