"""One session's numbers, per person (selectors/player_numbers.py says what they are and the decisions behind
them): read from the last hand's tally when four people sat through it, else counted hand by hand from the
replay; kept per process for the session's revision."""
from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable
from decimal import Decimal

from scorekeeper.engine import Fields, HandResult, HandScore, PaymentRow, Settlement, get_ruleset

from ..models import Hand, Player, Session
from ..replay import HandState, ReplayState, session_replay, store, tallies
from ..replay.seating import Seating, seating_of
from ..replay.tallies import won_by
from .numbers import Numbers, Win

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
