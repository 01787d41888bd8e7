"""Who may do what with a session: the one place every view asks.

A session is its owner's: the account that started it, or, for a session started without an account,
the phone that started it (its `owner` grant, views/guests.py). Table-mates come in by share link
(`/t/<token>/`). A phone's grants are kept in its signed cookie (web/grants.py) as the ids of their
`ShareLink` rows, looked up again on every request, so a revoked link stops working at once, also for
those who followed it before. Anyone else gets a 404, never a 403: a stranger cannot even learn that a
session exists.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeVar

from django.http import Http404, HttpRequest

from ..models import Hand, Session, ShareLink
from ..selectors import hand_get, session_get
from . import grants

Need = Literal["view", "score", "own"]
ROLES = ("viewer", "scorer", "owner")  # each may do what the ones before it may
NEEDS = {"view": "viewer", "score": "scorer", "own": "owner"}


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
    ids = grants.held(request).get(str(session.pk), [])
    if not ids:
        return None
    links = dict(ShareLink.objects.filter(session=session, pk__in=ids).values_list("pk", "role"))
    best = _best(set(links.values()), session.owner_id)
    return None if best is None else Access(best.role, tuple(sorted(links)))


def _best(roles: set[str], owner_id: int | None) -> Access | None:
    """The most a phone's grants allow; an owner grant only while no account owns the session."""
    if ShareLink.Role.OWNER in roles and owner_id is None:
        return Access("owner")
    for role in (ShareLink.Role.SCORER, ShareLink.Role.VIEWER):
        if role in roles:
            return Access(str(role))
    return None


def _check(request: HttpRequest, session: Session, need: Need) -> None:
    access = access_of(request, session)
    if access is None or not access.allows(need):
        raise Http404("No such session")
    request.access = access  # type: ignore[attr-defined]  # read by the templates: {{ request.access }}


def link_found(token: str) -> ShareLink:
    """The share link; 404 for an unknown or revoked token (or a guest's owner grant, which is no link)."""
    links = ShareLink.objects.select_related("session").exclude(role=ShareLink.Role.OWNER)
    link = links.filter(token=token).first() if len(token) <= 64 else None
    if link is None:
        raise Http404("No such link")
    return link


def link_follow(request: HttpRequest, token: str) -> ShareLink:
    """Give this phone a share link's grant (written by `grants.kept`); 404 for an unknown or revoked token."""
    link = link_found(token)
    grants.grant(request, link)
    return link


def granted_roles(request: HttpRequest) -> dict[int, str]:
    """The sessions this phone's grants still open, and the most each allows ("owner", "scorer", "viewer").
    Grants that open nothing any more (a link revoked, a guest session claimed) are dropped from the phone."""
    ids, held = grants.link_ids(request), grants.held(request)
    rows = ShareLink.objects.filter(pk__in=ids).values_list("pk", "session_id", "role", "session__owner_id")
    roles: dict[int, set[str]] = {}
    useful = set()
    for pk, session_id, role, owner_id in rows if ids else []:
        if pk in held.get(str(session_id), []) and (role != ShareLink.Role.OWNER or owner_id is None):
            roles.setdefault(session_id, set()).add(role)
            useful.add(pk)
    grants.drop(request, set(ids) - useful)
    return {pk: access.role for pk, found in roles.items() if (access := _best(found, None))}
