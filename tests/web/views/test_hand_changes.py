"""A hand deleted (views/hand_changes.py): asked first, then the session replayed."""


from scorekeeper.tables.models import Hand

from web_helpers import page, rev


def test_delete_asks_first_then_replays(client, make_session, win):
    session = make_session()
    hand = win(session, 1, 2, figure=10)
    assert "Delete hand 1?" in page(client.get(f"/hands/{hand.pk}/delete/"))

    response = client.post(f"/hands/{hand.pk}/delete/", {"revision": rev(session)}, follow=True)
    assert "Hand 1 deleted." in response.content.decode()
    assert Hand.objects.live().count() == 0
