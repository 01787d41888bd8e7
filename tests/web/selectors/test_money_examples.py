"""The Rules page's Money section (issue 19): each ruleset's rules of payment, each with a worked example whose
numbers are the engine's.

Each example is held to a replay the test runs itself through the engine's `settle_session` (the command
line's `settle`) on the situation the example tells, at the same stakes: the page may not show a number the
engine would not give.
"""
from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.html import escape

from scorekeeper.engine import RULESET_KEYS, get_ruleset, settle_session
from scorekeeper.engine.examples import MoneyExample
from scorekeeper.tables.display.money import money
from scorekeeper.tables.selectors import money_rulesets
from scorekeeper.tables.selectors.money_examples import Refused, Table
from scorekeeper.tables.selectors.money_rulesets import example_table, money_examples

from web_helpers import ACCEPT, NAMES, visible_text

SEATS = ["East", "South", "West", "North"]


@pytest.fixture(autouse=True)
def in_english():
    """The examples are made in the active language: a page in Chinese before must not leave it on."""
    with translation.override("en"):
        yield

DRAW = {"draw": True}


def settle(ruleset, hands, *, stakes=None, options=None, names=SEATS, pay_as_you_go=False):
    answer = settle_session({"ruleset": ruleset, "stakes": stakes or {}, "options": options or {},
                             "players": names, "dealer": 0, "hands": hands, "pay_as_you_go": pay_as_you_go}).to_json()
    assert answer["ok"], answer
    return answer


def rows(answer_rows, names=SEATS):
    return sorted((names[r["from"]], names[r["to"]], Decimal(r["amount"])) for r in answer_rows)


def shown(step):
    return sorted((p.payer, p.payee, p.amount) for p in step.payments)


def example(ruleset, key, table=None):
    found = [e for e in money_examples(table=table or Table(ruleset)) if e.key == key]
    assert found, f"{ruleset} has no {key} example"
    return found


# -- every example's numbers are the engine's ---------------------------------------------------------
def win(winner, discarder, **figure):
    return {"winner": winner, "discarder": discarder, **figure}


# (ruleset, example key, which of that key, step, the hands the step tells, which hand, which rows)
ENGINE_CASES = [
    ("taiwan", "discard", 0, 0, [win(1, 2, fan=6)], -1, "payments"),
    ("taiwan", "self_draw", 0, 0, [win(1, None, fan=6)], -1, "payments"),
    ("taiwan", "dealer_wins", 0, 1, [DRAW, DRAW, win(0, 1, pattern_fan=6)], -1, "payments"),
    ("taiwan", "dealer_pays", 0, 1, [DRAW, DRAW, win(1, None, fan=6)], -1, "payments"),
    ("taiwan", "pull_again", 0, 0, [win(0, None, fan=13)], 0, "tracked"),
    ("taiwan", "pull_again", 0, 1, [win(0, None, fan=13), win(0, 1, fan=5)], 1, "tracked"),
    ("taiwan", "pull_ends", 0, 1, [win(0, None, fan=13), win(0, 1, fan=5), win(2, 3, fan=6)], 2, "transfers"),
    ("taiwan", "pull_ends", 0, 2, [win(0, None, fan=13), win(0, 1, fan=5), win(2, 3, fan=6)], 2, "tracked"),
    ("taiwan", "pull_halves", 0, 1, [win(0, None, fan=13), win(0, 1, fan=5), win(1, 0, fan=6)], 2, "transfers"),
    ("taiwan", "pull_halves", 0, 2, [win(0, None, fan=13), win(0, 1, fan=5), win(1, 0, fan=6)], 2, "tracked"),
    ("zung-jung", "discard", 0, 0, [win(1, 2, points=20)], -1, "payments"),
    ("zung-jung", "discard", 1, 0, [win(1, 2, points=40)], -1, "payments"),
    ("zung-jung", "immune", 0, 0, [win(1, 2, points=40, responsible=None)], -1, "payments"),
    ("zung-jung", "self_draw", 0, 0, [win(1, None, points=40)], -1, "payments"),
    ("hk-old", "self_draw", 0, 0, [win(0, None, points=40)], -1, "payments"),
    ("hk-old", "self_draw", 1, 0, [win(1, None, points=40)], -1, "payments"),
    ("hk-old", "discard", 0, 0, [win(0, 2, points=40)], -1, "payments"),
    ("hk-old", "discard", 1, 0, [win(1, 2, points=40)], -1, "payments"),
    ("taizhou", "four_hands", 0, 0, [win(1, 2, points=40, loser_points=[8, None, 0, 16])], -1, "payments"),
    ("taizhou", "banker_wins", 0, 0, [win(0, None, points=40, loser_points=[None, 0, 8, 16])], -1, "payments"),
    ("taizhou", "limit_paid", 0, 0, [win(1, 2, points=100, loser_points=[8, None, 0, 16])], -1, "payments"),
    ("taizhou", "responsible", 0, 0, [win(1, 2, points=40, loser_points=[8, None, 0, 16], responsible=2)], -1,
     "payments"),
    ("fujian", "discard", 0, 0, [win(1, 2, points=10)], -1, "payments"),
]


@pytest.mark.parametrize("ruleset, key, which, step, hands, hand, field", ENGINE_CASES)
def test_each_example_shows_what_the_engine_settles(ruleset, key, which, step, hands, hand, field):
    made = example(ruleset, key)[which]
    assert shown(made.steps[step]) == rows(settle(ruleset, hands)["hands"][hand][field])


def test_the_pull_examples_follow_taiwans_worked_example_at_the_default_stakes():
    """taiwan.md: S, W, N owe East base + 13 fan; South's debt × 1.5 + the new win; halved when East pays."""
    owed = {p.payer: p.amount for p in example("taiwan", "pull_again")[0].steps[1].payments}
    assert owed == {"South": Decimal(23) * Decimal("1.5") + 15, "West": 23, "North": 23}
    collected = {p.payer: p.amount for p in example("taiwan", "pull_halves")[0].steps[1].payments}
    assert collected["South"] == owed["South"] / 2


# -- taiwan: several winners on one discard (一炮多響, issue 37) -------------------------------------------
SEVERAL = [win(1, 0, fan=4), {"discarder": 0, "winners": [{"winner": 1, "fan": 2}, {"winner": 3, "fan": 6}]}]
ON = {"several_winners": True}


def several_figures(made):
    """What the example shows: owed when the chain begins, owed after the double win, paid at once, and who
    deals next, as (payer, payee, amount) rows and the last step's words."""
    _status, begins, _won, carried, paid, deal = made.steps
    return shown(begins), shown(carried), shown(paid), deal.said


@pytest.mark.parametrize("stakes, names, begins, value, owed, paid", [
    ({}, SEATS, 14, 12, 33, 16),  # taiwan.md's worked example: 14 × 1.5 + 12 = 33, 16 now
    ({"base": "20", "per_fan": "5"}, NAMES, 40, 30, 90, 50),  # 20 + 4 × 5; 20 + 2 × 5; 40 × 1.5 + 30; 20 + 6 × 5
])
def test_several_winners_is_taiwans_worked_example_at_the_tables_stakes(stakes, names, begins, value, owed, paid):
    table = Table("taiwan", tuple(names), stakes, own=names is NAMES)
    made = example("taiwan", "several_winners", table)[0]
    east, south, north = names[0], names[1], names[3]
    assert several_figures(made) == (
        [(east, south, Decimal(begins))], [(east, south, Decimal(owed))], [(east, north, Decimal(paid))],
        f"{south} dealt and is among the winners: {south} keeps the deal, now 連1.")
    assert f"{south} {value}, {north} {paid}." in made.steps[2].said  # each owed as if alone
    assert f"({begins} × 1.5 + {value} = {owed})" in made.steps[3].said
    assert made.steps[1].owed and made.steps[3].owed and not made.steps[4].owed
    # every number the engine's, the option on whatever the table plays
    answer = settle("taiwan", SEVERAL, stakes=stakes, options=ON, names=names)
    assert shown(made.steps[3]) == rows(answer["hands"][1]["tracked"], names)
    assert shown(made.steps[4]) == rows(answer["hands"][1]["transfers"], names)
    assert answer["next"]["dealer"] == 1 and answer["next"]["dealer_streak"] == 1


@pytest.mark.parametrize("table, status", [
    (Table("taiwan"), "Off unless a table turns it on (New session, House options): by default a table plays 截糊"),
    (Table("taiwan", tuple(NAMES), options={"several_winners": False}, own=True), "This table plays 截糊: its house "
     "option is off"),
    (Table("taiwan", tuple(NAMES), options=ON, own=True), "This table plays 一炮多響"),
])
def test_several_winners_says_whether_the_table_plays_it(table, status):
    """截糊 by default or at a table with the option off, the example still shows the option turned on."""
    made = example("taiwan", "several_winners", table)[0]
    assert made.steps[0].said.startswith(status) and made.title == "Several winners on one discard (一炮多響)"
    assert "(截糊, the default)" in made.rule
    assert several_figures(made)[1] == [(table.seats[0], table.seats[1], Decimal(33))]


def test_the_chains_sums_are_worked_on_the_exact_amounts_where_the_coin_rounds_them():
    """round_to 5 shows Ann's 19 owed as 20: the chain's sum is the engine's, 19 × 1.5 + 13 = 41.5 (shown as 40)."""
    table = Table("taiwan", tuple(NAMES), {"base": "7", "per_fan": "3"}, {"round_to": "5"}, own=True)
    carried = example("taiwan", "several_winners", table)[0].steps[3]
    assert "(19 × 1.5 + 13 = 41.50)" in carried.said
    assert [(p.amount, p.exact) for p in carried.payments] == [(Decimal(40), Decimal("41.5"))]
    again = example("taiwan", "pull_again", table)[0].steps[1]
    assert "(46 × 1.5 + 22 = 91)" in again.said  # 7 + 13 × 3 = 46, shown as 45


def test_several_winners_reads_in_traditional_chinese(anonymous):
    html = anonymous.get("/rules/taiwan/", HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"]).content.decode()
    article = re.search(r'<article class="money-example"[^>]*>\s*<h3[^>]*>一炮多響</h3>.*?</article>', html,
                        flags=re.S).group(0)
    text = visible_text(article)
    assert "預設打截糊" in text and "14 × 1.5 + 12 = 33" in text and "南 連莊，現在連1" in text
    assert "東 → 南 33" in text and "東 → 北 16" in text


def test_each_on_the_spot_kind_is_the_engines_payment():
    spots = example("taiwan", "spots")[0]
    entries = [{"spot": "flower", "player": 1, "count": 2}, {"spot": "grass", "player": 1, "count": 2},
               {"spot": "concealed_kong", "player": 1}, {"spot": "unrevealed_kong", "player": 1},
               {"spot": "chase", "player": 1}, {"spot": "dice_123"}, {"spot": "dice_triplet"},
               {"spot": "false_win", "player": 1}, {"spot": "failed_peng", "player": 1, "to": 2}]
    answer = settle("taiwan", entries)
    assert [shown(step) for step in spots.steps] == [rows(h["transfers"]) for h in answer["hands"]]


@pytest.mark.parametrize("ruleset", ["taiwan", "zung-jung", "hk-old", "taizhou"])
def test_the_limit_example_is_a_hand_the_engine_caps(ruleset):
    made = example(ruleset, "limit")[0]
    extra = {"loser_points": [0, None, 8, 16]} if ruleset == "taizhou" else {}
    [limit] = [e for e in get_ruleset(ruleset).money_examples if e.params.get("key") == "limit"]
    answer = settle(ruleset, [{"winner": 1, "discarder": None, "hand": limit.params["hand"], **extra}])["hands"][0]
    assert answer["score"]["limit"] is True
    assert shown(made.steps[-1]) == rows(answer["payments"])
    assert str(answer["score"]["total"]) in made.steps[-1].note


def test_fujians_golds_change_what_each_loser_pays():
    made = example("fujian", "golds")[0]
    hand = {"concealed": "123m456m789p234s55s1p1p", "winning_tile": "9s", "wild": "1p"}
    answer = settle("fujian", [{"winner": 1, "hand": hand}])["hands"][0]
    golds = next(p for p in answer["score"]["patterns"] if p["key"] == "golds")
    assert golds["value"] == 2 and ("Golds", "2") in made.steps[0].rows
    assert shown(made.steps[0]) == rows(answer["payments"])


def test_zung_jungs_payoff_option_shows_both_schemes():
    made = example("zung-jung", "payoff")[0]
    for step, scheme in zip(made.steps[1:], ("competition", "uniform")):
        assert shown(step) == rows(settle("zung-jung", [win(1, 2, points=40)],
                                          options={"payoff": scheme})["hands"][0]["payments"])


def test_hk_olds_tallies_are_the_start_plus_the_engines_balances():
    made = example("hk-old", "tallies")[0]
    balances = settle("hk-old", [win(1, None, points=40), win(0, 2, points=60)])["balances"]
    assert made.steps[0].rows == tuple((name, money(2000 + Decimal(b))) for name, b in zip(SEATS, balances))


@pytest.mark.parametrize("ruleset, hands", [
    ("taiwan", [win(0, None, fan=13), win(0, 1, fan=5), {"spot": "flower", "player": 1, "count": 1},
                win(2, 3, fan=6)]),
    ("zung-jung", [win(1, 2, points=40), win(3, None, points=20)]),
])
def test_a_tab_and_paying_as_you_go_ask_for_the_engines_owed(ruleset, hands):
    """Settle up asks for `owed`: every balance on a tab; paying as you go, taiwan's open 拉 debts, else nothing."""
    tab, told_go = example(ruleset, "paying")[0].steps[1:]
    assert shown(tab) == rows(settle(ruleset, hands)["settle_up"])
    go = settle(ruleset, hands, pay_as_you_go=True)
    assert shown(told_go) == rows(go["settle_up"])
    assert bool(shown(told_go)) == (ruleset == "taiwan")


# -- the page ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_every_rulesets_rules_page_shows_its_money_section(anonymous, ruleset):
    html = anonymous.get(f"/rules/{ruleset}/").content.decode()
    made = money_examples(table=Table(ruleset))
    assert 'id="money"' in html and len(made) == len(get_ruleset(ruleset).money_examples) >= 4
    for shown_example in made:
        assert escape(shown_example.title) in html and escape(shown_example.rule) in html
        for step in shown_example.steps:
            assert escape(step.said) in html
            for payment in step.payments:
                assert f"{payment.payer} <span" in html and f"<strong>{money(payment.amount)}</strong>" in html


def test_a_ruleset_without_examples_still_has_its_rules_page(anonymous, monkeypatch):
    monkeypatch.setattr(type(get_ruleset("fujian")), "money_examples", ())
    response = anonymous.get("/rules/fujian/")
    html = response.content.decode()
    assert response.status_code == 200 and 'id="money"' not in html and "#money" not in html
    assert "rules-table" in html


def test_an_example_the_engine_refuses_is_left_out(anonymous, monkeypatch):
    def refused(table):
        raise Refused("not at these stakes")
    monkeypatch.setitem(money_rulesets.KINDS, "refused", refused)
    fujian = type(get_ruleset("fujian"))
    monkeypatch.setattr(fujian, "money_examples", (MoneyExample("refused"), *fujian.money_examples))
    assert len(money_examples(table=Table("fujian"))) == len(fujian.money_examples) - 1


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_the_money_section_reads_in_chinese(anonymous, ruleset, language):
    html = anonymous.get(f"/rules/{ruleset}/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
    section = re.search(r'<section class="card money".*?</section>', html, flags=re.S).group(0)
    assert re.findall(r"[A-Za-z]{2,}", visible_text(section)) == []
    seats = ("東", "南") if language == "zh-hant" else ("东", "南")
    assert all(seat in visible_text(section) for seat in seats)


# -- opened from a session: its stakes, options and players ----------------------------------------------
def test_opened_from_a_session_the_examples_are_at_its_stakes(client, make_session):
    session = make_session("taiwan", stakes={"base": "20", "per_fan": "5"})
    html = client.get(f"/rules/taiwan/?session={session.pk}").content.decode()
    made = example("taiwan", "discard", example_table(key="taiwan", session=session))[0]
    assert shown(made.steps[0]) == rows(settle("taiwan", [win(1, 2, fan=6)], stakes=session.stakes,
                                               names=NAMES)["hands"][0]["payments"], NAMES)
    assert shown(made.steps[0]) == [("Cy", "Bob", Decimal(50))]  # 20 + 6 × 5, by the engine above
    assert "at this table's stakes" in html and "Base (底) 20" in html and "<strong>50</strong>" in html
    default = client.get("/rules/taiwan/").content.decode()
    assert "Base (底) 10" in default and "Cy <span" not in default
    assert f'href="/sessions/{session.pk}/"' in html  # back to the table


def test_opened_from_a_session_the_examples_play_its_house_options(client, make_session):
    session = make_session("zung-jung", options={"payoff": "uniform"})
    made = example("zung-jung", "discard", example_table(key="zung-jung", session=session))[1]
    assert shown(made.steps[0]) == rows(settle("zung-jung", [win(1, 2, points=40)], options=session.options,
                                               names=NAMES)["hands"][0]["payments"], NAMES)
    assert {p.amount for p in made.steps[0].payments} == {Decimal(40)} and "Uniform" in made.rule
    html = client.get(f"/rules/zung-jung/?session={session.pk}").content.decode()
    assert "Uniform (this table&#x27;s):" in html


def test_the_session_screen_links_its_rules_with_the_session(client, make_session):
    session = make_session("taiwan")
    assert f'/rules/taiwan/?session={session.pk}"' in client.get(f"/sessions/{session.pk}/").content.decode()


def test_a_session_the_visitor_may_not_view_is_a_404(client, stranger, anonymous, make_session, guest):
    session = make_session("taiwan")
    for visitor in (stranger, anonymous):
        assert visitor.get(f"/rules/taiwan/?session={session.pk}").status_code == 404
        assert visitor.get("/rules/taiwan/").status_code == 200
    for bad in ("abc", "", "99999", str(2**70)):
        assert client.get(f"/rules/taiwan/?session={bad}").status_code == 404
    assert client.get(f"/rules/zung-jung/?session={session.pk}").status_code == 404  # other rules
