"""Oversized requests are refused before anything reads them.

Django checks DATA_UPLOAD_MAX_MEMORY_SIZE for form fields only: a multipart body
carrying a file would still be read and stored. No screen of the app uploads
anything but a session backup, so any other body above the limit is a mistake or an attack: a
400, at once. The import screen takes a backup of up to 2 MB (the form says so; a 1,000-hand session
is about 300 kB).
"""
from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.urls import reverse

from .entry.forms import MAX_BACKUP_BYTES

# The backup file and the multipart envelope around it (boundaries, the CSRF token).
IMPORT_BODY_LIMIT = MAX_BACKUP_BYTES + 64 * 1024


def refuse_oversized_body(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        limit = IMPORT_BODY_LIMIT if request.path == reverse("session_import") else settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django's own parsing refuses it, as a bad request
        if limit is not None and length > limit:
            return HttpResponseBadRequest("The request is too large.", content_type="text/plain")
        return get_response(request)

    return middleware
