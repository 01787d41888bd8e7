"""A win left half-entered (the phone locked, Back tapped by mistake) kept until it is saved or cancelled.

Kept on the phone, in a signed, compressed cookie of the session's own (`win_draft_<pk>`, sent only to
that session's pages: path /sessions/<pk>/), never in the database. Every keypad tap and live preview
keeps the draft: written into the visitor's Django session, each was a database write, and on SQLite
every one waited for the same write lock as the saves (issue 20, point 8). The cookie is HttpOnly,
SameSite=Lax and Secure as the session cookie is, signed for that session (a draft cannot be moved
to another), and bounded: a draft whose cookie would pass MAX_COOKIE bytes (far beyond a hand's
tiles: only text pasted into a field gets there) is not kept, and the one kept before is dropped, so
the form never comes back with something other than what was last typed.

The views call `draft_get`, `draft_keep` and `draft_drop`; `draft_cookies` (a middleware) writes what
they decided on the response, whichever response the view made.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

from ..models import Session

SALT = "scorekeeper.win-draft"
MAX_AGE = 14 * 24 * 3600  # a draft left for two weeks is not coming back
MAX_COOKIE = 3500  # bytes of the cookie's value: browsers keep at least 4,096 for name, value and attributes
PENDING = "_win_drafts"  # on the request: {session pk: the cookie's new value, or None to drop it}


def draft_get(request: HttpRequest, session: Session) -> dict[str, list[str]] | None:
    """The draft kept for this session on this phone, if any (what this request kept, if it kept one)."""
    pending = getattr(request, PENDING, {})
    text = pending[session.pk] if session.pk in pending else request.COOKIES.get(_name(session))
    if not text:
        return None
    try:
        draft = signing.loads(text, salt=_salt(session), max_age=MAX_AGE)
    except signing.BadSignature:
        return None
    return draft if _is_fields(draft) else None


def draft_keep(request: HttpRequest, session: Session, fields: dict[str, list[str]]) -> None:
    value = signing.dumps(fields, salt=_salt(session), compress=True)
    _pending(request)[session.pk] = value if len(value) <= MAX_COOKIE else None


def draft_drop(request: HttpRequest, session: Session) -> None:
    if session.pk in getattr(request, PENDING, {}) or _name(session) in request.COOKIES:
        _pending(request)[session.pk] = None


def draft_cookies(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """Middleware: the drafts the view kept or dropped, set on its response."""
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        for pk, value in getattr(request, PENDING, {}).items():
            name, path = f"win_draft_{pk}", f"/sessions/{pk}/"
            if value is None:
                response.delete_cookie(name, path=path, samesite="Lax")
            else:
                response.set_cookie(name, value, max_age=MAX_AGE, path=path, secure=settings.SESSION_COOKIE_SECURE,
                                    httponly=True, samesite="Lax")
        return response

    return middleware


def _pending(request: HttpRequest) -> dict[int, str | None]:
    if not hasattr(request, PENDING):
        setattr(request, PENDING, {})
    pending: dict[int, str | None] = getattr(request, PENDING)
    return pending


def _name(session: Session) -> str:
    return f"win_draft_{session.pk}"


def _salt(session: Session) -> str:
    return f"{SALT}:{session.pk}"


def _is_fields(draft: Any) -> bool:
    return isinstance(draft, dict) and all(isinstance(k, str) and isinstance(v, list) and
                                           all(isinstance(x, str) for x in v) for k, v in draft.items())
