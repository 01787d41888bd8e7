"""A player's record across all their sessions: hands won, self-draws, deal-ins, the biggest
hands and the net result per ruleset.

A read, like the selectors, and built the same way: from the engine's replay of each session
(never from figures stored elsewhere), so it always agrees with the session screens: each seat's
running tally is kept with the replay's snapshots, as derived from the hands as the balances are.
Fan and points do not compare, so each ruleset keeps its own biggest hand; across rulesets the
biggest is the one that paid the player most.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q

from .. import snapshots, tallies
from ..display.rulesets import PROFILES, get_profile
from ..models import Player, Session
from ..replay import session_replay
from ..tallies import Tally


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
        return "fan" if self.figure_field in ("fan", "pattern_fan") else "points"


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
        return get_profile(self.ruleset).name

    @property
    def unit(self) -> str:
        return get_profile(self.ruleset).unit

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
    """Every session the player sat in, oldest first."""
    seated = Q(east=player) | Q(south=player) | Q(west=player) | Q(north=player)
    sessions = Session.objects.filter(seated).select_related("east", "south", "west", "north")
    return list(sessions.order_by("created_at", "pk"))


def player_stats(*, player: Player, sessions: list[Session] | None = None) -> PlayerStats:
    """`sessions`: those to count (the ones the visitor may open); by default every one the player sat in.

    Each session is counted from its seats' tallies after its last hand, kept with its replay snapshots
    (tables/tallies.py): the cost is one row a session, not every hand of every session."""
    stats = PlayerStats(player)
    by_ruleset: dict[str, RulesetStats] = {}
    sessions = player_sessions(player=player) if sessions is None else sessions
    kept = snapshots.final_tallies(sessions=sessions)
    for session in sessions:
        final = kept.get(session.pk) or _replayed(session)
        if final is None:
            stats.skipped.append(session)
            continue
        row = by_ruleset.setdefault(session.ruleset, RulesetStats(session.ruleset))
        seats = {seat for seat, p in enumerate(session.players) if p.pk == player.pk}
        _count_session(row, session, seats, *final)
    order = list(PROFILES)
    stats.rulesets = sorted(by_ruleset.values(), key=lambda r: order.index(r.ruleset) if r.ruleset in order else 99)
    return stats


def _replayed(session: Session) -> tuple[Tally, list[str]] | None:
    """A session without current snapshots: replayed (which writes them for the next time)."""
    replay = session_replay(session=session)
    if not replay.ok:
        return None
    rows = replay.tally_rows()
    return (rows[-1] if rows else tallies.empty()), replay.balances


def _count_session(row: RulesetStats, session: Session, seats: set[int], tally: Tally, balances: list[str]) -> None:
    row.sessions += 1
    row.net += sum((Decimal(balances[seat]) for seat in seats), Decimal(0))
    row.hands += tally["n"]
    row.draws += tally["d"]
    for seat in seats:
        wins, self_draws, deal_ins, biggest = tally["s"][seat]
        row.wins, row.self_draws, row.deal_ins = row.wins + wins, row.self_draws + self_draws, row.deal_ins + deal_ins
        if biggest is None:
            continue
        hand = BiggestHand(int(biggest[0]), biggest[1], Decimal(biggest[2]), session, int(biggest[3]),
                           bool(biggest[4]))
        if row.biggest is None or (hand.figure, hand.won) > (row.biggest.figure, row.biggest.won):
            row.biggest = hand
