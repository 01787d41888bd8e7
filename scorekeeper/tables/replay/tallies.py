"""Each seat's running tally through a session, for the player's page: kept with the replay snapshots.

A player's page counts, over every session the visitor may open, the hands played, won, self-drawn
and dealt in, and the biggest hand. Counted from the hands each time, its cost grew with every hand
of every session (twenty sessions of 8,000 hands took seconds a request). The tally after a hand
depends only on the hands up to it, as a replay's checkpoint does, so it is kept beside the
checkpoint in each hand's snapshot (`HandReplay.tally`), written in the same transaction by the same
writes; the page reads one row a session, the last hand's, whatever the sessions' lengths.

A tally is JSON: `{"n": hands (wins and draws, not on-the-spot payments), "d": draws, "s": [per seat:
[wins, self-draws, deal-ins, biggest]]}`, the biggest hand `[figure, figure field, won, hand number,
self-drawn]` or null: by the figure, then by what it paid (the first of equals stays).

Several wins on one discard (一炮多響) count a win for each winner, each its own biggest-hand candidate, and
one deal-in for the discarder: the discarder dealt in once, whatever the number of winners.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from scorekeeper.engine import Fields, HandResult, HandScore, get_ruleset

Tally = dict[str, Any]


def empty() -> Tally:
    return {"n": 0, "d": 0, "s": [[0, 0, 0, None] for _ in range(4)]}


def after_hand(before: Tally, given: Fields, answer: HandResult, ruleset: str) -> Tally:
    """The tally after one entry: `given` as the engine took it, `answer` the engine's answer for it."""
    if "winner" not in given and "winners" not in given and "draw" not in given:
        return before  # an on-the-spot payment (or a seat change) is not a hand
    tally = {"n": before["n"] + 1, "d": before["d"] + ("draw" in given), "s": [list(seat) for seat in before["s"]]}
    discarder = given.get("discarder")
    if "winner" in given:
        _count_win(tally, given, discarder, answer.score, answer, ruleset)
    for win in given.get("winners", ()):
        score = next((w.score for w in answer.winners if w.winner == win["winner"]), None)
        _count_win(tally, win, discarder, score, answer, ruleset)
    if discarder is not None and ("winner" in given or "winners" in given):
        tally["s"][discarder][2] += 1
    return tally


def _count_win(tally: Tally, win: Fields, discarder: int | None, score: HandScore | None, answer: HandResult,
               ruleset: str) -> None:
    winner = win["winner"]
    seat = tally["s"][winner]
    seat[0] += 1
    seat[1] += discarder is None
    biggest = _as_biggest(win, score, answer, ruleset, tally["n"], discarder is None)
    if biggest is not None and (seat[3] is None or _order(biggest) > _order(seat[3])):
        seat[3] = biggest


def _as_biggest(win: Fields, score: HandScore | None, answer: HandResult, ruleset: str, number: int,
                self_drawn: bool) -> list[Any] | None:
    figures = get_ruleset(ruleset).payoff.figures
    field = next((name for name in figures if win.get(name) is not None), None)
    if field is not None:
        figure = int(win[field])
    elif score is not None:
        field, figure = figures[0], score.total
    else:
        return None
    return [figure, field, str(won_by(answer, {win["winner"]})), number, self_drawn]


def won_by(answer: HandResult, seats: set[int]) -> Decimal:
    """What one hand paid these seats, net."""
    won = Decimal(0)
    for payment in answer.payments:
        amount = Decimal(payment.amount)
        won += amount if payment.payee in seats else -amount if payment.payer in seats else 0
    return won


def _order(biggest: list[Any]) -> tuple[int, Decimal]:
    return biggest[0], Decimal(biggest[2])
