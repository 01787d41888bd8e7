"""The home page, a new session, the session screen and Settle up."""
from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import selectors, services
from ..display.rulesets import available_profiles, find_profile, get_profile
from ..entry.session_form import PayingForm, SessionForm
from ..models import Session
from ..presenters.session_page import session_page
from ..presenters.settle import settle_page
from ..web import access, grants, guests
from ..web.read_limit import reads_limited
from ..web.requests import Request, go_to, refusal_status
from .base import open_session

TOO_MANY = 429


def home(request: Request) -> HttpResponseBase:
    owner = request.user if request.user.is_authenticated else None
    roles = access.granted_roles(request)
    open_sessions, finished = selectors.session_list(owner=owner, shared_ids=list(roles),
                                                     guest_ids=[pk for pk, role in roles.items() if role == "owner"])
    return grants.kept(request, render(request, "home.html", {"open_sessions": open_sessions, "finished": finished,
                                                              "rulesets": available_profiles()}))


@require_http_methods(["GET", "POST"])
def session_new(request: Request) -> HttpResponseBase:
    """Anyone may start one: an account's session, or a guest's kept on this phone (views/guests.py)."""
    profile = find_profile(request.POST.get("ruleset") or request.GET.get("ruleset") or "")
    if profile is None:
        template = "tables/session_new.html#ruleset-choice" if request.htmx else "tables/session_new.html"
        return render(request, template, {"profiles": available_profiles()})
    form = SessionForm(request.POST if request.method == "POST" else None, profile=profile)
    limited = request.method == "POST" and form.is_valid() and guests.is_over_limit(request)
    if request.method == "POST" and form.is_valid() and not limited:
        try:
            session = guests.session_start(request, form.session_fields())
        except ValidationError as refused:  # the account's quota for the day (services.quota)
            form.add_error(None, refused.messages[0])
        else:
            messages.success(request, _("Session started. Tap Win or Draw after each hand."))
            return grants.kept(request, go_to(request, "session", session))
    return render(request, "tables/session_new.html", {
        "profile": profile, "form": form, "known_players": guests.known_players(request),
        "limited": guests.limit_words() if limited else "",
    }, status=TOO_MANY if limited else refusal_status(request, invalid=bool(form.errors)))


@reads_limited
@open_session("view")
def session_detail(request: Request, session: Session) -> HttpResponse:
    return session_page(request, session)


@require_http_methods(["GET", "POST"])
@open_session("view", post="score")
def settle(request: Request, session: Session) -> HttpResponseBase:
    return settle_action(request, session) if request.method == "POST" else settle_page(request, session)


def settle_action(request: Request, session: Session) -> HttpResponseBase:
    """Each of Settle up's buttons does its one thing (SETTLE_ACTIONS); finishing is its own button. Any other
    action (a stale form, a typo, a crafted post) changes nothing and says so: an evening never ends by mistake."""
    act = SETTLE_ACTIONS.get(request.POST.get("action", ""))
    if act is None:
        messages.error(request, _("Nothing was changed: that button is not on this page any more. Reload Settle up "
                                  "and try again."))
        return settle_page(request, session, status=refusal_status(request, invalid=True))
    return act(request, session)


def finish(request: Request, session: Session) -> HttpResponseBase:
    services.session_finish(session=session)
    messages.success(request, _("Session finished. The payments below settle everything still owed."))
    return go_to(request, "settle", session)


def reopen(request: Request, session: Session) -> HttpResponseBase:
    services.session_reopen(session=session)
    messages.success(request, _("Session reopened."))
    return go_to(request, "session", session)


def change_confirming(request: Request, session: Session) -> HttpResponseBase:
    on = request.POST.get("confirm_before_saving") == "1"
    services.session_set_confirming(session=session, confirm_before_saving=on)
    messages.success(request, _("From now on a win by figure shows who pays before you save it.") if on
                     else _("From now on a figure chip saves the win at once."))
    return go_to(request, "settle", session)


def change_paying(request: Request, session: Session) -> HttpResponseBase:
    form = PayingForm(request.POST, profile=get_profile(session.ruleset))
    if not form.is_valid() or not session.is_open:
        return settle_page(request, session, paying=form)
    try:
        services.session_set_paying(session=session, pay_as_you_go=form.cleaned_data["pay_as_you_go"])
    except ValidationError as refused:  # finished on another phone meanwhile
        messages.error(request, refused.messages[0])
        return go_to(request, "settle", session)
    messages.success(request, _("From now on the screens count each hand as paid at the table.")
                     if session.pay_as_you_go else _("From now on the screens keep a tab."))
    return go_to(request, "settle", session)


SETTLE_ACTIONS: dict[str, Callable[[Request, Session], HttpResponseBase]] = {
    "finish": finish, "reopen": reopen, "paying": change_paying, "confirming": change_confirming}
