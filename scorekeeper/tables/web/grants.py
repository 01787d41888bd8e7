"""The grants a phone holds: the sessions it may open without being their owner's account.

A grant is a `ShareLink` row: a scorer or viewer link the visitor followed (`/t/<token>/`), or the
`owner` row of a session the visitor started without an account (views/guests.py). The phone keeps, per
session, the ids of those rows; access.py looks them up on every request, so a revoked link (its row
deleted) stops working at once, on every phone, and a claimed guest session (its owner row deleted) is
the account's only.

They are kept in a signed cookie, `grants`, not in the Django session (where share links' grants were
kept before issue 19), because:
- a guest's sessions must stay on the phone for as long as it is used. A Django session ends two weeks
  after its last write (SESSION_COOKIE_AGE), and renewing it costs a database write; the cookie lives a
  year from its last write, and the home page renews it once it is a week old: a header, no write;
- starting a session or following a link writes no session row: log-ins, which live in the database,
  are the only sessions there;
- it is signed (django.core.signing, with SECRET_KEY and SECRET_KEY_FALLBACKS: rotate the key through
  the fallbacks, or every phone forgets its grants), so a phone cannot give itself one. It holds the
  rows' ids, not the links' tokens: the signature already says the server gave them, and ids keep it
  small: 100 sessions of 3 grants each, ids of ten digits, fit in 4 kB, a browser's limit for a cookie.
The phone loses its grants with its cookies (cleared, another browser): a guest is told that the sessions
are kept on this phone, and to sign up to keep them. Logging out forgets them, as it forgot the Django
session's. Grants kept in the Django session before are still read, and move into the cookie the next
time it is written, so no table-mate loses a session the day this ships.

A view that changes them (`grant`, `drop`) returns its response through `kept`, which writes the cookie.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponseBase

from ..models import ShareLink

COOKIE = "grants"
SALT = "scorekeeper.tables.grants"
MAX_AGE = 365 * 24 * 3600  # Chrome keeps a cookie 400 days at most
RENEW_AFTER_DAYS = 7
MAX_SESSIONS = 100  # a phone following links all year keeps only the latest ones
PER_SESSION = 3  # the latest links followed to one session (a viewer link, then a scorer link...)
LEGACY = "share_grants"  # where the Django session kept grants, as tokens: {session pk: [token, ...]}


@dataclass
class Phone:
    """The grants read from this request's cookie: {session pk: [ShareLink id, ...]}, latest last."""

    grants: dict[str, list[int]] = field(default_factory=dict)
    day: int = 0  # when the cookie was written, in days since 1970
    changed: bool = False


def held(request: HttpRequest) -> dict[str, list[int]]:
    return _phone(request).grants


def link_ids(request: HttpRequest) -> list[int]:
    return [pk for ids in held(request).values() for pk in ids]


def grant(request: HttpRequest, link: ShareLink) -> None:
    """This phone may now do what `link` allows (written by `kept`)."""
    phone = _phone(request)
    key = str(link.session_id)
    ids = [pk for pk in phone.grants.pop(key, []) if pk != link.pk] + [link.pk]
    phone.grants[key] = ids[-PER_SESSION:]
    while len(phone.grants) > MAX_SESSIONS:
        phone.grants.pop(next(iter(phone.grants)))
    phone.changed = True


def drop(request: HttpRequest, dead: set[int]) -> None:
    """Forget these grants (links revoked, sessions claimed)."""
    phone = _phone(request)
    kept_ids = {key: [pk for pk in ids if pk not in dead] for key, ids in phone.grants.items()}
    if kept_ids != phone.grants:
        phone.grants, phone.changed = {key: ids for key, ids in kept_ids.items() if ids}, True


def kept(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    """The response, writing the phone's grants when they changed, or renewing them when a week old."""
    phone = _phone(request)
    if not phone.changed and (not phone.grants or _today() - phone.day < RENEW_AFTER_DAYS):
        return response
    if phone.grants:
        value = signing.dumps({"g": phone.grants, "d": _today()}, salt=SALT, compress=True)
        response.set_cookie(COOKIE, value, max_age=MAX_AGE, secure=settings.SESSION_COOKIE_SECURE, httponly=True,
                            samesite="Lax")
    else:
        response.delete_cookie(COOKIE, samesite="Lax")
    if hasattr(request, "session") and LEGACY in request.session:
        del request.session[LEGACY]
    return response


def forgotten(response: HttpResponseBase) -> HttpResponseBase:
    """The response, with the phone's grants forgotten (logging out)."""
    response.delete_cookie(COOKIE, samesite="Lax")
    return response


def _phone(request: HttpRequest) -> Phone:
    phone = getattr(request, "_grants_phone", None)
    if phone is None:
        phone = _read(request)
        request._grants_phone = phone  # type: ignore[attr-defined]  # read once per request
    return phone


def _read(request: HttpRequest) -> Phone:
    try:
        data = signing.loads(request.COOKIES.get(COOKIE, ""), salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:  # none, tampered with, or older than a year
        data = {}
    data = data if isinstance(data, dict) else {}
    phone = Phone(_valid(data.get("g")), data["d"] if isinstance(data.get("d"), int) else 0)
    if hasattr(request, "session") and LEGACY in request.session:
        phone.grants, phone.changed = {**_legacy(request.session[LEGACY]), **phone.grants}, True
    return phone


def _valid(grants: object) -> dict[str, list[int]]:
    if not isinstance(grants, dict):
        return {}
    return {str(key): [pk for pk in ids if isinstance(pk, int)] for key, ids in grants.items()
            if str(key).isascii() and str(key).isdigit() and isinstance(ids, list)}


def _legacy(kept_tokens: object) -> dict[str, list[int]]:
    """Grants the Django session kept as tokens, as the ids of their links (those not revoked)."""
    if not isinstance(kept_tokens, dict):
        return {}
    tokens = [t for ts in kept_tokens.values() if isinstance(ts, list) for t in ts if isinstance(t, str)]
    grants: dict[str, list[int]] = {}
    for session_id, pk in ShareLink.objects.filter(token__in=tokens).values_list("session_id", "pk"):
        grants.setdefault(str(session_id), []).append(pk)
    return grants


def _today() -> int:
    return int(time.time() // 86400)
