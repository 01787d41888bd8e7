"""A table that pays in whole coins (option round_to): every screen shows the rounded amount that changes hands,
with the exact amount beside it, and the balances and settle-up use the rounded amounts."""
import re

from scorekeeper.tables.models import Session

NAMES = ["Ah Lok", "Sofia", "Kenji", "Mei"]


def visible(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_payments_are_rounded_to_the_coin_with_the_exact_amount_beside(client, make_session, win):
    session = make_session("taiwan", names=NAMES, stakes={"base": "10", "per_fan": "0.25"},
                           options={"round_to": "1"})
    win(session, 1, 0, figure=5)  # 10 + 5 x 0.25 = 11.25 owed by Ah Lok to Sofia on her 拉: 11 in coins
    page = visible(client.get(f"/sessions/{session.pk}/").content.decode())
    assert "Ah Lok now owes Sofia 11 (11.25)" in page
    assert "Ah Lok −11 won owes Sofia 11 (拉)" in page
    assert "11.25" not in page.replace("(11.25)", "")

    win(session, 2, 3, figure=0)  # Kenji on Mei's discard ends Sofia's chain: Ah Lok pays her 11
    page = visible(client.get(f"/sessions/{session.pk}/").content.decode())
    assert "Ah Lok pays Sofia 11 (11.25): Sofia" in page
    settle = visible(client.get(f"/sessions/{session.pk}/settle/").content.decode())
    assert "Ah Lok −11" in settle and "Sofia +11" in settle and "11.25" not in settle


def test_an_exact_table_shows_no_second_amount(client, make_session, win):
    session = make_session("taiwan", names=NAMES, stakes={"base": "10", "per_fan": "0.25"})
    win(session, 1, 0, figure=5)
    page = visible(client.get(f"/sessions/{session.pk}/").content.decode())
    assert "Ah Lok now owes Sofia 11.25" in page
    assert "(11.25)" not in page


def test_new_session_offers_the_coin_in_words(client):
    page = visible(client.get("/sessions/new/?ruleset=taiwan").content.decode())
    assert "Round each payment to" in page
    assert "Exact (nothing rounded)" in page
    assert Session.objects.count() == 0
