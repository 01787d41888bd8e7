"""Reads about hands: one hand as the screens tell it, its payments and the pull ledger's changes."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext, ngettext, pgettext

from scorekeeper.engine import HandResult, HandScore, PaymentRow

from ..display.labels import entered_figure_words, unit_name
from ..display.money import Payment, money, payments
from ..display.rulesets import Profile, get_profile
from ..display.score_lines import dealer_sum
from ..display.words import ago, listed
from ..hand_input import HandInput, OtherWin
from ..models import Hand, Session
from ..replay import HandState, ReplayState, session_replay
from ..replay.seating import seating_of
from .zero_sum import ZeroSum, payments_sum


def hand_get(*, pk: int) -> Hand:
    return Hand.objects.select_related("session__east", "session__south", "session__west",
                                       "session__north").get(pk=pk)


@dataclass(frozen=True)
class WinnerLine:
    """One of several winners on one discard (一炮多響) as a row tells it: the winner, the figure (the engine's
    total for a win by tiles, with its patterns in `score`), what the discarder owes for the win, and whether
    this win carries the 拉 chain (taiwan.md: the others are paid at once)."""

    name: str
    figure: str
    paid: Decimal
    carries_chain: bool
    words: str  # the line as the row shows it
    score: HandScore | None = None


@dataclass
class HandRow:
    hand: Hand
    number: int
    label: str
    state: HandState
    title: str
    detail: str
    payments: list[Payment]
    tracked: list[Payment]
    tracked_changes: list[str]
    told: frozenset[int] = frozenset()  # the payments tracked_changes already says (a chain's end)
    dealer: str = ""
    dealer_word: str = ""
    streak: int = 0
    score: HandScore | None = None
    names: list[str] = field(default_factory=list)  # the people in the seats at this hand, E S W N
    ruleset: str = ""  # the session's, whose words the patterns are told in
    winners: list[WinnerLine] = field(default_factory=list)  # several wins on one discard: each winner's line

    @property
    def zero_sum(self) -> ZeroSum:
        return payments_sum(self.payments + self.tracked)

    @property
    def untold_payments(self) -> list[Payment]:
        """The payments the row lists on their own: those a chain's end does not already say."""
        return [p for i, p in enumerate(self.payments) if i not in self.told]

    @property
    def drawn(self) -> str:
        """Everything of the row that _hand_row.html shows, as its cache key there: the row is drawn again
        whenever one of these changes (the reader's language and the page's flags are the template's part).
        A new fact the row shows goes in here too."""
        return repr((self.ruleset, self.hand.pk, self.hand.kind, self.number, self.label, self.title, self.detail,
                     self.state.round_wind, self.dealer, self.dealer_word, self.streak, self.payments, self.tracked,
                     self.tracked_changes, self.told, self.score, self.winners))


ROBBED_KONG = "robbing_kong"  # the hand's event (by tiles, and by figure where it changes who pays)


def hand_title(*, hand: HandInput, names: list[str], profile: Profile, state: HandState | None = None,
               answer: HandResult | None = None) -> tuple[str, str]:
    """A short headline and a detail line, in a player's words: of a hand entered, saved or not (a saved one
    read with `HandInput.from_row`). With the deal it was played in (`state`), a dealer's win by the table's
    figure says what the app added, as the notice does: '5 + Dealer 1 = 6 fan'. Several winners on one discard
    are all named, each with the figure (with the engine's `answer`, a win by tiles says its total)."""
    if hand.kind == Hand.Kind.SEAT:
        newcomer = hand.newcomer.name if hand.newcomer else "?"
        return gettext("%(newcomer)s sits in for %(leaving)s") % {
            "newcomer": newcomer, "leaving": names[hand.seat or 0]}, hand.note
    if hand.kind == Hand.Kind.DRAW:
        return gettext("Draw"), hand.note
    if hand.kind == Hand.Kind.SPOT:
        label = profile.spot_kinds.get(hand.spot_kind, (hand.spot_kind,))[0]
        extra = f" × {hand.spot_count}" if hand.spot_count else ""
        to = gettext(" to %(name)s") % {"name": names[hand.spot_to]} if hand.spot_to is not None else ""
        player = names[hand.spot_player] if hand.spot_player is not None else "?"
        return f"{player}: {label}{extra}{to}", hand.note
    if hand.other_wins and hand.discarder is not None:
        return _several_title(hand, names, profile, state, answer)
    winner = names[hand.winner] if hand.winner is not None else "?"
    parts = [_figure_part(hand, profile, state)]
    responsible = profile.ruleset.responsible
    if responsible == "discarder" and hand.discarder is not None and hand.responsible != hand.discarder:
        parts.append(gettext("no one responsible") if hand.responsible is None else
                     gettext("%(name)s responsible") % {"name": names[hand.responsible]})
    elif responsible == "optional" and hand.responsible is not None:  # only one the hand names (包)
        parts.append(gettext("%(name)s responsible") % {"name": names[hand.responsible]})
    if hand.note:
        parts.append(hand.note)
    if hand.discarder is None:
        title = gettext("%(winner)s won self-drawn") % {"winner": winner}
    elif ROBBED_KONG in hand.events:  # paid otherwise than a discard (hk-faan: 搶槓當自摸): said, not hidden
        title = gettext("%(winner)s won robbing %(discarder)s's kong") % {"winner": winner,
                                                                          "discarder": names[hand.discarder]}
    else:
        title = gettext("%(winner)s won on %(discarder)s's discard") % {"winner": winner,
                                                                        "discarder": names[hand.discarder]}
    return title, " · ".join(parts)


@dataclass(frozen=True)
class LedgerChange:
    """What a hand did to taiwan.md's pull ledger, in words, and which of its payments those words already say
    (a chain's end is paid by its payments: the hand's payment list leaves those out, so each is said once)."""

    lines: list[str]
    told: frozenset[int] = frozenset()  # indices into the hand's transfers


def _several_title(hand: HandInput, names: list[str], profile: Profile, state: HandState | None,
                   answer: HandResult | None) -> tuple[str, str]:
    """'Bob, Di and Cy won on Ann's discard', and each winner's figure: 'Bob 2 fan · Di 6 fan · Cy 14 fan'."""
    assert hand.discarder is not None and hand.winner is not None
    title = gettext("%(winners)s won on %(discarder)s's discard") % {
        "winners": listed([names[seat] for seat in hand.winners]), "discarder": names[hand.discarder]}
    parts = [f"{names[win.winner]} {_winner_figure(win, profile, state, answer)}" for win in _wins_of(hand)]
    return title, " · ".join(parts + ([hand.note] if hand.note else []))


def _wins_of(hand: HandInput) -> list[OtherWin]:
    """Every win of the hand alike, its own winner's first, as the others are kept."""
    first = OtherWin(hand.winner if hand.winner is not None else 0, hand.figure, hand.figure_field, hand.tiles)
    return [first, *hand.other_wins]


def _winner_figure(win: OtherWin, profile: Profile, state: HandState | None, answer: HandResult | None) -> str:
    """One winner's figure: as entered (a dealer's with what the app added), or the engine's total by tiles."""
    if win.figure is None:
        score = next((w.score for w in answer.winners if w.winner == win.winner), None) if answer else None
        return gettext("by tiles") if score is None else \
            gettext("%(figure)s by tiles") % {"figure": f"{score.total} {unit_name(profile.ruleset.unit)}"}
    return _figure_words_of(win.winner, win.figure, win.figure_field, profile, state)


def _figure_part(hand: HandInput, profile: Profile, state: HandState | None) -> str:
    if hand.figure is None:
        return gettext("by tiles")
    return _figure_words_of(hand.winner, hand.figure, hand.figure_field, profile, state)


def _figure_words_of(winner: int | None, figure: int, figure_field: str, profile: Profile,
                     state: HandState | None) -> str:
    added = profile.ruleset.payoff.figure_extra(figure_field, state.continuations) \
        if state is not None and winner == state.dealer else 0
    if added and state is not None:
        return f"{dealer_sum(figure, added, state.continuations, profile.dealer_word)} " \
               f"{unit_name(profile.ruleset.unit)}"
    return entered_figure_words(figure, figure_field or profile.ruleset.payoff.figures[0], profile.ruleset.unit)


def winner_lines(*, hand: HandInput, answer: HandResult | None, names: list[str], profile: Profile,
                 state: HandState | None) -> list[WinnerLine]:
    """Each winner of several on one discard, in the order entered: its figure, what the discarder owes it for
    the win (the engine's `WinnerResult.paid`) and who carries the 拉 chain; [] for any other hand."""
    if not hand.other_wins or hand.discarder is None or answer is None:
        return []
    results = {w.winner: w for w in answer.winners}
    lines = []
    for win in _wins_of(hand):
        result = results.get(win.winner)
        if result is None:
            continue
        who = {"winner": names[win.winner], "figure": _winner_figure(win, profile, state, answer),
               "amount": money(Decimal(result.paid)), "discarder": names[hand.discarder]}
        words = (gettext("%(winner)s, %(figure)s: %(amount)s from %(discarder)s, carries the 拉 chain")
                 if result.carries_chain else gettext("%(winner)s, %(figure)s: %(amount)s from %(discarder)s"))
        lines.append(WinnerLine(names[win.winner], who["figure"], Decimal(result.paid), result.carries_chain,
                                words % who, result.score))
    return lines


def debt_changes(names: list[str], before: Sequence[PaymentRow], after: Sequence[PaymentRow],
                 transfers: Sequence[PaymentRow], *, paying: bool) -> LedgerChange:
    """taiwan.md's pull ledger, hand by hand: each chain that ended in one line ('Bob, Cat and Di pay Ann 16, 16,
    17: Ann's chain ends', with how much of a debt really moved where rule 2 halved it), then what is owed now.
    The holder is named again rather than 'her': the app knows no one's pronoun, and Chinese uses none."""
    old, new = _debts(before), _debts(after)
    ended: dict[int, list[tuple[int, Decimal]]] = {}
    for (payer, payee), owed in old.items():
        if (payer, payee) not in new:
            ended.setdefault(payee, []).append((payer, owed))
    lines, told = [], set()
    for payee, debts in ended.items():
        amounts = []
        for payer, owed in debts:
            index = next((i for i, t in enumerate(transfers) if (t.payer, t.payee) == (payer, payee)), None)
            paid = transfers[index] if index is not None else PaymentRow(payer, payee, str(owed))
            if index is not None:
                told.add(index)
            amounts.append(_moved_words(paid, owed))
        lines.append(_chain_end_line([names[payer] for payer, _ in debts], names[payee], amounts, paying))
    exact = {(d.payer, d.payee): d.exact for d in after if d.exact is not None}
    for key, amount in new.items():
        # a table paying in coins (round_to) reads the exact amount beside the coins
        shown = money(amount) + (f" ({money(Decimal(str(exact[key])))})" if key in exact else "")
        who = {"payer": names[key[0]], "payee": names[key[1]], "amount": shown}
        if key not in old:
            lines.append(gettext("%(payer)s now owes %(payee)s %(amount)s") % who)
        elif old[key] != amount:
            lines.append(gettext("%(payer)s now owes %(payee)s %(amount)s (was %(was)s)") % (
                who | {"was": money(old[key])}))
    return LedgerChange(lines, frozenset(told))


def _debts(rows: Sequence[PaymentRow]) -> dict[tuple[int, int], Decimal]:
    return {(d.payer, d.payee): Decimal(d.amount) for d in rows}


def _moved_words(paid: PaymentRow, owed: Decimal) -> str:
    """The amount paid off a debt, with the exact amount beside the table's coins, and how much of the debt it
    was where rule 2 halved it."""
    moved = Decimal(paid.amount)
    shown = money(moved) + (f" ({money(Decimal(paid.exact))})" if paid.exact is not None else "")
    if moved == owed or paid.exact is not None and Decimal(paid.exact) == owed:
        return shown
    words = (gettext("%(amount)s (half of the %(owed)s owed)") if moved * 2 == owed
             else gettext("%(amount)s (of the %(owed)s owed)"))
    return words % {"amount": shown, "owed": money(owed)}


def _chain_end_line(payers: list[str], payee: str, amounts: list[str], paying: bool) -> str:
    who = {"payers": listed(payers), "payee": payee, "amounts": listed(amounts, last=False)}
    if paying:
        return ngettext("%(payers)s pays %(payee)s %(amounts)s: %(payee)s's chain ends",
                        "%(payers)s pay %(payee)s %(amounts)s: %(payee)s's chain ends", len(payers)) % who
    return ngettext("%(payers)s owes %(payee)s %(amounts)s on the tab: %(payee)s's chain ends",
                    "%(payers)s owe %(payee)s %(amounts)s on the tab: %(payee)s's chain ends", len(payers)) % who


def hand_rows(*, session: Session, replay: ReplayState, hands: list[Hand]) -> list[HandRow]:
    """Each hand as the screens tell it, named by the people in the seats at that hand."""
    seating = seating_of(session=session, replay=replay)
    profile = get_profile(session.ruleset)
    answers = replay.hands
    rows = []
    for hand in hands:
        try:
            index = replay.index_of(hand.pk)
        except KeyError:  # saved after this replay was read: the next page load shows it
            continue
        answer = answers[index] if index < len(answers) else None
        names = seating.names_at(index)
        before = answers[index - 1].tracked if index > 0 and answer else ()
        state = replay.states[index]
        entered = HandInput.from_row(hand)
        title, detail = hand_title(hand=entered, names=names, profile=profile, state=state, answer=answer)
        winners = winner_lines(hand=entered, answer=answer, names=names, profile=profile, state=state)
        if winners:  # each winner's line says the figure
            detail = hand.note
        tracked = answer.tracked if answer else ()
        transfers = answer.transfers if answer else ()
        ledger = debt_changes(names, before, tracked, transfers, paying=session.pay_as_you_go) \
            if profile.ruleset.payoff.has_spots else LedgerChange([])
        rows.append(HandRow(
            hand=hand, number=replay.number(index), label=replay.label(index), state=state,
            dealer=names[state.dealer], dealer_word=profile.dealer_word.lower(), streak=state.continuations,
            title=title, detail=detail, payments=payments(names, transfers),
            tracked=payments(names, tracked),
            tracked_changes=ledger.lines, told=ledger.told,
            score=answer.score if answer else None, names=names, ruleset=session.ruleset,
            winners=winners,
        ))
    return rows


def deleted_hands(*, session: Session, limit: int = 20) -> list[tuple[Hand, str, str, str]]:
    """The latest deleted hands, each with its headline, detail line and when it went, newest deletion first
    (named by the people seated now: a deleted hand has no place in the seating)."""
    names = [p.name for p in seating_of(session=session, replay=session_replay(session=session)).now]
    profile = get_profile(session.ruleset)
    hands = session.hands.deleted().order_by("-deleted_at")[:limit]
    return [(hand, *hand_title(hand=HandInput.from_row(hand), names=names, profile=profile), ago(hand.deleted_at))
            for hand in hands]


def hand_sentence(*, session: Session, row: HandRow) -> str:
    """What a hand did, in one sentence, as the notice after a save says it: 'Cy won 5 fan off Di — Di paid
    Cy 23' (on a tab: owes); taiwan's dealer sum written out ('6 + 連2 5 = 11 fan'); 拉 debts as tracked."""
    what = _what_happened(row, row.names, get_profile(session.ruleset))
    verb = gettext("%(payer)s paid %(payee)s %(amount)s") if session.pay_as_you_go else \
        gettext("%(payer)s owes %(payee)s %(amount)s")
    money_words = [verb % {"payer": p.payer, "payee": p.payee, "amount": money(p.amount)} for p in row.untold_payments]
    money_words = row.tracked_changes + money_words
    if not money_words:
        return what
    return gettext("%(what)s — %(money)s") % {
        "what": what, "money": pgettext("between what a hand's payments did", "; ").join(money_words)}


def _what_happened(row: HandRow, names: list[str], profile: Profile) -> str:
    hand = row.hand
    if hand.kind != Hand.Kind.WIN or hand.winner is None:
        return row.title
    if row.winners and hand.discarder is not None:
        return _several_happened(row, names[hand.discarder])
    figure = _figure_words(row, profile)
    if hand.discarder is None:
        if hand.responsible is not None:  # 包自摸: one loser pays for all three
            return gettext("%(winner)s won %(figure)s, self-drawn; %(name)s responsible") % {
                "winner": names[hand.winner], "figure": figure, "name": names[hand.responsible]}
        return gettext("%(winner)s won %(figure)s, self-drawn") % {"winner": names[hand.winner], "figure": figure}
    words = {"winner": names[hand.winner], "figure": figure, "discarder": names[hand.discarder]}
    if ROBBED_KONG in (hand.events or ()):
        return gettext("%(winner)s won %(figure)s robbing %(discarder)s's kong") % words
    return gettext("%(winner)s won %(figure)s off %(discarder)s") % words


def _several_happened(row: HandRow, discarder: str) -> str:
    """'Bob 2 fan, Di 6 fan and Cy 14 fan by tiles won off Ann; Bob carries the 拉 chain'."""
    what = gettext("%(winners)s won off %(discarder)s") % {
        "winners": listed([f"{w.name} {w.figure}" for w in row.winners]), "discarder": discarder}
    holder = next((w.name for w in row.winners if w.carries_chain), None)
    if holder is None:
        return what
    return gettext("%(what)s; %(winner)s carries the 拉 chain") % {"what": what, "winner": holder}


def _figure_words(row: HandRow, profile: Profile) -> str:
    hand, unit = row.hand, unit_name(profile.ruleset.unit)
    if hand.figure is None:
        total = row.score.total if row.score else "?"
        return f"{total} {unit}"
    dealer_won = hand.winner == row.state.dealer
    extra = profile.ruleset.payoff.figure_extra(hand.figure_field, row.state.continuations) if dealer_won else 0
    if extra:
        return f"{dealer_sum(hand.figure, extra, row.state.continuations, profile.dealer_word)} {unit}"
    return f"{hand.figure} {unit}"
