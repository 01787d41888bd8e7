"""One free account cannot exhaust the server (issue 20, point 1): a backup holds at most what a session
holds (1,000 entries), refused before any hand is read; a session holds no more; each account starts and
saves a bounded number of sessions and hands a day, told in words, the entry kept; the replay cache is
bounded in bytes; the player page reads one row a session whatever the sessions' lengths, and counts as
a whole count from the hands would."""
from __future__ import annotations

import copy
import gc
import json
import random
import tracemalloc
import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scorekeeper.engine import get_ruleset
from scorekeeper.tables import selectors, services
from scorekeeper.tables.entry.forms import MAX_SESSION_HANDS
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Player, Session
from scorekeeper.tables.replay import cache as replay_module
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.selectors import session_numbers as numbers_module
from scorekeeper.tables.selectors.player_numbers import forget_numbers
from scorekeeper.tables.services import quota

from web_helpers import ZJ_TILES, entry_of, record_win, replace_win, rev


def fresh(session):
    return Session.objects.select_related("east", "south", "west", "north").get(pk=session.pk)


def draws(count):
    return [HandInput(kind=Hand.Kind.DRAW) for _ in range(count)]


def upload(client, data):
    return client.post("/sessions/import/", {"backup": SimpleUploadedFile("b.json", json.dumps(data).encode())})


# -- a backup, a session -------------------------------------------------------------------------------------
def test_a_backup_of_more_hands_than_a_session_holds_is_refused_before_any_is_read(client, make_session, win):
    session = make_session()
    win(session, 1, "self", figure=10)
    backup = selectors.session_backup(session=fresh(session))
    backup["hands"] = [copy.deepcopy(backup["hands"][0]) for _ in range(MAX_SESSION_HANDS)] + ["not read"]
    response = upload(client, backup)
    assert response.status_code == 422
    assert "The backup holds 1,001 hands: a session holds at most 1,000." in response.content.decode()
    assert Session.objects.count() == 1


def test_a_session_holds_1000_entries_and_says_so_when_full(client, make_session):
    session = make_session()
    services.hands_append(session=session, hands=draws(MAX_SESSION_HANDS))
    response = client.post(f"/sessions/{session.pk}/draw/", {"token": str(uuid.uuid4()), "revision": rev(session),
                                                              "note": "one more"})
    page = response.content.decode()
    assert response.status_code == 422
    assert "This session holds 1,000 hands and payments, the most one session keeps: start a new session" in page
    assert "one more" in page  # the entry kept
    assert Hand.objects.filter(session=session).count() == MAX_SESSION_HANDS


# -- quotas --------------------------------------------------------------------------------------------------
def test_an_account_saves_5000_hands_a_day_then_is_told_why_and_keeps_the_text(client, make_session):
    sessions = [make_session() for _ in range(5)]
    for session in sessions:
        services.hands_append(session=session, hands=draws(1_000))
    extra = make_session()
    response = client.post(f"/sessions/{extra.pk}/quick/", {"text": "W1 d2 8\nD", "action": "save",
                                                             "token": str(uuid.uuid4()), "revision": rev(extra)})
    page = response.content.decode()
    assert response.status_code == 422
    assert "This session&#x27;s account has saved 5,000 hands today, the most one account saves in a day" in page
    assert "W1 d2 8\nD" in page
    assert not Hand.objects.filter(session=extra).exists()


def test_a_share_links_scorer_saves_on_the_owners_account(guest, make_session, monkeypatch):
    monkeypatch.setattr(quota, "HANDS_PER_DAY", 3)
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="scorer"))
    answers = [guest.post(f"/sessions/{session.pk}/draw/", {"token": str(uuid.uuid4()),
                                                            "revision": rev(session)}).status_code for _ in range(4)]
    assert answers == [302, 302, 302, 422]


def test_the_quota_is_a_days(client, make_session, monkeypatch):
    monkeypatch.setattr(quota, "HANDS_PER_DAY", 2)
    session = make_session()
    services.hands_append(session=session, hands=draws(2))
    with pytest.raises(services.SaveRefused) as refused:
        services.draw_record(session=fresh(session), entry=HandInput(Hand.Kind.DRAW))
    assert refused.value.message.startswith("This session's account has saved 2 hands today, the most one account "
                                            "saves in a day")
    tomorrow = timezone.now() + timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: tomorrow)
    services.draw_record(session=fresh(session), entry=HandInput(Hand.Kind.DRAW))
    assert Hand.objects.filter(session=session).count() == 3


def test_a_queued_hand_past_the_quota_is_refused_with_the_reason(client, make_session, monkeypatch):
    monkeypatch.setattr(quota, "HANDS_PER_DAY", 1)
    session = make_session()
    changes = [{"token": str(uuid.uuid4()), "kind": "draw", "fields": []} for _ in range(2)]
    body = {"device": str(uuid.uuid4()), "base": rev(session), "seen_next": 1, "changes": changes}
    results = client.post(f"/sessions/{session.pk}/queue/", json.dumps(body),
                          content_type="application/json").json()["results"]
    assert [r["status"] for r in results] == ["saved", "refused"]
    assert "the most one account saves in a day" in results[1]["message"]


def test_an_account_starts_100_sessions_a_day_imports_included(client, owner, make_session):
    for _ in range(99):
        make_session()
    session = make_session()
    backup = selectors.session_backup(session=fresh(session))
    response = upload(client, backup)
    assert response.status_code == 422
    assert "This account has started 100 sessions today (imports included)" in response.content.decode()
    new = client.post("/sessions/new/", {"ruleset": "hk-old", "east": "Ann", "south": "Bob", "west": "Cy",
                                         "north": "Di", "first_dealer": "0", "stake_per_point": "1",
                                         "option_classical_extras": "false"})
    assert new.status_code == 422 and "start more tomorrow" in new.content.decode()
    assert Session.objects.filter(owner=owner).count() == 100


def test_an_import_counts_its_hands(client, make_session, win, monkeypatch):
    session = make_session()
    for _ in range(3):
        win(session, 1, "self", figure=10)
    monkeypatch.setattr(quota, "HANDS_PER_DAY", 5)
    response = upload(client, selectors.session_backup(session=fresh(session)))  # 3 + 3 > 5
    assert response.status_code == 422 and "the most one account saves in a day" in response.content.decode()
    assert Session.objects.count() == 1


# -- the replay cache ----------------------------------------------------------------------------------------
def test_the_replay_cache_holds_no_more_bytes_than_its_budget(make_session, monkeypatch):
    budget = 6 * 1024 * 1024
    monkeypatch.setattr(replay_module, "CACHE_BYTES", budget, raising=False)
    sessions = []
    for _ in range(12):  # 12 x 250 hands by tiles, about 30 MB if every one were kept
        session = make_session()
        tiles = {"concealed": ZJ_TILES["concealed"], "winning_tile": "2z", "melds": []}
        services.hands_append(session=session, hands=[HandInput(kind="win", winner=i % 4, tiles=tiles)
                                                      for i in range(250)])
        sessions.append(session)
    replay_module.forget_all()
    gc.collect()
    tracemalloc.start()
    for session in sessions:
        replay = session_replay(session=fresh(session))  # a page of each, every part of it read
        replay.every_balance(), replay.tally_rows(), list(replay.hands), list(replay.inputs)
        for index in range(1, len(replay.hand_ids) + 1):
            replay.checkpoint_before(index)
        del replay
    gc.collect()
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert held <= budget, f"{held / 2**20:.1f} MB kept for a budget of {budget / 2**20:.0f} MB"
    assert len(replay_module._cache) >= 2  # the budget is used, not bypassed


def test_a_replay_bigger_than_the_whole_budget_is_not_kept(make_session, monkeypatch):
    monkeypatch.setattr(replay_module, "CACHE_BYTES", 100_000)
    session = make_session()
    services.hands_append(session=session, hands=draws(20))
    replay_module.forget_all()
    session_replay(session=fresh(session))
    assert replay_module.cached_bytes() == 0 and not replay_module._cache


# -- the player page -----------------------------------------------------------------------------------------
def test_the_player_page_reads_one_row_a_session_whatever_their_lengths(client, make_session, monkeypatch):
    def queries_for(hands):
        replay_module.forget_all()
        Session.objects.all().delete()
        for _ in range(5):
            session = make_session(names=["Ann", "Bob", "Cy", "Di"])
            services.hands_append(session=session, hands=[
                HandInput(kind="win", winner=i % 4, discarder=(i + 1) % 4, figure=8, figure_field="points")
                for i in range(hands)])
        replay_module.forget_all()  # another worker: nothing in memory
        with CaptureQueriesContext(connection) as queries:
            page = client.get(f"/players/{Player.objects.get(name='Ann').pk}/")
        assert page.status_code == 200
        assert f"{hands * 5}</span> hands played" in page.content.decode()
        return len(queries)

    monkeypatch.setattr(numbers_module, "session_replay", lambda **_: pytest.fail("replayed a session"))
    assert queries_for(10) == queries_for(400)


def reference(player, sessions):
    """The player's counts as a whole count from the stored hands and each session's replay would give them."""
    counts = {}
    for session in sessions:
        replay = session_replay(session=fresh(session))
        seats = {seat for seat, p in enumerate(session.players) if p.pk == player.pk}
        stored = {h.pk: h for h in Hand.objects.live().filter(session=session)}
        row = counts.setdefault(session.ruleset, {"hands": 0, "wins": 0, "self": 0, "in": 0, "draws": 0,
                                                  "net": Decimal(0), "big": None})
        row["net"] += sum(Decimal(replay.balances[s]) for s in seats)
        for index, (hand_id, answer) in enumerate(zip(replay.hand_ids, replay.hands)):
            hand = stored[hand_id]
            if hand.kind == Hand.Kind.SPOT:
                continue
            row["hands"] += 1
            row["draws"] += hand.kind == Hand.Kind.DRAW
            if hand.kind != Hand.Kind.WIN:
                continue
            row["in"] += hand.discarder in seats
            if hand.winner not in seats:
                continue
            row["wins"] += 1
            row["self"] += hand.discarder is None
            figure = hand.figure if hand.figure is not None else answer.score.total
            won = sum((Decimal(p.amount) * (1 if p.payee in seats else -1) for p in answer.payments
                       if p.payee in seats or p.payer in seats), Decimal(0))
            big = (figure, won, session.pk, replay.number(index))
            if row["big"] is None or big[:2] > row["big"][:2]:
                row["big"] = big
    return counts


TAIWAN_TILES = {"concealed": "123m456p789s234s1112z", "winning_tile": "2z"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_tallies_count_as_a_whole_count_would_after_random_writes(make_session, seed):
    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cy", "Di", "Eve"]
    sessions = [make_session(ruleset, names=rng.sample(names, 4)) for ruleset in ("taiwan", "zung-jung", "taiwan")]
    deleted = []
    for _ in range(90):
        session = fresh(rng.choice(sessions))
        tiles = TAIWAN_TILES if session.ruleset == "taiwan" else ZJ_TILES
        live = list(Hand.objects.live().filter(session=session, kind="win"))
        winner = rng.randrange(4)
        how = "self" if rng.random() < 0.3 else (winner + rng.randrange(1, 4)) % 4
        entry = entry_of(winner=winner, how=how, mode="tiles", **tiles) if rng.random() < 0.3 else \
            entry_of(winner=winner, how=how, mode="figure", figure=rng.choice([1, 3, 5, 8]))
        roll = rng.random()
        if roll < 0.5 or not live:
            record_win(session=session, entry=entry)
        elif roll < 0.6:
            services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
        elif roll < 0.7 and session.ruleset == "taiwan":
            services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="flower",
                                                                  spot_player=rng.randrange(4), spot_count=1))
        elif roll < 0.82:
            replace_win(hand=Hand.objects.select_related("session").get(pk=rng.choice(live).pk), entry=entry)
        elif roll < 0.93:
            hand = Hand.objects.select_related("session").get(pk=rng.choice(live).pk)
            services.hand_delete(hand=hand)
            deleted.append(hand.pk)
        elif deleted:
            services.hand_restore(hand=Hand.objects.select_related("session").get(pk=deleted.pop()))
    for player in Player.objects.all():
        seated = selectors.player_sessions(player=player)
        replay_module.forget_all()
        forget_numbers()
        rows = selectors.player_numbers(player=player, sessions=seated)
        expected = reference(player, seated)
        assert {r.ruleset for r in rows} == set(expected)
        for row in rows:
            want = expected[row.ruleset]
            assert (row.hands, row.wins, row.self_draws, row.deal_ins, row.draws, row.net) == (
                want["hands"], want["wins"], want["self"], want["in"], want["draws"], want["net"]), player.name
            got = (row.biggest.figure, row.biggest.won, row.biggest.session.pk, row.biggest.number) \
                if row.biggest else None
            assert got == want["big"], player.name
            assert row.biggest is None or row.biggest.figure_field in get_ruleset(row.ruleset).payoff.figures


def test_a_refused_import_still_counts_the_hands_it_replayed(client, make_session, win, monkeypatch):
    session = make_session()
    for _ in range(3):
        win(session, 1, "self", figure=10)
    backup = selectors.session_backup(session=fresh(session))
    backup["hands"][-1].update(figure=None, figure_field="", tiles={"concealed": "123m", "winning_tile": "5z",
                                                                     "melds": []})  # the engine refuses it
    monkeypatch.setattr(quota, "HANDS_PER_DAY", 11)
    for _ in range(2):  # refused by the engine at their last hand: 3 + 3 more hands replayed
        response = upload(client, backup)
        assert response.status_code == 422 and "Hand 3 of the backup is refused" in response.content.decode()
    answer = upload(client, selectors.session_backup(session=fresh(session)))  # 3 saved + 6 replayed + 3 > 11
    assert answer.status_code == 422 and "the most one account saves in a day" in answer.content.decode()
