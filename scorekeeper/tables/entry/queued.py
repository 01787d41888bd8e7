"""Changes a phone kept while it was offline (static/js/offline.js), read back as the forms they came from.

The phone sends its queue as JSON: which phone (`device`), the session revision its queue was
built on (`base`), the hand number it then expected next (`seen_next`), and each change in the
order it was made: its one-time `token`, its `kind` (a new win, draw or on-the-spot payment; an
edit, a delete or a restore of a saved hand), the hand it changes, and the form's fields as typed
(a win's keypad taps made offline among them, as `actions`). Each becomes what the form itself
would have saved, checked the same way: nothing a phone sends is saved unchecked.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.translation import gettext

from ..display.rulesets import Profile, get_profile
from ..hand_input import HandInput
from ..models import Hand, Player, Session
from ..replay import ReplayState
from ..replay.seating import names_at
from .check import win_check
from .forms import DrawForm, SpotForm
from .json_text import NestedTooDeep, json_loads
from .keypad import apply_actions
from .seat_change import SeatChangeForm
from .win_fields import WinEntry

NEW_HANDS = ("win", "draw", "spot", "seat")  # seat: a seat change (fields `seat`, `newcomer`)
CHANGES = ("edit", "delete", "restore")
# One request carries at most this many changes; a longer queue is sent in several (its chain of
# revisions lets each follow the one before: services.offline_queue).
MAX_CHANGES = 20  # and the body within the 64 kB every request is held to (settings)
MAX_FIELDS = 300  # a win form with every loser's tiles and a hand's worth of keypad taps
MAX_TEXT = 1000


@dataclass(frozen=True)
class QueuedChange:
    token: uuid.UUID
    kind: str
    hand_id: int | None
    fields: QueryDict


@dataclass(frozen=True)
class Queue:
    device: uuid.UUID
    base: uuid.UUID
    seen_next: int
    changes: list[QueuedChange]


def queue_from_json(body: bytes) -> Queue:
    """The queue as the phone sent it; ValueError saying what is wrong, for a body no phone of ours sends."""
    try:
        data = json_loads(body.decode("utf-8"))
    except NestedTooDeep as error:
        raise ValueError(f"The queue is not one a phone sends: {error}.") from None
    except ValueError:  # not UTF-8, or not JSON
        raise ValueError("The queue is not JSON.") from None
    if not isinstance(data, dict) or not isinstance(data.get("changes"), list):
        raise ValueError("The queue has no list of changes.")
    if not 0 < len(data["changes"]) <= MAX_CHANGES:
        raise ValueError(f"Send 1 to {MAX_CHANGES} changes at a time.")
    seen_next = data.get("seen_next")
    return Queue(_uuid(data.get("device"), "device"), _uuid(data.get("base"), "base"),
                 seen_next if isinstance(seen_next, int) and not isinstance(seen_next, bool) else 0,
                 [_change(item) for item in data["changes"]])


def _change(item: Any) -> QueuedChange:
    if not isinstance(item, dict) or item.get("kind") not in NEW_HANDS + CHANGES:
        raise ValueError("A change has no kind the app knows.")
    hand = item.get("hand")
    if item["kind"] in CHANGES and not (isinstance(hand, int) and not isinstance(hand, bool) and hand > 0):
        raise ValueError("An edit, a delete or a restore names the hand it changes.")
    return QueuedChange(_uuid(item.get("token"), "token"), item["kind"], hand if item["kind"] in CHANGES else None,
                        _fields(item.get("fields", [])))


def _fields(pairs: Any) -> QueryDict:
    if not isinstance(pairs, list) or len(pairs) > MAX_FIELDS:
        raise ValueError(f"A change's fields are a list of at most {MAX_FIELDS} [name, value] pairs.")
    fields = QueryDict(mutable=True)
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise ValueError("A change's field is not a [name, value] pair of texts.")
        fields.appendlist(pair[0][:64], pair[1][:MAX_TEXT])
    return fields


def _uuid(value: Any, name: str) -> uuid.UUID:
    if isinstance(value, str):
        try:
            return uuid.UUID(value)
        except ValueError:
            pass
    raise ValueError(f"The queue's {name} is not a UUID.")


def queued_hand(*, session: Session, change: QueuedChange, replay: ReplayState,
                editing: Hand | None = None) -> HandInput:
    """The change's hand as its form would enter it (new, or the edited hand's new fields); ValidationError with
    the form's words when the form would refuse.
    `editing`: the hand an edit is about, when the caller has it already."""
    if change.kind == "edit" and editing is None:
        editing = saved_hand(session=session, change=change)
    kind = editing.kind if editing is not None else change.kind
    if kind == Hand.Kind.SEAT:  # as its page: a seat change is made, undone or deleted, never edited
        raise ValidationError(gettext("A seat change is not edited: delete it, then make it again."))
    profile = get_profile(session.ruleset)
    if kind == Hand.Kind.WIN:
        return _win(session, change, editing, replay, profile)
    form = _plain_form(session, change, kind, editing, replay, profile)
    if not form.is_valid():
        raise ValidationError(_first_error(form.errors.get_json_data()))
    return form.as_input()


def queued_seat_change(*, seated: tuple[Player, ...], change: QueuedChange) -> tuple[int, str]:
    """A seat change kept offline: its seat and the newcomer's name, checked as the seat-change page checks
    them; ValidationError with the page's words."""
    seat = change.fields.get("seat", "")
    if seat not in ("0", "1", "2", "3"):
        raise ValidationError(gettext("Choose the seat that changes hands."))
    form = SeatChangeForm(change.fields, seated=seated, seat=int(seat))
    if not form.is_valid():
        raise ValidationError(_first_error(form.errors.get_json_data()))
    return int(seat), form.cleaned_data["name"]


def saved_hand(*, session: Session, change: QueuedChange) -> Hand:
    """The saved hand an edit, a delete or a restore is about; LookupError when it is not this session's,
    or (but for a restore) it was deleted meanwhile."""
    hand = Hand.objects.filter(pk=change.hand_id or 0, session=session).first()
    if hand is None or (hand.deleted_at is not None and change.kind != "restore"):
        raise LookupError(change.hand_id)
    return hand


def queued_win_entry(*, session: Session, change: QueuedChange) -> WinEntry:
    """A win kept offline as its form had it when saved: the fields, with the keypad taps made offline applied."""
    return _win_entry(change, get_profile(session.ruleset))


def _win_entry(change: QueuedChange, profile: Profile) -> WinEntry:
    entry = WinEntry.from_post(change.fields)
    apply_actions(entry, change.fields.getlist("actions"), profile)
    return entry


def _win(session: Session, change: QueuedChange, editing: Hand | None, replay: ReplayState,
         profile: Profile) -> HandInput:
    entered = _win_entry(change, profile).entered(profile)
    check = win_check(session=session, entry=entered, editing=editing, replay=replay)
    if not check.ready or check.entered is None:
        raise ValidationError(next(iter(check.errors.values()), gettext("The engine refused this hand.")))
    return check.entered


def _plain_form(session: Session, change: QueuedChange, kind: str, editing: Hand | None, replay: ReplayState,
                profile: Profile) -> DrawForm | SpotForm:
    if kind == Hand.Kind.DRAW:
        return DrawForm(change.fields)
    index = replay.index_of(editing.pk) if editing is not None else len(replay.hand_ids)
    return SpotForm(change.fields, names=names_at(session=session, replay=replay, index=index),
                    dealer=replay.states[index].dealer, profile=profile)


def _first_error(errors: dict[str, list[dict[str, str]]]) -> str:
    return next((found[0]["message"] for found in errors.values() if found), gettext("This form was refused."))
