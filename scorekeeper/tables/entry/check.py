"""The win entry's live check: the score, what is still missing, and who pays whom.

A read (it writes nothing): the screen calls it on every change, and a save takes the checked
`hand` and the replay made with it (`after`) to the services, so a hand is saved exactly as it
was previewed, and scored once.

The check reads the entry as one typed value, made once from the form (`EnteredWin`, made by
`WinEntry.entered`): what the entry says as a hand (its figure past the limit, the dealer's extra, its
tiles and the losers' tiles scored) is checked on its `hand`, the hand that is saved; what only the form
holds, on the rest: text as typed (who won how, a figure, lengths, a note), the keypad's progress through
the tiles, and a figure confirmed. It never asks the form again between its steps.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine import Fields, HandResult, HandScore, Refusal, ScoreAnswer, score_hand

from ..display.labels import UnitSaid, unit_said
from ..display.money import Payment, payments
from ..display.refusals import engine_error, replay_error
from ..display.rulesets import EVENT_LABELS, Profile
from ..hand_input import HandInput, tiles_score_fields
from ..models import SEATS, Hand, Session
from ..replay import (
    HandState,
    ReplayDelta,
    ReplayState,
    Scored,
    replay_candidate,
    scored_fields,
    settle_inputs,
)
from ..replay.seating import names_at
from ..selectors.hands import debt_changes
from .events import event_misfit
from .forms import MAX_FIGURE
from .lengths import length_errors
from .other_wins import OtherEntered
from .win_fields import EnteredWin


@dataclass(frozen=True)
class WinnerLine:
    """一炮多響: one winner of several on the discard, as the preview says it: what the discarder owes them for
    this hand, and whether their win carries the 拉 chain (taiwan.md: the others are paid at once)."""

    seat: int
    name: str
    paid: Decimal
    carries_chain: bool


@dataclass(frozen=True)
class WinCheck:
    """What the live check found: made from the session's state, each step refining it (`replace`)."""

    state: HandState
    errors: Mapping[str, str] = field(default_factory=dict)
    score: ScoreAnswer | None = None
    loser_scores: Mapping[int, ScoreAnswer] = field(default_factory=dict)
    loser_totals: Mapping[int, int] = field(default_factory=dict)
    candidate: Fields | None = None
    entered: HandInput | None = None  # the entry as a hand, ready to save
    payments: list[Payment] = field(default_factory=list)
    tracked: list[Payment] = field(default_factory=list)
    tracked_changes: list[str] = field(default_factory=list)
    told: frozenset[int] = frozenset()  # the payments tracked_changes already says (a chain's end)
    figure: int | None = None
    # The figure as the table gave it, what the app adds for the winning dealer, and the sum paid on
    # (taiwan: 6 + 連2 5 = 11); None where nothing is added.
    figure_sum: tuple[int, int, int] | None = None
    over_limit: bool = False  # the figure is past the ruleset's limit: saved only once confirmed
    capped: bool = False  # ... and the ruleset refuses it: the limit itself is offered instead
    limit: int | None = None
    after: ReplayDelta | None = None  # the session replayed with this hand, for the save
    other_scores: Mapping[int, ScoreAnswer] = field(default_factory=dict)  # 一炮多響: by tiles, each by its place
    other_over_limit: frozenset[int] = frozenset()  # ... a figure past the limit, not yet confirmed
    winners: list[WinnerLine] = field(default_factory=list)  # 一炮多響: each winner's payment and chain
    next_dealer: str = ""  # 一炮多響: who deals the next hand (the dealer keeps the deal if among the winners)

    @property
    def ready(self) -> bool:
        return not self.errors and self.candidate is not None

    @property
    def untold_payments(self) -> list[Payment]:
        """The payments listed on their own: those a chain's end does not already say."""
        return [p for i, p in enumerate(self.payments) if i not in self.told]

    def with_error(self, key: str, message: str) -> WinCheck:
        """This check, with what `key`'s field says is wrong (in the order found: the bar above Save says them so)."""
        return replace(self, errors={**self.errors, key: message})


def win_check(*, session: Session, entry: EnteredWin, replay: ReplayState, editing: Hand | None = None) -> WinCheck:
    """Everything the win entry screen says about the hand so far; `ready` when it can be saved. `entry`: the
    form as the check reads it, for its ruleset (`WinEntry.entered`); `replay`: the session's as it now is
    (services.wins reads it), the hand checked in its place."""
    profile = entry.profile
    # the unit's words, read once: the steps below say them without going back to the labels
    words = unit_said(profile.ruleset.unit, most=f"{MAX_FIGURE:,}" if entry.figure_digits else None)
    index = replay.index_of(editing.pk) if editing is not None else len(replay.hand_ids)
    check = WinCheck(state=replay.states[index], errors=_people_errors(entry, profile))
    names = names_at(session=session, replay=replay, index=index)  # the people in the seats at this hand
    if lengths := length_errors(entry, profile):  # text too long to be tiles or a note: the engine is not asked
        return replace(check, errors={**check.errors, **lengths})
    if entry.by_figure:
        check = _read_figure(check, entry, words)
    check = _check_hand(check, session, entry, profile, words, names)
    check = _check_others(check, session, entry, words, names)
    if check.errors:
        return check
    entered = entry.hand
    candidate = settle_inputs(session=session, hands=[entered])[0]
    after = replay_candidate(session=session, replay=replay, index=index, candidate=candidate,
                             replacing=editing is not None, scored=_scored(check, candidate, profile))
    check = replace(check, entered=entered, candidate=candidate, after=after)
    if not after.state.ok:
        return check.with_error("payments", replay_error(after.state) or gettext("The engine refused this hand."))
    return _with_payments(check, session, profile, after, index, names)


def _with_payments(check: WinCheck, session: Session, profile: Profile, after: ReplayDelta, index: int,
                   names: list[str]) -> WinCheck:
    """Who pays whom for the hand replayed in its place: the payments, the debts tracked, several winners."""
    hands = after.state.hands
    mine = hands[index]
    share = _share(session, profile, mine)
    winners, next_dealer = [], ""
    if mine.winners:
        winners = [WinnerLine(w.winner, names[w.winner], Decimal(w.paid), w.carries_chain) for w in mine.winners]
        next_dealer = names[after.state.states[index + 1].dealer]
    tracked_changes: list[str] = []
    told: frozenset[int] = frozenset()
    if profile.ruleset.payoff.has_spots:
        before = hands[index - 1].tracked if index > 0 else ()
        ledger = debt_changes(names, before, mine.tracked, mine.transfers, paying=session.pay_as_you_go)
        tracked_changes, told = ledger.lines, ledger.told
    return replace(check, payments=payments(names, mine.transfers, share), tracked=payments(names, mine.tracked),
                   winners=winners, next_dealer=next_dealer, tracked_changes=tracked_changes, told=told)


def _share(session: Session, profile: Profile, answer: HandResult) -> Decimal | None:
    """One loser's share of the win, where the ruleset pays in shares (hk-faan): the line says the shares."""
    if answer.figure is None:
        return None
    return profile.ruleset.payoff.share_of(answer.figure[1], session.stakes, session.options)


def _check_hand(check: WinCheck, session: Session, entry: EnteredWin, profile: Profile, words: UnitSaid,
                names: list[str]) -> WinCheck:
    """The entry as the hand it makes; the form only for what the hand does not hold."""
    hand = entry.hand
    if hand.tiles is None:  # by figure
        check = _check_limit(check, hand, profile, words, session.options, confirmed=entry.figure_confirmed)
        check = _add_dealer_extra(check, hand, profile)
    else:
        check = _check_tiles(check, session, entry, words)
    if profile.ruleset.payoff.loser_points:
        check = _check_losers(check, session, hand, entry.points_read, names)
    return check


def _read_figure(check: WinCheck, entry: EnteredWin, words: UnitSaid) -> WinCheck:
    """The figure as typed, read as a whole number, else said how to type it."""
    check = replace(check, figure=entry.figure)
    return check.with_error("figure", words.typing_help) if check.figure is None else check


def _check_limit(check: WinCheck, hand: HandInput, profile: Profile, words: UnitSaid, options: dict[str, Any], *,
                 confirmed: bool) -> WinCheck:
    """A figure past the ruleset's limit is kept only once the scorer confirms it (beside the figure)."""
    if hand.figure is None:
        return check
    dealer_won = check.state.is_dealer(hand.winner)
    limit = profile.ruleset.limit_for(hand.figure_field, dealer_won, check.state.continuations, options)
    check = replace(check, limit=limit, over_limit=limit is not None and hand.figure > limit)
    if check.over_limit and profile.ruleset.payoff.refuses_over_limit:
        # A hard cap (hk-faan): no hand scores more, so the limit is offered rather than a "Yes" it would refuse.
        return replace(check, capped=True).with_error("figure", gettext(
            "%(figure)s is more than this table's limit of %(limit)s %(unit)s: no hand scores more.") % {
            "figure": f"{hand.figure:,}", "limit": limit, "unit": words.name})
    if not check.over_limit or confirmed:
        return check
    return check.with_error("figure", gettext("%(figure)s is more than the limit of %(limit)s %(unit)s: check it.") % {
        "figure": f"{hand.figure:,}", "limit": limit, "unit": words.name})


def _add_dealer_extra(check: WinCheck, hand: HandInput, profile: Profile) -> WinCheck:
    if hand.figure is None or not check.state.is_dealer(hand.winner):
        return check
    extra = profile.ruleset.payoff.figure_extra(hand.figure_field, check.state.continuations)
    return replace(check, figure_sum=(hand.figure, extra, hand.figure + extra)) if extra else check


def _check_others(check: WinCheck, session: Session, entry: EnteredWin, words: UnitSaid,
                  names: list[str]) -> WinCheck:
    """一炮多響 (taiwan.md, "Several winners on one discard"): each other winner named once, not the discarder,
    on a discard, with a figure or tiles of their own; said beside their row (`other_<k>`, k from 1)."""
    if not entry.others or entry.self_drawn:
        return check
    if not session.options.get("several_winners"):
        return check.with_error("others", gettext(
            "This table plays 截糊: the nearest winner after the discarder wins alone. Remove the other winners, "
            "or turn on “%(option)s” for a new session.") % {
            "option": gettext("Several winners on one discard (一炮多響)")})
    seen = {entry.winner}
    for other in entry.others:
        key = f"other_{other.number - 1}"
        seat = other.winner
        if seat is None:
            check = check.with_error(key, gettext("Choose who else won on this tile."))
        elif seat == entry.discarder:
            check = check.with_error(key, gettext("%(name)s discarded the tile: a player cannot win on their own "
                                                  "discard.") % {"name": names[seat]})
        elif seat in seen:
            check = check.with_error(key, gettext("%(name)s is already a winner of this hand: choose another "
                                                  "player.") % {"name": names[seat]})
        else:
            seen.add(seat)
            check = _check_other_figure(check, session, entry, other, key, words, names[seat])
    return check


def _check_other_figure(check: WinCheck, session: Session, entry: EnteredWin, other: OtherEntered, key: str,
                        words: UnitSaid, name: str) -> WinCheck:
    """Another winner's figure, or their tiles scored as the engine scores them."""
    if other.by_figure:
        if other.figure is None:
            return check.with_error(key, gettext("Choose %(name)s's %(unit)s.") % {"name": name, "unit": words.name}
                                    if not other.figure_typed else words.typing_help)
        # as the first winner's figure: past the limit, kept only once confirmed beside it
        limit = entry.profile.ruleset.limit_for(entry.hand.figure_field, check.state.is_dealer(other.winner),
                                                check.state.continuations, session.options)
        if limit is not None and other.figure > limit and not other.figure_confirmed:
            check = replace(check, other_over_limit=check.other_over_limit | {other.number - 1})
            return check.with_error(key, gettext("%(name)s: %(figure)s is more than the limit of %(limit)s "
                                                 "%(unit)s: check it.") % {
                "name": name, "figure": f"{other.figure:,}", "limit": limit, "unit": words.name})
        return check
    if not other.winning_tile:
        return check.with_error(key, gettext("Tap %(name)s's tiles, or choose their %(unit)s.") % {
            "name": name, "unit": words.name})
    win = next((w for w in entry.hand.other_wins if w.winner == other.winner), None)
    if win is None or win.tiles is None or other.winner is None:
        return check
    answer = score_hand(scored_fields(session=session, fields=tiles_score_fields(win.tiles, entry.hand.events),
                                      state=check.state, seat=other.winner, self_drawn=False))
    check = replace(check, other_scores={**check.other_scores, other.number - 1: answer})
    return check.with_error(key, f"{name}: {engine_error(answer)}") if isinstance(answer, Refusal) else check


def _people_errors(entry: EnteredWin, profile: Profile) -> dict[str, str]:
    errors = {}
    winner = entry.winner
    if winner is None:
        errors["winner"] = gettext("Choose who won.")
    if entry.how == "":
        errors["how"] = gettext("Choose self-drawn, or who discarded the winning tile.")
    elif entry.how != "self" and entry.discarder is None:
        errors["how"] = gettext("Choose self-drawn, or one of the players.")
    elif winner is not None and entry.discarder == winner:
        errors["how"] = gettext("The winner cannot have discarded the winning tile: choose who did.")
    # One this win may not name (the win changed since) was forgotten already (WinEntry.entered).
    if profile.ruleset.responsible and entry.responsible_typed not in ("", "none"):
        seat = entry.hand.responsible  # the seat the engine is told
        if entry.responsible_typed_seat is None and not entry.self_drawn:
            errors["responsible"] = gettext("Choose a player, or no one.")
        elif seat is not None and seat == winner:
            errors["responsible"] = gettext("The winner cannot be the responsible player.")
    return errors


def _check_tiles(check: WinCheck, session: Session, entry: EnteredWin, words: UnitSaid) -> WinCheck:
    if tapping := _tapping_hint(entry, words):
        return check.with_error("tiles", tapping)
    hand = entry.hand
    # The form's and not the hand's: a hand's discarder None is a self-draw, while the check scores the tiles
    # before Self-drawn or a discarder is chosen, as a win on a discard.
    self_drawn = entry.self_drawn
    if hand.winner is None:
        return check
    if misfit := _events_misfit(hand, self_drawn):
        return check.with_error("events", misfit)
    score = score_hand(scored_fields(session=session, fields=hand.score_fields(), state=check.state,
                                     seat=hand.winner, self_drawn=self_drawn))
    check = replace(check, score=score)
    return check.with_error("tiles", engine_error(score)) if isinstance(score, Refusal) else check


def _tapping_hint(entry: EnteredWin, words: UnitSaid) -> str:
    """The keypad's progress through the winning hand, said until its winning tile is tapped: the tiles so far
    are the form's, not yet a hand."""
    if not entry.tiles.concealed.strip() and not entry.tiles.melds:
        return gettext("Tap the tiles of the winning hand, or choose “By %(unit)s”.") % {"unit": words.name}
    if not entry.winning_tile:
        needed, have = entry.tiles_needed, entry.tiles_have
        return (gettext("The hand has %(have)d of %(needed)d tiles before the win: now tap the winning tile.")
                if have >= needed else
                gettext("The hand has %(have)d of %(needed)d tiles before the win: keep tapping.")
                ) % {"have": have, "needed": needed}
    return ""


def _check_losers(check: WinCheck, session: Session, hand: HandInput, typed_points: frozenset[int],
                  names: list[str]) -> WinCheck:
    """taizhou: each loser's tiles scored, or their points; in seat order, the winner's place None."""
    scores: dict[int, ScoreAnswer] = {}
    totals: dict[int, int] = {}
    errors: dict[str, str] = {}
    for seat, given in enumerate(hand.loser_points or ()):
        if given is None:
            continue
        if isinstance(given, dict):  # the loser's tiles
            answer = score_hand(scored_fields(session=session, fields=given, state=check.state, seat=seat,
                                              self_drawn=None))
            scores[seat] = answer
            if isinstance(answer, HandScore):
                totals[seat] = answer.total
            else:
                errors[f"loser_{seat}"] = engine_error(answer)
        elif seat in typed_points:
            totals[seat] = given
        else:  # the hand holds 0 for points that could not be read: the form says so
            errors[f"loser_{seat}"] = gettext("Enter %(name)s's points (0 if none), or tap their tiles.") % {
                "name": names[seat]}
    return replace(check, loser_scores=scores, loser_totals=totals, errors={**check.errors, **errors})


def _events_misfit(hand: HandInput, self_drawn: bool) -> str:
    """rules/README.md, `events`: an event must fit how the hand was won, and a hand won on the tiles as dealt
    (heavenly, earthly) has no meld, a concealed kong included; said in a player's words, beside the events."""
    melded = bool((hand.tiles or {}).get("melds"))
    for event in hand.events:
        message = event_misfit(event, self_drawn=self_drawn, melded=melded)
        if message:
            return message % {"event": EVENT_LABELS[event]}
    return ""


def _scored(check: WinCheck, candidate: Fields, profile: Profile) -> Scored | None:
    """What the check scored from tiles, given to the replay as totals: each hand is scored once."""
    given = dict(candidate)
    score = check.score if isinstance(check.score, HandScore) else None
    if score is not None and "hand" in given:
        del given["hand"]
        given[profile.ruleset.payoff.figures[0]] = score.total
    else:
        score = None
    loser_scores = None
    if check.loser_scores:
        given["loser_points"] = [check.loser_totals.get(seat) if value is not None else None
                                 for seat, value in enumerate(given["loser_points"])]
        scores = [check.loser_scores.get(seat) for seat in SEATS]
        loser_scores = tuple(s if isinstance(s, HandScore) else None for s in scores)
    if score is None and loser_scores is None:
        return None
    return Scored(given, score, loser_scores)
