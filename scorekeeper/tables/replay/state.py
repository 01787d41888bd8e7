"""The engine's answer for a session, as one immutable value: `ReplayState`.

A state is made once (by a replay, replaying.py, or from the snapshots, store.py) and never changed
after: the process cache (cache.py) shares one between threads, and a write makes a new state rather
than edit the one it started from. What a page derives from a state (who sat where, the chart) is
made for that page, never kept on it.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from django.utils.translation import gettext

from scorekeeper.engine import Checkpoint, Deal, Fields, HandResult, PaymentRow, Refusal, SettleAnswer, Settlement


@dataclass(frozen=True, slots=True)
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
    def of(cls, deal: Deal, streak_from: int) -> HandState:
        streak = deal.dealer_streak
        return cls(deal.dealer, streak, max(streak - streak_from, 0), deal.round_wind, deal.seat_winds, deal.round,
                   deal.hand_in_round)


class DecodedHands(Sequence[HandResult]):
    """Hands' answers kept as their snapshots' JSON (store.py), each read into a `HandResult` when first
    asked for: a page of a long session reads a few."""

    __slots__ = ("texts", "read")

    def __init__(self, texts: Sequence[Fields]) -> None:
        self.texts = texts
        self.read: list[HandResult | None] = [None] * len(texts)

    def __len__(self) -> int:
        return len(self.texts)

    def __eq__(self, other: object) -> bool:
        """Equal to the same answers however they are kept (a replay's tuple, these snapshots)."""
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    @overload
    def __getitem__(self, index: int) -> HandResult: ...

    @overload
    def __getitem__(self, index: slice) -> list[HandResult]: ...

    def __getitem__(self, index: int | slice) -> HandResult | list[HandResult]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        found = self.read[index]
        if found is None:
            found = self.read[index] = HandResult.from_json(self.texts[index])
        return found


def between_hands(given: Fields) -> bool:
    """An entry that is no hand of its own: an on-the-spot payment, or a seat change (numbered with the
    hand it comes before)."""
    return "spot" in given or "seat_change" in given


# One snapshot row as the store writes it: hand id, the engine's input, its answer, the checkpoint after
# it, and the running tally.
SnapshotRow = tuple[int, Fields, HandResult, Any, Any]


@dataclass(frozen=True, slots=True, eq=False)
class ReplayState:
    """The session's hands (`hand_ids`, `inputs` as the engine took them) and the engine's answer.

    Its sequences are lists or tuples made for this state alone: nothing here is written to once the state is
    made."""

    hand_ids: tuple[int, ...]
    inputs: Sequence[Fields]
    answer: SettleAnswer
    states: Sequence[HandState]  # one per hand, then the next hand's (a StatesView: read when needed)
    # Where the replay stands after each hand (a Checkpoint, or its JSON as a snapshot keeps it):
    # an append or an edit goes on from there instead of replaying the hands before.
    checkpoints: Sequence[Any]
    # For each entry: not a hand of its own (an on-the-spot payment, a seat change).
    spots: tuple[bool, ...]
    # Each seat's running tally after each entry (tallies.py): one per entry when the replay succeeded.
    tallies: Sequence[Any] = ()
    balance_rows: Sequence[list[str]] | None = None  # each hand's running balances, when kept apart
    _numbers: tuple[int, ...] = field(init=False, repr=False)
    _positions: dict[int, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Made with the state, as part of making it: a page asks for many numbers and positions.
        numbers, hand = [], 1
        for spot in self.spots:
            numbers.append(hand)
            hand += not spot
        numbers.append(hand)
        object.__setattr__(self, "_numbers", tuple(numbers))
        object.__setattr__(self, "_positions", {h: i for i, h in enumerate(self.hand_ids)})

    def every_balance(self) -> list[list[str]]:
        """The running balances after each entry, all at once (the chart's lines)."""
        if self.balance_rows is not None:
            return list(self.balance_rows)
        return [list(hand.balances) for hand in self.hands]

    def tally_rows(self) -> Sequence[Any]:
        """Each entry's running tally (tallies.py)."""
        return self.tallies

    def checkpoint_before(self, index: int) -> Checkpoint | None:
        """Where the replay stood before hand `index`: None at the start, or when it is not known."""
        if index == 0 or not self.ok or index > len(self.checkpoints):
            return None
        kept = self.checkpoints[index - 1]
        return kept if isinstance(kept, Checkpoint) else Checkpoint.from_json(kept)

    def spot_flags(self) -> tuple[bool, ...]:
        """For each entry: not a hand of its own (an on-the-spot payment, a seat change)."""
        return self.spots

    def is_seat_change(self, index: int) -> bool:
        return self.is_spot(index) and "seat_change" in self.inputs[index]

    def is_spot(self, index: int) -> bool:
        return index < len(self.spots) and self.spots[index]

    def snapshot_rows(self, start: int) -> Iterator[SnapshotRow]:
        """What the store keeps of each entry from `start` on."""
        return zip(self.hand_ids[start:], self.inputs[start:], self.hands[start:], self.checkpoints[start:],
                   self.tallies[start:])

    @property
    def ok(self) -> bool:
        return isinstance(self.answer, Settlement)

    @property
    def settled(self) -> Settlement | None:
        return self.answer if isinstance(self.answer, Settlement) else None

    @property
    def refusal(self) -> Refusal | None:
        return self.answer if isinstance(self.answer, Refusal) else None

    @property
    def error(self) -> str:
        """The engine's own English; the screens say it in the reader's words (display.refusals)."""
        return self.refusal.message if self.refusal else ""

    @property
    def refused_index(self) -> int | None:
        """The entry the engine refused (its place in `inputs`), when it names one."""
        hand = self.refusal.hand if self.refusal else None
        return hand if hand is not None and 0 <= hand < len(self._numbers) else None

    @property
    def hands(self) -> Sequence[HandResult]:
        """The engine's answer for each hand (read only: shared with the states made from this one)."""
        return self.settled.hands if self.settled else ()

    @property
    def next_state(self) -> HandState:
        return self.states[-1]

    @property
    def balances(self) -> list[str]:
        return list(self.settled.balances) if self.settled else ["0"] * 4

    @property
    def owed(self) -> list[str]:
        """What each player still owes (negative) or is owed at the end: on a tab, the balances."""
        return list(self.settled.owed) if self.settled else ["0"] * 4

    @property
    def settle_up(self) -> list[PaymentRow]:
        return list(self.settled.settle_up) if self.settled else []

    @property
    def closing(self) -> list[PaymentRow]:
        """The tab's last payments: the tracked debts the session's end settles (taiwan)."""
        return list(self.settled.closing) if self.settled else []

    @property
    def tracked(self) -> list[PaymentRow]:
        """Open tracked debts after the last hand (taiwan's pull ledger)."""
        hands = self.hands
        return list(hands[-1].tracked) if hands else []

    def number(self, index: int) -> int:
        """The hand an entry belongs to, counted as the table counts: wins and draws.

        An on-the-spot payment happens during a hand: it has the number of the hand it
        comes before. `number(len(hand_ids))` is the hand about to be played."""
        return self._numbers[index]

    def label(self, index: int) -> str:
        """'Hand 3', 'The on-the-spot payment in hand 4', or 'The seat change before hand 5'."""
        if self.is_seat_change(index):
            return gettext("The seat change before hand %(number)d") % {"number": self.number(index)}
        if self.is_spot(index):
            return gettext("The on-the-spot payment in hand %(number)d") % {"number": self.number(index)}
        return gettext("Hand %(number)d") % {"number": self.number(index)}

    def index_of(self, hand_id: int) -> int:
        return self._positions[hand_id]


class StatesView(Sequence[HandState]):
    """The deal of each hand of an answer, then the next hand's, each read when first asked for."""

    __slots__ = ("answer", "streak_from")

    def __init__(self, answer: Settlement, streak_from: int) -> None:
        self.answer, self.streak_from = answer, streak_from

    def __len__(self) -> int:
        return len(self.answer.hands) + 1

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
        hands = self.answer.hands
        return HandState.of(hands[index].deal if index < len(hands) else self.answer.next, self.streak_from)
