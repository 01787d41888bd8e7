"""A person's numbers in one ruleset, as the player page and the leaderboard show them (selectors/player_numbers.py
says how they are counted): values, made for a page and read by its template."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from scorekeeper.engine import get_ruleset

from ..display.labels import figure_unit
from ..models import Player, Session


@dataclass(frozen=True)
class Win:
    """One win of a person: the biggest is kept (by figure, then money: tallies.py's order)."""

    figure: int
    figure_field: str
    won: Decimal
    session: Session
    hand_id: int
    number: int  # the hand's number in its session, as the table counts
    self_drawn: bool
    sets: tuple[str, ...] = ()  # the sets scored, when the hand was entered by its tiles
    index: int = -1  # the entry's index in the session (a win read from a tally knows it, not yet `hand_id`)

    @property
    def ruleset(self) -> str:
        return self.session.ruleset

    @property
    def unit(self) -> str:
        return figure_unit(self.figure_field, get_ruleset(self.session.ruleset).unit)


@dataclass
class Rival:
    """The money between a person and one other: what went each way, over the sessions they shared."""

    player: Player
    received: Decimal = Decimal(0)
    paid: Decimal = Decimal(0)
    sessions: int = 0

    @property
    def net(self) -> Decimal:
        return self.received - self.paid


@dataclass
class Numbers:
    """One person's numbers in one ruleset, over one session or many."""

    ruleset: str
    player: Player
    sessions: int = 0
    hands: int = 0  # wins and draws sat at (on-the-spot payments and seat changes are no hands)
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0  # hands where the person's discard paid a win (once, whatever the winners)
    draws: int = 0
    won: Decimal = Decimal(0)  # what the person's wins paid, summed
    figures: int = 0  # their figures, summed
    biggest: Win | None = None
    patterns: Counter[str] = field(default_factory=Counter)  # pattern key -> wins it scored in
    pattern_names: dict[str, tuple[str, str]] = field(default_factory=dict)  # key -> (name, name_zh)
    longest_streak: int = 0  # the highest 連n as dealer
    chains: int = 0  # 拉 chains held
    longest_chain: int = 0  # in wins in a row
    net: Decimal = Decimal(0)
    rivals: dict[int, Rival] = field(default_factory=dict)  # other person's pk -> the money between them
    timeline: list[tuple[Session, Decimal]] = field(default_factory=list)  # each session, the net after it

    @property
    def name(self) -> str:
        return get_ruleset(self.ruleset).name

    @property
    def unit(self) -> str:
        return get_ruleset(self.ruleset).unit

    @property
    def discard_wins(self) -> int:
        return self.wins - self.self_draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.hands if self.hands else 0.0

    @property
    def average_won(self) -> Decimal | None:
        return (self.won / self.wins).quantize(Decimal("0.01")).normalize() if self.wins else None

    @property
    def average_figure(self) -> Decimal | None:
        return (Decimal(self.figures) / self.wins).quantize(Decimal("0.1")) if self.wins else None

    def top_patterns(self, count: int = 5) -> list[tuple[dict[str, str], int]]:
        """The patterns scored most often, as {name, name_zh} (display/names.local_name) and their count."""
        return [({"name": self.pattern_names[key][0], "name_zh": self.pattern_names[key][1]}, times)
                for key, times in sorted(self.patterns.items(), key=lambda kv: (-kv[1], kv[0]))[:count]]

    def rivals_by_net(self) -> list[Rival]:
        return sorted(self.rivals.values(), key=lambda r: (-r.net, r.player.name.casefold()))

    @property
    def pays_most(self) -> Rival | None:
        """The other who paid this person most, net (None: nobody did)."""
        best = max(self.rivals.values(), key=lambda r: r.net, default=None)
        return best if best is not None and best.net > 0 else None

    @property
    def paid_most(self) -> Rival | None:
        """The other this person paid most, net."""
        worst = min(self.rivals.values(), key=lambda r: r.net, default=None)
        return worst if worst is not None and worst.net < 0 else None

    def add(self, other: Numbers) -> None:
        """`other` (a later session's) counted in."""
        for name in ("sessions", "hands", "wins", "self_draws", "deal_ins", "draws", "won", "figures", "chains",
                     "net"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.biggest is not None:
            self.keep_biggest(other.biggest)
        self.patterns.update(other.patterns)
        self.pattern_names.update(other.pattern_names)
        self.longest_streak = max(self.longest_streak, other.longest_streak)
        self.longest_chain = max(self.longest_chain, other.longest_chain)
        for pk, rival in other.rivals.items():
            mine = self.rivals.setdefault(pk, Rival(rival.player))
            mine.received, mine.paid = mine.received + rival.received, mine.paid + rival.paid
            mine.sessions += rival.sessions
        self.timeline.extend((session, self.net) for session, _ in other.timeline)

    def keep_biggest(self, win: Win) -> None:
        if self.biggest is None or (win.figure, win.won) > (self.biggest.figure, self.biggest.won):
            self.biggest = win

    def rival(self, player: Player) -> Rival:
        return self.rivals.setdefault(player.pk, Rival(player))


@dataclass
class Record:
    """A person's numbers in every ruleset, and what they add up to where a count adds up across rulesets."""

    rulesets: list[Numbers]
    skipped: list[Session]  # sessions the engine cannot replay: left out

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
    def biggest(self) -> Win | None:
        """The win that paid the person most, whatever its ruleset (fan and points do not compare)."""
        wins = [r.biggest for r in self.rulesets if r.biggest is not None]
        return max(wins, key=lambda w: (w.won, w.figure), default=None)
