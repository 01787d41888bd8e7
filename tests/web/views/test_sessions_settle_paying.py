"""How the table pays: a tab settled at the end, or each hand paid at the table (issue: never pay twice)."""
import csv
import io
import json
import re
from decimal import Decimal
from importlib import import_module

import pytest
from django.apps import apps

from scorekeeper.tables import services
from scorekeeper.tables.display.rulesets import get_profile
from scorekeeper.tables.entry.session_form import SessionForm
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.selectors import session_backup, session_csv
from scorekeeper.tables.services import session_restore

NAMES = ["Ah Lok", "Sofia", "Kenji", "Mei"]


def visible(html: str) -> str:
    """The words a player reads: no tags, no attribute values."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def fresh(session):
    return Session.objects.get(pk=session.pk)


@pytest.fixture
def evening(make_session, win):
    """A taiwan evening: a chain, a flower paid on the spot, the chain ended by the holder's own discard."""
    def play(pay_as_you_go):
        s = make_session("taiwan", names=NAMES, pay_as_you_go=pay_as_you_go)
        win(s, 1, 0, figure=5)  # Sofia on Ah Lok's discard: Ah Lok owes Sofia 15 on her chain
        services.spot_record(session=s, entry=HandInput(Hand.Kind.SPOT, spot_kind="flower",
                                                        spot_player=3))  # Mei receives 10 from each
        win(s, 0, 1, figure=3)  # Ah Lok on Sofia's: the holder pays, so Ah Lok's 15 is halved and paid
        win(s, 2, 3, figure=0)  # Kenji on Mei's discard: Ah Lok's chain ends, Mei pays; Kenji's starts
        return fresh(s)
    return play


def settle_payments(client, session):
    html = client.get(f"/sessions/{session.pk}/settle/").content.decode()
    section = html[html.index('id="payments-heading"'):]
    section = section[:section.index("</section>")]
    return re.findall(r"<li>([^<]+) <span[^>]*>→</span> ([^<]+) <strong>([^<]+)</strong>", section)


def test_paying_as_you_go_settle_up_asks_only_for_the_open_chain(client, evening):
    session = evening(True)

    # Kenji's chain is all that is left: Mei owes him 10 (base 10 + 0 fan); the rest was paid at the table
    assert settle_payments(client, session) == [("Mei", "Kenji", "10")]
    text = visible(client.get(f"/sessions/{session.pk}/settle/").content.decode())
    assert "Money already paid at the table is not asked again." in text


def test_keeping_a_tab_settle_up_asks_for_the_whole_balances(client, evening):
    session = evening(False)
    replay = session_replay(session=session)
    asked = settle_payments(client, session)

    assert replay.owed == replay.balances
    left = dict(zip(NAMES, (Decimal(b) for b in replay.balances)))
    for payer, payee, amount in asked:
        left[payer] += Decimal(amount)
        left[payee] -= Decimal(amount)
    assert set(left.values()) == {0} and asked


def test_the_halved_debt_names_the_amount_that_really_moved(client, evening):
    history = visible(client.get(f"/sessions/{evening(True).pk}/history/").content.decode())

    assert "Ah Lok pays Sofia 7.50 (half of the 15 owed): Sofia" in history
    assert "Ah Lok pays Sofia 15" not in history


def test_a_tab_never_says_paid(client, evening):
    session = evening(False)
    pages = [f"/sessions/{session.pk}/{page}" for page in ("", "history/", "settle/", "spot/", "win/")]
    texts = [visible(client.get(url).content.decode()) for url in pages]

    for url, text in zip(pages, texts):
        assert not re.search(r"\bpaid\b", text, re.I), (url, re.findall(r".{40}\bpaid\b.{40}", text, re.I))
    assert "Ah Lok owes Sofia 7.50 (half of the 15 owed) on the tab: Sofia" in texts[1]
    assert "Added to the tab" in texts[1]
    assert "Keeping a tab" in texts[0] and "Keeping a tab" in texts[2]


def test_the_session_screen_shows_what_was_paid_and_what_is_still_owed(client, evening):
    text = visible(client.get(f"/sessions/{evening(True).pk}/").content.decode())

    assert "Paying as you go" in text
    # Kenji's open chain: Mei owes him 10, said on their cards as the 拉 debt it is
    assert "is owed 10 (拉)" in text and "owes Kenji 10 (拉)" in text
    assert "+30 at the table" in text  # Mei's flower, then her 10 to Kenji is still open


def test_a_new_session_asks_how_the_table_pays_with_the_rulesets_usual_way(client):
    taiwan = client.get("/sessions/new/?ruleset=taiwan").content.decode()
    zung_jung = client.get("/sessions/new/?ruleset=zung-jung").content.decode()

    assert "How does your table pay?" in taiwan
    assert re.search(r'value="go"[^>]*checked', taiwan) and not re.search(r'value="tab"[^>]*checked', taiwan)
    assert re.search(r'value="tab"[^>]*checked', zung_jung)


def paying_help(html: str) -> str:
    return visible(re.search(r'<fieldset class="card paying-choice.*?</fieldset>', html, flags=re.S).group(0))


@pytest.mark.parametrize("ruleset", ["taiwan", "zung-jung", "hk-old", "taizhou", "fujian"])
def test_the_paying_help_speaks_only_of_what_the_ruleset_has(client, make_session, ruleset):
    """Chain ends (a pull ledger) and on-the-spot payments are taiwan's alone: the other rulesets' help is about
    their wins, on the New session page and on Settle up alike."""
    session = make_session(ruleset)
    for url in (f"/sessions/new/?ruleset={ruleset}", f"/sessions/{session.pk}/settle/"):
        words = paying_help(client.get(url).content.decode())
        assert ("chain" in words) == ("on-the-spot" in words) == (ruleset == "taiwan"), (url, words)
        assert "Pay as you go" in words and "Keep a tab" in words


@pytest.mark.parametrize("pull_ledger, spots, says", [(True, True, ("chain", "on-the-spot")), (True, False, ("chain",)),
                                                      (False, True, ("on-the-spot",)), (False, False, ())])
def test_the_paying_help_follows_the_settlements_facts(monkeypatch, pull_ledger, spots, says):
    """A ruleset merged later (hk-faan has on-the-spot payments but no pull ledger) gets the words that fit it."""
    profile = get_profile("fujian")
    settlement = type(profile.ruleset.payoff)
    monkeypatch.setattr(settlement, "pull_ledger", pull_ledger)
    monkeypatch.setattr(settlement, "has_spots", property(lambda self: spots))
    words = profile.paying_help
    assert [w for w in ("chain", "on-the-spot") if w in words] == list(says)


@pytest.mark.parametrize("ruleset, chosen, stored", [("taiwan", "tab", False), ("zung-jung", "go", True),
                                                     ("taiwan", None, True), ("hk-old", None, False)])
def test_the_chosen_way_is_kept(client, ruleset, chosen, stored):
    form = SessionForm(profile=get_profile(ruleset))  # every field as the page offers it
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(ruleset=ruleset, east="A", south="B", west="C", north="D")
    del data["pay_as_you_go"]
    if chosen:
        data["pay_as_you_go"] = chosen
    response = client.post("/sessions/new/", data)

    assert response.status_code == 302, response.content.decode()[-2000:]
    assert Session.objects.get().pay_as_you_go is stored


def test_changing_the_way_while_open_changes_what_settle_up_asks(client, evening):
    session = evening(True)

    response = client.post(f"/sessions/{session.pk}/settle/", {"action": "paying", "pay_as_you_go": "tab"})

    assert response.status_code == 302
    assert fresh(session).pay_as_you_go is False and fresh(session).revision != session.revision
    assert len(settle_payments(client, session)) > 1
    assert fresh(session).is_open  # changing the way does not finish the session


def test_a_finished_session_keeps_its_way_of_paying(client, evening):
    session = evening(True)
    services.session_finish(session=session)

    client.post(f"/sessions/{session.pk}/settle/", {"action": "paying", "pay_as_you_go": "tab"})
    html = client.get(f"/sessions/{session.pk}/settle/").content.decode()

    assert fresh(session).pay_as_you_go is True
    assert "Change how we pay" not in html


def test_a_viewer_cannot_change_the_way(guest, evening):
    session = evening(True)
    guest.follow_link(services.share_link_create(session=session, role="viewer"))

    answer = guest.post(f"/sessions/{session.pk}/settle/", {"action": "paying", "pay_as_you_go": "tab"})
    assert answer.status_code == 404
    assert fresh(session).pay_as_you_go is True


def test_the_csv_shows_what_was_paid_at_the_table_and_what_is_still_owed(evening):
    rows = list(csv.DictReader(io.StringIO(session_csv(session=evening(True)))))
    closing = {row["kind"]: [row[f"{name} balance"] for name in NAMES] for row in rows if not row["entry"]}

    last_hand = [row for row in rows if row["entry"]][-1]

    assert "paid at the table" in rows[0]
    assert closing["still owed"] == ["0", "0", "10", "-10"]
    assert [Decimal(p) + Decimal(o) for p, o in zip(closing["paid at the table"], closing["still owed"])] == \
        [Decimal(last_hand[f"{name} balance"]) for name in NAMES]


def test_a_tab_csv_has_no_paid_column(evening):
    rows = list(csv.DictReader(io.StringIO(session_csv(session=evening(False)))))

    assert "on the tab" in rows[0] and "paid at the table" not in rows[0]
    assert [row["kind"] for row in rows if not row["entry"]] == ["still owed"]


def test_the_backup_carries_the_way_and_restores_it(evening):
    backup = json.loads(json.dumps(session_backup(session=evening(True))))

    assert backup["pay_as_you_go"] is True
    assert backup["owed"] == ["0", "0", "10", "-10"]
    assert session_restore(data=backup).pay_as_you_go is True
    tab = session_backup(session=evening(False))
    assert session_restore(data=tab).pay_as_you_go is False and "paid_at_the_table" not in tab


@pytest.mark.parametrize("ruleset, usual", [("taiwan", True), ("zung-jung", False)])
def test_an_old_backup_without_the_way_takes_the_rulesets_usual_way(make_session, win, ruleset, usual):
    session = make_session(ruleset)
    win(session, 1, 2, figure=5)
    backup = session_backup(session=fresh(session))
    del backup["pay_as_you_go"], backup["owed"]

    assert session_restore(data=backup).pay_as_you_go is usual


def test_a_backup_with_a_bad_way_is_refused(evening):
    backup = session_backup(session=evening(True))
    backup["pay_as_you_go"] = "yes"

    with pytest.raises(ValueError, match="'pay_as_you_go' should be true or false"):
        session_restore(data=backup)


def test_a_backup_whose_dice_spot_names_no_player_imports_with_the_dealer(client, owner, make_session, win):
    session = make_session("taiwan", first_dealer=2)
    win(session, 1, 2, figure=5)  # seat 2 loses the deal: seat 3 deals next
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="dice_triplet", spot_player=3))
    backup = session_backup(session=fresh(session))
    backup["hands"][1]["spot_player"] = None

    restored = session_restore(data=json.dumps(backup), owner=owner)

    assert Hand.objects.get(session=restored, kind="spot").spot_player == 3
    assert client.get(f"/sessions/{restored.pk}/history/").status_code == 200


def test_sessions_from_before_the_choice_keep_what_their_screens_said(make_session):
    taiwan, zung_jung = make_session("taiwan", pay_as_you_go=False), make_session("zung-jung", pay_as_you_go=False)
    migration = import_module("scorekeeper.tables.migrations.0003_session_pay_as_you_go")

    migration.paying_as_the_screens_said(apps, None)

    assert fresh(taiwan).pay_as_you_go is True and fresh(zung_jung).pay_as_you_go is False
