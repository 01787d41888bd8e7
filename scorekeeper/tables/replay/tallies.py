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

Version 2 (issue 39.1, a player's numbers and head-to-head: selectors/player_numbers.py) adds `"v": 2` and,
counted from every entry (an on-the-spot payment and a seat change move money and end chains too):
`"m"`, the money each seat paid each other seat so far (`m[payer][payee]`, the engine's `transfers`, exact
decimal text); `"c"`, the open 拉 chain `[holder seat or -1, its holder's wins in it]` (taiwan.md: the chain
is the one the entry's `tracked` debts are owed to); and `"x"`, per seat `[won, figures, {pattern key:
wins}, longest 連n as dealer, chains ended, longest chain in wins, biggest]`, the biggest win `[figure, figure
field, won, hand number, self-drawn, entry index, sets scored]`. A tally counted on from one without them
(a snapshot written before them) stays without them: the page then counts that session from its replay.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, overload

from scorekeeper.engine import Fields, HandResult, HandScore, get_ruleset

Tally = dict[str, Any]
VERSION = 2


class TallyTexts(Sequence[Tally]):
    """A replay's running tallies kept as the JSON text the snapshots hold, each decoded when read (a page reads
    the last one; a save the one before its hand): a long session's tallies, decoded, would hold some 4 kB a
    hand in the replay cache (cache.py), as text some 0.6 kB. Immutable, as the replay state it is part of."""

    __slots__ = ("texts",)

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = tuple(texts)

    @classmethod
    def joined(cls, kept: Sequence[Tally], counted: Sequence[Tally]) -> TallyTexts:
        texts = kept.texts if isinstance(kept, TallyTexts) else tuple(text(t) for t in kept)
        return cls((*texts, *(text(t) for t in counted)))

    def __len__(self) -> int:
        return len(self.texts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    @overload
    def __getitem__(self, index: int) -> Tally: ...

    @overload
    def __getitem__(self, index: slice) -> TallyTexts: ...

    def __getitem__(self, index: int | slice) -> Tally | TallyTexts:
        if isinstance(index, slice):
            return TallyTexts(self.texts[index])
        return json.loads(self.texts[index])  # type: ignore[no-any-return]


def text(tally: Tally) -> str:
    """A tally as its snapshot keeps it."""
    return json.dumps(tally, separators=(",", ":"))


def empty() -> Tally:
    return {"n": 0, "d": 0, "s": [[0, 0, 0, None] for _ in range(4)], "v": VERSION,
            "m": [["0"] * 4 for _ in range(4)], "c": [-1, 0], "x": [["0", 0, {}, 0, 0, 0, None] for _ in range(4)]}


def is_full(tally: Tally) -> bool:
    """A tally with version 2's numbers (the module's docstring)."""
    return tally.get("v") == VERSION


def after_hand(before: Tally, given: Fields, answer: HandResult, ruleset: str, index: int = 0) -> Tally:
    """The tally after one entry (number `index` in the session): `given` as the engine took it, `answer` the
    engine's answer for it."""
    if "winner" not in given and "winners" not in given and "draw" not in given:
        # an on-the-spot payment (or a seat change) is not a hand: only its money and the chain
        return _numbers_after(before, dict(before), given, answer, ruleset, index) if is_full(before) else before
    tally = {"n": before["n"] + 1, "d": before["d"] + ("draw" in given), "s": [list(seat) for seat in before["s"]]}
    discarder = given.get("discarder")
    if "winner" in given:
        _count_win(tally, given, discarder, answer.score, answer, ruleset)
    for win in given.get("winners", ()):
        score = next((w.score for w in answer.winners if w.winner == win["winner"]), None)
        _count_win(tally, win, discarder, score, answer, ruleset)
    if discarder is not None and ("winner" in given or "winners" in given):
        tally["s"][discarder][2] += 1
    return _numbers_after(before, tally, given, answer, ruleset, index) if is_full(before) else tally


def _numbers_after(before: Tally, tally: Tally, given: Fields, answer: HandResult, ruleset: str,
                   index: int) -> Tally:
    """Version 2's numbers counted on: the money between seats, the 拉 chain, each seat's numbers."""
    money = [list(row) for row in before["m"]]
    for row in answer.transfers:
        money[row.payer][row.payee] = str(Decimal(money[row.payer][row.payee]) + Decimal(row.amount))
    seats = [list(seat) for seat in before["x"]]
    wins = [given] if "winner" in given else list(given.get("winners", ()))
    if wins or "draw" in given:
        payoff = get_ruleset(ruleset).payoff
        dealer, streak = answer.deal.dealer, max(answer.deal.dealer_streak - payoff.streak_from, 0)
        seats[dealer][3] = max(seats[dealer][3], streak)
    for win in wins:
        score = answer.score if "winner" in given else \
            next((w.score for w in answer.winners if w.winner == win["winner"]), None)
        _count_numbers(seats[win["winner"]], win, score, answer, ruleset, tally["n"], index,
                       given.get("discarder") is None)
    holder, held = before["c"]
    now = answer.tracked[0].payee if answer.tracked else -1
    if now != holder and holder >= 0:  # the chain ended
        seats[holder][4] += 1
        seats[holder][5] = max(seats[holder][5], held)
    held = (held + any(w["winner"] == now for w in wins)) if now == holder else 1 if now >= 0 else 0
    return {**tally, "v": VERSION, "m": money, "c": [now, held], "x": seats}


def _count_numbers(seat: list[Any], win: Fields, score: HandScore | None, answer: HandResult, ruleset: str,
                   number: int, index: int, self_drawn: bool) -> None:
    won = won_by(answer, {win["winner"]})
    seat[0] = str(Decimal(seat[0]) + won)
    figures = get_ruleset(ruleset).payoff.figures
    field = next((name for name in figures if win.get(name) is not None), None)
    figure = int(win[field]) if field is not None else score.total if score is not None else None
    if figure is None:
        return
    seat[1] += figure
    if score is not None:
        counts = dict(seat[2])
        for line in score.patterns:
            counts[line.key] = counts.get(line.key, 0) + 1
        seat[2] = counts
    biggest = [figure, field or figures[0], str(won), number, self_drawn, index, list(score.sets) if score else []]
    if seat[6] is None or _order(biggest) > _order(seat[6]):
        seat[6] = biggest


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
