"""Replay snapshots (tables/replay/store.py) are derived data: after any appends, edits, deletes and
restores they equal a whole replay of the hands; dropping them changes no page; a read with them
replays nothing; a save replays only the new hand."""
import json
import random
import re

import pytest

from scorekeeper.engine import settle_from
from scorekeeper.tables import replay as replay_module
from scorekeeper.tables import selectors, services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, HandReplay, Session
from scorekeeper.tables.replay import replay_whole, replaying, session_replay, settle_inputs, store

from web_helpers import ZJ_TILES, entry_of, record_win, replace_win

CSRF = re.compile(rb"[A-Za-z0-9]{64}")
LIVE_TOKEN = re.compile(rb"([?&;]t=)[^\"&]+")  # signed with the second it was made in
TAIWAN_TILES = {"concealed": "123m456p789s234s1112z", "winning_tile": "2z"}


def fresh(session):
    return Session.objects.select_related("east", "south", "west", "north").get(pk=session.pk)


def read_back(session):
    """The replay as another process reads it: nothing kept in memory, only the database."""
    replay_module.forget_all()
    return session_replay(session=fresh(session))


def whole(session):
    hands = list(Hand.objects.live().filter(session=session).order_by("position"))
    return replay_whole(session=fresh(session), hand_ids=[h.pk for h in hands],
                        inputs=settle_inputs(session=session, hands=map(HandInput.from_row, hands)))


def assert_same(read, replayed):
    assert read.hand_ids == replayed.hand_ids
    assert read.answer == replayed.answer
    assert list(read.states) == list(replayed.states)
    assert [c if isinstance(c, dict) else c.as_json() for c in read.checkpoints] == \
        [c.as_json() for c in replayed.checkpoints]
    assert read.every_balance() == [list(hand.balances) for hand in replayed.hands]  # the chart's lines


def random_win(rng, ruleset):
    winner = rng.randrange(4)
    how = "self" if rng.random() < 0.3 else (winner + rng.randrange(1, 4)) % 4
    if ruleset == "taiwan" and rng.random() < 0.4:
        return entry_of(winner=winner, how=how, mode="tiles", **TAIWAN_TILES)
    if ruleset == "zung-jung" and rng.random() < 0.4:
        return entry_of(winner=winner, how=how, mode="tiles", **ZJ_TILES)
    return entry_of(winner=winner, how=how, mode="figure", figure=rng.choice([1, 3, 5, 8]))


@pytest.mark.parametrize("ruleset, seed", [("taiwan", 1), ("taiwan", 2), ("zung-jung", 3), ("hk-old", 4)])
def test_snapshots_equal_a_whole_replay_after_random_appends_edits_deletes_and_restores(
        make_session, ruleset, seed, django_capture_on_commit_callbacks):
    rng = random.Random(seed)
    session = make_session(ruleset)
    deleted = []
    for step in range(40):
        live = list(Hand.objects.live().filter(session=session, kind="win").order_by("position"))
        roll = rng.random()
        with django_capture_on_commit_callbacks(execute=True):  # the write keeps its replay, as on a server
            if roll < 0.45 or not live:
                record_win(session=fresh(session), entry=random_win(rng, ruleset))
            elif roll < 0.55:
                services.draw_record(session=fresh(session), entry=HandInput(Hand.Kind.DRAW))
            elif roll < 0.65 and ruleset == "taiwan":
                flower = HandInput(Hand.Kind.SPOT, spot_kind="flower", spot_player=rng.randrange(4), spot_count=1)
                services.spot_record(session=fresh(session), entry=flower)
            elif roll < 0.8:
                hand = Hand.objects.select_related("session").get(pk=rng.choice(live).pk)
                replace_win(hand=hand, entry=random_win(rng, ruleset))
            elif roll < 0.92:
                hand = Hand.objects.select_related("session").get(pk=rng.choice(live).pk)
                services.hand_delete(hand=hand)
                deleted.append(hand.pk)
            elif deleted:
                services.hand_restore(hand=Hand.objects.select_related("session").get(pk=deleted.pop(rng.randrange(
                    len(deleted)))))
        assert_same(session_replay(session=fresh(session)), whole(session))  # the write's own, kept in memory
        read = read_back(session)
        assert fresh(session).replayed_revision == fresh(session).revision, f"step {step}: snapshots not kept"
        assert_same(read, whole(session))


def test_dropping_the_snapshots_changes_no_page(client, make_session, win):
    session = make_session("taiwan")
    for i in range(12):
        win(session, i % 4, "self" if i % 3 == 0 else (i + 1) % 4, figure=3 + i % 5)
    pages = [f"/sessions/{session.pk}/", f"/sessions/{session.pk}/history/", f"/sessions/{session.pk}/settle/",
             f"/sessions/{session.pk}/export.csv"]
    replay_module.forget_all()
    with_snapshots = [client.get(url).content for url in pages]
    store.drop(session=session)
    assert not HandReplay.objects.filter(hand__session=session).exists()
    replay_module.forget_all()
    without = [client.get(url).content for url in pages]
    strip = lambda html: LIVE_TOKEN.sub(rb"\1", CSRF.sub(b"", html))  # noqa: E731  (made anew on every page)
    assert [strip(p) for p in with_snapshots] == [strip(p) for p in without]
    # and the read that replayed the session whole wrote them again for the next one
    assert HandReplay.objects.filter(hand__session=session).count() == 12


def test_a_read_with_snapshots_replays_nothing_and_a_save_replays_only_the_new_hand(make_session, win,
                                                                                      monkeypatch):
    session = make_session("zung-jung")
    for i in range(20):
        win(session, i % 4, "self", figure=8)
    given = []
    monkeypatch.setattr(replaying, "settle_from",
                        lambda data, start=None: given.append(len(data["hands"])) or settle_from(data, start))
    read_back(session)
    selectors.session_standings(session=fresh(session))
    assert given == []  # the snapshots were read: the engine replayed no hand
    win(fresh(session), 1, 2, figure=16)
    assert given and max(given) == 1  # the save went on from the last hand's checkpoint
    assert read_back(session).hands[-1].transfers


def test_snapshots_of_another_revision_are_never_read(make_session, win):
    session = make_session("zung-jung")
    win(session, 0, "self", figure=8)
    win(session, 1, "self", figure=16)
    row = HandReplay.objects.get(hand__session=session, hand__position=2)
    row.answer = json.dumps({**json.loads(row.answer), "balances": ["999", "0", "0", "-999"]})  # gone wrong
    row.save()
    Session.objects.filter(pk=session.pk).update(replayed_revision=None)  # as a write that did not keep them
    assert read_back(session).balances == whole(session).balances
    assert json.loads(HandReplay.objects.get(pk=row.pk).answer)["balances"] != ["999", "0", "0", "-999"]
