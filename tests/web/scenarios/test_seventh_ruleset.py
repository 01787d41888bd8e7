"""A seventh ruleset, written here and registered for these tests alone, works on every screen and in every
export with no change to the app (issue 36): a new name, a new unit ("mon"), a pattern table of its own and its
own example hands. What the app says of a ruleset comes from the ruleset object, and a unit or a pattern kind
without words in the label table (display/labels.py) reads as the engine names it."""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.engine import RULESET_KEYS, RULESETS, Ruleset, get_ruleset
from scorekeeper.engine.entries import Win
from scorekeeper.engine.examples import example
from scorekeeper.engine.facts import Facts
from scorekeeper.engine.money import Payment
from scorekeeper.engine.patterns import Pattern, count_patterns
from scorekeeper.engine.payoffs import Deal, Payoff, Table, others
from scorekeeper.engine.ruleset import Score
from scorekeeper.tables.models import Session
from scorekeeper.tables.replay import forget_all, session_replay

from web_helpers import rev

KEY = "mon-mahjong"
# 123m 456p 789s, a pung of red dragons and a pair of 2s: won on the pair's second tile.
TILES = {"concealed": "123m456p789s777z2s", "winning_tile": "2s"}


def is_all_concealed(f: Facts) -> bool:
    return f.concealed_hand


def has_dragon_pung(f: Facts) -> int:
    return f.dragon_pungs


TABLE = (
    Pattern("winning", "Winning", "和了", 1, lambda f: True, kind="mon"),
    Pattern("concealed", "Concealed Hand", "門清", 2, is_all_concealed, kind="mon"),
    Pattern("dragon", "Dragon Pung", "三元刻", 3, has_dragon_pung, kind="bonus"),
)


class MonPayoff(Payoff):
    """The discarder pays a discard; each of the three pays a self-draw; the deal passes after every hand."""

    key = KEY
    name = "Mon Mahjong"
    figures = ("mon",)
    stake_defaults = {"per_mon": Decimal(2)}

    def keeps_deal(self, dealer_won: bool, draw: bool, options: Mapping[str, Any]) -> bool:
        return False

    def payments(self, win: Win, value: Decimal, losers: tuple[Decimal | None, ...], deal: Deal,
                 table: Table) -> list[Payment]:
        each = value * table.stakes["per_mon"]
        payers = others(win.winner) if win.self_drawn else (win.discarder,)
        return [Payment(payer, win.winner, each) for payer in payers if payer is not None]


class MonMahjong(Ruleset):
    key = KEY
    name = "Mon Mahjong"
    name_zh = "文麻將"
    description = "A test's seventh ruleset: each pattern worth a few mon."
    unit = "mon"
    patterns = TABLE
    payoff = MonPayoff()
    usual_figures = (1, 2, 3, 5, 8)
    figure_limit = 20
    events = ("last_tile",)
    # What the Rules page's Money section shows, and the quick-entry help's example, as data the app translates.
    money_examples = (example("discard", "The discarder alone pays: each mon is worth %(per_mon)s.", figure=3),
                      example("self_draw", "On a self-draw each of the three others pays.", figure=2,
                              title="A self-drawn win, in mon"))
    quick_entry_example = ("W2 d3 3", "W1 s 2  # the dealer draws his own tile", "D")

    def evaluate(self, facts: Facts) -> Score | None:
        counted = count_patterns(TABLE, facts)
        return Score(sum(c.value for c in counted), counted)


@pytest.fixture
def seventh():
    forget_all()
    with RULESETS.registered(MonMahjong()) as ruleset:
        yield ruleset
    forget_all()


@pytest.fixture
def played(client, seventh):
    """A session of the seventh ruleset made through the New session screen, one win by figure and one by
    tiles entered through the Win screen."""
    response = client.post("/sessions/new/", {"ruleset": KEY, "east": "Ann", "south": "Bob", "west": "Cy",
                                              "north": "Di", "first_dealer": "0", "stake_per_mon": "2"})
    assert response.status_code == 302, response.content.decode()[-2000:]
    session = Session.objects.get(ruleset=KEY)
    post = {"winner": "1", "how": "2", "mode": "figure", "figure": "5", "action": "save", "token": "t-1",
            "revision": rev(session)}
    assert client.post(f"/sessions/{session.pk}/win/", post).status_code == 302
    post = {"winner": "2", "how": "self", "mode": "tiles", **TILES, "action": "save", "token": "t-2",
            "revision": rev(session)}
    response = client.post(f"/sessions/{session.pk}/win/", post)
    assert response.status_code == 302, response.content.decode()[-3000:]
    return Session.objects.get(pk=session.pk)


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def test_the_engine_knows_it_while_registered(seventh):
    assert KEY in RULESET_KEYS and get_ruleset(KEY) is seventh
    assert list(RULESETS)[-1] is seventh


def test_it_is_gone_after(db):
    assert KEY not in RULESET_KEYS


def test_the_new_session_screen_offers_it(client, seventh):
    assert f"?ruleset={KEY}" in page(client, "/sessions/new/")
    form = page(client, f"/sessions/new/?ruleset={KEY}")
    assert 'name="stake_per_mon"' in form


def test_a_win_by_figure_and_by_tiles_are_scored_and_paid(played):
    replay = session_replay(session=played)
    assert replay.ok, replay.error
    first, second = replay.hands
    assert [(p.payer, p.payee, p.amount) for p in first.payments] == [(2, 1, "10")]  # 5 mon × 2 by Cy
    assert second.score is not None and second.score.unit == "mon"
    assert second.score.total == 1 + 2 + 3  # winning, concealed, the red dragons' pung
    assert [(p.payer, p.payee, p.amount) for p in second.payments] == [(0, 2, "12"), (1, 2, "12"), (3, 2, "12")]
    assert replay.balances == ["-12", "-2", "26", "-12"]


def test_every_screen_opens(client, played):
    pk = played.pk
    session_page = page(client, f"/sessions/{pk}/")
    assert "Mon Mahjong" in session_page and "mon" in session_page
    assert "5 mon" in page(client, f"/sessions/{pk}/history/")
    win_page = page(client, f"/sessions/{pk}/win/")
    assert "mon" in win_page
    tiles_page = page(client, f"/sessions/{pk}/win/?mode=tiles")
    assert "mon" in tiles_page
    settle = page(client, f"/sessions/{pk}/settle/")
    assert "Ann" in settle
    rules = page(client, f"/rules/{KEY}/")
    assert "Concealed Hand" in rules and "Dragon Pung" in rules
    # its own money examples, played by the engine at the table's stakes: 3 mon × 2 on a discard
    assert 'id="money"' in rules and "each mon is worth 2" in rules and "<strong>6</strong>" in rules
    assert "A self-drawn win, in mon" in rules
    assert KEY in page(client, "/rules/")
    player = played.players[0]
    assert "Mon Mahjong" in page(client, f"/players/{player.pk}/")
    assert page(client, f"/sessions/{pk}/quick/")
    assert f'<pre data-ruleset="{KEY}">W2 d3 3' in page(client, "/help/quick-entry/")


def test_its_quick_entry_example_is_recorded(client, played):
    from scorekeeper.tables.services import quick_entry_apply

    result = quick_entry_apply(session=played, text="\n".join(MonMahjong.quick_entry_example))
    assert result.ok, result.errors
    assert len(result.hands) == 3


def test_the_csv_names_its_unit(client, played):
    text = client.get(f"/sessions/{played.pk}/export.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["unit"] == "mon" and rows[0]["figure"] == "5"
    assert rows[1]["figure"] == "6" and rows[1]["unit"].startswith("mon")


def test_the_backup_imports_as_the_same_session(client, played):
    backup = client.get(f"/sessions/{played.pk}/backup.json").content
    data = json.loads(backup)
    assert data["ruleset"] == KEY
    response = client.post("/sessions/import/", {"backup": SimpleUploadedFile("b.json", backup)})
    assert response.status_code == 302, response.content.decode()[-2000:]
    copy = Session.objects.latest("pk")
    assert copy.pk != played.pk and copy.ruleset == KEY
    again = json.loads(client.get(f"/sessions/{copy.pk}/backup.json").content)
    assert again["balances"] == data["balances"] and len(again["hands"]) == len(data["hands"])
