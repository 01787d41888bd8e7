"""Oversized requests are refused before anything reads them.

Django checks DATA_UPLOAD_MAX_MEMORY_SIZE for form fields only: a multipart body
carrying a file would still be read and stored. No screen of the app uploads
anything, so any body above the limit is a mistake or an attack: a 400, at once.
"""
from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest


def refuse_oversized_body(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django's own parsing refuses it, as a bad request
        if limit is not None and length > limit:
            return HttpResponseBadRequest("The request is too large.", content_type="text/plain")
        return get_response(request)

    return middleware
