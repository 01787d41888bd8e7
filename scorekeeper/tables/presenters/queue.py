"""The offline queue's answer: for each change, what became of it: saved (with the hand's label), saved
already, refused (the reason, in words), or waiting behind a refused one; with the session's revision and
next hand after them, for the phone to build on."""
from __future__ import annotations

from typing import TypedDict

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext

from .. import selectors
from ..entry.queued import Queue
from ..models import Session
from ..replay import ReplayState
from ..services.offline_queue import ALREADY, CHANGED, FINISHED, GONE, SAVED, Sent


class QueueResult(TypedDict):
    """What became of one change, as the phone reads it (static/js/queue_rules.js)."""

    token: str
    status: str
    hand: int | None
    label: str
    reason: str
    message: str


class QueueAnswer(TypedDict):
    """The queue endpoint's answer: the session's revision and next hand after the queue, each change's fate,
    and the session screen to go to."""

    revision: str
    next_hand: int
    results: list[QueueResult]
    next_url: str


def queue_answer(session: Session, queue: Queue, results: list[Sent]) -> QueueAnswer:
    next_place = selectors.hand_place(session=session)  # the session after the queue: its saved hands' labels
    replay, next_hand = next_place.replay, next_place.number
    return {
        "revision": str(session.revision), "next_hand": next_hand,
        "results": [_result(sent, replay, queue, results, next_hand) for sent in results],
        "next_url": _next_url(session, queue, results, replay),
    }


def _result(sent: Sent, replay: ReplayState, queue: Queue, results: list[Sent], next_hand: int) -> QueueResult:
    live = sent.hand_id is not None and sent.hand_id in replay.hand_ids
    return {"token": str(sent.token), "status": sent.status, "hand": sent.hand_id,
            "label": replay.label(replay.index_of(sent.hand_id)) if live and sent.hand_id else "",
            "reason": sent.reason, "message": sent.message or _reason_words(sent.reason, queue, results, next_hand)}


def _reason_words(reason: str, queue: Queue, results: list[Sent], next_hand: int) -> str:
    if reason == CHANGED:  # the phone's count, with its own hands saved before (an answer lost) counted in
        kinds = {change.token: change.kind for change in queue.changes}
        own = sum(1 for sent in results if sent.status == ALREADY and kinds[sent.token] in ("win", "draw"))
        return changed_words(queue.seen_next + own if queue.seen_next else 0, next_hand)
    if reason == FINISHED:
        return gettext("This session is finished: reopen it on the Settle-up page, then save it again.")
    if reason == GONE:
        return gettext("The hand it changes was deleted on another phone.")
    return ""


def changed_words(seen_next: int, next_hand: int) -> str:
    """What another phone did meanwhile, as far as the phone's own count tells."""
    if 0 < seen_next < next_hand - 1:
        return gettext("Another phone saved hands %(first)d–%(last)d meanwhile.") % {
            "first": seen_next, "last": next_hand - 1}
    if 0 < seen_next == next_hand - 1:
        return gettext("Another phone saved hand %(number)d meanwhile.") % {"number": seen_next}
    return gettext("Another phone changed the session meanwhile.")


def _next_url(session: Session, queue: Queue, results: list[Sent], replay: ReplayState) -> str:
    """The session screen, saying what was saved from the queue (Undo for the last new hand); a change
    saved by a send whose answer was cut off (a reload) counts as saved."""
    saved = [sent for sent in results if sent.status in (SAVED, ALREADY)]
    query: dict[str, int] = {"sent": len(saved)} if saved else {}
    added = {change.token for change in queue.changes if change.kind in ("win", "draw", "spot")}
    new_hands = [sent.hand_id for sent in saved if sent.token in added and sent.hand_id in replay.hand_ids]
    if new_hands:
        query["saved"] = new_hands[-1]
    url = reverse("session", args=[session.pk])
    return url + ("?" + urlencode(query) if query else "")
