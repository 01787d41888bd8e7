"""Log-in guesses slowed down, without locking anyone else out.

A lock by address locked everyone behind it (a club's Wi-Fi, a carrier's NAT) after five log-ins with
names that do not exist; a lock by username let anyone lock its owner out everywhere with five wrong
passwords. So (OWASP, "slow down online guessing attacks with device cookies"):

- **A name from one address** (`PAIR_LIMIT` wrong passwords in `PAIR_WINDOW`): that name is paused from
  that address only. Other people behind the address, and the owner elsewhere, are not.
- **A name from everywhere** (`NAME_SLOW_AFTER` wrong passwords in `NAME_WINDOW`, from any addresses):
  the name is slowed, never locked: each further try from a phone or computer it was never logged in on
  waits after the last wrong one, 15 s, then twice as long each time, at most 15 minutes. A guesser with
  many addresses gets about a dozen tries an hour; the owner on a new phone waits minutes at worst.
- **A known device**: a successful log-in leaves a signed cookie (`DEVICE_COOKIE`, a year) naming the
  accounts logged in on that browser. A try for one of them from it is neither paused nor slowed by
  others' guesses: the owner's own phone keeps working during an attack. It has its own count
  (`DEVICE_LIMIT` wrong passwords in `PAIR_WINDOW`, then it is treated as unknown), so a stolen cookie
  buys no more guesses than an address does. A logged-in session is never affected at all.

Tries are counted before the password is checked (`attempt_begin`), in the database (`LoginAttempts`,
one UPDATE a counter), so parallel requests cannot slip past a limit and every worker and server sees
the same counts. Sign-up counts too: a sign-up naming an account that exists is a log-in with that
password (views.accounts), counted and paused the same way, so it tells no more than a log-in does.
"""
from __future__ import annotations

import hashlib
import logging
import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from .models import LoginAttempts

log = logging.getLogger(__name__)

PAIR_LIMIT = 5
PAIR_WINDOW = timedelta(minutes=15)
NAME_SLOW_AFTER = 5
NAME_WINDOW = timedelta(hours=1)
FIRST_WAIT = timedelta(seconds=15)
LONGEST_WAIT = timedelta(minutes=15)
DEVICE_LIMIT = 5
DEVICE_COOKIE = "known_device"
DEVICE_SALT = "scorekeeper.known-device"
DEVICE_AGE = 365 * 24 * 3600
DEVICE_ACCOUNTS = 5  # accounts a browser remembers having logged in


@dataclass(frozen=True)
class Attempt:
    """One log-in (or sign-up) try: for which name, from where, from which known device if any."""

    name: str  # as typed, compared without case
    address: str
    device: str  # the known device's id, if this browser logged in with this name before; else ""

    @classmethod
    def of(cls, request: HttpRequest, username: str) -> Attempt:
        """A device is known for a name it logged in with, until it has had DEVICE_LIMIT wrong passwords."""
        name = username.strip().casefold()[:150]
        known = device_of(request)
        device = known["id"] if known is not None and name in known["accounts"] else ""
        if device and _count(_key("device", device), timezone.now(), PAIR_WINDOW)[0] >= DEVICE_LIMIT:
            device = ""
        return cls(name, str(request.META.get("REMOTE_ADDR", "")), device)

    def keys(self) -> dict[str, str]:
        return {"pair": _key("pair", self.name, self.address), "name": _key("name", self.name),
                "device": _key("device", self.device)}


def attempt_refusal(attempt: Attempt) -> str:
    """Why this try is refused before its password is looked at, or ""."""
    keys, now = attempt.keys(), timezone.now()
    if attempt.device:
        return ""  # the owner's own browser: others' guesses do not hold it up
    if _count(keys["pair"], now, PAIR_WINDOW)[0] >= PAIR_LIMIT:
        return gettext("Too many wrong passwords for this name from this connection: logging in with it is "
                       "paused here for up to 15 minutes. Other people on this connection are not affected.")
    wait = name_wait(attempt, now)
    if wait:
        return waiting_words(wait)
    return ""


def name_wait(attempt: Attempt, now: datetime) -> timedelta:
    """How long an unknown device still waits before trying this name (a name many wrong passwords were
    tried for, from anywhere)."""
    failures, last = _count(attempt.keys()["name"], now, NAME_WINDOW)
    if failures < NAME_SLOW_AFTER or last is None:
        return timedelta(0)
    wait = min(FIRST_WAIT * 2 ** (failures - NAME_SLOW_AFTER), LONGEST_WAIT)
    return max(last + wait - now, timedelta(0))


def waiting_words(wait: timedelta) -> str:
    seconds = math.ceil(wait.total_seconds())
    if seconds < 60:
        how_long = ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    else:
        minutes = (seconds + 59) // 60
        how_long = ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
    return gettext("Many wrong passwords were tried for this name: wait %(wait)s before trying again here. A phone "
                   "or computer you have logged in on before is not held up.") % {"wait": how_long}


def attempt_begin(attempt: Attempt) -> None:
    """Count the try before its password is checked: a burst of parallel tries cannot pass a limit."""
    keys = attempt.keys()
    _bump(keys["device"] if attempt.device else keys["pair"], PAIR_WINDOW)


def attempt_failed(attempt: Attempt) -> None:
    if attempt.device:
        return  # counted on the device (attempt_begin)
    failures = _bump(attempt.keys()["name"], NAME_WINDOW)
    pair = _count(attempt.keys()["pair"], timezone.now(), PAIR_WINDOW)[0]
    if pair == PAIR_LIMIT or failures == NAME_SLOW_AFTER:
        log.warning("Log-in guesses: %d wrong passwords for one name from %s (%d from anywhere)", pair,
                    attempt.address, failures)


def attempt_succeeded(attempt: Attempt, request: HttpRequest, response: HttpResponseBase) -> None:
    """The right password: this address's count for the name starts again, and the browser is known."""
    keys = attempt.keys()
    LoginAttempts.objects.filter(key__in=[keys["pair"], keys["device"]]).delete()
    remember_device(request, response, attempt.name)


def device_of(request: HttpRequest) -> dict[str, Any] | None:
    try:
        known = signing.loads(request.COOKIES.get(DEVICE_COOKIE, ""), salt=DEVICE_SALT, max_age=DEVICE_AGE)
    except signing.BadSignature:
        return None
    ok = isinstance(known, dict) and isinstance(known.get("id"), str) and isinstance(known.get("accounts"), list)
    return known if ok else None


def remember_device(request: HttpRequest, response: HttpResponseBase, name: str) -> None:
    """The browser's known-device cookie, naming this account (the latest few)."""
    from django.conf import settings

    known = device_of(request) or {"id": secrets.token_hex(16), "accounts": []}
    accounts = [n for n in known["accounts"] if n != name][-(DEVICE_ACCOUNTS - 1):] + [name]
    value = signing.dumps({"id": known["id"], "accounts": accounts}, salt=DEVICE_SALT, compress=True)
    response.set_cookie(DEVICE_COOKIE, value, max_age=DEVICE_AGE, secure=settings.SESSION_COOKIE_SECURE,
                        httponly=True, samesite="Lax")


def _key(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _count(key: str, now: datetime, window: timedelta) -> tuple[int, datetime | None]:
    """Tries counted under `key` in its current window, and when the last was."""
    row = LoginAttempts.objects.filter(key=key, since__gt=now - window).values_list("count", "last").first()
    return row if row is not None else (0, None)


def _bump(key: str, window: timedelta) -> int:
    """One more try under `key` (a new window when the last one ended); the count now."""
    now = timezone.now()
    with transaction.atomic():
        counted = LoginAttempts.objects.filter(key=key, since__gt=now - window)
        if not counted.update(count=F("count") + 1, last=now):
            _start(key, now)
        return counted.values_list("count", flat=True).first() or 1


def _start(key: str, now: datetime) -> None:
    LoginAttempts.objects.filter(key=key).delete()  # a window that ended
    try:
        with transaction.atomic():
            LoginAttempts.objects.create(key=key, count=1, since=now, last=now)
    except IntegrityError:  # started meanwhile by a parallel try
        LoginAttempts.objects.filter(key=key).update(count=F("count") + 1, last=now)
    if secrets.randbelow(50) == 0:  # now and then, the counts of windows long over go
        LoginAttempts.objects.filter(last__lt=now - NAME_WINDOW).delete()
