"""A photo of a winner's tiles read for the keypad (issue 38): POST /sessions/<pk>/photo/, a multipart form with
the picture in `photo` (and the hand's gold or fortune in `wild`, where the ruleset has one), answered in JSON.

    200 {"tiles": ["1m", ...], "doubtful": [false, ...], "sure": 0.83, "accepted": true, "missing": 0, "size": 14,
         "choices": [["1m", "2m", "7p"], ...], "alike": [0, 1, 1, ...]}
    400 {"error": "..."} no photo, or not one the reader opens; 404 where the server has no camera reader
    429 {"error": "..."} more than PHOTO_REQUESTS a minute from one account (or one address for a link's visitor)

The upload is held in memory only (MemoryFileUploadHandler: never a temporary file), read, and dropped; the
body is never logged. A scorer's right, as the win form's (web/access.py).
"""
from __future__ import annotations

from django.core.files.uploadhandler import MemoryFileUploadHandler
from django.http import Http404, HttpResponseBase, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from ..display.rulesets import get_profile
from ..entry.photo import PhotoRefused, camera_offered, photo_read
from ..models import Session
from ..web.requests import Request
from .base import open_session

# A table photographs a hand every few minutes, a retake or two when the light is bad; each read costs the
# server up to a second of a core, so a loop is stopped early.
PHOTO_REQUESTS = "10/m"


@csrf_exempt  # checked below, once the upload handlers are set: the CSRF check reads the body (Django's docs)
@require_POST
def session_photo(request: Request, pk: int) -> HttpResponseBase:
    if not camera_offered():
        raise Http404("no camera reader on this server")
    request.upload_handlers = [MemoryFileUploadHandler(request)]
    return _photo(request, pk=pk)


@csrf_protect
@ratelimit(key="user_or_ip", rate=PHOTO_REQUESTS, method="POST", group="photo", block=False)
@open_session("score", open_only=True)
def _photo(request: Request, session: Session) -> HttpResponseBase:
    if getattr(request, "limited", False):
        return JsonResponse({"error": _("Too many photos in a minute: wait a little and take it again.")},
                            status=429)
    upload = request.FILES.get("photo")
    try:
        answer = photo_read(data=upload.read() if upload is not None else b"",
                            ruleset=get_profile(session.ruleset).ruleset, wild=request.POST.get("wild", ""))
    except PhotoRefused as refused:
        return JsonResponse({"error": str(refused)}, status=400)
    finally:
        if upload is not None:
            upload.close()
    return JsonResponse(answer.as_json())
