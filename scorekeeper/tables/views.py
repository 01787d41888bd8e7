"""Thin views: read with selectors, write with services, render a page (or its partial for HTMX).

Every view that touches a session asks `access` first: a 404 for anyone without the right.
The views that write hands are in hand_views.py.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.engine import RULESETS
from scorekeeper.engine.errors import EngineError

from . import access, charts, selectors, services
from .forms import PayingForm, SessionForm, ShareForm, paying_initial
from .models import Session
from .profiles import PROFILES, available_profiles, get_profile


def go(request: HttpRequest, url: str) -> HttpResponseBase:
    """After a successful POST: a redirect, or for HTMX a full page load of the next screen."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def closed(request: HttpRequest, session: Session) -> HttpResponseBase:
    messages.error(request, _("This session is finished: reopen it on the Settle-up page to change it."))
    return redirect("session", pk=session.pk)


# -- home and new sessions -------------------------------------------------------------------
def home(request: HttpRequest) -> HttpResponse:
    owner = request.user if request.user.is_authenticated else None
    open_sessions, finished = selectors.session_list(owner=owner, shared_ids=access.granted_session_ids(request))
    return render(request, "home.html", {
        "open_sessions": open_sessions, "finished": finished, "rulesets": available_profiles(),
    })


@login_required
@require_http_methods(["GET", "POST"])
def session_new(request: HttpRequest) -> HttpResponseBase:
    key = request.POST.get("ruleset") or request.GET.get("ruleset") or ""
    if key not in PROFILES or key not in RULESETS:
        return render(request, "tables/session_new.html#ruleset-choice", {"profiles": available_profiles()}) \
            if request.htmx else render(request, "tables/session_new.html", {"profiles": available_profiles()})
    profile = get_profile(key)
    form = SessionForm(request.POST if request.method == "POST" else None, profile=profile)
    if request.method == "POST" and form.is_valid():
        session = services.session_create(
            ruleset=key, names=form.seat_names(), first_dealer=form.cleaned_data["first_dealer"],
            stakes=form.cleaned_data["stakes"], options=form.cleaned_data["options"], owner=request.user,
            pay_as_you_go=form.cleaned_data["pay_as_you_go"],
        )
        messages.success(request, _("Session started. Tap Win or Draw after each hand."))
        return go(request, reverse("session", args=[session.pk]))
    return render(request, "tables/session_new.html", {
        "profile": profile, "form": form, "known_players": selectors.known_players(owner=request.user),
    }, status=422 if form.errors else 200)


def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    standings = selectors.session_standings(session=access.session_for(request, pk, "view"))
    template = "tables/session.html#standings" if request.htmx else "tables/session.html"
    return render(request, template, {"s": standings, "session": standings.session,
                                      "chart": charts.session_balance_chart(session=standings.session)})


# -- reading -------------------------------------------------------------------------------------
def history(request: HttpRequest, pk: int) -> HttpResponse:
    session = access.session_for(request, pk, "view")
    data = selectors.session_history(session=session, page=request.GET.get("page"))
    template = "tables/history.html#history-list" if request.htmx else "tables/history.html"
    return render(request, template, {"h": data, "s": data.standings, "session": data.standings.session,
                                      "chart": charts.session_balance_chart(session=session)})


@require_http_methods(["GET", "POST"])
def settle(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = access.session_for(request, pk, "score" if request.method == "POST" else "view")
    paying = PayingForm(initial={"pay_as_you_go": paying_initial(session.pay_as_you_go)})
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "reopen":
            services.session_reopen(session=session)
            messages.success(request, _("Session reopened."))
            return go(request, reverse("session", args=[session.pk]))
        if action == "paying":
            paying = PayingForm(request.POST)
            if paying.is_valid() and session.is_open:
                services.session_set_paying(session=session, pay_as_you_go=paying.cleaned_data["pay_as_you_go"])
                messages.success(request, _("From now on the screens count each hand as paid at the table.")
                                 if session.pay_as_you_go else _("From now on the screens keep a tab."))
                return go(request, reverse("settle", args=[session.pk]))
        else:
            services.session_finish(session=session)
            messages.success(request, _("Session finished. The payments below settle everything still owed."))
            return go(request, reverse("settle", args=[session.pk]))
    standings = selectors.session_standings(session=session, recent=0)
    names = [p.name for p in session.players]
    return render(request, "tables/settle.html", {
        "s": standings, "session": session, "paying": paying,
        "settle_up": selectors.payments(names, standings.replay.settle_up),
    }, status=422 if paying.errors else 200)


def rules(request: HttpRequest, key: str | None = None) -> HttpResponse:
    if key is None:
        return render(request, "tables/rules.html", {"rulesets": selectors.ruleset_descriptions()})
    try:
        ruleset = selectors.ruleset_description(key=key)
    except EngineError:
        raise Http404("No such ruleset") from None
    return render(request, "tables/rules_detail.html", {"r": ruleset, "profile": PROFILES.get(key)})


# -- sharing ---------------------------------------------------------------------------------------
@require_http_methods(["GET", "POST"])
def share(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = access.session_for(request, pk, "own")
    form = ShareForm(request.POST if request.POST.get("action") == "create" else None)
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            link_id = request.POST.get("link", "")
            revoked = link_id.isascii() and link_id.isdigit() and len(link_id) < 19 and \
                services.share_link_revoke(session=session, link_id=int(link_id))
            if revoked:
                messages.success(request, _("Link revoked: it no longer opens the session, on any phone."))
            return go(request, reverse("share", args=[session.pk]))
        if form.is_valid():
            link = services.share_link_create(session=session, role=form.cleaned_data["role"],
                                              label=" ".join(form.cleaned_data["label"].split()))
            messages.success(request, _("New scorer link: send it to the table.") if link.role == link.Role.SCORER
                             else _("New viewer link: send it to the table."))
            return go(request, reverse("share", args=[session.pk]) + f"#link-{link.pk}")
    links = [(link, request.build_absolute_uri(reverse("follow_link", args=[link.token])), selectors.ago(link.created_at))
             for link in selectors.share_links(session=session)]
    return render(request, "tables/share.html", {"session": session, "form": form, "links": links},
                  status=422 if form.errors else 200)


@require_GET
def follow_link(request: HttpRequest, token: str) -> HttpResponseBase:
    link = access.link_follow(request, token)
    if link.role == link.Role.SCORER:
        messages.success(request, _("You can enter and edit the hands of this session."))
    else:
        messages.info(request, _("You can follow this session: the scores and the history, view only."))
    return redirect("session", pk=link.session_id)
