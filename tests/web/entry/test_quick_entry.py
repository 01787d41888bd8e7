"""Quick entry: one hand per line, read to the fields the screens store, saved all together or not at all."""
import html
import re

import pytest
from django.template.loader import render_to_string

from scorekeeper.engine import RULESET_KEYS
from scorekeeper.tables import services
from scorekeeper.tables.display.rulesets import quick_entry_examples
from scorekeeper.tables.entry.quick_entry import parse_quick_entry, quick_entry_check
from scorekeeper.tables.hand_input import HandInput, OtherWin
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.services import quick_entry_apply

from web_helpers import rev

FIELDS = ("kind", "winner", "discarder", "responsible", "figure", "figure_field", "loser_points", "spot_kind",
          "spot_player", "spot_count", "spot_to")


def fields(line_or_hand):
    return {name: getattr(line_or_hand, name) for name in FIELDS if getattr(line_or_hand, name) not in (None, "")}


def replay_of(session):
    return session_replay(session=Session.objects.get(pk=session.pk))


# -- reading ---------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset, text, expected", [
    ("zung-jung", "W2 d3 8", dict(kind="win", winner=1, discarder=2, responsible=2, figure=8, figure_field="points")),
    ("zung-jung", "W2 s 8", dict(kind="win", winner=1, figure=8, figure_field="points")),
    ("zung-jung", "w2 8", dict(kind="win", winner=1, figure=8, figure_field="points")),
    ("zung-jung", "W2 d3 70 r1", dict(kind="win", winner=1, discarder=2, responsible=0, figure=70,
                                      figure_field="points")),
    ("zung-jung", "W2 d3 70 r-", dict(kind="win", winner=1, discarder=2, figure=70, figure_field="points")),
    ("zung-jung", "D", dict(kind="draw")),
    ("taiwan", "W4 d1 5", dict(kind="win", winner=3, discarder=0, figure=5, figure_field="fan")),
    ("taiwan", "F2 x2", dict(kind="spot", spot_kind="flower", spot_player=1, spot_count=2)),
    ("taiwan", "G3", dict(kind="spot", spot_kind="grass", spot_player=2, spot_count=1)),
    ("taiwan", "S chase 1", dict(kind="spot", spot_kind="chase", spot_player=0)),
    ("taiwan", "S failed_peng 1 to 3", dict(kind="spot", spot_kind="failed_peng", spot_player=0, spot_to=2)),
    ("taiwan", "s false-win 4", dict(kind="spot", spot_kind="false_win", spot_player=3)),
    ("taiwan", "S dice_123", dict(kind="spot", spot_kind="dice_123")),
    ("taizhou", "W2 d3 44 L 6 - 24 0", dict(kind="win", winner=1, discarder=2, figure=44, figure_field="points",
                                             loser_points=[6, None, 24, 0])),
    ("taizhou", "W4 d2 32 L 0 8 16 - r2", dict(kind="win", winner=3, discarder=1, responsible=1, figure=32,
                                                figure_field="points", loser_points=[0, 8, 16, None])),
    ("hk-old", "W1 d2 500", dict(kind="win", winner=0, discarder=1, figure=500, figure_field="points")),
    ("fujian", "W3 12", dict(kind="win", winner=2, figure=12, figure_field="points")),
    # hk-faan: F is its one on-the-spot kind, the false win (詐糊); 包 on a self-draw names any loser
    ("hk-faan", "W2 d3 5", dict(kind="win", winner=1, discarder=2, figure=5, figure_field="faan")),
    ("hk-faan", "F2", dict(kind="spot", spot_kind="false_win", spot_player=1)),
    ("hk-faan", "S false_win 4", dict(kind="spot", spot_kind="false_win", spot_player=3)),
    ("hk-faan", "W4 8 r2", dict(kind="win", winner=3, responsible=1, figure=8, figure_field="faan")),
])
def test_a_line_reads_as_the_fields_the_screens_store(ruleset, text, expected):
    (line,) = parse_quick_entry(text, ruleset=ruleset)

    assert line.ok, line.error
    assert fields(line) == expected


def test_blank_lines_and_comments_are_skipped_and_lines_keep_their_numbers():
    lines = parse_quick_entry("# hands from the paper\n\nW1 8  # Ann's big one\n   \nD\n", ruleset="zung-jung")

    assert [(line.number, line.text, line.kind) for line in lines] == [(3, "W1 8", "win"), (5, "D", "draw")]


@pytest.mark.parametrize("ruleset, text, message", [
    ("zung-jung", "W5 d3 8", "line 3: seat 5 does not exist: seats are 1 to 4"),
    ("zung-jung", "W2 d0 8", "line 3: seat 0 does not exist: seats are 1 to 4"),
    ("zung-jung", "W2 d2 8", "line 3: seat 2 cannot win on their own discard"),
    ("zung-jung", "W2 d3", "line 3: how many points? Add the figure, e.g. W2 d3 8"),
    ("taiwan", "W2 d3", "line 3: how many fan?"),
    ("zung-jung", "W2 d3 8 9", "line 3: two figures, 8 and 9"),
    ("zung-jung", "W2 d3 s 8", "line 3: d3 and s both say how the hand was won: give one"),
    ("zung-jung", "W2 d3 8 r1 r4", "line 3: r1 and r4 both say who is responsible: give one"),
    ("zung-jung", "W d3 8", "line 3: W (the winner) needs a seat number, like W2"),
    ("zung-jung", "W2 d3 8 ron", "line 3: 'ron' is not part of a win"),
    ("zung-jung", "X2 8", "line 3: 'x2' starts no hand"),
    ("zung-jung", "D 8", "line 3: a draw is D alone"),
    ("zung-jung", "W2 d3 100001", "line 3: 100001 points is more than any hand scores"),
    ("zung-jung", "W2 s 8 r1", "line 3: a self-drawn win has no responsible player"),
    ("zung-jung", "W2 d3 8 r2", "line 3: seat 2 won: the winner cannot be the responsible player"),
    ("zung-jung", "F2 x2", "line 3: Zung Jung has no on-the-spot payments"),
    ("hk-faan", "G2", "line 3: G is no on-the-spot payment here: one of false_win"),
    ("hk-faan", "F2 x2", "line 3: x2: only flowers and grass take a count"),
    ("hk-old", "W2 d3 8 r1", "line 3: Hong Kong Old Style (Classical points) has no responsible player: leave out r1"),
    ("zung-jung", "W2 d3 44 L 6 - 24 0", "line 3: Zung Jung scores no loser's hand: leave out the loser points (L)"),
    ("taizhou", "W2 d3 44", "line 3: Taizhou needs each loser's points"),
    ("taizhou", "W2 d3 44 L 6 24 0", "line 3: L takes four entries in seat order"),
    ("taizhou", "W2 d3 44 L - 6 24 0", "line 3: seat 2 won: L's entry 2 is -"),
    ("taiwan", "S chase", "line 3: whose is it? Add the seat: S chase 1"),
    ("taiwan", "S tea 1", "line 3: 'tea' is not an on-the-spot payment"),
    ("taiwan", "S dice_123 2", "line 3: the dice are the dealer's: write S dice_123 without a seat"),
    ("taiwan", "S failed_peng 1", "line 3: who discarded? S failed_peng 1 to 3"),
    ("taiwan", "S failed_peng 1 to 1", "line 3: seat 1 cannot pay themselves"),
    ("taiwan", "S chase 1 x2", "line 3: x2: only flowers and grass take a count"),
    ("taiwan", "F2 x9", "line 3: x9: the count is from 1 to 8"),
])
def test_a_wrong_line_says_which_and_what_is_wrong(ruleset, text, message):
    lines = parse_quick_entry(f"# two lines before it\nD\n{text}\nD", ruleset=ruleset)

    assert [line.ok for line in lines] == [True, False, True]
    assert lines[1].error.startswith(message), lines[1].error


# -- recording -------------------------------------------------------------------------------
def test_quick_entry_records_what_the_screens_would(make_session, win):
    typed = make_session("zung-jung")
    tapped = make_session("zung-jung", names=["Ann", "Bob", "Cy", "Di"])
    win(tapped, 1, 2, figure=70)
    win(tapped, 0, 3, figure=40, responsible=1)
    services.draw_record(session=tapped, entry=HandInput(Hand.Kind.DRAW))
    win(tapped, 3, "self", figure=12)

    result = quick_entry_apply(session=typed, text="W2 d3 70\nW1 d4 40 r2\nD\nW4 s 12\n")

    assert result.ok, result.errors
    assert [h.pk is not None for h in result.hands] == [True] * 4
    stored = list(Hand.objects.filter(session=typed).order_by("position"))
    assert [fields(h) for h in stored] == [fields(h) for h in Hand.objects.filter(session=tapped).order_by("position")]
    assert replay_of(typed).answer == replay_of(tapped).answer


def test_taiwan_spots_and_the_dice_go_to_the_dealer(make_session):
    session = make_session("taiwan", stakes={"base": "10", "per_fan": "2"}, first_dealer=2)

    result = quick_entry_apply(session=session, text="F2 x2\nW1 d3 5\nS dice_123\nS failed_peng 4 to 2\nD")

    assert result.ok, result.errors
    hands = list(Hand.objects.filter(session=session).order_by("position"))
    assert [h.kind for h in hands] == ["spot", "win", "spot", "spot", "draw"]
    assert hands[2].spot_player == 3  # seat 3 dealt first and lost to seat 1: the deal passed to seat 4
    replay = replay_of(session)
    assert replay.ok and replay.inputs[2] == {"spot": "dice_123", "player": 3}


def test_lines_go_after_the_sessions_hands(make_session, win):
    session = make_session("taizhou")
    win(session, 0, "self", figure=20, loser_points_1=0, loser_points_2=0, loser_points_3=0)
    services.hand_delete(hand=win(session, 1, "self", figure=8, loser_points_0=0, loser_points_2=0,
                                  loser_points_3=0))

    result = quick_entry_apply(session=session, text="W2 d3 44 L 6 - 24 0")

    assert result.ok, result.errors
    assert result.hands[0].position == 3  # after the deleted hand, which keeps its place
    replay = replay_of(session)
    assert len(replay.hands) == 2 and replay.hands[1].transfers


def test_one_bad_line_and_nothing_is_saved(make_session, win):
    session = make_session("zung-jung")
    win(session, 0, "self", figure=10)
    revision = rev(session)

    result = quick_entry_apply(session=session, text="W2 d3 8\nW5 d3 8\nD\nW1 d1 8\n")

    assert not result.ok and not result.hands
    assert result.errors == [
        "line 2: seat 5 does not exist: seats are 1 to 4 (1 East, 2 South, 3 West, 4 North, "
        "as the session lists its players)",
        "line 4: seat 1 cannot win on their own discard",
    ]
    assert session.hands.count() == 1 and rev(session) == revision


def test_every_line_the_engine_refuses_is_named(make_session, win, monkeypatch):
    """The engine takes any figure the table agrees on; a line it refused would be named by its number."""
    session = make_session("zung-jung")
    win(session, 0, "self", figure=10)
    settle_entry = HandInput.settle_entry

    def unlucky(hand, ruleset):  # the engine refuses an unknown field: as it would any bad hand
        given = settle_entry(hand, ruleset)
        return given | {"unlucky": True} if given.get("points") == 13 else given
    monkeypatch.setattr(HandInput, "settle_entry", unlucky)

    result = quick_entry_apply(session=session, text="W2 d3 8\nW2 13\nD\n\nW3 d1 13\nW4 5")

    assert [e.split(":")[0] for e in result.errors] == ["line 2", "line 5"]
    assert "unlucky" in result.errors[0] and not result.errors[0].startswith("line 2: hand")
    assert session.hands.count() == 1


def test_a_finished_session_takes_no_lines(make_session):
    session = make_session("zung-jung")
    services.session_finish(session=session)

    result = quick_entry_apply(session=session, text="D")

    assert result.errors == ["This session is finished: reopen it on the Settle-up page to add hands."]
    assert session.hands.count() == 0


def test_nothing_to_record(make_session):
    result = quick_entry_apply(session=make_session(), text="# only a comment\n\n")

    assert result.errors == ["Nothing to record: write one hand per line, e.g. W2 d3 8."]


def test_a_form_from_before_another_phones_change_saves_nothing(make_session):
    session = make_session("zung-jung")
    revision = rev(session)
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))

    with pytest.raises(services.SessionChanged):
        quick_entry_apply(session=session, text="W2 d3 8", revision=revision)
    assert session.hands.count() == 1


def test_the_check_saves_nothing_and_shows_the_payments(make_session):
    session = make_session("zung-jung")

    replay = session_replay(session=session)
    result = quick_entry_check(session=session, replay=replay, text="W2 d3 70")

    assert result.ok and len(result.entered) == 1 and not result.hands and session.hands.count() == 0
    assert result.replay.balances == ["-25", "210", "-160", "-25"]


# -- the help page ---------------------------------------------------------------------------
def help_examples():
    page = render_to_string("tables/help_quick_entry.html", {"examples": quick_entry_examples()})
    return [(rulesets.split(), html.unescape(text))
            for rulesets, text in re.findall(r'<pre data-ruleset="([^"]+)">(.*?)</pre>', page, re.S)]


def test_the_help_page_documents_every_ruleset():
    covered = {r for rulesets, _ in help_examples() for r in rulesets}

    assert covered == set(RULESET_KEYS)


@pytest.mark.parametrize("rulesets, text", help_examples())
def test_every_example_on_the_help_page_is_recorded(make_session, rulesets, text):
    for ruleset in rulesets:
        session = make_session(ruleset)

        result = quick_entry_apply(session=session, text=text)

        assert result.ok, (ruleset, result.errors)
        assert len(result.hands) == len(parse_quick_entry(text, ruleset=ruleset)) > 2


def test_the_help_page_names_the_sessions_seats(make_session):
    session = make_session(names=["Ann", "Bob", "Cy", "Di"])

    page = render_to_string("tables/help_quick_entry.html", {"session": session})

    assert "<strong>1</strong> Ann, <strong>2</strong> Bob" in page and "<strong>4</strong> Di." in page
    assert f"/sessions/{session.pk}/" in page


# -- several winners on one discard (一炮多響) --------------------------------------------------
SEVERAL = {"several_winners": True}


@pytest.mark.parametrize("text", ["W2 d3 8 + W4 5", "w2 d3 8 w4 5", "W2 8 + W4 5 d3", "W2 d3 8 +W4 5"])
def test_several_winners_on_one_discard_read_as_one_hand(text):
    (line,) = parse_quick_entry(text, ruleset="taiwan")

    assert line.ok, line.error
    assert fields(line) == dict(kind="win", winner=1, discarder=2, figure=8, figure_field="fan")
    assert line.hand().other_wins == (OtherWin(3, figure=5, figure_field="fan"),)


def test_a_third_winner_on_the_same_discard():
    (line,) = parse_quick_entry("W2 d3 8 + W4 5 + W1 3", ruleset="taiwan")

    assert line.hand().winners == (1, 3, 0)
    assert [(w.winner, w.figure) for w in line.hand().other_wins] == [(3, 5), (0, 3)]


@pytest.mark.parametrize("text, message", [
    ("W2 8 + W4 5", "line 1: several winners win on one discard: say whose, e.g. W2 d3 8 + W4 5"),
    ("W2 d3 8 + W2 5", "line 1: seat 2 is named twice as a winner"),
    ("W2 d3 8 + W3 5", "line 1: seat 3 cannot win on their own discard"),
    ("W2 d3 8 + W4", "line 1: how many fan did seat 4 win? Add the figure, e.g. W2 d3 8 + W4 5"),
    ("W2 d3 8 + 5", "line 1: after + comes another winner on the same discard, e.g. W2 d3 8 + W4 5"),
    ("W2 d3 8 + W4 5 r1", "line 1: 'r1' is not part of another winner's win"),
    ("W2 d3 8 + W4 5 d1", "line 1: d3 and d1 both say how the hand was won: give one"),
    ("W2 d3 8 + W5 5", "line 1: seat 5 does not exist"),
])
def test_a_wrong_several_winners_line_says_what_is_wrong(text, message):
    (line,) = parse_quick_entry(text, ruleset="taiwan")

    assert message in line.error


def test_several_winners_are_saved_as_one_hand_and_paid_as_the_rulebook_says(make_session):
    """taiwan.md's worked example: Bob holds a chain (Ann owes 14); Ann discards to Bob (2) and Di (6)."""
    session = make_session("taiwan", options=SEVERAL, stakes={"base": "10", "per_fan": "1"})

    result = quick_entry_apply(session=session, text="W2 d1 4\nW2 d1 2 + W4 6")

    assert result.ok, result.errors
    assert [HandInput.from_row(h).winners for h in result.hands] == [(1,), (1, 3)]
    assert list(replay_of(session).balances) == ["-49", "33", "0", "16"]


@pytest.mark.parametrize("ruleset, options, refusal", [
    ("taiwan", {}, "this table plays 截糊"),
    ("zung-jung", {}, "plays 截糊"),
])
def test_several_winners_are_refused_where_the_table_plays_one_winner(make_session, ruleset, options, refusal):
    session = make_session(ruleset, options=options)

    result = quick_entry_apply(session=session, text="W2 d3 8 + W4 5")

    assert not result.ok and refusal in result.errors[0], result.errors
    assert not Hand.objects.exists()


def test_the_help_page_shows_several_winners_and_its_line_is_recorded(make_session):
    page = render_to_string("tables/help_quick_entry.html", {"examples": quick_entry_examples()})
    assert "<code>W2 d3 8 + W4 5</code>" in page and "一炮多響" in page

    result = quick_entry_apply(session=make_session("taiwan", options=SEVERAL), text="W2 d3 8 + W4 5 + W1 3")

    assert result.ok, result.errors
