"""Reads for the history screen: every hand, newest first, and what an edit, a delete or a restore changed."""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.utils.translation import gettext

from scorekeeper.engine import HandResult

from ..display.money import money, payments, signed
from ..display.refusals import replay_error
from ..display.words import WIND_NAMES, streak_text
from ..models import Hand, Session
from ..replay import HandState, ReplayState, session_replay
from ..replay.seating import people_money, seating_of
from .hands import HandRow, deleted_hands, hand_rows
from .sessions import Standings, session_standings

HISTORY_PAGE = 50

# -- history -------------------------------------------------------------------------
@dataclass
class History:
    standings: Standings
    page: Page[Hand]
    rows: list[HandRow]
    deleted: list[tuple[Hand, str, str, str]] = field(default_factory=list)


def session_history(*, session: Session, page: int | str | None = 1) -> History:
    standings = session_standings(session=session, recent=0)
    hands: QuerySet[Hand] = session.hands.live().order_by("-position")
    paged = Paginator(hands, HISTORY_PAGE).get_page(page)
    rows = hand_rows(session=session, replay=standings.replay, hands=list(paged.object_list))
    return History(standings, paged, rows, deleted_hands(session=session))


@dataclass(frozen=True)
class ChangeTold:
    """What the page says after an edit, a delete or a restore: the hand's label, then what moved after it."""

    label: str
    lines: list[str]


def what_changed(*, session: Session, before: ReplayState, hand_id: int) -> ChangeTold:
    """The change to the entry `hand_id`, told against the replay read before it (selectors.hand_place); the
    session as it now is read again, its revision with it."""
    session.refresh_from_db(fields=["revision"])
    after = session_replay(session=session)
    label = before.label(before.index_of(hand_id)) if hand_id in before.hand_ids else \
        after.label(after.index_of(hand_id))
    return ChangeTold(label, replay_changes(session=session, before=before, after=after, changed=hand_id))


def replay_changes(*, session: Session, before: ReplayState, after: ReplayState, changed: int) -> list[str]:
    """What an edit, a delete or a restore of the entry with id `changed` did to the entries
    after it, and to the balances (each person's: people_money)."""
    if not after.ok:
        return [gettext("The session cannot be replayed: %(error)s") % {"error": replay_error(after)}]
    old = {hand_id: i for i, hand_id in enumerate(before.hand_ids)}
    start = old.get(changed, len(before.hand_ids))
    if changed not in old and changed in after.hand_ids:  # restored: compare from the entry after it
        later = [old[h] for h in after.hand_ids[after.index_of(changed) + 1:] if h in old]
        start = later[0] if later else len(before.hand_ids)
    lines = []
    seating = seating_of(session=session, replay=after)
    for index, (hand_id, answer, state) in enumerate(zip(after.hand_ids, after.hands, after.states)):
        was_index = old.get(hand_id)
        if hand_id == changed or was_index is None or was_index < start:
            continue
        deal = not after.is_spot(index)  # a payment on the spot, a seat change: no deal of its own
        changes = _hand_changes(seating.names_at(index), before.hands[was_index], before.states[was_index],
                                answer, state, deal)
        if changes:
            where = after.label(index)
            if before.number(was_index) != after.number(index):
                where += gettext(" (was hand %(number)d)") % {"number": before.number(was_index)}
            lines.append(gettext("%(where)s: %(changes)s.") % {"where": where, "changes": gettext("; ").join(changes)})
    was = {m.player.pk: m.balance for m in people_money(session=session, replay=before)}
    now = people_money(session=session, replay=after)
    moved = [f"{m.player.name} {signed(was.get(m.player.pk, Decimal(0)))} → {signed(m.balance)}"
             for m in now if was.get(m.player.pk, Decimal(0)) != m.balance]
    if moved:
        lines.append(gettext("Balances: %(moves)s.") % {"moves": gettext(", ").join(moved)})
    return lines or [gettext("Nothing else changed: no later hand and no balance moved.")]


def _hand_changes(names: list[str], was: HandResult, was_state: HandState, answer: HandResult,
                  state: HandState, deal: bool) -> list[str]:
    changes = []
    if deal and (state.dealer, state.continuations) != (was_state.dealer, was_state.continuations):
        changes.append(gettext("dealer now %(now)s (was %(was)s)") % {
            "now": names[state.dealer] + streak_text(state.continuations),
            "was": names[was_state.dealer] + streak_text(was_state.continuations)})
    if deal and state.round_wind != was_state.round_wind:
        changes.append(gettext("round wind now %(wind)s") % {"wind": WIND_NAMES[state.round_wind]})
    if transfer_set(answer) != transfer_set(was):
        now = gettext(", ").join(f"{p.payer} → {p.payee} {money(p.amount)}" for p in
                                 payments(names, answer.transfers)) or gettext("no payment")
        changes.append(gettext("payments now %(payments)s") % {"payments": now})
    return changes


def transfer_set(answer: HandResult) -> set[tuple[int, int, Decimal]]:
    return {(t.payer, t.payee, Decimal(t.amount)) for t in answer.transfers}
