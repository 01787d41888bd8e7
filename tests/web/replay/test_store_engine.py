"""Snapshots are trusted by revision and by the engine that made them (issue 20, point 4): a snapshot an
older engine left is not read (every server shows the engine's own figures), the next save does not go on
from it, the backup does not carry it, and it is written again by this engine; `drop_snapshots` drops them."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from django.core.management import call_command

import scorekeeper.engine
from scorekeeper.tables import selectors
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, HandReplay, Session
from scorekeeper.tables.replay import forget_all, replay_whole, session_replay, settle_inputs, store, tallies

HANDS = 30


def played(make_session, win):
    session = make_session("zung-jung")
    for index in range(HANDS):
        win(session, index % 4, "self" if index % 3 == 0 else (index + 1) % 4, figure=10 + index)
    return Session.objects.get(pk=session.pk)


def whole_balances(session):
    hands = list(Hand.objects.live().filter(session=session).order_by("position"))
    replay = replay_whole(session=session, hand_ids=[h.pk for h in hands],
                          inputs=settle_inputs(session=session, hands=map(HandInput.from_row, hands)))
    return replay.balances


def as_an_older_engine_left_them(session):
    """The last snapshot's answer and checkpoint off by 3000 for East, as another engine's could be."""
    row = HandReplay.objects.filter(hand__session=session).order_by("hand__position").last()
    answer, checkpoint = json.loads(row.answer), json.loads(row.checkpoint)
    off = lambda amounts: [str(int(b) + (3000 if i == 0 else -1000)) for i, b in enumerate(amounts)]  # noqa: E731
    answer["balances"], checkpoint["cash"] = off(answer["balances"]), off(checkpoint["cash"])
    HandReplay.objects.filter(pk=row.pk).update(answer=json.dumps(answer), checkpoint=json.dumps(checkpoint),
                                                balances=json.dumps(answer["balances"]))
    Session.objects.filter(pk=session.pk).update(replayed_engine="an older engine")
    forget_all()  # another server, or after the deploy: nothing kept in memory


def test_snapshots_of_another_engine_are_not_read_but_written_again(client, make_session, win):
    session = played(make_session, win)
    right = whole_balances(session)
    as_an_older_engine_left_them(session)

    assert client.get(f"/sessions/{session.pk}/").context["s"].replay.balances == right
    assert Session.objects.get(pk=session.pk).replayed_engine == store.ENGINE_VERSION  # written again
    forget_all()
    assert session_replay(session=Session.objects.get(pk=session.pk)).balances == right  # from the new snapshots


def test_the_next_save_does_not_go_on_from_another_engines_checkpoint(make_session, win):
    session = played(make_session, win)
    as_an_older_engine_left_them(session)
    win(Session.objects.get(pk=session.pk), 1, "self", figure=20)
    saved = Session.objects.get(pk=session.pk)
    forget_all()
    assert session_replay(session=saved).balances == whole_balances(saved)


def test_the_backup_carries_the_engines_own_balances(make_session, win):
    session = played(make_session, win)
    right = whole_balances(session)
    as_an_older_engine_left_them(session)
    assert selectors.session_backup(session=Session.objects.get(pk=session.pk))["balances"] == right


def test_the_engine_version_is_a_digest_of_its_sources_and_the_tallies(tmp_path):
    source = Path(scorekeeper.engine.__file__).parent
    copy = tmp_path / "engine"
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__"))
    counting = tmp_path / "tallies.py"
    shutil.copy(tallies.__file__, counting)
    assert store.engine_version(copy, counting) == store.ENGINE_VERSION
    table = copy / "rulesets" / "zung_jung.toml"
    table.write_text(table.read_text() + "\n# a pattern's value changed\n")
    assert store.engine_version(copy, counting) != store.ENGINE_VERSION
    shutil.copytree(source, tmp_path / "again", ignore=shutil.ignore_patterns("__pycache__"))
    counting.write_text(counting.read_text() + "\n# a tally counted otherwise\n")
    assert store.engine_version(tmp_path / "again", counting) != store.ENGINE_VERSION


def test_drop_snapshots_drops_them_and_changes_no_figure(make_session, win, capsys):
    first, second = played(make_session, win), played(make_session, win)
    right = whole_balances(first)
    call_command("drop_snapshots", str(first.pk))
    assert not HandReplay.objects.filter(hand__session=first).exists()
    assert HandReplay.objects.filter(hand__session=second).count() == HANDS
    call_command("drop_snapshots")
    assert not HandReplay.objects.exists()
    assert "Dropped the snapshots of 2 sessions." in capsys.readouterr().out
    forget_all()
    assert session_replay(session=Session.objects.get(pk=first.pk)).balances == right
