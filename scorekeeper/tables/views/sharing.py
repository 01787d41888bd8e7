"""Share links: the owner makes and revokes them; a table-mate follows one into the session."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import selectors, services
from ..display.qr import qr_svg
from ..display.words import ago
from ..entry.forms import ShareForm
from ..models import Session, ShareLink
from ..web import access, grants
from ..web.requests import Request, go_to, parse_id, refusal_status
from .base import open_session


@require_http_methods(["GET", "POST"])
@open_session("own")
def share(request: Request, session: Session) -> HttpResponseBase:
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "revoke":
        return revoke(request, session)
    form = ShareForm(request.POST if action == "create" else None)
    if request.method == "POST" and form.is_valid():
        link = services.share_link_create(session=session, **form.link_fields())
        messages.success(request, _("New scorer link: send it to the table.") if link.role == link.Role.SCORER
                         else _("New viewer link: send it to the table."))
        return go_to(request, "share", session, f"#link-{link.pk}")
    links = [_shown(request, link) for link in selectors.share_links(session=session)]
    return render(request, "tables/share.html", {"session": session, "form": form, "links": links},
                  status=refusal_status(request, invalid=bool(form.errors)))


def _shown(request: Request, link: ShareLink) -> tuple[ShareLink, str, str, SafeString]:
    """A link as Share lists it: its address, its age, and its QR code."""
    url = request.build_absolute_uri(reverse("follow_link", args=[link.token]))
    title = _("QR code of the scorer link") if link.role == link.Role.SCORER else _("QR code of the viewer link")
    return link, url, ago(link.created_at), qr_svg(url, title)


def revoke(request: Request, session: Session) -> HttpResponseBase:
    link_id = parse_id(request.POST.get("link"))
    if link_id is not None and services.share_link_revoke(session=session, link_id=link_id):
        messages.success(request, _("Link revoked: it no longer opens the session, on any phone."))
    return go_to(request, "share", session)


@require_http_methods(["GET", "POST"])
def follow_link(request: Request, token: str) -> HttpResponseBase:
    """A link opens a page that asks; joining is a POST from it, so a page elsewhere that loads the link
    (an image, a hidden frame) cannot add a session to a visitor's home. A visitor who can already
    open the session is taken straight there."""
    if request.method == "GET":
        link = access.link_found(token)
        if access.access_of(request, link.session) is not None:
            return redirect("session", pk=link.session_id)
        return render(request, "tables/follow_link.html", {"link": link, "session": link.session})
    link = access.link_follow(request, token)
    if link.role == link.Role.SCORER:
        messages.success(request, _("You can enter and edit the hands of this session."))
    else:
        messages.info(request, _("You can follow this session: the scores and the history, view only."))
    return grants.kept(request, redirect("session", pk=link.session_id))
