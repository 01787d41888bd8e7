"""Each seat's running tally (tables/replay/tallies.py), kept with the replay snapshots for the player page:
a hand of several winners on one discard counts a win for each and one deal-in for the discarder."""
from __future__ import annotations

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput, OtherWin
from scorekeeper.tables.models import Hand
from scorekeeper.tables.replay import forget_all, session_replay

ON = {"several_winners": True}


def several(discarder: int, first: tuple[int, int], *others: tuple[int, int]) -> HandInput:
    return HandInput(Hand.Kind.WIN, winner=first[0], discarder=discarder, figure=first[1], figure_field="fan",
                     other_wins=tuple(OtherWin(seat, figure=fan, figure_field="fan") for seat, fan in others))


def test_each_winner_counts_a_win_and_the_discarder_deals_in_once(make_session):
    session = make_session("taiwan", options=ON, stakes={"base": "10", "per_fan": "1"})
    services.hands_append(session=session, hands=[several(2, (3, 5), (1, 3))])

    tally = session_replay(session=session).tally_rows()[-1]

    wins, self_draws, deal_ins = ([seat[i] for seat in tally["s"]] for i in range(3))
    assert (wins, self_draws, deal_ins, tally["n"]) == ([0, 1, 0, 1], [0, 0, 0, 0], [0, 0, 1, 0], 1)
    assert tally["s"][3][3][:3] == [5, "fan", "15"] and tally["s"][1][3][:3] == [3, "fan", "13"]


def test_the_page_example_replays_to_its_balances_and_reads_back_from_the_snapshots(make_session):
    """taiwan.md's worked example: Bob holds a chain (Ann owes 14); Ann discards to Bob (2) and Di (6)."""
    session = make_session("taiwan", options=ON, stakes={"base": "10", "per_fan": "1"})
    services.hands_append(session=session, hands=[
        HandInput(Hand.Kind.WIN, winner=1, discarder=0, figure=4, figure_field="fan")])
    services.hands_append(session=session, hands=[several(0, (1, 2), (3, 6))])

    fresh = session_replay(session=session)
    forget_all()  # the next read comes from the snapshots the write left
    cached = session_replay(session=session)

    for state in (fresh, cached):
        assert list(state.answer.balances) == ["-49", "33", "0", "16"]
        last = state.answer.hands[-1]
        assert [(w.winner, w.paid, w.carries_chain) for w in last.winners] == [(1, "12", True), (3, "16", False)]
        assert state.states[-1].dealer == 1
