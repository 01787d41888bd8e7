"""A win: entered by tiles on the keypad or by the table's figure, checked live, saved once.

The save path reads straight: the POST becomes a `WinEntry` (entry.win_fields), a keypad tap
changes it (entry.keypad), the check scores it once and replays the session with it
(entry.check), and the services append or replace the checked hand with that replay.
A hand left half-entered (the phone locked, a wrong tap on Back) is kept as a draft on the
phone until saved (web.drafts).
"""
from __future__ import annotations

import uuid

from django.http import Http404, HttpResponse, HttpResponseBase
from django.template.loader import render_to_string
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..display.rulesets import get_profile
from ..entry.keypad import apply_actions
from ..entry.win_fields import WinEntry, seat_of
from ..hand_input import HandInput
from ..models import SEATS, Hand, Session
from ..presenters.changes import told_what_changed
from ..presenters.win_page import win_context
from ..web import access
from ..web.conflict import Conflict, form_page, hand_gone, session_changed
from ..web.drafts import draft_drop, draft_get, draft_keep
from ..web.requests import Request, go_to, gone, parse_id, saved_notice
from .base import open_session

# A batch is what a thumb taps during one request; offline, a whole hand's taps with suit switches.
MAX_KEPT_ACTIONS = 120


@require_http_methods(["GET", "POST"])
@open_session("score", open_only=True)
def win_new(request: Request, session: Session) -> HttpResponseBase:
    if request.method == "GET":
        return _opened(request, session)
    entry = _posted_entry(request, session)
    return _save_new(request, session, entry) if _saves(request, session, entry) else \
        _tapped(request, session, entry)


def _save_new(request: Request, session: Session, entry: WinEntry) -> HttpResponseBase:
    try:
        saved = services.win_record(session=session, entry=entry, token=entry.token, revision=entry.revision)
    except services.SaveRefused as refused:
        return _refused(request, session, entry, refused)
    draft_drop(request, session)
    services.session_remember_entry_mode(session=session, mode=entry.mode)
    return saved_notice(request, session, saved.hand)


def _saves(request: Request, session: Session, entry: WinEntry) -> bool:
    """Save, "Yes, save it" or "Save it as the limit" beside a figure past the limit, or a figure chip: a win
    by figure in three taps (won, discarder, figure), unless the table asked to confirm each hand first. With
    several winners on the discard (一炮多響) a chip saves once every winner has a figure: two winners in six
    taps (won, discarder, "Another player won", who, a chip for each)."""
    chip_saves = _chip_tapped(request) and entry.figures_chosen() and not session.confirm_before_saving and \
        not _chip_asks_losers_first(request, session)
    saves_now = request.POST.get("action") == "save" or "confirm_figure" in request.POST or \
        any(f"confirm_other_{n}" in request.POST for n in (1, 2))
    return saves_now or "save_at_limit" in request.POST or chip_saves


def _chip_tapped(request: Request) -> bool:
    return "figure_chip" in request.POST or any(f"other_chip_{n}" in request.POST for n in (1, 2))


def _losers_seen(request: Request) -> bool:
    """The losers' points were on the screen with a figure chosen: a chip was tapped on this form before."""
    return request.method == "POST" and ("figure_chip" in request.POST or "losers_seen" in request.POST)


def _chip_asks_losers_first(request: Request, session: Session) -> bool:
    """Where the losers score too (the ruleset's payoff takes their points), a figure chip saves only once
    their points were shown: the first tap picks the figure and brings the losers' points up (issue 35.5), so
    a loser-to-loser payment is never saved as 0 unseen."""
    return get_profile(session.ruleset).ruleset.payoff.loser_points and "losers_seen" not in request.POST


def _opened(request: Request, session: Session) -> HttpResponseBase:
    """Win (a draft left half-entered comes back), "<name> won" on a seat card (?winner=), a fresh
    start (?fresh=1), Cancel (?cancel=1: the draft is dropped), or the blank form the phone keeps for
    offline use (?offline=1: any draft left as it is)."""
    if request.GET.get("offline"):
        return _win_page(request, session, _blank(session))
    if request.GET.get("cancel"):
        draft_drop(request, session)
        return go_to(request, "session", session)
    winner = seat_of(request.GET.get("winner", ""))
    draft = None if request.GET.get("fresh") else draft_get(request, session)
    if draft is not None and winner is not None and seat_of(draft["winner"][0]) not in (None, winner):
        draft = None  # another player's win was begun: this tap starts this one
    return _resume_draft(request, session, draft, winner) if draft else _fresh(request, session, winner)


def _fresh(request: Request, session: Session, winner: int | None = None) -> HttpResponse:
    draft_drop(request, session)
    entry = _blank(session)
    entry.winner = "" if winner is None else str(winner)
    return _win_page(request, session, entry)


def _blank(session: Session) -> WinEntry:
    """A new win; where every hand is scored (taizhou), the losers' points start at 0, in view, so that a
    figure chip still saves the win in three taps."""
    profile = get_profile(session.ruleset)
    return WinEntry(token=str(uuid.uuid4()), figure_field=profile.figure_fields[0][0],
                    revision=str(session.revision), mode=session.entry_mode,
                    loser_points=dict.fromkeys(SEATS, "0") if profile.ruleset.payoff.loser_points else {})


def _resume_draft(request: Request, session: Session, draft: dict[str, list[str]],
                  winner: int | None) -> HttpResponse:
    entry = WinEntry.from_fields(draft)
    if winner is not None:
        entry.winner = str(winner)
    conflict = session_changed(session) if entry.revision != str(session.revision) else None
    entry.revision = str(session.revision)  # the notice below shows what changed since it was begun
    _keep_draft(request, session, entry)
    return _win_page(request, session, entry, restored=True, conflict=conflict)


def _posted_entry(request: Request, session: Session) -> WinEntry:
    """The form's fields; a save sent from the offline queue also carries the keypad taps made while
    offline (static/js/keypad.js), applied first so the hand saved is the one tapped."""
    entry = WinEntry.from_post(request.POST)
    if "actions" in request.POST and request.POST.get("action") != "batch":
        apply_actions(entry, request.POST.getlist("actions")[:MAX_KEPT_ACTIONS], get_profile(session.ruleset))
    return entry


def _tapped(request: Request, session: Session, entry: WinEntry, editing: Hand | None = None) -> HttpResponse:
    """A keypad tap, or a batch of quick taps (static/js/keypad.js), applied in order."""
    batch = request.POST.get("action") == "batch"
    actions = request.POST.getlist("actions")[:MAX_KEPT_ACTIONS] if batch else [request.POST.get("action", "")]
    apply_actions(entry, actions, get_profile(session.ruleset))
    if editing is None:
        _keep_draft(request, session, entry)
    return _win_page(request, session, entry, editing=editing)


def _refused(request: Request, session: Session, entry: WinEntry, refused: services.SaveRefused,
             editing: Hand | None = None) -> HttpResponseBase:
    """The entry kept as typed, with what is wrong beside its fields, or (another phone changed the
    session) rebuilt on the latest revision under "The session changed"."""
    conflict = None
    if refused.changed:
        if editing is not None and hand_gone(editing):
            return gone(request, session)
        conflict = session_changed(session, editing)
        entry.revision = conflict.revision
    if editing is None:
        _keep_draft(request, session, entry)
    return _win_page(request, session, entry, editing=editing, errors=refused.errors, conflict=conflict)


@require_POST
@open_session("score")
def win_preview(request: Request, session: Session) -> HttpResponse:
    editing = _editing(request, session)
    entry = WinEntry.from_post(request.POST)
    context = win_context(session, entry, editing=editing)
    parts = ["preview", *PREVIEW_ALSO[entry.mode]]
    return HttpResponse("".join(render_to_string(f"tables/win.html#{part}", context | {"oob": part != "preview"},
                                                 request) for part in parts))


# Beside the preview: typed tiles redraw them and their score, without touching the inputs; a figure typed
# past the limit asks beside it, at once.
PREVIEW_ALSO = {"tiles": ("tiles-card", "tiles-score"), "figure": ("figure-limit",)}


def _editing(request: Request, session: Session) -> Hand | None:
    editing_id = parse_id(request.POST.get("editing"))
    if editing_id is None:
        return None
    editing = access.hand_for(request, editing_id, "score")
    if editing.session_id != session.pk or editing.deleted_at is not None:
        raise Http404("No such hand")
    return editing


def edit_win(request: Request, hand: Hand) -> HttpResponseBase:
    """The edit page of a win (urls.py: views.base.by_hand_kind has opened the hand)."""
    session = hand.session
    if request.method == "GET":
        entry = WinEntry.from_input(HandInput.from_row(hand))
        entry.revision = str(session.revision)
        return _win_page(request, session, entry, editing=hand)
    entry = _posted_entry(request, session)
    confirms = {"confirm_figure", "save_at_limit", "confirm_other_1", "confirm_other_2"}
    if request.POST.get("action") != "save" and not confirms & request.POST.keys():
        return _tapped(request, session, entry, editing=hand)  # a chip only chooses
    try:
        saved = services.win_record(session=session, entry=entry, revision=entry.revision, editing=hand)
    except services.SaveRefused as refused:
        return _refused(request, session, entry, refused, editing=hand)
    return told_what_changed(request, session, saved.before, hand.pk, "changed")


def _win_page(request: Request, session: Session, entry: WinEntry, *, editing: Hand | None = None,
              errors: dict[str, str] | None = None, restored: bool = False,
              conflict: Conflict | None = None) -> HttpResponse:
    if conflict is not None:  # the form is redrawn against the session as it now is
        session = conflict.session
    context = win_context(session, entry, editing=editing, errors=errors) | {
        "restored": restored, "losers_seen": _losers_seen(request),
        "losers_asked": "figure_chip" in request.POST and "losers_seen" not in request.POST}
    template = "tables/win.html#win-form-body" if request.htmx else "tables/win.html"
    return form_page(request, template, context, conflict, invalid=bool(errors))


def _keep_draft(request: Request, session: Session, entry: WinEntry) -> None:
    draft_keep(request, session, entry.as_fields())
