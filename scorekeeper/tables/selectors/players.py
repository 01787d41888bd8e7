"""A player's record across all their sessions: hands won, self-draws, deal-ins, the biggest
hands and the net result per ruleset.

A read, like the selectors, and built the same way: from the engine's replay of each session (never
from figures stored elsewhere), so it always agrees with the session screens: each seat's running
tally is kept with the replay's snapshots, as derived from the hands as the balances are, and a
session read so costs one row whatever its length. A seat's tally is a person's only while one
person sits in it: a session where seats changed hands is counted hand by hand, each hand for the
person in the seat at that hand (seating.py). Fan and points do not compare, so each ruleset keeps
its own biggest hand; across rulesets the biggest is the one that paid the player most.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q

from scorekeeper.engine import RULESET_KEYS, HandResult, get_ruleset

from ..display.labels import figure_unit
from ..hand_input import HandInput, OtherWin
from ..models import Hand, Player, Session
from ..replay import ReplayState, session_replay, store, tallies
from ..replay.seating import people_money, seating_of
from ..replay.tallies import Tally, won_by


@dataclass(frozen=True)
class BiggestHand:
    figure: int  # as entered, or the engine's total for a hand entered by its tiles
    figure_field: str  # fan, pattern_fan (taiwan: before the dealer bonus) or points
    won: Decimal  # what the hand itself paid the player, net
    session: Session
    number: int  # the hand's number in its session, as the table counts
    self_drawn: bool

    @property
    def ruleset(self) -> str:
        return self.session.ruleset

    @property
    def unit(self) -> str:
        return figure_unit(self.figure_field, get_ruleset(self.ruleset).unit)


@dataclass
class RulesetStats:
    ruleset: str
    sessions: int = 0
    hands: int = 0  # wins and draws the player sat at; on-the-spot payments are not hands
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0  # wins on the player's discard
    draws: int = 0
    net: Decimal = Decimal(0)  # the sum of the sessions' balances (hk-old: tally points)
    biggest: BiggestHand | None = None

    @property
    def name(self) -> str:
        return get_ruleset(self.ruleset).name

    @property
    def unit(self) -> str:
        return get_ruleset(self.ruleset).unit

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.hands if self.hands else 0.0


@dataclass
class PlayerStats:
    player: Player
    rulesets: list[RulesetStats] = field(default_factory=list)
    skipped: list[Session] = field(default_factory=list)  # sessions the engine cannot replay: left out

    def _sum(self, name: str) -> int:
        return sum(getattr(r, name) for r in self.rulesets)

    @property
    def sessions(self) -> int:
        return self._sum("sessions")

    @property
    def hands(self) -> int:
        return self._sum("hands")

    @property
    def wins(self) -> int:
        return self._sum("wins")

    @property
    def self_draws(self) -> int:
        return self._sum("self_draws")

    @property
    def deal_ins(self) -> int:
        return self._sum("deal_ins")

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def biggest(self) -> BiggestHand | None:
        """The hand that paid the player most, whatever its ruleset."""
        hands = [r.biggest for r in self.rulesets if r.biggest is not None]
        return max(hands, key=lambda h: (h.won, h.figure), default=None)

    def for_ruleset(self, key: str) -> RulesetStats | None:
        return next((r for r in self.rulesets if r.ruleset == key), None)


def player_sessions(*, player: Player) -> list[Session]:
    """Every session the player sat in, from the start or sitting in for someone, oldest first."""
    seated = Q(east=player) | Q(south=player) | Q(west=player) | Q(north=player)
    sat_in = Hand.objects.live().filter(kind=Hand.Kind.SEAT, newcomer=player).values("session_id")
    sessions = Session.objects.filter(seated | Q(pk__in=sat_in)).select_related("east", "south", "west", "north")
    return list(sessions.order_by("created_at", "pk"))


def player_stats(*, player: Player, sessions: list[Session] | None = None) -> PlayerStats:
    """`sessions`: those to count (the ones the visitor may open); by default every one the player sat in."""
    stats = PlayerStats(player)
    by_ruleset: dict[str, RulesetStats] = {}
    sessions = player_sessions(player=player) if sessions is None else sessions
    reseated = set(Hand.objects.live().filter(kind=Hand.Kind.SEAT, session__in=sessions)
                   .values_list("session_id", flat=True))
    kept = store.final_tallies(sessions=[s for s in sessions if s.pk not in reseated])
    for session in sessions:
        counted = (_by_hand(session, player) if session.pk in reseated
                   else _by_tally(session, player, kept.get(session.pk) or _replayed(session)))
        if counted is None:
            stats.skipped.append(session)
            continue
        row = by_ruleset.setdefault(session.ruleset, RulesetStats(session.ruleset))
        counted(row)
    order = list(RULESET_KEYS)
    stats.rulesets = sorted(by_ruleset.values(), key=lambda r: order.index(r.ruleset) if r.ruleset in order else 99)
    return stats


Count = Callable[[RulesetStats], None]


def _replayed(session: Session) -> tuple[Tally, list[str]] | None:
    """A session without current snapshots: replayed (which writes them for the next time)."""
    replay = session_replay(session=session)
    if not replay.ok:
        return None
    rows = replay.tally_rows()
    return (rows[-1] if rows else tallies.empty()), replay.balances


def _by_tally(session: Session, player: Player, final: tuple[Tally, list[str]] | None) -> Count | None:
    """Four people for the whole session: their seats' tallies after the last hand (replay/tallies.py)."""
    if final is None:
        return None
    tally, balances = final
    seats = {seat for seat, p in enumerate(session.players) if p.pk == player.pk}

    def count(row: RulesetStats) -> None:
        row.sessions += 1
        row.net += sum((Decimal(balances[seat]) for seat in seats), Decimal(0))
        row.hands += tally["n"]
        row.draws += tally["d"]
        for seat in seats:
            wins, self_draws, deal_ins, biggest = tally["s"][seat]
            row.wins, row.self_draws = row.wins + wins, row.self_draws + self_draws
            row.deal_ins += deal_ins
            if biggest is not None:
                _keep_biggest(row, BiggestHand(int(biggest[0]), biggest[1], Decimal(biggest[2]), session,
                                               int(biggest[3]), bool(biggest[4])))
    return count


def _by_hand(session: Session, player: Player) -> Count | None:
    replay = session_replay(session=session)
    if not replay.ok:
        return None
    stored = {h.pk: h for h in Hand.objects.live().filter(session=session)}
    return lambda row: _count_session(row, session, player, stored, replay)


def _keep_biggest(row: RulesetStats, hand: BiggestHand) -> None:
    if row.biggest is None or (hand.figure, hand.won) > (row.biggest.figure, row.biggest.won):
        row.biggest = hand


def _count_session(row: RulesetStats, session: Session, player: Player, hands: dict[int, Hand],
                   replay: ReplayState) -> None:
    """The player's hands: each counted for the person in the seat at that hand (seating.py)."""
    row.sessions += 1
    row.net += sum((m.balance for m in people_money(session=session, replay=replay) if m.player.pk == player.pk),
                   Decimal(0))
    seating = seating_of(session=session, replay=replay)
    for index, (hand_id, answer) in enumerate(zip(replay.hand_ids, replay.hands)):
        hand = hands.get(hand_id)
        seats = {seat for seat, p in enumerate(seating.at(index)) if p.pk == player.pk}
        if hand is None or hand.kind in (Hand.Kind.SPOT, Hand.Kind.SEAT) or not seats:
            continue
        row.hands += 1
        if hand.kind == Hand.Kind.DRAW:
            row.draws += 1
            continue
        if hand.discarder in seats:  # once, whatever the number of winners on the discard
            row.deal_ins += 1
        entered = HandInput.from_row(hand)
        first = OtherWin(hand.winner or 0, hand.figure, hand.figure_field, hand.tiles)
        for win in (first, *entered.other_wins):  # several winners on one discard: each one's own win
            if win.winner not in seats:
                continue
            row.wins += 1
            row.self_draws += hand.discarder is None
            biggest = _as_biggest(win, hand.discarder is None, answer, session, replay.number(index))
            if biggest is not None:
                _keep_biggest(row, biggest)


def _as_biggest(win: OtherWin, self_drawn: bool, answer: HandResult, session: Session,
                number: int) -> BiggestHand | None:
    """One win of the hand, what it paid its winner (as tallies.py counts it: that winner's payments)."""
    score = next((w.score for w in answer.winners if w.winner == win.winner), None) if answer.winners \
        else answer.score
    if win.figure is not None:
        figure, field_name = win.figure, win.figure_field or get_ruleset(session.ruleset).payoff.figures[0]
    elif score is not None:
        figure, field_name = score.total, get_ruleset(session.ruleset).payoff.figures[0]
    else:
        return None
    won = won_by(answer, {win.winner})
    return BiggestHand(figure, field_name, won, session, number, self_drawn)
