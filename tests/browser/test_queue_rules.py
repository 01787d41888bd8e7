"""The offline queue's pure rules (static/js/queue_rules.js) in the page, held to the server's own answers on
generated cases, the way tests/browser/test_keypad_model.py holds the keypad model:

- the requests a queue is sent in: each body is one the queue endpoint reads (entry/queued.py: queue_from_json,
  at most MAX_CHANGES changes), the changes waiting in the order made, none while the first is refused or the
  table has a conflict to settle;
- an answer applied: the server's own ordering (services/offline_queue.py: queue_send stops at the first change
  it cannot save, the ones after it wait; a queue not built on the latest revision is refused as "changed")
  leaves on the phone exactly the changes not saved, in order, a conflict exactly when one was refused as changed;
- the deal after the hands waiting (projected): as the engine's Payoff.next_deal passes it, from the deal the
  session screen is given (selectors/sessions.py: deal_json).

The module is imported into a blank page (no server); each batch of cases is one page.evaluate.
"""
from __future__ import annotations

import json
import random
import uuid
from types import SimpleNamespace

import pytest
from playwright.sync_api import Page

from scorekeeper.engine import RULESET_KEYS, settle_session
from scorekeeper.engine.payoffs import Deal, Table
from scorekeeper.engine.rulesets import get_ruleset
from scorekeeper.tables.display.rulesets import get_profile
from scorekeeper.tables.entry import queued
from scorekeeper.tables.replay.state import HandState
from scorekeeper.tables.selectors.sessions import deal_json
from scorekeeper.tables.services import offline_queue

from browser_helpers import module_page

CASES = 300

RULES = "(async () => { window.Rules = await import('/static/js/queue_rules.js'); })()"


@pytest.fixture
def rules(page: Page) -> Page:
    module_page(page)
    page.evaluate(RULES)
    return page


# The rules' own time, measured in the page. The cases go there and back as one JSON text: Playwright's own
# serialising of so many small objects took seconds.
IN_PAGE = """([script, cases]) => {
  const rule = (0, eval)(script);
  const arg = JSON.parse(cases);
  const start = performance.now();
  const answer = rule(arg);
  const ms = performance.now() - start;
  return JSON.stringify({answer, ms});
}"""


def timed(page: Page, script: str, arg: object) -> tuple[list, float]:
    """The script's answer, and its time in the page in ms."""
    done = json.loads(page.evaluate(IN_PAGE, [script, json.dumps(arg)]))
    return done["answer"], done["ms"]


# -- the requests -------------------------------------------------------------------------------------------

KINDS = queued.NEW_HANDS + queued.CHANGES


def random_change(rng: random.Random, status: str) -> dict:
    kind = rng.choice(KINDS)
    fields = [[rng.choice(["winner", "how", "figure", "mode", "note", "actions"]), str(rng.randrange(100))]
              for _ in range(rng.randrange(6))]
    return {"token": str(uuid.UUID(int=rng.getrandbits(128))), "kind": kind,
            "hand": rng.randrange(1, 500) if kind in queued.CHANGES else None, "fields": fields,
            "url": "/sessions/1/win/", "title": "", "at": 0, "status": status}


def random_queue(rng: random.Random) -> dict:
    size = rng.choice([0, 1, 2, 5, 19, 20, 21, 40, 41, 63])
    refused_first = rng.random() < 0.2
    changes = [random_change(rng, "refused" if i == 0 and refused_first else "waiting") for i in range(size)]
    conflict = {"message": "", "revision": str(uuid.uuid4()), "next": 3} if rng.random() < 0.15 else None
    return {"base": str(uuid.UUID(int=rng.getrandbits(128))), "seenNext": rng.randrange(0, 40),
            "changes": changes, "conflict": conflict}


BODIES = """([queues, device]) => queues.map(queue => Rules.requestBody(queue, device))"""


def test_the_chunk_is_the_endpoints_own_limit(rules: Page):
    assert rules.evaluate("Rules.CHUNK") == queued.MAX_CHANGES


def test_every_request_is_one_the_queue_endpoint_reads(rules: Page):
    rng = random.Random("queue requests")
    queues = [random_queue(rng) for _ in range(CASES)]
    device = str(uuid.uuid4())
    bodies, took = timed(rules, BODIES, [queues, device])
    for queue, body in zip(queues, bodies):
        waiting = [c for c in queue["changes"] if c["status"] == "waiting"]
        goes = bool(queue["changes"]) and not queue["conflict"] and queue["changes"][0]["status"] == "waiting"
        if not goes:
            assert body is None, queue
            continue
        read = queued.queue_from_json(json.dumps(body).encode())  # ValueError: a body the server refuses
        assert [str(c.token) for c in read.changes] == [c["token"] for c in waiting[:queued.MAX_CHANGES]]
        assert [c.kind for c in read.changes] == [c["kind"] for c in waiting[:queued.MAX_CHANGES]]
        assert str(read.device) == device and str(read.base) == queue["base"] and read.seen_next == queue["seenNext"]
    print(f"requests: {took / CASES:.4f} ms a case")


# -- an answer applied --------------------------------------------------------------------------------------

def server_results(rng: random.Random, changes: list[dict], monkeypatch) -> tuple[list[dict], bool]:
    """What the server's queue_send answers for these changes: its own loop, each change's fate drawn at random
    (saved, saved before, refused for a reason) where the database would decide it, and the queue built on the
    latest revision or not."""
    follows = rng.random() < 0.8
    fates = {}
    for change in changes:
        token = uuid.UUID(change["token"])
        roll = rng.random()
        fates[token] = ("already" if roll < 0.1 else "saved" if roll < 0.85
                        else rng.choice(["invalid", "gone", "finished"]))
    revision = uuid.uuid4()
    base = revision if follows else uuid.uuid4()
    locked = SimpleNamespace(revision=revision, queued_by=None, queued_from=None, queued_to=None)

    def sent_before(session, change):
        fate = fates[change.token]
        return offline_queue.Sent(change.token, offline_queue.ALREADY, 1) if fate == "already" else None

    def sent(session, change):
        fate = fates[change.token]
        if fate == "saved":
            return offline_queue.Sent(change.token, offline_queue.SAVED, 1)
        return offline_queue.Sent(change.token, offline_queue.REFUSED, reason=fate, message=f"why {fate}")

    monkeypatch.setattr(offline_queue, "locked_session", lambda session: locked)
    monkeypatch.setattr(offline_queue, "_sent_before", sent_before)
    monkeypatch.setattr(offline_queue, "_sent", sent)
    monkeypatch.setattr(offline_queue, "_keep_chain", lambda session, queue: None)
    queue = queued.Queue(uuid.uuid4(), base, 0, [
        queued.QueuedChange(uuid.UUID(c["token"]), c["kind"], c["hand"], queued._fields([])) for c in changes])
    results = offline_queue.queue_send(session=locked, queue=queue)
    return [{"token": str(r.token), "status": r.status, "hand": r.hand_id, "label": "", "reason": r.reason,
             "message": r.message or r.reason} for r in results], follows


ANSWERS = """(cases) => cases.map(([queue, answer]) => {
  const after = Rules.afterAnswer(queue, answer);
  return {tokens: after.queue.changes.map(c => c.token), statuses: after.queue.changes.map(c => c.status),
          reasons: after.queue.changes.map(c => c.reason || ""), conflict: !!after.queue.conflict,
          saved: after.savedTokens, again: after.again, known: after.known, base: after.queue.base};
})"""


def test_an_answer_leaves_waiting_what_the_server_did_not_save(rules: Page, monkeypatch):
    rng = random.Random("queue answers")
    cases, expected = [], []
    for _ in range(CASES):
        queue = random_queue(rng)
        queue["conflict"] = None
        for change in queue["changes"]:
            change["status"] = "waiting"
        chunk = queue["changes"][:queued.MAX_CHANGES]
        if not chunk:
            continue
        results, _follows = server_results(rng, chunk, monkeypatch)
        answer = {"revision": str(uuid.uuid4()), "next_hand": rng.randrange(1, 90), "results": results,
                  "next_url": "/sessions/1/"}
        cases.append([queue, answer])
        by_token = {r["token"]: r for r in results}
        done = [c["token"] for c in chunk if by_token[c["token"]]["status"] in ("saved", "already")]
        left = [c for c in queue["changes"] if c["token"] not in done]
        expected.append((answer, done, left, by_token))
    phone, took = timed(rules, ANSWERS, cases)
    for (answer, done, left, by_token), got in zip(expected, phone):
        assert got["saved"] == done
        assert got["tokens"] == [c["token"] for c in left]  # in the order made
        fates = [by_token.get(c["token"], {"status": "waiting", "reason": ""}) for c in left]
        assert got["statuses"] == ["waiting" if f["status"] == "waiting" else "refused" for f in fates]
        # the server's order: nothing after a change it could not save was saved
        assert all(f["status"] == "waiting" for f in fates[1:]), fates
        assert got["conflict"] == any(f["reason"] == "changed" for f in fates)
        remembered = not left or bool(done)
        assert got["known"] == ({"revision": answer["revision"], "next": answer["next_hand"]} if remembered else None)
        assert got["again"] == (bool(done) and bool(left) and got["statuses"][0] == "waiting")
    print(f"answers: {took / len(cases):.4f} ms a case")


# -- the deal after the hands waiting ---------------------------------------------------------------------------

def random_changes(rng: random.Random) -> list[dict]:
    changes = []
    for _ in range(rng.randrange(0, 14)):
        roll = rng.random()
        if roll < 0.3:
            changes.append({"kind": "draw", "fields": []})
        elif roll < 0.85:
            changes.append({"kind": "win", "fields": [["winner", str(rng.randrange(4))], ["mode", "figure"]]})
        elif roll < 0.93:
            changes.append({"kind": "spot", "fields": [["kind", "false_win"]]})
        else:
            changes.append(rng.choice([{"kind": "win", "fields": [["mode", "tiles"], ["winner", "1"]]},
                                       {"kind": "edit", "fields": []}, {"kind": "delete", "fields": []}]))
    return changes


def engine_answer(ruleset: str, options: dict, start: Deal, first: int, next_hand: int, changes: list[dict]) -> dict:
    """The deal after the changes, as the engine's payoff passes it; numbers as the session screen counts."""
    payoff = get_ruleset(ruleset).payoff
    table = Table(first, {}, payoff.read_options(options))
    deal, number, numbers, known = start, next_hand, [], True
    for change in changes:
        fields = dict(change["fields"])
        if change["kind"] == "spot":
            numbers.append("spot")
            continue
        figure_win = change["kind"] == "win" and fields.get("mode") == "figure"
        if not known or not (change["kind"] == "draw" or figure_win):
            known = False
            numbers.append(None)
            continue
        numbers.append(number)
        number += 1
        dealer_won = figure_win and int(fields["winner"]) == deal.dealer
        deal = payoff.next_deal(deal, table, dealer_won, change["kind"] == "draw")
    return {"dealer": deal.dealer, "streak": deal.continuations, "rounds": deal.rounds, "next": number,
            "known": known, "numbers": numbers}


PROJECTED = """(cases) => cases.map(([deal, changes]) => {
  const s = Rules.projected(deal, changes);
  return {dealer: s.dealer, streak: s.streak, rounds: s.rounds, next: s.next, known: s.known, numbers: s.numbers};
})"""


def deal_cases(rng: random.Random, ruleset: str, options: dict) -> tuple[list, list]:
    profile = get_profile(ruleset)
    cases, expected = [], []
    for _ in range(CASES):
        first, dealer = rng.randrange(4), rng.randrange(4)
        continuations, rounds, next_hand = rng.randrange(4), rng.randrange(6), rng.randrange(1, 60)
        state = HandState(dealer, continuations, continuations, "ESWN"[rounds % 4], ("E", "S", "W", "N"), rounds + 1)
        session = SimpleNamespace(ruleset=ruleset, first_dealer=first, options=options)
        deal = json.loads(deal_json(session=session, state=state, hand_number=next_hand, profile=profile))
        changes = random_changes(rng)
        cases.append([deal, changes])
        expected.append(engine_answer(ruleset, options, Deal(dealer, continuations, rounds), first, next_hand, changes))
    return cases, expected


@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_the_deal_after_the_hands_waiting_is_the_engines(rules: Page, ruleset):
    cases, expected = deal_cases(random.Random(f"deal {ruleset}"), ruleset, {})
    phone, took = timed(rules, PROJECTED, cases)
    for case, want, got in zip(cases, expected, phone):
        if not want["known"]:  # unknown: only the numbers before it, and that it is unknown, are promised
            assert got["known"] is False and got["numbers"] == want["numbers"], case
            continue
        assert got == want, case
    print(f"{ruleset} deals: {took / CASES:.4f} ms a case")


def test_the_deal_after_a_draw_where_the_table_passes_it(rules: Page):
    cases, expected = deal_cases(random.Random("deal hk-faan passes"), "hk-faan", {"draw_keeps_deal": False})
    phone, _took = timed(rules, PROJECTED, cases)
    assert all(got == want for want, got in zip(expected, phone) if want["known"])


def several_winners_case(rng: random.Random) -> tuple[list, list[dict], int]:
    """一炮多響 waiting on the phone: draws and wins by figure of one, two or three winners on a discard (the
    form's `other_<k>` slots), with the engine's own hands for them."""
    changes, hands, first = [], [], rng.randrange(4)
    for _ in range(rng.randrange(1, 10)):
        if rng.random() < 0.2:
            changes.append({"kind": "draw", "fields": []})
            hands.append({"draw": True})
            continue
        discarder = rng.randrange(4)
        seats = [seat for seat in range(4) if seat != discarder]
        rng.shuffle(seats)
        winners = seats[:rng.choice((1, 2, 2, 3))]
        fields = [["winner", str(winners[0])], ["how", str(discarder)], ["mode", "figure"], ["figure", "2"]]
        for number, seat in enumerate(winners[1:], start=1):
            fields += [[f"other_{number}", "1"], [f"other_winner_{number}", str(seat)], [f"other_figure_{number}", "1"]]
        changes.append({"kind": "win", "fields": fields})
        hands.append({"winner": winners[0], "discarder": discarder, "fan": 2} if len(winners) == 1 else
                     {"discarder": discarder, "winners": [{"winner": seat, "fan": 1} for seat in winners]})
    return changes, hands, first


def test_the_deal_after_several_winners_waiting_is_the_engines(rules: Page):
    """taiwan.md: the dealer keeps the deal if among the winners; the phone's projection as the engine's settle."""
    rng, profile = random.Random("several winners"), get_profile("taiwan")
    options = {"several_winners": True}
    streak_from = get_ruleset("taiwan").payoff.streak_from
    cases, expected = [], []
    for _ in range(CASES // 3):
        changes, hands, first = several_winners_case(rng)
        state = HandState(first, 0, 0, "E", tuple("ESWN"[(s - first) % 4] for s in range(4)), 1)
        session = SimpleNamespace(ruleset="taiwan", first_dealer=first, options=options)
        cases.append([json.loads(deal_json(session=session, state=state, hand_number=1, profile=profile)), changes])
        answer = settle_session({"ruleset": "taiwan", "players": ["A", "B", "C", "D"], "dealer": first,
                                 "options": options, "hands": hands})
        after = answer.next
        expected.append({"dealer": after.dealer, "streak": max(after.dealer_streak - streak_from, 0),
                         "rounds": after.round - 1, "next": len(hands) + 1, "known": True,
                         "numbers": list(range(1, len(hands) + 1))})
    phone, _took = timed(rules, PROJECTED, cases)
    for case, want, got in zip(cases, expected, phone):
        assert got == want, case
