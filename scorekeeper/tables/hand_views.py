"""The views that write hands: a win (with its live preview), a draw, an on-the-spot payment, and
editing, deleting and restoring a hand.

Each form carries the session's revision it was built from. When the session changed
meanwhile (another phone), nothing is written and the form comes back as typed under
"The session changed — here is the latest": status 409, or 200 for HTMX, which swaps
only 2xx answers.
"""
from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods, require_POST

from . import access, selectors, services
from .entry import WinEntry
from .forms import DrawForm, SpotForm
from .models import Hand, Session
from .profiles import Profile, get_profile
from .services import SessionChanged
from .views import closed, go
from .winpage import win_context

CONFLICT = 409


def _gone(request: HttpRequest, session: Session) -> HttpResponseBase:
    messages.error(request, _("That hand was deleted, maybe on another phone. Restore it under Deleted hands "
                              "to change it."))
    return go(request, reverse("history", args=[session.pk]) + "#deleted-hands")


def _latest(session: Session, hand: Hand | None = None) -> dict[str, Any]:
    """What the "session changed" notice shows: the session now, and the hand being changed as it now is."""
    session = selectors.session_get(pk=session.pk)
    standings = selectors.session_standings(session=session, recent=3)
    row = None
    if hand is not None and hand.pk in standings.replay.hand_ids:
        fresh = Hand.objects.get(pk=hand.pk)
        row = selectors.hand_rows(session=session, replay=standings.replay, hands=[fresh])[0]
    return {"changed": standings, "changed_row": row}


def _with_revision(data: QueryDict, session: Session) -> QueryDict:
    """The posted form as typed, now built from the latest revision: saving again goes through."""
    data = data.copy()
    data["revision"] = str(selectors.session_get(pk=session.pk).revision)
    return data


# -- a win -------------------------------------------------------------------------------------
@require_http_methods(["GET", "POST"])
def win_new(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = access.session_for(request, pk, "score")
    if not session.is_open:
        return closed(request, session)
    profile = get_profile(session.ruleset)
    draft_key = f"win-draft-{session.pk}"
    if request.method == "GET":
        # A hand left half-entered (the phone locked, a wrong tap on Back) is kept until saved.
        draft = None if request.GET.get("fresh") else request.session.get(draft_key)
        if draft is None:
            request.session.pop(draft_key, None)
            entry = WinEntry(token=str(uuid.uuid4()), figure_field=profile.figure_fields[0][0],
                             revision=str(session.revision))
            return _win_page(request, session, entry)
        entry = WinEntry.from_fields(draft)
        changed = entry.revision != str(session.revision)
        entry.revision = str(session.revision)  # the notice below shows what changed since it was begun
        request.session[draft_key] = entry.as_fields()
        return _win_page(request, session, entry, restored=True, changed=changed)
    entry = WinEntry.from_post(request.POST)
    action = request.POST.get("action", "")
    if action != "save":
        apply_actions(entry, request, profile)
        request.session[draft_key] = entry.as_fields()
        return _win_page(request, session, entry)
    try:
        hand = services.hand_record_win(session=session, entry=entry, revision=entry.revision)
    except SessionChanged:
        entry.revision = str(selectors.session_get(pk=session.pk).revision)
        request.session[draft_key] = entry.as_fields()
        return _win_page(request, session, entry, changed=True)
    except ValidationError as error:
        request.session[draft_key] = entry.as_fields()
        return _win_page(request, session, entry, errors=error.message_dict)
    request.session.pop(draft_key, None)
    messages.success(request, _("Hand saved."))
    return go(request, reverse("session", args=[session.pk]) + f"#hand-{hand.pk}")


MAX_BATCHED_ACTIONS = 60


def apply_actions(entry: WinEntry, request: HttpRequest, profile: Profile) -> None:
    """One keypad action, or a batch of quick taps (static/js/keypad.js) applied in order."""
    if request.POST.get("action") == "batch":
        for action in request.POST.getlist("actions")[:MAX_BATCHED_ACTIONS]:
            if action != "save":
                entry.apply_action(action, profile)
        return
    entry.apply_action(request.POST.get("action", ""), profile)


@require_POST
def win_preview(request: HttpRequest, pk: int) -> HttpResponse:
    session = access.session_for(request, pk, "score")
    editing = None
    if (editing_id := request.POST.get("editing", "")).isascii() and editing_id.isdigit() and len(editing_id) < 19:
        editing = access.hand_for(request, int(editing_id), "score")
        if editing.session_id != session.pk or editing.deleted_at is not None:
            raise Http404("No such hand")
    entry = WinEntry.from_post(request.POST)
    context = win_context(session, entry, editing=editing)
    preview = render_to_string("tables/win.html#preview", context, request)
    if entry.mode == "tiles":  # typed tiles: redraw them too, without touching the inputs
        preview += render_to_string("tables/win.html#tiles-card", context | {"oob": True}, request)
    return HttpResponse(preview)


def _win_page(request: HttpRequest, session: Session, entry: WinEntry, *, editing: Hand | None = None,
              errors: dict[str, list[str]] | None = None, restored: bool = False,
              changed: bool = False) -> HttpResponse:
    if changed:  # the form is redrawn against the session as it now is
        session = selectors.session_get(pk=session.pk)
    context = win_context(session, entry, editing=editing, errors=errors) | {"restored": restored}
    if changed:
        context |= _latest(session, editing)
    template = "tables/win.html#win-form-body" if request.htmx else "tables/win.html"
    status = CONFLICT if changed and request.method == "POST" else 422 if errors else 200
    # HTMX swaps only 2xx answers: the notice and the kept entry must reach the page.
    return render(request, template, context, status=200 if request.htmx else status)


# -- a draw, an on-the-spot payment -------------------------------------------------------------
@require_http_methods(["GET", "POST"])
def draw_new(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = access.session_for(request, pk, "score")
    if not session.is_open:
        return closed(request, session)
    form = DrawForm(request.POST or None, initial={"token": uuid.uuid4(), "revision": session.revision})
    extra: dict[str, Any] = {}
    if request.method == "POST" and form.is_valid():
        try:
            services.hand_record_draw(session=session, note=form.cleaned_data["note"],
                                      token=form.cleaned_data["token"], revision=form.cleaned_data["revision"])
        except SessionChanged:
            form, extra = DrawForm(_with_revision(request.POST, session)), _latest(session)
        except ValidationError as error:
            form.add_error(None, error.messages[0])
        else:
            messages.success(request, _("Draw recorded."))
            return go(request, reverse("session", args=[session.pk]))
    return render(request, "tables/draw.html", {"session": session, "form": form, "editing": None, **extra},
                  status=_status(request, form, extra))


def _status(request: HttpRequest, form: Any, extra: dict[str, Any]) -> int:
    """A refused POST says so in its status; HTMX swaps only 2xx answers, so it gets 200."""
    if request.method != "POST" or request.htmx:
        return 200
    return CONFLICT if extra.get("changed") else 422 if form.errors else 200


@require_http_methods(["GET", "POST"])
def spot_new(request: HttpRequest, pk: int) -> HttpResponseBase:
    session = access.session_for(request, pk, "score")
    if not session.is_open:
        return closed(request, session)
    if not get_profile(session.ruleset).spots:
        raise Http404("This ruleset has no on-the-spot payments")
    state = selectors.session_replay(session=session).next_state
    names = [p.name for p in session.players]
    form = SpotForm(request.POST or None, names=names, dealer=state.dealer,
                    initial={"token": uuid.uuid4(), "revision": session.revision})
    extra: dict[str, Any] = {}
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.hand_record_spot(session=session, kind=data["kind"], player=data["player"],
                                      count=data["count"], to=data["to"], note=data["note"], token=data["token"],
                                      revision=data["revision"])
        except SessionChanged:
            extra = _latest(session)
            state = extra["changed"].replay.next_state
            form = SpotForm(_with_revision(request.POST, session), names=names, dealer=state.dealer)
        except ValidationError as error:
            form.add_error(None, error.messages[0])
        else:
            messages.success(request, _("On-the-spot payment recorded."))
            return go(request, reverse("session", args=[session.pk]))
    return render(request, "tables/spot.html", {"session": session, "form": form, "editing": None,
                                                "dealer": names[state.dealer], **extra},
                  status=_status(request, form, extra))


# -- editing, deleting, restoring a hand ----------------------------------------------------------
def _live_hand(request: HttpRequest, pk: int) -> tuple[Hand, Session, HttpResponseBase | None]:
    """A hand the visitor may score, with the answer to give instead when its session is
    finished or the hand was deleted meanwhile."""
    hand = access.hand_for(request, pk, "score")
    session = hand.session
    if not session.is_open:
        return hand, session, closed(request, session)
    if hand.deleted_at is not None:
        return hand, session, _gone(request, session)
    return hand, session, None


@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, pk: int) -> HttpResponseBase:
    hand, session, refusal = _live_hand(request, pk)
    if refusal:
        return refusal
    before = selectors.session_replay(session=session)
    if hand.kind == Hand.Kind.WIN:
        return _edit_win(request, hand, before)
    names = [p.name for p in session.players]
    dealer = before.states[before.index_of(hand.pk)].dealer
    initial = {"revision": session.revision}
    if hand.kind == Hand.Kind.DRAW:
        form: DrawForm | SpotForm = DrawForm(request.POST or None, initial=initial | {"note": hand.note})
    else:
        form = SpotForm(request.POST or None, names=names, dealer=dealer, initial=initial | SpotForm.initial_from(hand))
    extra: dict[str, Any] = {}
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        fields = {"note": data["note"]}
        if hand.kind == Hand.Kind.SPOT:
            fields |= {"spot_kind": data["kind"], "spot_player": data["player"], "spot_count": data["count"],
                       "spot_to": data["to"]}
        try:
            services.hand_update_plain(hand=hand, fields=fields, revision=data["revision"])
        except SessionChanged:
            hand.refresh_from_db()
            if hand.deleted_at is not None:
                return _gone(request, session)
            extra = _latest(session, hand)
            before = extra["changed"].replay
            posted = _with_revision(request.POST, session)
            form = DrawForm(posted) if hand.kind == Hand.Kind.DRAW else \
                SpotForm(posted, names=names, dealer=before.states[before.index_of(hand.pk)].dealer)
        except ValidationError as error:
            form.add_error(None, error.messages[0])
        else:
            return _changed(request, session, before, hand.pk, "changed", f"#hand-{hand.pk}")
    template = "tables/draw.html" if hand.kind == Hand.Kind.DRAW else "tables/spot.html"
    index = before.index_of(hand.pk)
    return render(request, template, {"session": session, "form": form, "editing": hand, "label": before.label(index),
                                      "dealer": names[before.states[index].dealer], **extra},
                  status=_status(request, form, extra))


def _edit_win(request: HttpRequest, hand: Hand, before: selectors.Replay) -> HttpResponseBase:
    session = hand.session
    profile = get_profile(session.ruleset)
    if request.method == "GET":
        entry = WinEntry.from_hand(hand)
        entry.revision = str(session.revision)
        return _win_page(request, session, entry, editing=hand)
    entry = WinEntry.from_post(request.POST)
    action = request.POST.get("action", "")
    if action != "save":
        apply_actions(entry, request, profile)
        return _win_page(request, session, entry, editing=hand)
    try:
        services.hand_update_win(hand=hand, entry=entry, revision=entry.revision)
    except SessionChanged:
        hand.refresh_from_db()
        if hand.deleted_at is not None:
            return _gone(request, session)
        entry.revision = str(selectors.session_get(pk=session.pk).revision)
        return _win_page(request, session, entry, editing=hand, changed=True)
    except ValidationError as error:
        return _win_page(request, session, entry, editing=hand, errors=error.message_dict)
    return _changed(request, session, before, hand.pk, "changed", f"#hand-{hand.pk}")


# What happened to a hand, as the message after an edit, a delete or a restore says it.
VERBS = {"changed": _lazy("%(hand)s changed."), "deleted": _lazy("%(hand)s deleted."),
         "restored": _lazy("%(hand)s restored.")}


def _changed(request: HttpRequest, session: Session, before: selectors.Replay, hand_id: int, verb: str,
             anchor: str = "") -> HttpResponseBase:
    """Tell what the edit, delete or restore changed after the hand, then show the history."""
    session.refresh_from_db(fields=["revision"])
    after = selectors.session_replay(session=session)
    label = before.label(before.index_of(hand_id)) if hand_id in before.hand_ids else \
        after.label(after.index_of(hand_id))
    messages.success(request, str(VERBS[verb]) % {"hand": label})
    for line in selectors.replay_changes(session=session, before=before, after=after, changed=hand_id):
        messages.info(request, line, extra_tags="change")
    return go(request, reverse("history", args=[session.pk]) + anchor)


@require_http_methods(["GET", "POST"])
def hand_delete(request: HttpRequest, pk: int) -> HttpResponseBase:
    hand, session, refusal = _live_hand(request, pk)
    if refusal:
        return refusal
    before = selectors.session_replay(session=session)
    error, revision, extra = "", str(session.revision), {}
    if request.method == "POST":
        try:
            services.hand_delete(hand=hand, revision=request.POST.get("revision", ""))
        except SessionChanged:
            hand.refresh_from_db()
            if hand.deleted_at is not None:
                return _gone(request, session)
            extra = _latest(session)  # the hand itself is shown just below, as it now is
            before, revision = extra["changed"].replay, str(extra["changed"].session.revision)
        except ValidationError as exc:
            error = exc.messages[0]
        else:
            return _changed(request, session, before, hand.pk, "deleted", "#deleted-hands")
    row = selectors.hand_rows(session=session, replay=before, hands=[hand])[0]
    return render(request, "tables/hand_delete.html", {
        "session": session, "row": row, "error": error, "revision": revision, **extra,
    }, status=CONFLICT if extra else 422 if error else 200)


@require_POST
def hand_restore(request: HttpRequest, pk: int) -> HttpResponseBase:
    hand = access.hand_for(request, pk, "score")
    session = hand.session
    if not session.is_open:
        return closed(request, session)
    if hand.deleted_at is None:  # a second tap, or restored on another phone
        messages.info(request, _("That hand is already back in the session."))
        return go(request, reverse("history", args=[session.pk]) + f"#hand-{hand.pk}")
    before = selectors.session_replay(session=session)
    try:
        services.hand_restore(hand=hand)
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return go(request, reverse("history", args=[session.pk]) + "#deleted-hands")
    return _changed(request, session, before, hand.pk, "restored", f"#hand-{hand.pk}")
