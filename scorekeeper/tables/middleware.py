"""Requests refused before any view runs (oversized bodies, methods no screen uses), and pages kept private.

Oversized requests are refused before anything reads them.

Django checks DATA_UPLOAD_MAX_MEMORY_SIZE for form fields only: a multipart body
carrying a file would still be read and stored. No screen of the app uploads
anything but a session backup and a photo of the tiles, so any other body above the limit is a mistake or an
attack: a 400, at once, from its Content-Length. The import screen takes a backup of up to 2 MB (the form says
so; a 1,000-hand session is about 300 kB), the win form's camera a photo of up to 2 MB (entry/photo.py).

A body without a Content-Length (sent chunked) is refused with a 411: Django reads no byte of one (its
request stream is as long as the Content-Length says), browsers never send one, and the proxy in front sends
bodies it buffered whole with their length. gunicorn then drains at most 64 kB of what is left before the
connection is used again (tests/ops/test_abuse.py: two 2 MB bodies in one-byte chunks). The proxy's own cap
(deploy/Caddyfile) stays in front as defence in depth.
"""
from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotAllowed
from django.urls import reverse
from django.utils.cache import patch_cache_control

from .entry.forms import MAX_BACKUP_BYTES
from .entry.photo import MAX_PHOTO_BYTES

# The backup file and the multipart envelope around it (boundaries, the CSRF token).
IMPORT_BODY_LIMIT = MAX_BACKUP_BYTES + 64 * 1024
# A photo of the tiles (views/photo.py) and its envelope.
PHOTO_BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024


def body_limit(path: str) -> int:
    """The most bytes a request's body to `path` may have."""
    if path == reverse("session_import"):
        return IMPORT_BODY_LIMIT
    if path.startswith("/sessions/") and path.endswith("/photo/"):
        return PHOTO_BODY_LIMIT
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)


def refuse_oversized_body(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        limit = body_limit(request.path)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django's own parsing refuses it, as a bad request
        if length > limit:
            return HttpResponseBadRequest(TOO_LARGE, content_type="text/plain")
        if "HTTP_TRANSFER_ENCODING" in request.META and not request.META.get("CONTENT_LENGTH"):
            return HttpResponse(LENGTH_REQUIRED, status=411, content_type="text/plain")
        return get_response(request)

    return middleware


TOO_LARGE = "The request is too large."
LENGTH_REQUIRED = "A request body needs its Content-Length."

# Every screen is read with GET (HEAD) and changed with a form's POST; nothing answers other methods.
ALLOWED_METHODS = ("GET", "HEAD", "POST")


def refuse_other_methods(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """PUT, DELETE, PATCH (and the rest) get a 405 naming what is allowed, before any view runs."""
    def middleware(request: HttpRequest) -> HttpResponse:
        if request.method not in ALLOWED_METHODS:
            return HttpResponseNotAllowed(ALLOWED_METHODS)
        return get_response(request)

    return middleware


def private_pages(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """A session's pages, exports and backups are one table's business: no shared cache (a proxy, a
    shared computer's disk) keeps them. A response that says how to cache itself (the service worker,
    static files) keeps its own header."""
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True, no_store=True)
        return response

    return middleware
