"""A person's numbers over the sessions a visitor may open (issue 39.1): the player page's and the leaderboard's.

Derived, like every read, from each session's replay (never stored twice). A session four people sat through
is read from its last hand's running tally (replay/tallies.py, version 2: each seat's numbers and the money
between seats, kept with the replay snapshots and rewritten with them): one row a session, whatever its length.
A session where seats changed hands (or whose snapshots predate those numbers) is counted hand by hand from its
replay, per person, not per seat (seating.py: each entry is the person's in the seat at that entry). Either way
a session's numbers are kept per process for its revision (`session_numbers`), so a page over a hundred
sessions counts none it has counted before (docs/benchmarks.md, "A player's numbers"). The two ways agree
(tests/web/selectors/test_player_numbers_properties.py).

Decisions where the issue is silent:
- **Head-to-head money** is the money that moved between the two people, row by row: each entry's engine
  `transfers` (payer → payee, the person in each seat at that entry), then the session's `closing` rows (the
  open 拉 debts settled at the end, between the people seated then). So a taiwan 拉 debt counts between the
  two when it is collected, at what was collected (×1.5, or halved), not when it was tracked; several winners
  on one discard are each their own row; a tab and paying as you go are the same money, paid at another time.
  A person's balance is the sum of those same rows (seating.people_money), so **the sum of a person's nets with
  each of the others is their balance**, session by session and so in all (tests/web/selectors/
  test_player_numbers_properties.py holds it on random sessions).
- Money does not add across rulesets (hk-old counts points; stakes differ): every number is per ruleset.
- A win's money is what the hand itself paid its winner, net (its `payments`: the 拉 multiplier is the
  chain's, not the hand's); its figure is the one the table entered, or the engine's total for tiles.
- The longest dealer streak is the highest 連n a person reached as dealer (0: kept no deal).
- A 拉 chain (taiwan) is held from the win that starts it (its holder is the payee of the hand's `tracked`
  debts) to its end (another winner, a seat change of its holder, the session's end); its length is its
  holder's wins in a row: the longest is counted in wins, not money (a ×1.5 chain's money is the stakes').
- The table of friends is everyone who played in the sessions the visitor may open (the sessions list's).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from scorekeeper.engine import RULESET_KEYS

from ..models import Hand, Player, Session
from .numbers import Numbers, Record, Rival, Win
from .session_numbers import _numbers_of, forget_numbers, session_numbers

__all__ = ["Numbers", "Record", "Rival", "Win", "forget_numbers", "friends_numbers", "player_numbers",
           "player_record", "session_numbers"]


# -- many sessions -----------------------------------------------------------------------------
def player_numbers(*, player: Player, sessions: Iterable[Session]) -> list[Numbers]:
    """The person's numbers per ruleset (the rulebook's order) over `sessions`, oldest first: those the
    visitor may open. A session the engine cannot replay is left out."""
    return _summed(sessions).get(player.pk, [])


def player_record(*, player: Player, sessions: Iterable[Session]) -> Record:
    """`player_numbers`, with the sessions left out (the engine cannot replay them), each biggest win
    knowing its hand (one query a ruleset, for the page's link)."""
    sessions = list(sessions)
    counted = _numbers_of(sessions)
    rows = player_numbers(player=player, sessions=sessions)
    for row in rows:
        if row.biggest is not None and not row.biggest.hand_id:
            ids = Hand.objects.live().filter(session=row.biggest.session).order_by("position").values_list("pk",
                                                                                                        flat=True)
            row.biggest = replace(row.biggest, hand_id=ids[row.biggest.index])
    return Record(rows, [s for s in sessions if counted.get(s.pk) is None])


def friends_numbers(*, sessions: Iterable[Session]) -> dict[str, list[Numbers]]:
    """The leaderboard: per ruleset, everyone who played in `sessions`, the best net first."""
    board: dict[str, list[Numbers]] = {}
    for rows in _summed(sessions).values():
        for row in rows:
            board.setdefault(row.ruleset, []).append(row)
    order = list(RULESET_KEYS)
    return {key: sorted(board[key], key=lambda r: (-r.net, r.player.name.casefold()))
            for key in sorted(board, key=lambda k: order.index(k) if k in order else 99)}


def _summed(sessions: Iterable[Session]) -> dict[int, list[Numbers]]:
    found: dict[int, dict[str, Numbers]] = {}
    sessions = sorted(sessions, key=lambda s: (s.created_at, s.pk))
    counted = _numbers_of(sessions)
    for session in sessions:
        for pk, numbers in (counted.get(session.pk) or {}).items():
            mine = found.setdefault(pk, {})
            total = mine.get(session.ruleset)
            if total is None:
                total = mine[session.ruleset] = Numbers(session.ruleset, numbers.player)
            total.add(numbers)
    order = list(RULESET_KEYS)
    return {pk: sorted(rows.values(), key=lambda r: order.index(r.ruleset) if r.ruleset in order else 99)
            for pk, rows in found.items()}
