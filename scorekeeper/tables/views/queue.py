"""A phone's offline queue, sent when the connection returns (static/js/offline.js; services.offline_queue).

The phone posts its queue as JSON and gets, for each change, what became of it (presenters/queue.py).
"""
from __future__ import annotations

from django.http import HttpResponseBase, JsonResponse
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from .. import services
from ..entry.queued import queue_from_json
from ..models import Session
from ..presenters.queue import queue_answer
from ..services.offline_queue import SAVED
from ..web.drafts import draft_drop
from ..web.requests import Request
from .base import QUEUE_REQUESTS, open_session


@ratelimit(key="user_or_ip", rate=QUEUE_REQUESTS, method="POST", group="offline-queue")
@require_POST
@open_session("score")
def queue_send(request: Request, session: Session) -> HttpResponseBase:
    try:
        queue = queue_from_json(request.body)
    except ValueError as bad:
        return JsonResponse({"error": str(bad)}, status=400)
    results = services.queue_send(session=session, queue=queue)
    answer = queue_answer(session, queue, results)
    if any(sent.status == SAVED for sent in results):
        draft_drop(request, session)  # a win begun before the phone went offline
    return JsonResponse(answer)
