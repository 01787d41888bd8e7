"""Reads: what each screen shows, built from the stored hands and the engine's replay of them."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext, gettext_lazy

from scorekeeper.engine import RULESETS, get_ruleset

from .models import SEATS, Hand, Player, Session, ShareLink
from .names import in_script as names_in_script, script
from .profiles import SPOT_KINDS, Profile, get_profile
from .replay import HandState, Replay, session_replay

RECENT_HANDS = 5
HISTORY_PAGE = 50
WIND_NAMES = {"E": gettext_lazy("East"), "S": gettext_lazy("South"), "W": gettext_lazy("West"),
              "N": gettext_lazy("North")}
WIND_ZH = {"E": "東", "S": "南", "W": "西", "N": "北"}


# -- home ---------------------------------------------------------------------------
def session_list(*, owner: Any = None, shared_ids: list[int] | None = None) -> tuple[list[Session], list[Session]]:
    """The owner's sessions and those opened by a share link: open ones (latest first), then finished ones."""
    mine = Q(owner=owner) if owner is not None else Q(pk__in=[])
    sessions = list(
        Session.objects.filter(mine | Q(pk__in=shared_ids or []))
        .select_related("east", "south", "west", "north")
        .annotate(hand_count=Count("hands", filter=Q(hands__deleted_at__isnull=True))).order_by("-updated_at")
    )
    for session in sessions:
        session.shared = owner is None or session.owner_id != owner.pk  # type: ignore[attr-defined]
    return [s for s in sessions if s.is_open], [s for s in sessions if not s.is_open]


def known_players(*, owner: Any) -> list[str]:
    """Names from the owner's own sessions, to pick from when starting one: never other people's players."""
    mine = Session.objects.filter(owner=owner)
    seated = Q()
    for seat in ("east", "south", "west", "north"):
        seated |= Q(pk__in=mine.values(seat))
    return list(Player.objects.filter(seated).order_by("name").values_list("name", flat=True))


def share_links(*, session: Session) -> list[ShareLink]:
    return list(session.share_links.order_by("-created_at"))


def deleted_hands(*, session: Session, limit: int = 20) -> list[tuple[Hand, str, str, str]]:
    """The latest deleted hands, each with its headline, detail line and when it went, newest deletion first."""
    names = [p.name for p in session.players]
    profile = get_profile(session.ruleset)
    hands = session.hands.deleted().order_by("-deleted_at")[:limit]
    return [(hand, *hand_title(hand=hand, names=names, profile=profile), ago(hand.deleted_at)) for hand in hands]


def ago(moment: datetime | None) -> str:
    """'just now', or '5 minutes ago': Django's timesince says '0 minutes'."""
    if moment is None:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return gettext("just now")
    return gettext("%(time)s ago") % {"time": timesince(moment)}


def session_get(*, pk: int) -> Session:
    return Session.objects.select_related("east", "south", "west", "north").get(pk=pk)


def hand_get(*, pk: int) -> Hand:
    return Hand.objects.select_related("session__east", "session__south", "session__west",
                                       "session__north").get(pk=pk)


# -- one hand as the screens tell it -------------------------------------------------
@dataclass
class Payment:
    payer: str
    payee: str
    amount: Decimal


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
    dealer: str = ""
    dealer_word: str = gettext_lazy("dealer")
    streak: int = 0
    score: dict[str, Any] | None = None


def payments(names: list[str], transfers: list[dict[str, Any]]) -> list[Payment]:
    return [Payment(names[t["from"]], names[t["to"]], Decimal(str(t["amount"]))) for t in transfers]


def hand_title(*, hand: Hand, names: list[str], profile: Profile) -> tuple[str, str]:
    """A short headline and a detail line, in a player's words."""
    if hand.kind == Hand.Kind.DRAW:
        return gettext("Draw"), hand.note
    if hand.kind == Hand.Kind.SPOT:
        label = SPOT_KINDS.get(hand.spot_kind, (hand.spot_kind,))[0]
        extra = f" × {hand.spot_count}" if hand.spot_count else ""
        to = gettext(" to %(name)s") % {"name": names[hand.spot_to]} if hand.spot_to is not None else ""
        return f"{names[hand.spot_player]}: {label}{extra}{to}", hand.note
    winner = names[hand.winner] if hand.winner is not None else "?"
    parts = []
    if hand.figure is not None:
        if hand.figure_field == "pattern_fan":
            parts.append(gettext("%(figure)s fan before dealer bonus") % {"figure": hand.figure})
        elif hand.figure_field == "fan":
            parts.append(gettext("%(figure)s fan") % {"figure": hand.figure})
        else:
            parts.append(gettext("%(figure)s points") % {"figure": hand.figure})
    else:
        parts.append(gettext("by tiles"))
    if profile.responsible and hand.discarder is not None and hand.responsible != hand.discarder:
        parts.append(gettext("no one responsible") if hand.responsible is None else
                     gettext("%(name)s responsible") % {"name": names[hand.responsible]})
    if hand.note:
        parts.append(hand.note)
    if hand.discarder is None:
        title = gettext("%(winner)s won self-drawn") % {"winner": winner}
    else:
        title = gettext("%(winner)s won on %(discarder)s's discard") % {"winner": winner,
                                                                        "discarder": names[hand.discarder]}
    return title, " · ".join(parts)


def debt_changes(names: list[str], before: list[dict[str, Any]], after: list[dict[str, Any]],
                 transfers: list[dict[str, Any]], *, paying: bool) -> list[str]:
    """taiwan.md's pull ledger, hand by hand: what was added, grew, or left the chain, and how much of it
    really moved (rule 2 halves the new winner's debt to the holder before the chain is paid)."""
    old, new, moved = _debts(before), _debts(after), _debts(transfers)
    lines = []
    for key, amount in new.items():
        who = {"payer": names[key[0]], "payee": names[key[1]], "amount": money(amount)}
        if key not in old:
            lines.append(gettext("%(payer)s owes %(payee)s %(amount)s (new)") % who)
        elif old[key] != amount:
            lines.append(gettext("%(payer)s owes %(payee)s %(amount)s (was %(was)s)") % (who | {"was": money(old[key])}))
    for key, owed in old.items():
        if key not in new:
            lines.append(_chain_end_line(names[key[0]], names[key[1]], owed, moved.get(key, owed), paying))
    return lines


def _debts(rows: list[dict[str, Any]]) -> dict[tuple[int, int], Decimal]:
    return {(d["from"], d["to"]): Decimal(str(d["amount"])) for d in rows}


def _chain_end_line(payer: str, payee: str, owed: Decimal, moved: Decimal, paying: bool) -> str:
    who = {"payer": payer, "payee": payee, "amount": money(moved), "owed": money(owed)}
    if moved == owed:
        return (gettext("%(payer)s paid %(payee)s the %(amount)s owed") if paying
                else gettext("%(payer)s's %(amount)s owed to %(payee)s went on the tab")) % who
    if moved * 2 == owed:
        return (gettext("%(payer)s paid %(payee)s %(amount)s (half of the %(owed)s owed)") if paying
                else gettext("%(payer)s owes %(payee)s %(amount)s on the tab (half of the %(owed)s owed)")) % who
    return (gettext("%(payer)s paid %(payee)s %(amount)s (of the %(owed)s owed)") if paying
            else gettext("%(payer)s owes %(payee)s %(amount)s on the tab (of the %(owed)s owed)")) % who


CENT = Decimal("0.01")


def money(amount: Decimal | str) -> str:
    value = Decimal(str(amount))
    if value == value.to_integral():
        return f"{int(value):,}"
    # taiwan.md: amounts are exact (x1.5 and halving); shown to the cent, half a cent up
    return f"{value.quantize(CENT, rounding=ROUND_HALF_UP):,.2f}"


def hand_rows(*, session: Session, replay: Replay, hands: list[Hand]) -> list[HandRow]:
    names = [p.name for p in session.players]
    profile = get_profile(session.ruleset)
    answers = replay.hands
    rows = []
    for hand in hands:
        try:
            index = replay.index_of(hand.pk)
        except KeyError:  # saved after this replay was read: the next page load shows it
            continue
        answer = answers[index] if index < len(answers) else {}
        before = answers[index - 1].get("tracked", []) if index > 0 and answer else []
        title, detail = hand_title(hand=hand, names=names, profile=profile)
        tracked = answer.get("tracked", [])
        state = replay.states[index]
        rows.append(HandRow(
            hand=hand, number=replay.number(index), label=replay.label(index), state=state,
            dealer=names[state.dealer], dealer_word=profile.dealer_word.lower(), streak=state.continuations,
            title=title, detail=detail, payments=payments(names, answer.get("transfers", [])),
            tracked=payments(names, tracked),
            tracked_changes=debt_changes(names, before, tracked, answer.get("transfers", []),
                                         paying=session.pay_as_you_go) if profile.spots else [],
            score=answer.get("score"),
        ))
    return rows


# -- the session screen ----------------------------------------------------------------
@dataclass
class Seat:
    index: int
    name: str
    wind: str
    balance: Decimal
    is_dealer: bool
    tally: int | None = None
    owed: Decimal = Decimal(0)  # still to collect (+) or to pay (-) at Settle up

    @property
    def paid(self) -> Decimal:
        """The part of the balance that already changed hands at the table (pay as you go)."""
        return self.balance - self.owed

    @property
    def to_collect(self) -> Decimal:
        return max(self.owed, Decimal(0))

    @property
    def to_pay(self) -> Decimal:
        return max(-self.owed, Decimal(0))

    @property
    def wind_zh(self) -> str:
        """The seat's wind as one character, in the reader's script when they read Chinese (东 in 简体)."""
        return names_in_script(WIND_ZH[self.wind], script())

    @property
    def wind_name(self) -> str:
        return WIND_NAMES[self.wind]


@dataclass
class Standings:
    session: Session
    profile: Profile
    replay: Replay
    seats: list[Seat]
    state: HandState
    hand_number: int
    streak: int
    tracked: list[Payment]
    recent: list[HandRow] = field(default_factory=list)

    @property
    def hands_played(self) -> int:
        return self.hand_number - 1

    @property
    def spot_count(self) -> int:
        return len(self.replay.hand_ids) - self.hands_played

    @property
    def dealer(self) -> Seat:
        return self.seats[self.state.dealer]

    @property
    def game_over(self) -> bool:
        """The rulebook's full game is played: the screen offers to settle up."""
        rounds = self.profile.game_rounds
        return bool(rounds) and self.state.round > rounds

    @property
    def round_wind_name(self) -> str:
        return WIND_NAMES[self.state.round_wind]


def session_standings(*, session: Session, recent: int = RECENT_HANDS) -> Standings:
    replay = session_replay(session=session)
    profile = get_profile(session.ruleset)
    state = replay.next_state
    names = [p.name for p in session.players]
    seats = []
    for seat in SEATS:
        balance = Decimal(str(replay.balances[seat]))
        tally = profile.starting_tally + int(balance) if profile.starting_tally else None
        seats.append(Seat(seat, names[seat], state.seat_winds[seat], balance, seat == state.dealer, tally,
                          Decimal(str(replay.owed[seat]))))
    latest = list(session.hands.live().order_by("-position")[:recent]) if recent else []
    return Standings(
        session=session, profile=profile, replay=replay, seats=seats, state=state,
        hand_number=replay.number(len(replay.hand_ids)), streak=state.continuations,
        tracked=payments(names, replay.tracked),
        recent=hand_rows(session=session, replay=replay, hands=latest),
    )




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


def replay_changes(*, session: Session, before: Replay, after: Replay, changed: int) -> list[str]:
    """What an edit, a delete or a restore of the entry with id `changed` did to the entries
    after it, and to the balances."""
    names = [p.name for p in session.players]
    if not after.ok:
        return [gettext("The session cannot be replayed: %(error)s") % {"error": after.error}]
    old = {hand_id: i for i, hand_id in enumerate(before.hand_ids)}
    start = old.get(changed, len(before.hand_ids))
    if changed not in old and changed in after.hand_ids:  # restored: compare from the entry after it
        later = [old[h] for h in after.hand_ids[after.index_of(changed) + 1:] if h in old]
        start = later[0] if later else len(before.hand_ids)
    lines = []
    for index, (hand_id, answer, state) in enumerate(zip(after.hand_ids, after.hands, after.states)):
        was_index = old.get(hand_id)
        if hand_id == changed or was_index is None or was_index < start:
            continue
        deal = "spot" not in after.inputs[index]  # a payment on the spot has no deal of its own
        changes = _hand_changes(names, before.hands[was_index], before.states[was_index], answer, state, deal)
        if changes:
            where = after.label(index)
            if before.number(was_index) != after.number(index):
                where += gettext(" (was hand %(number)d)") % {"number": before.number(was_index)}
            lines.append(gettext("%(where)s: %(changes)s.") % {"where": where, "changes": gettext("; ").join(changes)})
    if before.balances != after.balances:
        moved = [f"{names[s]} {signed(before.balances[s])} → {signed(after.balances[s])}"
                 for s in SEATS if Decimal(str(before.balances[s])) != Decimal(str(after.balances[s]))]
        lines.append(gettext("Balances: %(moves)s.") % {"moves": gettext(", ").join(moved)})
    return lines or [gettext("Nothing else changed: no later hand and no balance moved.")]


def _hand_changes(names: list[str], was: dict[str, Any], was_state: HandState, answer: dict[str, Any],
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
                                 payments(names, answer.get("transfers", []))) or gettext("no payment")
        changes.append(gettext("payments now %(payments)s") % {"payments": now})
    return changes


def transfer_set(answer: dict[str, Any]) -> set[tuple[int, int, Decimal]]:
    return {(t["from"], t["to"], Decimal(str(t["amount"]))) for t in answer.get("transfers", [])}


def streak_text(streak: int) -> str:
    return " " + gettext("連%(n)s") % {"n": streak} if streak else ""


def signed(amount: Decimal | str) -> str:
    value = Decimal(str(amount))
    return ("+" if value > 0 else "−" if value < 0 else "") + money(abs(value))


# -- rules -----------------------------------------------------------------------------
def ruleset_descriptions() -> list[dict[str, Any]]:
    """Each ruleset the engine has, as it describes itself."""
    return [ruleset.describe() for ruleset in RULESETS.values()]


KIND_TITLES = {
    "dealer": gettext_lazy("Dealer"), "flower": gettext_lazy("Flowers"), "chicken": gettext_lazy("Chicken hand"),
    "double": gettext_lazy("Doubles"), "limit": gettext_lazy("Limit hands"),
    "hu": gettext_lazy("Hu (胡): the set count"), "tai": gettext_lazy("Tai (台): each doubles the hu"),
    "special": gettext_lazy("Special bonuses"), "fan": gettext_lazy("Fan"), "points": gettext_lazy("Points"),
}


def ruleset_description(*, key: str) -> dict[str, Any]:
    """The ruleset's own description, its patterns grouped by kind in the table's order."""
    described = get_ruleset(key).describe()
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in described["patterns"]:
        kind = row.get("kind") or "points"
        title = str(KIND_TITLES.get(described["unit"] if kind == "points" else kind, kind.capitalize()))
        groups.setdefault(title, []).append(row)
    return described | {"groups": list(groups.items())}
