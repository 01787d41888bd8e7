"""Random evenings for the property tests that replay a session's money (test_seating_properties,
test_player_numbers_properties): wins, draws and seat changes among a pool of seven people, some coming back,
saved through the services as the screens save them."""
from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scorekeeper.tables import selectors, services
from scorekeeper.tables.hand_input import HandInput, OtherWin
from scorekeeper.tables.models import Hand
from scorekeeper.tables.replay.seating import seating_of

PROPERTIES = settings(max_examples=25, deadline=None,
                      suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
POOL = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus"]
FIGURES = {"taiwan": ("fan", 1, 8), "zung-jung": ("points", 8, 60), "hk-old": ("points", 10, 200)}

_win = st.tuples(st.just("win"), st.integers(0, 3), st.one_of(st.none(), st.integers(0, 3)), st.integers(0, 100))
_wins = st.tuples(st.just("wins"), st.integers(0, 3), st.integers(1, 3), st.integers(0, 100))
_draw = st.tuples(st.just("draw"), st.just(0), st.just(0), st.just(0))
_seat_change = st.tuples(st.just("seat"), st.integers(0, 3), st.sampled_from(POOL), st.just(0))


def evenings(*, several_winners: bool = False) -> st.SearchStrategy[list[tuple]]:
    """Plans of 1-18 entries, mostly wins; with `several_winners`, some discards won by two or three."""
    kinds = [_win, _win, _win, _wins, _draw, _seat_change] if several_winners else [_win, _win, _win, _draw,
                                                                                      _seat_change]
    return st.lists(st.one_of(*kinds), min_size=1, max_size=18)


def play(session, plan) -> None:
    """Each entry of the plan saved as the screens save it: a draw; a win (a self-draw where the discarder is
    None); several winners after the discarder in turn (taiwan only); a seat taken by a person not seated."""
    field, low, high = FIGURES[session.ruleset]
    several = session.ruleset == "taiwan"
    for kind, a, b, figure in plan:
        value = low + figure % (high - low + 1)
        if kind == "draw":
            services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
        elif kind == "win" and a != b:
            services.hands_append(session=session, hands=[HandInput(kind=Hand.Kind.WIN, winner=a, discarder=b,
                                                                    figure=value, figure_field=field)])
        elif kind == "wins" and several:  # the discarder a; two winners or three, after it in turn
            winners = [(a + step) % 4 for step in range(1, 4)][:1 + b % 3 or 2]
            if len(winners) < 2:
                continue
            services.hands_append(session=session, hands=[HandInput(
                kind=Hand.Kind.WIN, winner=winners[0], discarder=a, figure=value, figure_field=field,
                other_wins=[OtherWin(seat, low + (figure + seat) % (high - low + 1), field) for seat in winners[1:]])])
        elif kind == "seat":
            seated = {p.name for p in seating_of(session=session, replay=selectors.session_standings(
                session=session, recent=0).replay).now}
            if b not in seated:
                services.seat_change_record(session=session, seat=a, name=b)
