"""Amounts of any size: the 拉 chain grows ×1.5 a win, past the 28 digits of Python's default decimal
context after about 140 wins in a row; every page still shows it, to the cent."""
from __future__ import annotations

from decimal import Decimal

from scorekeeper.tables.display.money import money, signed
from scorekeeper.tables.entry.session_form import MAX_STAKE


def test_money_past_28_digits_is_shown_to_the_cent():
    amount = Decimal("123456789012345678901234567890123456789.125")
    assert money(amount) == "123,456,789,012,345,678,901,234,567,890,123,456,789.13"
    assert signed(-amount).startswith("−123,456,789,012")


def test_every_page_answers_after_150_wins_in_a_row_at_the_largest_stakes(client, make_session, win):
    session = make_session("taiwan", stakes={"base": str(MAX_STAKE), "per_fan": str(MAX_STAKE)})
    hands = [win(session, 1, 0, figure=88) for _ in range(150)]
    pk = session.pk
    for url in (f"/sessions/{pk}/", f"/sessions/{pk}/history/", f"/sessions/{pk}/settle/",
                f"/hands/{hands[-1].pk}/delete/", f"/hands/{hands[-1].pk}/edit/", f"/sessions/{pk}/export.csv",
                f"/players/{session.players[1].pk}/"):
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get(f"/sessions/{pk}/").content.decode()
    assert 'class="seat-debts"' in page  # open 拉 debts, on the seat cards
