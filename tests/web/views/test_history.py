"""The history screen (views/history.py): every hand with its payments, its partial, what an edit changed."""


from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand

from web_helpers import HX, field, figure_shown, page


def test_history_lists_hands_with_payments(client, make_session, win):
    session = make_session()
    win(session, 1, 2, figure=70)
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    html = page(client.get(f"/sessions/{session.pk}/history/"))

    assert "Cy → Bob" in html.replace('<span aria-label="owes">→</span>', "→")
    assert "Draw" in html and "Edit" in html and "Delete" in html


def test_history_partial(client, make_session):
    html = page(client.get(f"/sessions/{make_session().pk}/history/", **HX))

    assert html.lstrip().startswith('<div id="history-list">')


def test_edit_a_win_then_history_says_what_changed(client, make_session, win):
    session = make_session("taiwan")
    first = win(session, 0, "self", figure=5)
    win(session, 0, 1, figure=5)
    url = f"/hands/{first.pk}/edit/"
    html = page(client.get(url))
    assert figure_shown(html) == "5" and "Edit hand 1" in html

    response = client.post(url, {"winner": "2", "how": "self", "mode": "figure", "figure": "5",
                                 "figure_field": "fan", "action": "save", "revision": field(html, "revision")},
                           follow=True)
    text = response.content.decode()
    assert "Hand 1 changed." in text
    assert "What changed after it" in text and "Hand 2: dealer now Bob" in text
