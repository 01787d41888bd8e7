"""Thin views: read with selectors, write with services, render a page (or its partial for HTMX)."""
from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.engine import RULESETS
from scorekeeper.engine.errors import EngineError

from . import selectors, services
from .entry import WinEntry
from .forms import DrawForm, SessionForm, SpotForm
from .models import Hand, Player, Session
from .profiles import PROFILES, available_profiles, get_profile
from .winpage import win_context


def _session(pk: int) -> Session:
    try:
        return selectors.session_get(pk=pk)
    except Session.DoesNotExist:
        raise Http404("No such session") from None


def _hand(pk: int) -> Hand:
    try:
        return selectors.hand_get(pk=pk)
    except Hand.DoesNotExist:
        raise Http404("No such hand") from None


def _go(request: HttpRequest, url: str) -> HttpResponseBase:
    """After a successful POST: a redirect, or for HTMX a full page load of the next screen."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _closed(request: HttpRequest, session: Session) -> HttpResponseBase:
    messages.error(request, "This session is finished: reopen it on the Settle-up page to change it.")
    return redirect("session", pk=session.pk)


def home(request: HttpRequest) -> HttpResponse:
    open_sessions, finished = selectors.session_list()
    return render(request, "home.html", {
        "open_sessions": open_sessions, "finished": finished, "rulesets": available_profiles(),
    })


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
            stakes=form.cleaned_data["stakes"], options=form.cleaned_data["options"],
        )
        messages.success(request, "Session started. Tap Win or Draw after each hand.")
        return _go(request, reverse("session", args=[session.pk]))
    return render(request, "tables/session_new.html", {
        "profile": profile, "form": form, "known_players": Player.objects.values_list("name", flat=True),
    })


def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    standings = selectors.session_standings(session=_session(pk))
    template = "tables/session.html#standings" if request.htmx else "tables/session.html"
    return render(request, template, {"s": standings, "session": standings.session})


@require_http_methods(["GET", "POST"])
def win_new(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = _session(pk)
    if not session.is_open:
        return _closed(request, session)
    profile = get_profile(session.ruleset)
    draft_key = f"win-draft-{session.pk}"
    if request.method == "GET":
        # A hand left half-entered (the phone locked, a wrong tap on Back) is kept until saved.
        draft = None if request.GET.get("fresh") else request.session.get(draft_key)
        if draft is None:
            request.session.pop(draft_key, None)
            entry = WinEntry(token=str(uuid.uuid4()), figure_field=profile.figure_fields[0][0])
        else:
            entry = WinEntry.from_fields(draft)
        return _win_page(request, session, entry, restored=draft is not None)
    entry = WinEntry.from_post(request.POST)
    action = request.POST.get("action", "")
    if action != "save":
        entry.apply_action(action, profile)
        request.session[draft_key] = entry.as_fields()
        return _win_page(request, session, entry)
    try:
        hand = services.hand_record_win(session=session, entry=entry)
    except ValidationError as error:
        request.session[draft_key] = entry.as_fields()
        return _win_page(request, session, entry, errors=error.message_dict)
    request.session.pop(draft_key, None)
    messages.success(request, "Hand saved.")
    return _go(request, reverse("session", args=[session.pk]) + f"#hand-{hand.pk}")


@require_POST
def win_preview(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    editing = _hand(int(request.POST["editing"])) if request.POST.get("editing", "").isdigit() else None
    if editing is not None and editing.session_id != session.pk:
        raise Http404("No such hand")
    entry = WinEntry.from_post(request.POST)
    context = win_context(session, entry, editing=editing)
    preview = render_to_string("tables/win.html#preview", context, request)
    if entry.mode == "tiles":  # typed tiles: redraw them too, without touching the inputs
        preview += render_to_string("tables/win.html#tiles-card", context | {"oob": True}, request)
    return HttpResponse(preview)


def _win_page(request: HttpRequest, session: Session, entry: WinEntry, *, editing: Hand | None = None,
              errors: dict[str, list[str]] | None = None, restored: bool = False) -> HttpResponse:
    context = win_context(session, entry, editing=editing, errors=errors) | {"restored": restored}
    template = "tables/win.html#win-form-body" if request.htmx else "tables/win.html"
    return render(request, template, context, status=422 if errors and not request.htmx else 200)


@require_http_methods(["GET", "POST"])
def draw_new(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = _session(pk)
    if not session.is_open:
        return _closed(request, session)
    form = DrawForm(request.POST or None, initial={"token": uuid.uuid4()})
    if request.method == "POST" and form.is_valid():
        try:
            services.hand_record_draw(session=session, note=form.cleaned_data["note"],
                                      token=form.cleaned_data["token"])
        except ValidationError as error:
            form.add_error(None, error.messages[0])
        else:
            messages.success(request, "Draw recorded.")
            return _go(request, reverse("session", args=[session.pk]))
    return render(request, "tables/draw.html", {"session": session, "form": form, "editing": None})


@require_http_methods(["GET", "POST"])
def spot_new(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = _session(pk)
    if not session.is_open:
        return _closed(request, session)
    if not get_profile(session.ruleset).spots:
        raise Http404("This ruleset has no on-the-spot payments")
    state = selectors.session_replay(session=session).next_state
    names = [p.name for p in session.players]
    form = SpotForm(request.POST or None, names=names, dealer=state.dealer, initial={"token": uuid.uuid4()})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.hand_record_spot(session=session, kind=data["kind"], player=data["player"],
                                      count=data["count"], to=data["to"], note=data["note"], token=data["token"])
        except ValidationError as error:
            form.add_error(None, error.messages[0])
        else:
            messages.success(request, "On-the-spot payment recorded.")
            return _go(request, reverse("session", args=[session.pk]))
    return render(request, "tables/spot.html", {"session": session, "form": form, "editing": None,
                                                "dealer": names[state.dealer]})


@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, pk: int) -> HttpResponseBase:
    hand = _hand(pk)
    session = hand.session
    if not session.is_open:
        return _closed(request, session)
    before = selectors.session_replay(session=session)
    if hand.kind == Hand.Kind.WIN:
        return _edit_win(request, hand, before)
    names = [p.name for p in session.players]
    dealer = before.states[before.index_of(hand.pk)].dealer
    if hand.kind == Hand.Kind.DRAW:
        form: DrawForm | SpotForm = DrawForm(request.POST or None, initial={"note": hand.note})
    else:
        form = SpotForm(request.POST or None, names=names, dealer=dealer, initial=SpotForm.initial_from(hand))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        fields = {"note": data["note"]}
        if hand.kind == Hand.Kind.SPOT:
            fields |= {"spot_kind": data["kind"], "spot_player": data["player"], "spot_count": data["count"],
                       "spot_to": data["to"]}
        try:
            services.hand_update_plain(hand=hand, fields=fields)
        except ValidationError as error:
            form.add_error(None, error.messages[0])
        else:
            return _changed(request, session, before, hand.pk, "changed", f"#hand-{hand.pk}")
    template = "tables/draw.html" if hand.kind == Hand.Kind.DRAW else "tables/spot.html"
    return render(request, template, {"session": session, "form": form, "editing": hand,
                                      "label": before.label(before.index_of(hand.pk)), "dealer": names[dealer]})


def _edit_win(request: HttpRequest, hand: Hand, before: selectors.Replay) -> HttpResponseBase:
    session = hand.session
    profile = get_profile(session.ruleset)
    if request.method == "GET":
        return _win_page(request, session, WinEntry.from_hand(hand), editing=hand)
    entry = WinEntry.from_post(request.POST)
    action = request.POST.get("action", "")
    if action != "save":
        entry.apply_action(action, profile)
        return _win_page(request, session, entry, editing=hand)
    try:
        services.hand_update_win(hand=hand, entry=entry)
    except ValidationError as error:
        return _win_page(request, session, entry, editing=hand, errors=error.message_dict)
    return _changed(request, session, before, hand.pk, "changed", f"#hand-{hand.pk}")


def _changed(request: HttpRequest, session: Session, before: selectors.Replay, hand_id: int, verb: str,
             anchor: str = "") -> HttpResponseBase:
    """Tell what the edit or delete changed after the hand, then show the history."""
    session.refresh_from_db(fields=["revision"])
    after = selectors.session_replay(session=session)
    messages.success(request, f"{before.label(before.index_of(hand_id))} {verb}.")
    for line in selectors.replay_changes(session=session, before=before, after=after, changed=hand_id):
        messages.info(request, line, extra_tags="change")
    return _go(request, reverse("history", args=[session.pk]) + anchor)


@require_http_methods(["GET", "POST"])
def hand_delete(request: HttpRequest, pk: int) -> HttpResponseBase:
    hand = _hand(pk)
    session = hand.session
    if not session.is_open:
        return _closed(request, session)
    before = selectors.session_replay(session=session)
    row = selectors.hand_rows(session=session, replay=before, hands=[hand])[0]
    error = ""
    if request.method == "POST":
        hand_id = hand.pk
        try:
            services.hand_delete(hand=hand)
        except ValidationError as exc:
            error = exc.messages[0]
        else:
            return _changed(request, session, before, hand_id, "deleted")
    return render(request, "tables/hand_delete.html", {"session": session, "row": row, "error": error})


def history(request: HttpRequest, pk: int) -> HttpResponse:
    data = selectors.session_history(session=_session(pk), page=request.GET.get("page"))
    template = "tables/history.html#history-list" if request.htmx else "tables/history.html"
    return render(request, template, {"h": data, "s": data.standings, "session": data.standings.session})


@require_http_methods(["GET", "POST"])
def settle(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = _session(pk)
    if request.method == "POST":
        if request.POST.get("action") == "reopen":
            services.session_reopen(session=session)
            messages.success(request, "Session reopened.")
            return _go(request, reverse("session", args=[session.pk]))
        services.session_finish(session=session)
        messages.success(request, "Session finished. The payments below settle everything.")
        return _go(request, reverse("settle", args=[session.pk]))
    standings = selectors.session_standings(session=session, recent=0)
    names = [p.name for p in session.players]
    return render(request, "tables/settle.html", {
        "s": standings, "session": session,
        "settle_up": selectors.payments(names, standings.replay.settle_up),
    })


def rules(request: HttpRequest, key: str | None = None) -> HttpResponse:
    if key is None:
        return render(request, "tables/rules.html", {"rulesets": selectors.ruleset_descriptions()})
    try:
        ruleset = selectors.ruleset_description(key=key)
    except EngineError:
        raise Http404("No such ruleset") from None
    return render(request, "tables/rules_detail.html", {"r": ruleset, "profile": PROFILES.get(key)})
