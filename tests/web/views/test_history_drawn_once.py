"""Parts drawn once and then kept by the template cache (hand rows, the win form's keys and figure chips) are
drawn again the moment anything they show changes: a table never reads a row or a key from before."""
import re
import uuid

from django.core.cache import caches

from scorekeeper.tables import services
from scorekeeper.tables.selectors import history as history_selectors

from web_helpers import NAMES, entry_of, replace_win, rev, visible_text


def row_text(html: str, hand_pk: int) -> str:
    row = re.search(rf'<li class="hand-row[^"]*" id="hand-{hand_pk}">(.*?)</li>\s*(?=<li class="hand-row|</ol>)',
                    html, re.S)
    assert row, f"no row for hand {hand_pk}"
    return visible_text(row.group(1))


def test_a_later_row_follows_an_edit_of_an_earlier_hand(client, make_session, win):
    """East deals and wins: the next hand is 連1 with East dealing. Made a South win, the deal passes: the
    next hand's row names South as dealer, with no streak."""
    session = make_session("taiwan")
    first = win(session, 0, 1, figure=5)
    second = win(session, 2, 3, figure=3)
    before = row_text(client.get(f"/sessions/{session.pk}/").content.decode(), second.pk)
    assert f"dealer {NAMES[0]} 連1" in before
    replace_win(hand=first, entry=entry_of(winner=1, how=2, figure=5, mode="figure"))
    after = row_text(client.get(f"/sessions/{session.pk}/").content.decode(), second.pk)
    assert f"dealer {NAMES[1]}" in after and "連" not in after


def test_a_row_follows_how_the_table_pays(client, make_session, win):
    session = make_session("zung-jung", pay_as_you_go=False)
    hand = win(session, 0, 1, figure=25)
    assert "Added to the tab" in row_text(client.get(f"/sessions/{session.pk}/").content.decode(), hand.pk)
    services.session_set_paying(session=session, pay_as_you_go=True)
    assert "Paid at the table" in row_text(client.get(f"/sessions/{session.pk}/").content.decode(), hand.pk)


def test_a_finished_session_rows_offer_no_edit(client, make_session, win):
    session = make_session()
    hand = win(session, 0, 1, figure=25)
    history = f"/sessions/{session.pk}/history/"
    assert f'href="/hands/{hand.pk}/edit/"' in client.get(history).content.decode()
    services.session_finish(session=session)
    assert f'href="/hands/{hand.pk}/edit/"' not in client.get(history).content.decode()


def key(html: str, code: str) -> str:
    button = re.search(rf'<button type="submit" name="action" value="add:{code}"[^>]*>', html)
    assert button, f"no key for {code}"
    return button.group(0)


def test_a_key_is_spent_with_its_fourth_tile_and_back_when_one_goes(client, make_session):
    session = make_session()
    fields = {"token": str(uuid.uuid4()), "revision": rev(session), "mode": "tiles", "target": "hand",
              "suit": "m", "winner": "0", "how": "self"}
    url = f"/sessions/{session.pk}/win/"
    three = client.post(url, fields | {"action": "batch", "actions": ["add:1m"] * 3}).content.decode()
    assert "disabled" not in key(three, "1m")
    melds = re.findall(r'name="meld" value="([^"]*)"', three)
    hand = re.search(r'name="concealed" value="([^"]*)"', three).group(1)
    four = client.post(url, fields | {"concealed": hand, "meld": melds, "action": "add:1m"}).content.decode()
    assert "disabled" in key(four, "1m") and "disabled" not in key(four, "2m")
    hand = re.search(r'name="concealed" value="([^"]*)"', four).group(1)
    three_again = client.post(url, fields | {"concealed": hand, "action": "remove:hand:1m"}).content.decode()
    assert "disabled" not in key(three_again, "1m")


def test_the_chosen_figure_chip_is_the_one_pressed(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/win/"
    fields = {"token": str(uuid.uuid4()), "revision": rev(session), "mode": "figure", "winner": "0", "how": "1"}
    for figure in ("25", "40"):
        html = client.post(url, fields | {"figure": figure, "action": "refresh"}).content.decode()
        pressed = re.findall(r'name="figure_chip" value="(\d+)" class="chip-figure"\s+aria-pressed="true"', html)
        assert pressed == [figure]


def kept_offline(html: str) -> list[str]:
    return re.findall(r'<a hidden data-keep-offline href="([^"]+)"', html)


def test_history_has_the_phone_keep_the_newest_three_hands_edit_and_delete_pages(client, make_session, win,
                                                                                 monkeypatch):
    """A seat change is never edited: its delete page alone. Older hands, History's later pages and a finished
    session's hands have none kept, and no row marks its own links."""
    session = make_session()
    oldest = win(session, 0, 1, figure=25)
    hands = [win(session, 1, 2, figure=25), win(session, 2, 3, figure=25)]
    seat = services.seat_change_record(session=session, seat=3, name="Eve")
    history = f"/sessions/{session.pk}/history/"
    html = client.get(history).content.decode()
    assert kept_offline(html) == [f"/hands/{seat.pk}/delete/",
                                  f"/hands/{hands[1].pk}/edit/", f"/hands/{hands[1].pk}/delete/",
                                  f"/hands/{hands[0].pk}/edit/", f"/hands/{hands[0].pk}/delete/"]
    assert f"/hands/{oldest.pk}/" not in " ".join(kept_offline(html))
    assert html.count("data-keep-offline") == len(kept_offline(html))  # no row marks its own links
    with monkeypatch.context() as two_a_page:
        two_a_page.setattr(history_selectors, "HISTORY_PAGE", 2)
        later = client.get(history, {"page": 2}).content.decode()
    assert f'id="hand-{oldest.pk}"' in later and kept_offline(later) == []
    services.session_finish(session=session)
    assert kept_offline(client.get(history).content.decode()) == []


def test_a_history_row_is_drawn_once_as_newer_hands_push_it_down(client, make_session, win, monkeypatch):
    """The fourth-newest row shows what it showed as the third: it comes from the template cache."""
    drawn: list[str] = []
    fragments = caches["template_fragments"]
    fragments.clear()
    put = fragments.set
    monkeypatch.setattr(fragments, "set", lambda key, *more: (drawn.append(key.split(".")[2]), put(key, *more)))
    session = make_session()
    for winner in range(3):
        win(session, winner, (winner + 1) % 4, figure=25)
    history = f"/sessions/{session.pk}/history/"
    client.get(history)
    assert drawn.count("hand-row") == 3
    win(session, 3, 0, figure=25)
    client.get(history)
    assert drawn.count("hand-row") == 4  # the new hand's row alone
