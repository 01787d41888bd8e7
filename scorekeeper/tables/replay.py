"""The engine's replay of a session: the one source of balances, dealers, streaks, winds and debts.

`session_replay` turns the stored hands into the engine's `settle` input and keeps the
answer in a small per-process cache, checked against the session's `revision`, which
every write changes: a cached replay is never stale, and processes need not share it.
A process that has not kept it reads the snapshots the last write left in the database
(tables/snapshots.py); appends and edits go on from a checkpoint (`replay_candidate`).
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from django.utils.translation import gettext

from scorekeeper.engine import Checkpoint, get_ruleset, settle_from

from . import tallies
from .lazy_json import Decoded
from .models import Hand, Session

CACHE_SIZE = 64  # sessions a process keeps replayed
# ... and the bytes they may hold, estimated: a replay fully read (every answer, checkpoint, balance row and
# tally decoded) holds about BYTES_PER_HAND a hand (measured with tracemalloc: 10 kB a hand by tiles, 7 kB by
# figure; a replay made by the engine itself, about 6 and 4). Least recently used first out; a replay bigger
# than the whole budget is not kept at all. With `make serve`'s 4 workers, at most 4 x 64 MB.
CACHE_BYTES = int(os.environ.get("REPLAY_CACHE_MB", "64")) * 1024 * 1024
BYTES_PER_HAND = 10_000
BYTES_PER_REPLAY = 20_000


@dataclass(frozen=True)
class HandState:
    """The deal during one hand, as the engine's answer gives it."""

    dealer: int
    dealer_streak: int  # in the ruleset's own meaning (rules/README.md, `score`)
    continuations: int  # 連n
    round_wind: str
    seat_winds: tuple[str, ...]
    round: int = 1
    hand_in_round: int = 1

    def is_dealer(self, seat: int | None) -> bool:
        return seat == self.dealer

    @classmethod
    def of(cls, answer: dict[str, Any], streak_from: int) -> HandState:
        streak = int(answer.get("dealer_streak", 0))
        return cls(int(answer["dealer"]), streak, max(streak - streak_from, 0), str(answer["round_wind"]),
                   tuple(answer["seat_winds"]), int(answer.get("round", 1)), int(answer.get("hand_in_round", 1)))


@dataclass
class Replay:
    hand_ids: list[int]
    inputs: MutableSequence[dict[str, Any]]
    answer: dict[str, Any]
    states: Sequence[HandState]  # one per hand, then the next hand's (a StatesView: read when needed)
    # Where the replay stands after each hand (a Checkpoint, or its JSON as a snapshot keeps it):
    # an append or an edit goes on from there instead of replaying the hands before.
    checkpoints: MutableSequence[Any] = field(default_factory=list)
    fresh_from: int = 0  # the hands from here on were replayed for this Replay; those before were kept
    appended: bool = False  # the hands from `fresh_from` on are new ones, never saved before
    # Which entries come between hands (on-the-spot payments, seat changes), when known without `inputs`.
    spots: list[bool] | None = None
    balance_rows: Sequence[list[str]] | None = None  # each hand's running balances, when kept apart
    # Each seat's running tally after each hand (tables/tallies.py), as far as it is known: the rest is
    # counted on from the last one when first asked for (tally_rows).
    tallies: MutableSequence[Any] = field(default_factory=list)

    def every_balance(self) -> list[list[str]]:
        """The running balances after each entry, all at once (the chart's lines)."""
        if isinstance(self.balance_rows, Decoded):
            return self.balance_rows.decoded()
        if self.balance_rows is not None:
            return list(self.balance_rows)
        return [hand["balances"] for hand in self.hands]

    def tally_rows(self) -> MutableSequence[Any]:
        """Each entry's running tally (tables/tallies.py): those kept, then the rest counted on from the last."""
        kept = self.tallies
        if not self.ok or len(kept) >= len(self.hand_ids):
            return kept
        counted, before = [], kept[-1] if kept else tallies.empty()
        for index in range(len(kept), len(self.hand_ids)):
            before = tallies.after_hand(before, self.inputs[index], self.hands[index], self.answer["ruleset"])
            counted.append(before)
        self.tallies = _joined(kept, counted)  # one assignment: a replay read by two threads stays whole
        return self.tallies

    def checkpoint_before(self, index: int) -> Checkpoint | None:
        """Where the replay stood before hand `index`: None at the start, or when it is not known."""
        if index == 0 or not self.ok or index > len(self.checkpoints):
            return None
        kept = self.checkpoints[index - 1]
        if not isinstance(kept, Checkpoint):
            kept = self.checkpoints[index - 1] = Checkpoint.from_json(kept)
        return kept

    def spot_flags(self) -> list[bool]:
        """For each entry: not a hand of its own (an on-the-spot payment, a seat change)."""
        if self.spots is None:
            self.spots = [between_hands(given) for given in self.inputs]
        return self.spots

    def is_seat_change(self, index: int) -> bool:
        return self.is_spot(index) and "seat_change" in self.inputs[index]

    def is_spot(self, index: int) -> bool:
        flags = self.spot_flags()
        return index < len(flags) and flags[index]

    @property
    def ok(self) -> bool:
        return bool(self.answer.get("ok"))

    @property
    def error(self) -> str:
        return "" if self.ok else str(self.answer.get("error", {}).get("message", ""))

    @property
    def hands(self) -> Sequence[dict[str, Any]]:
        """The engine's answer for each hand (read only: shared with the replays made from this one)."""
        return self.answer["hands"] if self.ok else []  # type: ignore[no-any-return]

    @property
    def next_state(self) -> HandState:
        return self.states[-1]

    @property
    def balances(self) -> list[str]:
        return list(self.answer["balances"]) if self.ok else ["0"] * 4

    @property
    def owed(self) -> list[str]:
        """What each player still owes (negative) or is owed at the end: on a tab, the balances."""
        return list(self.answer["owed"]) if self.ok else ["0"] * 4

    @property
    def settle_up(self) -> list[dict[str, Any]]:
        return list(self.answer.get("settle_up", [])) if self.ok else []

    @property
    def tracked(self) -> list[dict[str, Any]]:
        """Open tracked debts after the last hand (taiwan's pull ledger)."""
        hands = self.answer.get("hands") if self.ok else None
        return list(hands[-1].get("tracked", [])) if hands else []

    def number(self, index: int) -> int:
        """The hand an entry belongs to, counted as the table counts: wins and draws.

        An on-the-spot payment happens during a hand: it has the number of the hand it
        comes before. `number(len(hand_ids))` is the hand about to be played."""
        numbers = self.__dict__.get("_numbers")
        if numbers is None:
            numbers, hand = [], 1
            for entry in range(len(self.hand_ids)):
                numbers.append(hand)
                hand += not self.is_spot(entry)
            numbers.append(hand)
            self.__dict__["_numbers"] = numbers
        return numbers[index]

    def label(self, index: int) -> str:
        """'Hand 3', 'The on-the-spot payment in hand 4', or 'The seat change before hand 5'."""
        if self.is_seat_change(index):
            return gettext("The seat change before hand %(number)d") % {"number": self.number(index)}
        if self.is_spot(index):
            return gettext("The on-the-spot payment in hand %(number)d") % {"number": self.number(index)}
        return gettext("Hand %(number)d") % {"number": self.number(index)}

    def index_of(self, hand_id: int) -> int:
        positions = self.__dict__.get("_positions")
        if positions is None:
            positions = self.__dict__["_positions"] = {h: i for i, h in enumerate(self.hand_ids)}
        return positions[hand_id]


# session id -> (revision, replay, its estimated bytes): only a session's latest revision is worth keeping.
_cache: OrderedDict[int, tuple[str, Replay, int]] = OrderedDict()
_cache_bytes = 0
_lock = threading.Lock()


def session_replay(*, session: Session) -> Replay:
    """The session replayed by the engine: kept in this process by revision, else read from the
    snapshots the last write left (tables/snapshots.py), else replayed whole (and the snapshots
    written for the next read, on any server)."""
    from . import snapshots  # the snapshots build Replays: imported when first needed

    with _lock:
        cached = _cache.get(session.pk)
        if cached is not None and cached[0] == str(session.revision):
            _cache.move_to_end(session.pk)
            return cached[1]
    replay = snapshots.read(session=session)
    if replay is None:
        hands = list(session.hands.live().order_by("position"))
        replay = replay_inputs(session=session, hand_ids=[h.pk for h in hands],
                               inputs=[settle_hand(session=session, hand=h) for h in hands])
        snapshots.write_all(session=session, replay=replay)
    remember(session=session, replay=replay)
    return replay


def remember(*, session: Session, replay: Replay) -> None:
    """Keep the replay for the session's revision, within the cache's count and bytes (CACHE_BYTES)."""
    global _cache_bytes
    size = replay_bytes(replay)
    with _lock:
        _cache_bytes -= _cache.pop(session.pk, ("", replay, 0))[2]
        if size > CACHE_BYTES:
            return
        _cache[session.pk] = (str(session.revision), replay, size)
        _cache_bytes += size
        while len(_cache) > CACHE_SIZE or _cache_bytes > CACHE_BYTES:
            _cache_bytes -= _cache.popitem(last=False)[1][2]


def replay_bytes(replay: Replay) -> int:
    """What a replay may come to hold in memory once every part of it is read (CACHE_BYTES)."""
    return BYTES_PER_REPLAY + BYTES_PER_HAND * len(replay.hand_ids)


def cached_bytes() -> int:
    with _lock:
        return _cache_bytes


def forget_all() -> None:
    global _cache_bytes
    with _lock:
        _cache.clear()
        _cache_bytes = 0


def replay_inputs(*, session: Session, hand_ids: list[int], inputs: list[dict[str, Any]]) -> Replay:
    """The whole session replayed from its first hand."""
    answer, checkpoints = settle_from(settle_fields(session=session, hands=inputs))
    return Replay(hand_ids, inputs, answer, hand_states(session=session, answer=answer, count=len(inputs)),
                  list(checkpoints))


@dataclass(frozen=True)
class Scored:
    """A candidate hand its check has scored from the tiles already: the engine is given its totals
    (`given`, a figure as a table would enter it) and its answer keeps the check's scores (`answers`)."""

    given: dict[str, Any]
    answers: dict[str, Any]


def replay_candidate(*, session: Session, replay: Replay, index: int, candidate: dict[str, Any] | None,
                     replacing: bool = False, hand_id: int = 0, scored: Scored | None = None) -> Replay:
    """The session with `candidate` put at `index`: inserted, replacing the hand there, or (None)
    with the hand there removed. The result can stand as the session's next cached replay."""
    inputs, ids, spots = replay.inputs[:], list(replay.hand_ids), list(replay.spot_flags())
    if candidate is None:
        del inputs[index], ids[index], spots[index]
    elif replacing:
        inputs[index], spots[index] = candidate, between_hands(candidate)
    else:
        inputs.insert(index, candidate)
        ids.insert(index, hand_id)
        spots.insert(index, between_hands(candidate))
    after = _replayed_from(session, replay, index, inputs, ids, scored)
    after.spots = spots
    after.appended = candidate is not None and not replacing and not hand_id and index == len(replay.hand_ids)
    return after


def replay_appended(*, session: Session, base: Replay, hands: Sequence[Hand]) -> Replay:
    """The session replayed with `hands` (unsaved) after its own: the replay a save of them keeps."""
    added = [settle_hand(session=session, hand=h) for h in hands]
    after = _replayed_from(session, base, len(base.inputs), _joined(base.inputs, added),
                           [*base.hand_ids, *([0] * len(hands))])
    after.spots = [*base.spot_flags(), *(between_hands(given) for given in added)]
    after.appended = True
    return after


def _replayed_from(session: Session, replay: Replay, index: int, inputs: MutableSequence[dict[str, Any]],
                   ids: list[int], scored: Scored | None = None) -> Replay:
    """`inputs` replayed, the first `index` of which are `replay`'s own: the engine goes on from where
    `replay` stood before hand `index`, so the cost is that of the hands from `index` on, however long
    the session. Without a checkpoint there (a replay that failed), everything is replayed."""
    start = replay.checkpoint_before(index)
    if index and start is None:
        return _replayed_whole(session, inputs, ids, index, scored)
    given = inputs[index:]
    if scored is not None:
        given[0] = scored.given
    tail, checkpoints = settle_from(settle_fields(session=session, hands=given), start)
    if not tail.get("ok"):
        return Replay(ids, inputs, tail, hand_states(session=session, answer=tail, count=len(inputs)), [], index)
    if scored is not None:
        tail["hands"][0].update(scored.answers)
    answer = tail | {"hands": _joined(replay.hands[:index], tail["hands"])}
    after = Replay(ids, inputs, answer, hand_states(session=session, answer=answer, count=len(inputs)),
                   _joined(replay.checkpoints[:index], checkpoints), index,
                   tallies=_joined(replay.tallies[:index], []))
    if replay.balance_rows is not None:  # the chart reads these, not every kept answer
        after.balance_rows = _joined(replay.balance_rows[:index], [hand["balances"] for hand in tail["hands"]])
    return after


def _joined(kept: Sequence[Any], fresh: Sequence[Any]) -> MutableSequence[Any]:
    """A kept prefix and what was replayed after it; a long prefix is not read to be copied."""
    if isinstance(kept, Decoded):
        return kept + fresh
    return [*kept, *fresh]


def _replayed_whole(session: Session, inputs: MutableSequence[dict[str, Any]], ids: list[int], index: int,
                    scored: Scored | None) -> Replay:
    given = list(inputs)
    if scored is not None and index < len(given):
        given[index] = scored.given
    answer, checkpoints = settle_from(settle_fields(session=session, hands=given))
    if answer.get("ok") and scored is not None and index < len(given):
        answer["hands"][index].update(scored.answers)
    return Replay(ids, inputs, answer, hand_states(session=session, answer=answer, count=len(inputs)),
                  list(checkpoints))


def settle_fields(*, session: Session, hands: Iterable[dict[str, Any]]) -> dict[str, Any]:
    return {
        "ruleset": session.ruleset, "stakes": session.stakes, "options": session.options,
        "players": [p.name for p in session.players], "dealer": session.first_dealer, "hands": list(hands),
        "pay_as_you_go": session.pay_as_you_go,
    }


def between_hands(given: dict[str, Any]) -> bool:
    """An entry that is no hand of its own: an on-the-spot payment, or a seat change (numbered with the
    hand it comes before)."""
    return "spot" in given or "seat_change" in given


def settle_hand(*, session: Session, hand: Hand) -> dict[str, Any]:
    """One stored hand as the engine's `settle` hand (rules/<ruleset>.md, "settle fields")."""
    if hand.kind == Hand.Kind.SEAT:
        return {"seat_change": hand.seat}  # the engine sees the seat; who sits in is the app's (seating.py)
    if hand.kind == Hand.Kind.DRAW:
        return {"draw": True}
    if hand.kind == Hand.Kind.SPOT:
        spot: dict[str, Any] = {"spot": hand.spot_kind, "player": hand.spot_player}
        if hand.spot_count is not None:
            spot["count"] = hand.spot_count
        if hand.spot_to is not None:
            spot["to"] = hand.spot_to
        return spot
    payoff = get_ruleset(session.ruleset).payoff
    win: dict[str, Any] = {"winner": hand.winner, "discarder": hand.discarder}
    if hand.tiles is not None:
        win["hand"] = hand_fields(tiles=hand.tiles, events=hand.events)
    else:
        win[hand.figure_field or payoff.figures[0]] = hand.figure
        if "robbed_kong" in payoff.win_fields and "robbing_kong" in hand.events:  # hk-faan.md: 搶槓 by figure
            win["robbed_kong"] = True
    if "responsible" in payoff.win_fields:
        win["responsible"] = hand.responsible
    if "loser_points" in payoff.win_fields:
        win["loser_points"] = hand.loser_points
    return win


def fill_in_dice_players(*, session: Session, replay: Replay, hands: Sequence[Hand], start: int) -> None:
    """taiwan.md: a dice spot is the dealer's and may leave its player out. The replay of `hands` (its entries
    from `start` on) knows who dealt; each is stored as the spot form stores it, with the dealer's seat."""
    for index, hand in enumerate(hands, start=start):
        if hand.kind == Hand.Kind.SPOT and hand.spot_player is None:  # the engine took it: a dice spot
            hand.spot_player = replay.states[index].dealer
            replay.inputs[index] = settle_hand(session=session, hand=hand)


def hand_fields(*, tiles: dict[str, Any], events: list[str]) -> dict[str, Any]:
    """A winner's tiles as the score fields the replay completes (winds, dealer, win, options)."""
    return {**tiles, "events": list(events)} if events else dict(tiles)


def scored_fields(*, session: Session, fields: dict[str, Any], state: HandState, seat: int,
                  self_drawn: bool | None) -> dict[str, Any]:
    """Score fields completed as the replay completes them, for scoring one hand on its own.

    self_drawn None: a loser's hand (taizhou)."""
    done: dict[str, Any] = {"ruleset": session.ruleset, **fields, "seat_wind": state.seat_winds[seat],
                            "round_wind": state.round_wind}
    if self_drawn is None:
        done["role"] = "loser"
    else:
        done.update(win="self_draw" if self_drawn else "discard", dealer=state.is_dealer(seat),
                    dealer_streak=state.dealer_streak if state.is_dealer(seat) else 0)
    declared = {option.name for option in get_ruleset(session.ruleset).options}
    options = {k: v for k, v in session.options.items() if k in declared}
    if options:
        done["options"] = options
    return done


class StatesView(Sequence[HandState]):
    """The deal of each hand of an answer, then the next hand's, each read when first asked for."""

    def __init__(self, answer: dict[str, Any], streak_from: int) -> None:
        self.answer, self.streak_from = answer, streak_from

    def __len__(self) -> int:
        return len(self.answer["hands"]) + 1

    @overload
    def __getitem__(self, index: int) -> HandState: ...

    @overload
    def __getitem__(self, index: slice) -> list[HandState]: ...

    def __getitem__(self, index: int | slice) -> HandState | list[HandState]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        count = len(self)
        if not -count <= index < count:
            raise IndexError(index)
        index %= count
        hands = self.answer["hands"]
        return HandState.of(hands[index] if index < len(hands) else self.answer["next"], self.streak_from)


def hand_states(*, session: Session, answer: dict[str, Any], count: int) -> Sequence[HandState]:
    payoff = get_ruleset(session.ruleset).payoff
    if answer.get("ok"):
        return StatesView(answer, payoff.streak_from)
    # The replay failed: show the first deal, so the screens still open and say why.
    dealer = session.first_dealer
    winds = tuple("ESWN"[(s - (0 if payoff.fixed_seats else dealer)) % 4] for s in range(4))
    first = HandState(dealer, payoff.streak_from, 0, "E", winds)
    return [first] * (count + 1)
