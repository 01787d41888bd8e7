"""Who may do what with a session: the one place every view asks.

A session is its owner's. Table-mates come in by share link (`/t/<token>/`): the
grant is kept in their Django session as the token itself, and the token is looked
up again on every request, so a revoked link stops working at once, also for those
who followed it before. Anyone else gets a 404, never a 403: a stranger cannot even
learn that a session exists.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeVar

from django.http import Http404, HttpRequest

from ..models import Hand, Session, ShareLink
from ..selectors import hand_get, session_get

Need = Literal["view", "score", "own"]
ROLES = ("viewer", "scorer", "owner")  # each may do what the ones before it may
NEEDS = {"view": "viewer", "score": "scorer", "own": "owner"}
GRANTS = "share_grants"  # Django session key: {session pk: [token, ...]}
MAX_GRANTS = 50  # a visitor following links all year keeps only the latest ones


@dataclass(frozen=True)
class Access:
    """What the visitor may do with one session: the screens show only that."""

    role: str  # "owner", "scorer" or "viewer"
    links: tuple[int, ...] = ()  # the share links that grant it (none for the owner)

    @property
    def can_score(self) -> bool:
        return ROLES.index(self.role) >= ROLES.index("scorer")

    @property
    def is_owner(self) -> bool:
        return self.role == "owner"

    def allows(self, need: Need) -> bool:
        return ROLES.index(self.role) >= ROLES.index(NEEDS[need])


Row = TypeVar("Row", Session, Hand)
MAX_ID = 2**63 - 1  # a bigger number in a URL is no row: the database is not asked


def session_for(request: HttpRequest, pk: int, need: Need = "view") -> Session:
    """The session, if this visitor may do `need` with it; else 404. Sets `request.access`."""
    session = _found(Session, pk, session_get)
    _check(request, session, need)
    return session


def hand_for(request: HttpRequest, pk: int, need: Need = "score") -> Hand:
    """The hand, if this visitor may do `need` with its session; else 404."""
    hand = _found(Hand, pk, hand_get)
    _check(request, hand.session, need)
    return hand


def _found(model: type[Row], pk: int, get: Callable[..., Row]) -> Row:
    try:
        if pk > MAX_ID:
            raise model.DoesNotExist  # type: ignore[attr-defined]
        return get(pk=pk)
    except model.DoesNotExist:  # type: ignore[attr-defined]
        raise Http404(f"No such {model.__name__.lower()}") from None


def access_of(request: HttpRequest, session: Session) -> Access | None:
    user = request.user
    if session.owner_id is not None and user.is_authenticated and session.owner_id == user.pk:
        return Access("owner")
    tokens = _grants(request).get(str(session.pk), [])
    if not tokens:
        return None
    links = dict(ShareLink.objects.filter(session=session, token__in=tokens).values_list("pk", "role"))
    if not links:
        return None
    return Access("scorer" if ShareLink.Role.SCORER in links.values() else "viewer", tuple(sorted(links)))


def _check(request: HttpRequest, session: Session, need: Need) -> None:
    access = access_of(request, session)
    if access is None or not access.allows(need):
        raise Http404("No such session")
    request.access = access  # type: ignore[attr-defined]  # read by the templates: {{ request.access }}


def link_found(token: str) -> ShareLink:
    """The share link; 404 for an unknown or revoked token."""
    link = ShareLink.objects.select_related("session").filter(token=token).first() if len(token) <= 64 else None
    if link is None:
        raise Http404("No such link")
    return link


def link_follow(request: HttpRequest, token: str) -> ShareLink:
    """Remember a share link's grant in the visitor's Django session; 404 for an unknown or revoked token."""
    link = link_found(token)
    grants = _grants(request)
    key = str(link.session_id)
    tokens = [t for t in grants.pop(key, []) if t != token] + [token]
    grants[key] = tokens[-4:]
    while len(grants) > MAX_GRANTS:
        grants.pop(next(iter(grants)))
    request.session[GRANTS] = grants
    return link


def granted_session_ids(request: HttpRequest) -> list[int]:
    """Sessions this visitor opened by a share link that still works, latest first."""
    grants = _grants(request)
    tokens = [t for ts in grants.values() for t in ts]
    if not tokens:
        return []
    alive = set(ShareLink.objects.filter(token__in=tokens).values_list("session_id", flat=True))
    return [int(pk) for pk in reversed(grants) if int(pk) in alive]


def _grants(request: HttpRequest) -> dict[str, list[str]]:
    grants = request.session.get(GRANTS)
    if not isinstance(grants, dict):
        return {}
    return {k: list(v) for k, v in grants.items() if isinstance(v, list) and k.isascii() and k.isdigit()}
