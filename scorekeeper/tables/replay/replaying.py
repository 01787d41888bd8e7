"""Running the engine over a session's hands: a whole replay, or one that goes on from a checkpoint.

The replay is prefix-stable: what a hand answers depends only on the hands before it. So a change at
entry `index` (an append, an edit, a delete, a restore) replays from the checkpoint before it and keeps
the answers before it: `replay_from` answers with a `ReplayDelta`, the new state and which entries were
replayed, which a write hands to the store (store.py) to keep their snapshots. Nothing here reads or
writes the database but the session's own fields.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine import Fields, HandResult, HandScore, SettleAnswer, Settlement, get_ruleset, settle_from

from ..hand_input import HandInput
from ..models import Hand, Session
from . import tallies
from .state import HandState, ReplayState, StatesView, between_hands


@dataclass(frozen=True, slots=True)
class ReplayDelta:
    """A replay made for a write: the session's state after it, and what the write replayed.

    The entries from `start` on were replayed for this write; those before were kept from the state it
    was made from, so their snapshots stand. `new`: those entries are hands never saved before, with no
    snapshot of their own to replace."""

    state: ReplayState
    start: int = 0
    new: bool = False

    def with_ids(self, hand_ids: Sequence[int]) -> ReplayDelta:
        """The same replay, its last hands known by the ids their insert gave them."""
        ids = (*self.state.hand_ids[:len(self.state.hand_ids) - len(hand_ids)], *hand_ids)
        return dataclasses.replace(self, state=dataclasses.replace(self.state, hand_ids=ids))


@dataclass(frozen=True, slots=True)
class Scored:
    """A candidate hand its check has scored from the tiles already: the engine is given its totals
    (`given`, a figure as a table would enter it) and its answer keeps the check's scores (`score`, the
    winner's; `loser_scores`, taizhou's losers')."""

    given: Fields
    score: HandScore | None = None
    loser_scores: tuple[HandScore | None, ...] | None = None

    def kept_in(self, hand: HandResult) -> HandResult:
        """The engine's answer for the hand with the check's scores in it."""
        changes: Fields = {}
        if self.score is not None:
            changes["score"] = self.score
        if self.loser_scores is not None:
            changes["loser_scores"] = self.loser_scores
        return dataclasses.replace(hand, **changes)


def replay_whole(*, session: Session, hand_ids: Sequence[int], inputs: Sequence[Fields]) -> ReplayState:
    """The whole session replayed from its first hand."""
    answer, checkpoints = settle_from(settle_fields(session=session, hands=inputs))
    return _state(session, hand_ids, inputs, answer, checkpoints, _spots(inputs))


def replay_candidate(*, session: Session, replay: ReplayState, index: int, candidate: Fields | None,
                     replacing: bool = False, hand_id: int = 0, scored: Scored | None = None) -> ReplayDelta:
    """The session with `candidate` put at `index`: inserted, replacing the hand there, or (None)
    with the hand there removed. Its state can stand as the session's next cached replay."""
    inputs, ids = _copied(replay.inputs), list(replay.hand_ids)
    if candidate is None:
        del inputs[index], ids[index]
    elif replacing:
        inputs[index] = candidate
    else:
        inputs.insert(index, candidate)
        ids.insert(index, hand_id)
    new = candidate is not None and not replacing and not hand_id and index == len(replay.hand_ids)
    return replay_from(session=session, replay=replay, index=index, inputs=inputs, hand_ids=ids, scored=scored,
                       new=new)


def replay_appended(*, session: Session, base: ReplayState, hands: Sequence[HandInput]) -> ReplayDelta:
    """The session replayed with `hands` (not saved) after its own: the replay a save of them keeps."""
    added = settle_inputs(session=session, hands=hands)
    return replay_from(session=session, replay=base, index=len(base.inputs), inputs=_joined(base.inputs, added),
                       hand_ids=[*base.hand_ids, *([0] * len(hands))], new=True)


def replay_from(*, session: Session, replay: ReplayState, index: int, inputs: Sequence[Fields],
                hand_ids: Sequence[int], scored: Scored | None = None, new: bool = False) -> ReplayDelta:
    """`inputs` replayed, the first `index` of which are `replay`'s own: the engine goes on from where
    `replay` stood before hand `index`, so the cost is that of the hands from `index` on, however long
    the session. Without a checkpoint there (a replay that failed), everything is replayed."""
    start = replay.checkpoint_before(index)
    if index and start is None:
        return ReplayDelta(_replayed_whole(session, inputs, hand_ids, index, scored))
    given = list(inputs[index:])  # only the entries replayed are read (a state from the store decodes lazily)
    spots = (*replay.spots[:index], *_spots(given))
    if scored is not None:
        given[0] = scored.given
    tail, checkpoints = settle_from(settle_fields(session=session, hands=given), start)
    if not isinstance(tail, Settlement):
        return ReplayDelta(_state(session, hand_ids, inputs, tail, [], spots), index, new)
    replayed = list(tail.hands)
    if scored is not None:
        replayed[0] = scored.kept_in(replayed[0])
    answer = dataclasses.replace(tail, hands=tuple(_joined(replay.hands[:index], replayed)))
    balance_rows = None if replay.balance_rows is None else \
        _joined(replay.balance_rows[:index], [list(hand.balances) for hand in replayed])
    after = _state(session, hand_ids, inputs, answer, _joined(replay.checkpoints[:index], checkpoints), spots,
                   kept_tallies=replay.tallies[:index], balance_rows=balance_rows)
    return ReplayDelta(after, index, new)


def with_dice_players(*, session: Session, delta: ReplayDelta, hands: Sequence[HandInput],
                      start: int) -> tuple[ReplayDelta, list[HandInput]]:
    """taiwan.md: a dice spot is the dealer's and may leave its player out. The replay of `hands` (its entries
    from `start` on) knows who dealt; each is kept as the spot form keeps it, with the dealer's seat, and
    the replay's inputs say so (the engine's answer is the same: it took the dealer)."""
    inputs, filled = None, list(hands)
    for index, hand in enumerate(hands, start=start):
        if hand.kind == Hand.Kind.SPOT and hand.spot_player is None:  # the engine took it: a dice spot
            filled[index - start] = hand.with_changes(spot_player=delta.state.states[index].dealer)
            inputs = inputs if inputs is not None else _copied(delta.state.inputs)
            inputs[index] = settle_inputs(session=session, hands=[filled[index - start]])[0]
    if inputs is None:
        return delta, filled
    return dataclasses.replace(delta, state=dataclasses.replace(delta.state, inputs=inputs)), filled


def _state(session: Session, hand_ids: Sequence[int], inputs: Sequence[Fields], answer: SettleAnswer,
           checkpoints: Sequence[Any], spots: tuple[bool, ...], *, kept_tallies: Sequence[Any] = (),
           balance_rows: Sequence[list[str]] | None = None) -> ReplayState:
    """A state of these entries: their tallies counted on from those kept (the first ones)."""
    counted = _tallies_after(kept_tallies, inputs, answer) if isinstance(answer, Settlement) else ()
    return ReplayState(tuple(hand_ids), inputs, answer, hand_states(session=session, answer=answer, count=len(inputs)),
                       checkpoints, spots, counted, balance_rows)


def _tallies_after(kept: Sequence[Any], inputs: Sequence[Fields], answer: Settlement) -> Sequence[Any]:
    """Each entry's running tally: those kept, then the rest counted on from the last (kept as text: tallies.py)."""
    counted, before = [], kept[-1] if kept else tallies.empty()
    hands = answer.hands
    for index in range(len(kept), len(inputs)):
        before = tallies.after_hand(before, inputs[index], hands[index], answer.ruleset, index)
        counted.append(before)
    return tallies.TallyTexts.joined(kept, counted)


def _spots(inputs: Iterable[Fields]) -> tuple[bool, ...]:
    return tuple(between_hands(given) for given in inputs)


def _copied(inputs: Sequence[Fields]) -> MutableSequence[Fields]:
    """A copy to change for a new state."""
    return list(inputs)


def _joined(kept: Sequence[Any], fresh: Sequence[Any]) -> Sequence[Any]:
    """A kept prefix and what was replayed after it."""
    return [*kept, *fresh]


def _replayed_whole(session: Session, inputs: Sequence[Fields], hand_ids: Sequence[int], index: int,
                    scored: Scored | None) -> ReplayState:
    given = list(inputs)
    if scored is not None and index < len(given):
        given[index] = scored.given
    answer, checkpoints = settle_from(settle_fields(session=session, hands=given))
    if isinstance(answer, Settlement) and scored is not None and index < len(given):
        hands = list(answer.hands)
        hands[index] = scored.kept_in(hands[index])
        answer = dataclasses.replace(answer, hands=tuple(hands))
    return _state(session, hand_ids, inputs, answer, checkpoints, _spots(inputs))


def settle_fields(*, session: Session, hands: Iterable[Fields]) -> Fields:
    return {
        "ruleset": session.ruleset, "stakes": session.stakes, "options": session.options,
        "players": [p.name for p in session.players], "dealer": session.first_dealer, "hands": list(hands),
        "pay_as_you_go": session.pay_as_you_go,
    }


def settle_inputs(*, session: Session, hands: Iterable[HandInput]) -> list[Fields]:
    """The entries as the engine's `settle` hands, under the session's ruleset."""
    ruleset = get_ruleset(session.ruleset)
    return [hand.settle_entry(ruleset) for hand in hands]


def scored_fields(*, session: Session, fields: Fields, state: HandState, seat: int,
                  self_drawn: bool | None) -> Fields:
    """Score fields completed as the replay completes them, for scoring one hand on its own.

    self_drawn None: a loser's hand (taizhou)."""
    done: Fields = {"ruleset": session.ruleset, **fields, "seat_wind": state.seat_winds[seat],
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


def hand_states(*, session: Session, answer: SettleAnswer, count: int) -> Sequence[HandState]:
    payoff = get_ruleset(session.ruleset).payoff
    if isinstance(answer, Settlement):
        return StatesView(answer, payoff.streak_from)
    # The replay failed: show the first deal, so the screens still open and say why.
    dealer = session.first_dealer
    winds = tuple("ESWN"[(s - (0 if payoff.fixed_seats else dealer)) % 4] for s in range(4))
    first = HandState(dealer, payoff.streak_from, 0, "E", winds)
    return [first] * (count + 1)
