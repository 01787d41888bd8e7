"""The installable, offline-capable shell: manifest, service worker and the offline page.

The service worker is rendered as a template so that it can precache the exact static
URLs of this deployment (hashed names in production) and is served from the site root,
because a worker only controls pages at or below its own path.
"""
from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import cache_control

# Every style and script a page loads: a page kept for offline use must work without a connection
# (tests/browser/test_offline_queue.py reads the kept pages and checks each is here).
SHELL_STATIC = ("css/app.css", "js/offline.js", "js/offline_screen.js", "js/keypad.js", "js/keypad_model.js",
                "js/awake.js", "js/live.js", "js/session_new.js", "js/share.js", "favicon.svg", "icons/icon-192.png",
                "icons/icon-512.png", "django_htmx/htmx-2.min.js", "django_htmx/django-htmx.js")
# Bumped whenever the worker's caching logic changes, so old caches are dropped (the queue of changes
# waiting on the phone is not a cache: it stays).
WORKER_VERSION = "3"


@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    shell = ["/offline/", *(static(path) for path in SHELL_STATIC)]
    response = render(request, "offline/sw.js", {"shell_json": json.dumps(shell), "version": WORKER_VERSION},
                      content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


def offline_page(request: HttpRequest) -> HttpResponse:
    return render(request, "offline/offline.html")


def manifest(request: HttpRequest) -> JsonResponse:
    return JsonResponse({
        "name": "Mahjong Scorekeeper",
        "short_name": "Mahjong",
        "description": "Keep score of a real mahjong table on one phone.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5ef",
        "theme_color": "#14532d",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }, content_type="application/manifest+json")
