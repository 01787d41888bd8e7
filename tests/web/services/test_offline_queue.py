"""services.offline_queue: a phone's queue saves each change through the same save service as its form (wins,
draws, on-the-spot payments, seat changes, edits, deletes, restores), so it is refused in the same words."""
from __future__ import annotations

import json
import uuid

import pytest

from scorekeeper.tables import services
from scorekeeper.tables.entry.queued import queue_from_json
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand
from scorekeeper.tables.services import quota

from web_helpers import rev


def queue(session, *changes):
    body = {"device": str(uuid.uuid4()), "base": rev(session), "seen_next": 1, "changes": list(changes)}
    return queue_from_json(json.dumps(body).encode())


def change(what, hand=None, **fields):
    return {"token": str(uuid.uuid4()), "kind": what, "hand": hand, "fields": [[k, v] for k, v in fields.items()]}


def test_a_queued_draw_is_refused_in_the_words_its_form_gets(make_session, monkeypatch):
    monkeypatch.setattr(quota, "HANDS_PER_DAY", 0)
    session = make_session()
    with pytest.raises(services.SaveRefused) as by_form:
        services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW), revision=rev(session))

    sent = services.queue_send(session=session, queue=queue(session, change("draw")))

    assert "the most one account saves in a day" in by_form.value.message
    assert [(s.status, s.reason, s.message) for s in sent] == [("refused", "invalid", by_form.value.message)]
    assert session.hands.count() == 0


def test_a_queued_draw_edit_and_delete_are_saved_by_the_form_services(make_session, monkeypatch):
    session = make_session()
    draw = services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW), revision=rev(session))
    used = []

    def counted(name, real):
        return lambda **kw: used.append(name) or real(**kw)
    monkeypatch.setitem(services.offline_queue.PLAIN_SAVERS, Hand.Kind.DRAW,
                        counted("draw_record", services.draw_record))
    monkeypatch.setattr(services.offline_queue, "hand_delete", counted("hand_delete", services.hand_delete))

    sent = services.queue_send(session=session, queue=queue(
        session, change("draw"), change("edit", hand=draw.pk, note="wall"), change("delete", hand=draw.pk)))

    assert [s.status for s in sent] == ["saved"] * 3
    assert used == ["draw_record", "draw_record", "hand_delete"]
    assert Hand.objects.get(pk=draw.pk).deleted_at is not None
