"""`settle`: a whole session replayed (rules/README.md, "`settle`").

The hands are the source of truth. `settle_session` is one pure replay: a loop over
the hands carrying a small immutable `State` (the deal: dealer, continuations, round,
hands dealt in the round; and taiwan's pull chain), each hand giving its answer:

    {"kind": "win"|"several_wins"|"draw"|"spot"|"seat_change", "dealer", "dealer_streak", "round_wind", "round",
     "hand_in_round", "seat_winds", "payments", "transfers", "tracked", "balances",
     "score"?, "loser_scores"?}

`payments` are the hand's own payments; `transfers` the money that moved for real
(taiwan's pull ledger holds win payments back as `tracked` debts; elsewhere the two
are the same); `balances` are the running nets, as if the session ended after this
hand. The answer's `balances` settle every tracked debt, `closing` lists those last
payments, `owed` is what is still to pay at the end (the balances on a tab; with
`pay_as_you_go` the transfers were paid at the table, so only the closing payments),
`settle_up` clears `owed` in the fewest payments, and `next` is the deal of the hand
to come. A win given as a `hand` is scored by the ruleset with the
derived dealer, streak and winds, and its answer is kept as `score`.

Decisions where the pages are silent:
- An on-the-spot entry's answer shows the deal it happens in: taiwan's, the hand it comes
  before (it changes no deal); hk-faan's false win, the hand it ends (the deal then moves).
- A seat change (ruling 2026-11-25) is not a hand played: like an on-the-spot entry it
  shows the deal of the hand it happens before and leaves the deal as it is (dealer,
  streak, round, and the hand's number in the round: the next hand has the number this
  one shows). Its `payments` are none; its `transfers` are the chain debts it collects
  (taiwan), else none. Balances stay per seat: the leaving player's results and the new
  player's add up in one seat's figures, and the app, which keeps who sat where, splits
  them by the hands' transfers.
- The session's `options` go to the scorer when it declares them; a hand's own
  `options` are added on top (and checked by the scorer).
- A scored non-dealer gets `dealer_streak` 0: the streak is the dealer's.
- Running `balances` settle the tracked debts as if the session ended there, so the
  last hand's running balances are the session's `balances`.
- Several wins on one discard (ruling 2026-11-28) are one entry of kind `several_wins`: `payments`
  lists what the discarder owes each winner, in the entry's order; `transfers` the ended chain's
  collections, then the other winners' payments; no `score` (each winner's is in the typed
  answer's `winners`, with who carries the chain).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal, DecimalException, localcontext
from typing import Any, NamedTuple

from .answers import SEVERAL_WINS, HandResult, HandScore, PaymentRow, SettleAnswer, Settlement, WinnerResult
from .answers import Deal as DealAnswer
from .checkpoint import Checkpoint
from .entries import SEVERAL_WINNERS, Draw, SeatChange, Spot, Win, Wins, read_entry
from .errors import BAD_FIELD, UNKNOWN_RULESET, EngineError
from .money import EXACT, ZERO, Payment, coin_of, format_amount, rounded
from .payoffs import EMPTY, Chain, Deal, Payoff, Table
from .ruleset import Ruleset
from .rulesets import RULESET_KEYS, get_ruleset
from .session import SEATS, Session, SessionError, at_hand, read_session
from .settle_up import settle_up


class State(NamedTuple):
    deal: Deal
    chain: Chain = EMPTY


class Step(NamedTuple):
    """What one hand did: its own payments, the money moved, and any scores and figure it answers."""

    kind: str
    payments: list[Payment]
    transfers: list[Payment]
    scored: Scores | None = None
    exact: list[Payment] | None = None  # the money moved before rounding to the table's coin (`round_to`)
    winners: tuple[WinnerResult, ...] = ()  # several wins on one discard: each winner's payment, chain, score


class Scores(NamedTuple):
    """A win's answers beside its money: its score, the losers' (taizhou), its figure (hk-faan's faan)."""

    score: HandScore | None = None
    loser_scores: tuple[HandScore | None, ...] | None = None
    figure: tuple[str, int] | None = None


def _to_coin(step: Step, coin: Decimal | None) -> Step:
    """The money a hand moves, each amount rounded to the table's smallest coin; exact by default."""
    if coin is None or not step.transfers:
        return step
    return step._replace(transfers=rounded(step.transfers, coin), exact=list(step.transfers))


def settle_session(data: Any) -> SettleAnswer:
    """Replay a session; bad input answers ok: false naming the hand at fault."""
    return settle_from(data)[0]


def settle_from(data: Any, start: Checkpoint | None = None) -> tuple[SettleAnswer, list[Checkpoint]]:
    """`settle_session` going on from `start`: `data`'s hands are those after it, and so are the answer's
    `hands` (an error still names the hand by its place in the whole session). With the answer, one
    checkpoint after each hand, to go on from later; none when the answer is not ok."""
    try:
        with localcontext(EXACT):
            return _settle(data, start)
    except EngineError as error:
        return error.refusal(), []
    except DecimalException:
        return SessionError(BAD_FIELD, "the amounts grew too long to keep exact").refusal(), []


def finish(data: Any, last: Checkpoint) -> SettleAnswer:
    """What `settle_session` answers besides `hands` (none), for a session whose replay stands at `last`."""
    try:
        session = read_session(data)
        with localcontext(EXACT):
            return _finished(_ruleset(session).payoff, session, last, ())
    except EngineError as error:
        return error.refusal()


def _settle(data: Any, start: Checkpoint | None) -> tuple[Settlement, list[Checkpoint]]:
    session = read_session(data)
    ruleset = _ruleset(session)
    payoff = ruleset.payoff
    table = Table(session.dealer, payoff.read_stakes(session.stakes), payoff.read_options(session.options))
    ruleset.check_options({k: v for k, v in session.options.items() if k not in payoff.settlement_options})
    start = start or Checkpoint.start(session.dealer)
    state = State(start.deal, start.chain)
    cash = list(start.cash)
    answers: list[HandResult] = []
    checkpoints: list[Checkpoint] = []
    coin = coin_of(table.options.get("round_to"))
    several = bool(table.options[SEVERAL_WINNERS]) if SEVERAL_WINNERS in payoff.settlement_options else None
    for index, raw in enumerate(session.hands, start=start.hands):
        try:
            entry = read_entry(raw, payoff, several)
            step, after = _play(entry, state, session, ruleset, table)
            step = _to_coin(step, coin)
        except EngineError as error:
            raise at_hand(index, error) from error
        for moved in step.transfers:
            cash[moved.payer] -= moved.amount
            cash[moved.payee] += moved.amount
        answers.append(_hand_answer(step, state.deal, after.chain, cash, payoff, coin))
        state = after
        checkpoints.append(Checkpoint(index + 1, state.deal, state.chain, tuple(cash)))
    last = checkpoints[-1] if checkpoints else start
    return _finished(payoff, session, last, tuple(answers)), checkpoints


def _finished(payoff: Payoff, session: Session, last: Checkpoint, hands: tuple[HandResult, ...]) -> Settlement:
    options = payoff.read_options(session.options)
    closing = rounded(payoff.close(last.chain), coin_of(options.get("round_to")))
    balances = _with(list(last.cash), closing)
    assert sum(balances) == 0, balances
    owed = _with([ZERO] * SEATS, closing) if session.pay_as_you_go else balances
    return Settlement(payoff.key, hands, tuple(format_amount(b) for b in balances),
                      tuple(format_amount(o) for o in owed), _rows(closing), _rows(settle_up(owed)),
                      _deal_answer(last.deal, payoff))


def _ruleset(session: Session) -> Ruleset:
    if session.ruleset is None:  # a session names its ruleset: said so, not "unknown ruleset None"
        raise SessionError(
            UNKNOWN_RULESET,
            "no 'ruleset' given: it is one of {choices}",
            choices=', '.join(RULESET_KEYS),
        )
    try:
        return get_ruleset(session.ruleset)
    except EngineError as error:
        raise SessionError(error.code, error.template, **error.facts) from error


def _play(entry: Any, state: State, session: Session, ruleset: Ruleset, table: Table) -> tuple[Step, State]:
    deal, payoff = state.deal, ruleset.payoff
    if isinstance(entry, Spot):  # taiwan.md: an on-the-spot entry changes no chain (nor, there, the deal)
        paid = payoff.spot_payments(entry, deal, table)
        return Step("spot", paid, paid), State(payoff.deal_after_spot(entry, deal, table), state.chain)
    if isinstance(entry, SeatChange):  # README.md (ruling 2026-11-25): no hand is played, the deal carries on
        chain, collected = payoff.seat_change(state.chain, entry.seat)
        return Step("seat_change", [], collected), State(deal, chain)
    if isinstance(entry, Draw):
        return Step("draw", [], []), State(payoff.next_deal(deal, table, False, True), state.chain)
    if isinstance(entry, Wins):
        return _play_several(entry, state, session, ruleset, table)
    assert isinstance(entry, Win)
    score = None if entry.hand is None else _score(entry.hand, entry.winner, deal, session, ruleset, entry)
    losers, loser_scores = _loser_values(entry, deal, session, ruleset)
    value = payoff.figure(entry, deal, None if score is None else score.total)
    figure = (payoff.figure_answer, int(value)) if payoff.figure_answer else None
    payments = payoff.payments(entry, value, losers, deal, table)
    chain, transfers = payoff.carry(state.chain, entry, payments)
    after = State(payoff.next_deal(deal, table, entry.winner == deal.dealer, False), chain)
    return Step("win", payments, transfers, Scores(score, loser_scores, figure)), after


def _play_several(entry: Wins, state: State, session: Session, ruleset: Ruleset, table: Table
                  ) -> tuple[Step, State]:
    """taiwan.md, several winners on one discard: each paid by the discarder as if alone, one carrying the chain;
    the dealer keeps the deal if among them."""
    deal, payoff = state.deal, ruleset.payoff
    dues: list[tuple[int, list[Payment]]] = []
    scores: list[HandScore | None] = []
    for win in entry.wins:
        score = None if win.hand is None else _score(win.hand, win.winner, deal, session, ruleset, win)
        value = payoff.figure(win, deal, None if score is None else score.total)
        dues.append((win.winner, payoff.payments(win, value, (), deal, table)))
        scores.append(score)
    chain, transfers, carrier = payoff.carry_several(state.chain, entry.discarder, dues)
    payments = [paid for _winner, due in dues for paid in due]
    winners = tuple(WinnerResult(winner, format_amount(sum((p.amount for p in due), ZERO)), winner == carrier, score)
                    for (winner, due), score in zip(dues, scores))
    dealer_won = any(win.winner == deal.dealer for win in entry.wins)
    after = State(payoff.next_deal(deal, table, dealer_won, False), chain)
    return Step(SEVERAL_WINS, payments, transfers, winners=winners), after


def _loser_values(win: Win, deal: Deal, session: Session, ruleset: Ruleset
                  ) -> tuple[tuple[Decimal | None, ...], tuple[HandScore | None, ...] | None]:
    """taizhou: each loser's points, scoring a loser's hand where one is given (and those scores)."""
    if not win.loser_points:
        return (), None
    values: list[Decimal | None] = []
    scores: list[HandScore | None] = [None] * SEATS
    for seat, entry in enumerate(win.loser_points):
        if entry is None or isinstance(entry, int):
            values.append(None if entry is None else Decimal(entry))
        else:
            scores[seat] = answer = _score(entry, seat, deal, session, ruleset, None)
            values.append(Decimal(answer.total))
    return tuple(values), tuple(scores) if any(scores) else None


def _score(fields: Mapping[str, Any], seat: int, deal: Deal, session: Session, ruleset: Ruleset,
           win: Win | None) -> HandScore:
    """A hand given as tiles, scored with what the replay knows (dealer, streak, winds)."""
    payoff = ruleset.payoff
    own = fields.get("options") or {}
    if not isinstance(own, Mapping):
        raise EngineError(BAD_FIELD, "the hand's 'options' must be an object")
    declared = {o.name for o in ruleset.options}
    options = {k: v for k, v in {**session.options, **own}.items() if k in declared or k in own}
    derived = dict(fields)
    dealer = seat == deal.dealer
    derived.update(ruleset=payoff.key, dealer=dealer, dealer_streak=payoff.streak(deal) if dealer else 0,
                   seat_wind=payoff.seat_wind(deal, seat), round_wind=deal.round_wind, options=options)
    if win is None:
        derived["role"] = "loser"
    elif "win" not in derived:
        derived["win"] = "self_draw" if win.self_drawn else "discard"
    return ruleset.answer(ruleset.score(ruleset.read(derived)))


def _with(cash: list[Decimal], payments: list[Payment]) -> list[Decimal]:
    out = list(cash)
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


def _deal_answer(deal: Deal, payoff: Payoff) -> DealAnswer:
    return DealAnswer(deal.dealer, deal.continuations + payoff.streak_from, deal.round_wind, deal.rounds + 1,
                      deal.hand_in_round + 1, tuple(payoff.seat_winds(deal)))


def _rows(payments: list[Payment]) -> tuple[PaymentRow, ...]:
    """Payments as the answer's rows; nothing is written for zero."""
    return tuple(PaymentRow(p.payer, p.payee, format_amount(p.amount)) for p in payments if p.amount)


def _coin_rows(moved: list[Payment], exact: list[Payment] | None) -> tuple[PaymentRow, ...]:
    """Payments rounded to the table's coin, each row saying the exact amount it was made from."""
    out = _rows(moved)
    if exact is None:
        return out
    kept = [p for p, coin in zip(exact, moved) if coin.amount]
    return tuple(row if format_amount(was.amount) == row.amount else replace(row, exact=format_amount(was.amount))
                 for row, was in zip(out, kept))


def _hand_answer(step: Step, deal: Deal, chain: Chain, cash: list[Decimal], payoff: Payoff,
                 coin: Decimal | None) -> HandResult:
    paid = _rows(step.payments)
    transfers = paid if step.transfers is step.payments else _coin_rows(step.transfers, step.exact)
    if chain.holder is None:
        tracked: tuple[PaymentRow, ...] = ()
        balances = cash
    else:
        # An open debt is shown as it will be paid: in the table's coin, as the chain's end will round it.
        exact = chain.tracked()
        owing = rounded(exact, coin)
        tracked = _coin_rows(owing, None if coin is None else exact)
        balances = _with(cash, owing)
    scores = step.scored or Scores()
    return HandResult(_deal_answer(deal, payoff), step.kind, paid, transfers, tracked,
                      tuple(format_amount(b) for b in balances), *scores, winners=step.winners)
