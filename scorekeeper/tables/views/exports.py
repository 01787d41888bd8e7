"""A session out of the app (CSV, JSON backup) and a backup back in (import)."""
from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_ratelimit.decorators import ratelimit

from .. import selectors, services
from ..entry.forms import ImportForm
from ..models import Session
from ..web.read_limit import reads_limited
from ..web.requests import Request, go_to, refusal_status
from .base import HEAVY_REQUESTS, open_session

EXPORTED_AT = "exported-at-@@"  # where a kept backup's download time goes


def _download(session: Session, body: str, extension: str, content_type: str) -> HttpResponse:
    response = HttpResponse(body, content_type=f"{content_type}; charset=utf-8")
    name = f"mahjong-{session.ruleset}-{session.created_at:%Y-%m-%d}-{session.pk}.{extension}"
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@require_GET
@reads_limited
@open_session("view")
def session_csv(request: Request, session: Session) -> HttpResponse:
    # The byte-order mark tells Excel the file is UTF-8: names in 中文 open as written.
    body = selectors.export_kept(session, "csv", lambda: "\ufeff" + selectors.session_csv(session=session))
    return _download(session, body, "csv", "text/csv")


@require_GET
@reads_limited
@open_session("view")
def session_backup(request: Request, session: Session) -> HttpResponse:
    body = selectors.export_kept(session, "backup", lambda: json.dumps(
        selectors.session_backup(session=session) | {"exported_at": EXPORTED_AT}, ensure_ascii=False, indent=1))
    # the moment of this download, not of the copy: the first "exported_at" is the backup's own (its third key)
    return _download(session, body.replace(EXPORTED_AT, timezone.now().isoformat(), 1), "json", "application/json")


@login_required
@ratelimit(key="user_or_ip", rate=HEAVY_REQUESTS, method="POST")
@require_http_methods(["GET", "POST"])
def session_import(request: Request) -> HttpResponseBase:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            session = services.session_restore(data=form.cleaned_data["backup"], owner=request.user)
        except ValueError as error:
            form.add_error("backup", str(error))
        except ValidationError as refused:  # the account's quota for the day (services.quota)
            form.add_error("backup", refused.messages[0])
        else:
            messages.success(request, _("Session imported: it is yours, as a new session."))
            return go_to(request, "session", session)
    return render(request, "tables/session_import.html", {"form": form},
                  status=refusal_status(request, invalid=bool(form.errors)))
