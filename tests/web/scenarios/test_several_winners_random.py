"""Random taiwan sessions with several winners on one discard (一炮多響, issue 37 point 5): whatever the table
plays, every screen and every export tells the engine's money.

Each example plays a random session with the house option on (wins, hands of two or three winners by figure
on one discard, draws, seat changes among a pool of people, paying as you go or keeping a tab) through the
services, as the screens save them, and asks the engine's `settle_session` afresh on entries this test
writes itself (not the app's `settle_entry`). Then, for every person who played (the engine's per-seat
transfers, hand by hand, over the person then in each seat, and the closing 拉 debts over those seated at the
end):
- the session screen's cards (selectors.session_standings) and Settle-up (people_money) say that balance;
- History's rows name every winner of a several-winner hand with what the engine says each was paid;
- the CSV's balance columns after the last hand say it, and its rows are one per entry;
- backup → import → backup gives the same hands, and the restored session the same balances;
- each player's page counts that net, a win for each winner, and one deal-in for the discarder.
"""
from __future__ import annotations

import csv
import io
import json
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import settle_session
from scorekeeper.tables import selectors, services
from scorekeeper.tables.hand_input import HandInput, OtherWin
from scorekeeper.tables.models import Hand, Player, Session
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.replay.seating import people_money
from scorekeeper.tables.selectors.exports import session_backup, session_csv
from scorekeeper.tables.services import quota

pytestmark = pytest.mark.django_db
PROPERTIES = settings(max_examples=40, deadline=None,
                      suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
NAMES = ["Ann", "Bob", "Cy", "Di"]
NEWCOMERS = ["Eve", "Fay", "Gus"]
STAKES = {"base": "10", "per_fan": "2"}
fan = st.integers(1, 12)

single = st.tuples(st.just("win"), st.integers(0, 3), st.one_of(st.none(), st.integers(0, 3)), fan)
several = st.integers(0, 3).flatmap(lambda discarder: st.tuples(
    st.just("several"), st.just(discarder),
    st.lists(st.tuples(st.sampled_from([s for s in range(4) if s != discarder]), fan), min_size=2, max_size=3,
             unique_by=lambda win: win[0])))
draw = st.tuples(st.just("draw"))
seat = st.tuples(st.just("seat"), st.integers(0, 3), st.sampled_from(NAMES + NEWCOMERS))
plans = st.lists(st.one_of(single, several, several, draw, seat), min_size=3, max_size=14)


Entry = tuple[dict[str, Any], str]  # the engine's settle entry, written here; a seat change's newcomer


def play(session: Session, plan: list[tuple[Any, ...]]) -> list[Entry]:
    """The plan through the services; each entry kept as the engine's settle entry, written here."""
    entries: list[Entry] = []
    seated = list(NAMES)
    for step in plan:
        if step[0] == "win" and step[1] != step[2]:
            _, winner, discarder, figure = step
            hand = HandInput(Hand.Kind.WIN, winner=winner, discarder=discarder, figure=figure, figure_field="fan")
            services.hands_append(session=session, hands=[hand])
            entries.append(({"winner": winner, "discarder": discarder, "fan": figure}, ""))
        elif step[0] == "several":
            _, discarder, wins = step
            (first, figure), *others = wins
            hand = HandInput(Hand.Kind.WIN, winner=first, discarder=discarder, figure=figure, figure_field="fan",
                             other_wins=tuple(OtherWin(w, figure=f, figure_field="fan") for w, f in others))
            services.hands_append(session=session, hands=[hand])
            entries.append(({"discarder": discarder, "winners": [{"winner": w, "fan": f} for w, f in wins]}, ""))
        elif step[0] == "draw":
            services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
            entries.append(({"draw": True}, ""))
        elif step[0] == "seat" and step[2] not in seated:
            services.seat_change_record(session=session, seat=step[1], name=step[2])
            entries.append(({"seat_change": step[1]}, step[2]))
            seated[step[1]] = step[2]
    return entries


def engine_money(session: Session, entries: list[Entry]) -> dict[str, Any]:
    """The engine's answer on the test's own entries, and each person's money, wins and deal-ins from it."""
    answer = settle_session({"ruleset": "taiwan", "stakes": STAKES, "options": {"several_winners": True},
                             "players": NAMES, "dealer": 0, "pay_as_you_go": session.pay_as_you_go,
                             "hands": [entry for entry, _ in entries]}).to_json()
    assert answer["ok"], answer
    seated = list(NAMES)
    money: dict[str, Decimal] = dict.fromkeys(NAMES, Decimal(0))
    wins: Counter[str] = Counter()
    deal_ins: Counter[str] = Counter()
    for (entry, newcomer), replayed in zip(entries, answer["hands"]):
        for t in replayed["transfers"]:
            money[seated[t["from"]]] -= Decimal(t["amount"])
            money[seated[t["to"]]] += Decimal(t["amount"])
        for win in entry.get("winners", [entry] if "winner" in entry else []):
            wins[seated[win["winner"]]] += 1
        if entry.get("discarder") is not None:
            deal_ins[seated[entry["discarder"]]] += 1
        if "seat_change" in entry:  # from the next hand on
            seated[entry["seat_change"]] = newcomer
            money.setdefault(newcomer, Decimal(0))
    for t in answer["closing"]:
        money[seated[t["from"]]] -= Decimal(t["amount"])
        money[seated[t["to"]]] += Decimal(t["amount"])
    return {"answer": answer, "money": money, "wins": wins, "deal_ins": deal_ins}


def check_history(session: Session, answer: dict[str, Any]) -> None:
    """Every several-winner row names each winner, each with what the engine says it was paid."""
    history = selectors.session_history(session=session)
    replay = history.standings.replay
    for row in history.rows:
        replayed = answer["hands"][replay.index_of(row.hand.pk)]
        if replayed["kind"] != "several_wins":
            assert not row.winners
            continue
        names = row.names
        assert [(w.name, w.paid, w.carries_chain) for w in row.winners] == [
            (names[w["winner"]], Decimal(w["paid"]), w["carries_chain"]) for w in replayed["winners"]]
        assert all(names[w["winner"]] in row.title for w in replayed["winners"])


def check_csv(session: Session, money: dict[str, Decimal], entries: list[Entry]) -> None:
    rows = list(csv.reader(io.StringIO(session_csv(session=session))))
    header, hands = rows[0], [row for row in rows[1:] if row[0]]
    assert len(hands) == len(entries)  # one row per entry, several winners or one
    if hands:
        last = dict(zip(header, hands[-1]))
        assert {name: Decimal(last[f"{name} balance"]) for name in money} == money


def check_backup(session: Session, money: dict[str, Decimal]) -> None:
    backup = session_backup(session=session)
    restored = services.session_restore(data=json.loads(json.dumps(backup)), owner=session.owner)
    again = session_backup(session=restored)
    assert again["hands"] == backup["hands"] and again["options"] == backup["options"]
    assert {m.player.name: m.balance for m in people_money(session=restored, replay=session_replay(
        session=restored))} == money


def check_players(session: Session, expected: dict[str, Any]) -> None:
    for name, net in expected["money"].items():
        (row,) = selectors.player_numbers(player=Player.objects.get(owner=session.owner, name=name), sessions=[session])
        assert (row.net, row.wins, row.deal_ins) == (net, expected["wins"][name], expected["deal_ins"][name])


@PROPERTIES
@given(plan=plans, paying=st.booleans())
def test_every_screen_and_export_tells_the_engines_money(make_session, monkeypatch, plan, paying):
    monkeypatch.setattr(quota, "SESSIONS_PER_DAY", 10**6)  # two sessions an example, and shrinking tries more
    session = make_session("taiwan", names=NAMES, stakes=STAKES, options={"several_winners": True},
                           pay_as_you_go=paying)
    entries = play(session, plan)
    event(f"{sum('winners' in entry for entry, _ in entries)} several-winner hands, "
          f"{sum('seat_change' in entry for entry, _ in entries)} seat changes")
    session.refresh_from_db()
    expected = engine_money(session, entries)
    money = expected["money"]

    standings = selectors.session_standings(session=session, recent=5)
    assert {seat.name: seat.balance for seat in standings.seats + standings.left} == money  # those who left too
    assert {m.player.name: m.balance for m in people_money(session=session, replay=standings.replay)} == money
    assert sum(money.values()) == 0
    check_history(session, expected["answer"])
    check_csv(session, money, entries)
    check_backup(session, money)
    check_players(session, expected)
