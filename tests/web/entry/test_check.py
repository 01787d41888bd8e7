"""The win entry's live check: score, what is missing, who pays whom."""
from scorekeeper.tables.entry.check import win_check
from scorekeeper.tables.replay import session_replay

from web_helpers import ZJ_TILES, entered, entry_of


def test_win_check_scores_tiles_and_says_who_pays(make_session):
    session = make_session("zung-jung")
    replay = session_replay(session=session)
    check = win_check(session=session, replay=replay, entry=entered(session, entry_of(winner=1, how=2, **ZJ_TILES)))

    assert check.ready, check.errors
    assert check.score.total == 5
    assert [(p.payer, p.payee, p.amount) for p in check.payments] == [
        ("Ann", "Bob", 5), ("Cy", "Bob", 5), ("Di", "Bob", 5)]


def test_win_check_names_what_is_missing(make_session):
    session = make_session()
    replay = session_replay(session=session)
    check = win_check(session=session, replay=replay, entry=entered(session, entry_of(concealed="123m")))

    assert not check.ready
    assert check.errors["winner"] == "Choose who won."
    assert "how" in check.errors
    assert "1 of 13" not in check.errors["tiles"] and "3 of 13" in check.errors["tiles"]


def test_win_check_shows_the_engine_message_for_an_impossible_hand(make_session):
    session = make_session()
    replay = session_replay(session=session)
    check = win_check(session=session, replay=replay, entry=entered(session, entry_of(
        winner=0, how="self", concealed="11111m23456789p", winning_tile="1p")))

    assert not check.ready
    assert check.errors["tiles"] == "5 copies of 1m: there are only 4 of each tile"


def test_an_event_that_does_not_fit_the_win_is_named_beside_the_events(make_session):
    session = make_session("taiwan")
    tiles = {"concealed": "123m456m789m123p456p1z", "winning_tile": "1z"}

    replay = session_replay(session=session)
    on_a_discard = win_check(session=session, replay=replay,
                             entry=entered(session, entry_of(winner=1, how=2, event=["kong_replacement"], **tiles)))
    self_drawn = win_check(session=session, replay=replay,
                           entry=entered(session, entry_of(winner=1, how="self", event=["kong_replacement"], **tiles)))

    assert not on_a_discard.ready
    assert on_a_discard.errors["events"] == ("“Won on a kong replacement tile” is a win on a wall tile: "
                                             "choose Self-drawn, or untick it.")
    assert self_drawn.ready, self_drawn.errors
    assert "kong_replacement" in {p.key for p in self_drawn.score.patterns}


def test_a_robbed_kong_needs_a_discarder(make_session, win):
    session = make_session("zung-jung")

    replay = session_replay(session=session)
    check = win_check(session=session, replay=replay,
                      entry=entered(session, entry_of(winner=0, how="self", event=["robbing_kong"], **ZJ_TILES)))

    assert check.errors["events"].startswith("“Robbed a kong” is a win on another player's tile")
