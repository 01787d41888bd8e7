"""A person's numbers over the sessions a visitor may open (issue 39.1): the player page's and the leaderboard's.

Derived, like every read, from each session's replay (never stored twice). A session four people sat through
is read from its last hand's running tally (replay/tallies.py, version 2: each seat's numbers and the money
between seats, kept with the replay snapshots and rewritten with them): one row a session, whatever its length.
A session where seats changed hands (or whose snapshots predate those numbers) is counted hand by hand from its
replay, per person, not per seat (seating.py: each entry is the person's in the seat at that entry). Either way
a session's numbers are kept per process for its revision (`session_numbers`), so a page over a hundred
sessions counts none it has counted before (docs/benchmarks.md, "A player's numbers"). The two ways agree
(tests/web/selectors/test_player_numbers_properties.py).

Decisions where the issue is silent:
- **Head-to-head money** is the money that moved between the two people, row by row: each entry's engine
  `transfers` (payer → payee, the person in each seat at that entry), then the session's `closing` rows (the
  open 拉 debts settled at the end, between the people seated then). So a taiwan 拉 debt counts between the
  two when it is collected, at what was collected (×1.5, or halved), not when it was tracked; several winners
  on one discard are each their own row; a tab and paying as you go are the same money, paid at another time.
  A person's balance is the sum of those same rows (seating.people_money), so **the sum of a person's nets with
  each of the others is their balance**, session by session and so in all (tests/web/selectors/
  test_player_numbers_properties.py holds it on random sessions).
- Money does not add across rulesets (hk-old counts points; stakes differ): every number is per ruleset.
- A win's money is what the hand itself paid its winner, net (its `payments`: the 拉 multiplier is the
  chain's, not the hand's); its figure is the one the table entered, or the engine's total for tiles.
- The longest dealer streak is the highest 連n a person reached as dealer (0: kept no deal).
- A 拉 chain (taiwan) is held from the win that starts it (its holder is the payee of the hand's `tracked`
  debts) to its end (another winner, a seat change of its holder, the session's end); its length is its
  holder's wins in a row: the longest is counted in wins, not money (a ×1.5 chain's money is the stakes').
- The table of friends is everyone who played in the sessions the visitor may open (the sessions list's).
"""
from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from scorekeeper.engine import RULESET_KEYS, Fields, HandResult, HandScore, PaymentRow, Settlement, get_ruleset

from ..display.labels import figure_unit
from ..models import Hand, Player, Session
from ..replay import HandState, ReplayState, session_replay, store, tallies
from ..replay.seating import Seating, seating_of
from ..replay.tallies import won_by


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


# -- many sessions -----------------------------------------------------------------------------
def player_numbers(*, player: Player, sessions: Iterable[Session]) -> list[Numbers]:
    """The person's numbers per ruleset (the rulebook's order) over `sessions`, oldest first: those the
    visitor may open. A session the engine cannot replay is left out."""
    return _summed(sessions).get(player.pk, [])


def player_record(*, player: Player, sessions: Iterable[Session]) -> Record:
    """`player_numbers`, with the sessions left out (the engine cannot replay them), each biggest win
    knowing its hand (one query a ruleset, for the page's link)."""
    sessions = list(sessions)
    counted = _numbers_of(sessions)
    rows = player_numbers(player=player, sessions=sessions)
    for row in rows:
        if row.biggest is not None and not row.biggest.hand_id:
            ids = Hand.objects.live().filter(session=row.biggest.session).order_by("position").values_list("pk",
                                                                                                        flat=True)
            row.biggest = replace(row.biggest, hand_id=ids[row.biggest.index])
    return Record(rows, [s for s in sessions if counted.get(s.pk) is None])


def friends_numbers(*, sessions: Iterable[Session]) -> dict[str, list[Numbers]]:
    """The leaderboard: per ruleset, everyone who played in `sessions`, the best net first."""
    board: dict[str, list[Numbers]] = {}
    for rows in _summed(sessions).values():
        for row in rows:
            board.setdefault(row.ruleset, []).append(row)
    order = list(RULESET_KEYS)
    return {key: sorted(board[key], key=lambda r: (-r.net, r.player.name.casefold()))
            for key in sorted(board, key=lambda k: order.index(k) if k in order else 99)}


def _summed(sessions: Iterable[Session]) -> dict[int, list[Numbers]]:
    found: dict[int, dict[str, Numbers]] = {}
    sessions = sorted(sessions, key=lambda s: (s.created_at, s.pk))
    counted = _numbers_of(sessions)
    for session in sessions:
        for pk, numbers in (counted.get(session.pk) or {}).items():
            mine = found.setdefault(pk, {})
            total = mine.get(session.ruleset)
            if total is None:
                total = mine[session.ruleset] = Numbers(session.ruleset, numbers.player)
            total.add(numbers)
    order = list(RULESET_KEYS)
    return {pk: sorted(rows.values(), key=lambda r: order.index(r.ruleset) if r.ruleset in order else 99)
            for pk, rows in found.items()}


# -- one session, kept per revision ----------------------------------------------------------------
CACHE_SIZE = 1024  # sessions; a session's numbers hold a few hundred bytes a person
_cache: OrderedDict[int, tuple[str, dict[int, Numbers] | None]] = OrderedDict()
_lock = threading.Lock()


def session_numbers(*, session: Session) -> dict[int, Numbers] | None:
    """Each person's numbers in one session (None: the engine cannot replay it), kept for its revision.
    The values are shared: read them, never change them (`Numbers.add` copies into a total)."""
    return _numbers_of([session])[session.pk]


def _numbers_of(sessions: list[Session]) -> dict[int, dict[int, Numbers] | None]:
    """Each session's numbers: kept in this process for its revision; else read from its last hand's tally
    (replay/tallies.py: one row a session, whatever its length) when four people sat through it; else counted
    from its replay, hand by hand (seat changes, and snapshots written before the tally had these numbers)."""
    found: dict[int, dict[int, Numbers] | None] = {}
    with _lock:
        for session in sessions:
            kept = _cache.get(session.pk)
            if kept is not None and kept[0] == str(session.revision):
                _cache.move_to_end(session.pk)
                found[session.pk] = kept[1]
    todo = [s for s in sessions if s.pk not in found]
    if not todo:
        return found
    reseated = set(Hand.objects.live().filter(kind=Hand.Kind.SEAT, session__in=todo)
                   .values_list("session_id", flat=True))
    kept_tallies = store.last_tallies(sessions=[s for s in todo if s.pk not in reseated])
    for session in todo:
        tally = kept_tallies.get(session.pk)
        if tally is not None and tallies.is_full(tally[0]):
            found[session.pk] = _from_tally(session, *tally)
        else:
            replay = session_replay(session=session)
            found[session.pk] = _counted(session, replay) if replay.ok else None
    with _lock:
        for session in todo:
            _cache[session.pk] = (str(session.revision), found[session.pk])
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return found


def forget_numbers() -> None:
    with _lock:
        _cache.clear()


def _counted(session: Session, replay: ReplayState) -> dict[int, Numbers]:
    seating = seating_of(session=session, replay=replay)
    people = {p.pk: Numbers(session.ruleset, p, sessions=1) for p in seating.people}
    pass_ = _Pass(session, replay, seating, people)
    for index, (given, answer) in enumerate(zip(replay.inputs, replay.hands)):
        seated, pass_.winners = seating.at(index), set()
        pass_.move(seated, answer.transfers)
        if "winner" in given or "winners" in given or "draw" in given:
            pass_.hand(index, seated, given, answer)
        pass_.chain_after(index, given, answer)
    pass_.chain_ended()
    pass_.move(seating.now, replay.closing)
    for numbers in people.values():
        numbers.timeline.append((session, numbers.net))
        for other in people.values():
            if other is not numbers:
                numbers.rival(other.player).sessions = 1
    return people


def _from_tally(session: Session, tally: tallies.Tally, ended: Settlement) -> dict[int, Numbers]:
    """Four people for the whole session: each seat's numbers after the last hand are the person's."""
    names = {p.key: (p.name, p.name_zh) for p in get_ruleset(session.ruleset).patterns}
    people = {}
    for seat, person in enumerate(session.players):
        wins, self_draws, deal_ins, _ = tally["s"][seat]
        won, figures, patterns, streak, chains, longest, biggest = tally["x"][seat]
        numbers = Numbers(session.ruleset, person, sessions=1, hands=tally["n"], wins=wins, self_draws=self_draws,
                          deal_ins=deal_ins, draws=tally["d"], won=Decimal(won), figures=figures,
                          patterns=Counter(patterns), longest_streak=streak, chains=chains, longest_chain=longest)
        numbers.pattern_names = {key: names.get(key, (key, "")) for key in patterns}
        if biggest is not None:
            numbers.biggest = Win(biggest[0], biggest[1], Decimal(biggest[2]), session, 0, biggest[3], biggest[4],
                                  tuple(biggest[6]), biggest[5])
        people[seat] = numbers
    holder, held = tally["c"]
    if holder >= 0:  # the chain open at the end: held to the session's end
        people[holder].chains += 1
        people[holder].longest_chain = max(people[holder].longest_chain, held)
    rows = [PaymentRow(payer, payee, amount) for payer, line in enumerate(tally["m"])
            for payee, amount in enumerate(line) if Decimal(amount)]
    _moved(people, [*rows, *ended.closing])
    for numbers in people.values():
        numbers.timeline.append((session, numbers.net))
        for other in people.values():
            if other is not numbers:
                numbers.rival(other.player).sessions = 1
    return {numbers.player.pk: numbers for numbers in people.values()}


def _moved(people: dict[int, Numbers], rows: Iterable[PaymentRow]) -> None:
    """Money between seats (`people` by seat), each way and net."""
    for row in rows:
        amount = Decimal(row.amount)
        payer, payee = people[row.payer], people[row.payee]
        payer.net -= amount
        payee.net += amount
        payer.rival(payee.player).paid += amount
        payee.rival(payer.player).received += amount


class _Pass:
    """One walk over a session's entries, counting for the person in each seat."""

    def __init__(self, session: Session, replay: ReplayState, seating: Seating, people: dict[int, Numbers]) -> None:
        self.session, self.replay, self.seating, self.people = session, replay, seating, people
        payoff = get_ruleset(session.ruleset).payoff
        self.streak_from, self.figure_fields = payoff.streak_from, payoff.figures
        self.holder: tuple[int, int] | None = None  # the open chain's (seat, person pk)
        self.chain_wins = 0
        self.winners: set[int] = set()  # the seats that won the entry just counted

    def move(self, seated: tuple[Player, ...], rows: Iterable[PaymentRow]) -> None:
        for row in rows:
            amount = Decimal(row.amount)
            payer, payee = self.people[seated[row.payer].pk], self.people[seated[row.payee].pk]
            payer.net -= amount
            payee.net += amount
            payer.rival(payee.player).paid += amount
            payee.rival(payer.player).received += amount

    def hand(self, index: int, seated: tuple[Player, ...], given: Fields, answer: HandResult) -> None:
        for person in seated:
            numbers = self.people[person.pk]
            numbers.hands += 1
            numbers.draws += "draw" in given
        state = HandState.of(answer.deal, self.streak_from)
        dealer = self.people[seated[state.dealer].pk]
        dealer.longest_streak = max(dealer.longest_streak, state.continuations)
        discarder = given.get("discarder")
        wins = [given] if "winner" in given else list(given.get("winners", ()))
        self.winners = {win["winner"] for win in wins}
        for win in wins:
            score = answer.score if "winner" in given else \
                next((w.score for w in answer.winners if w.winner == win["winner"]), None)
            self._count_win(index, self.people[seated[win["winner"]].pk], win, score, answer, discarder is None)
        if discarder is not None and wins:
            self.people[seated[discarder].pk].deal_ins += 1

    def _count_win(self, index: int, numbers: Numbers, win: Fields, score: HandScore | None, answer: HandResult,
                   self_drawn: bool) -> None:
        numbers.wins += 1
        numbers.self_draws += self_drawn
        won = won_by(answer, {win["winner"]})
        numbers.won += won
        name = next((name for name in self.figure_fields if win.get(name) is not None), None)
        figure = int(win[name]) if name is not None else score.total if score is not None else None
        if figure is None:
            return
        numbers.figures += figure
        if score is not None:
            for line in score.patterns:
                numbers.patterns[line.key] += 1
                numbers.pattern_names[line.key] = (line.name, line.name_zh)
        numbers.keep_biggest(Win(figure, name or self.figure_fields[0], won, self.session, self.replay.hand_ids[index],
                                 self.replay.number(index), self_drawn, score.sets if score is not None else ()))

    def chain_after(self, index: int, given: Fields, answer: HandResult) -> None:
        """taiwan.md, the pull ledger: the open chain after the entry is the one its `tracked` debts are owed to."""
        if not answer.tracked:
            self.chain_ended()
            return
        seat = answer.tracked[0].payee
        holder = (seat, self.seating.after(index)[seat].pk)
        won = seat in self.winners and ("winner" in given or "winners" in given)
        if holder == self.holder:
            self.chain_wins += won
        else:
            self.chain_ended()
            self.holder, self.chain_wins = holder, 1

    def chain_ended(self) -> None:
        if self.holder is not None:
            numbers = self.people[self.holder[1]]
            numbers.chains += 1
            numbers.longest_chain = max(numbers.longest_chain, self.chain_wins)
        self.holder, self.chain_wins = None, 0
