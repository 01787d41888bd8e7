"""What pages derive from a replay state (who sits where, the money, the chart) is made once for a state, for
every session a process keeps replayed: fifty tables playing at once must not make each value twice a hand."""
import gc
import weakref

from scorekeeper.tables.models import Session
from scorekeeper.tables.replay import ReplayState, memo
from scorekeeper.tables.replay.cache import CACHE_SIZE

KEYS = ("seating", "people_money", "chart lines", "chart")  # what a session page and History ask for
LANGUAGES = ("en", "zh-hant")
SESSIONS = 100  # saved one after another, more than the memo holds before it looks for the dead


def a_state() -> ReplayState:
    return ReplayState(hand_ids=(), inputs=[], answer={}, states=[], checkpoints=[], spots=())


def test_every_session_the_replay_cache_keeps_has_its_values_made_once_a_revision():
    memo.forget_all()
    sessions = [Session(pk=n, revision=1) for n in range(1, CACHE_SIZE + 1)]
    states = [a_state() for _ in sessions]
    made = []

    def ask_all() -> None:
        for session, state in zip(sessions, states):
            for key in KEYS:
                for language in LANGUAGES:
                    memo.derived(session, state, (key, language), lambda k=(session.pk, key, language): made.append(k))

    ask_all()
    ask_all()  # the next page of every table, at the same revision

    assert len(made) == len(set(made)) == CACHE_SIZE * len(KEYS) * len(LANGUAGES)


def test_a_new_revision_makes_its_values_anew():
    memo.forget_all()
    session, made = Session(pk=1, revision=1), []
    state = a_state()
    memo.derived(session, state, ("seating",), lambda: made.append(1))
    session.revision, saved = 2, a_state()
    memo.derived(session, saved, ("seating",), lambda: made.append(2))
    memo.derived(session, saved, ("seating",), lambda: made.append(3))

    assert made == [1, 2]


def test_what_states_no_longer_kept_derived_is_let_go_as_new_values_are_kept():
    """A save replaces its session's state: the old state's chart must not stay in memory with the state gone."""
    memo.forget_all()

    class Chart:  # a value the test can watch being freed
        pass

    old_states = [a_state() for _ in range(SESSIONS)]
    watched = [weakref.ref(memo.derived(Session(pk=n, revision=1), state, ("chart",), Chart))
               for n, state in enumerate(old_states)]
    assert all(value() is not None for value in watched)  # kept while their states live
    del old_states
    gc.collect()

    new_states = [a_state() for _ in range(SESSIONS)]  # every session saved once more
    for n, state in enumerate(new_states):
        memo.derived(Session(pk=n, revision=2), state, ("chart",), Chart)
    gc.collect()

    assert all(value() is None for value in watched)
    made_again = []
    memo.derived(Session(pk=0, revision=2), new_states[0], ("chart",), lambda: made_again.append(1))
    assert made_again == []  # the live states' values stay
