"""Reads for the home page and the session screen: sessions, their players, and the standings."""
from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext

from scorekeeper.engine import EngineError, PaymentRow, get_ruleset

from ..display.money import Payment, money, payments
from ..display.rulesets import Profile, get_profile
from ..display.words import WIND_NAMES, wind_zh
from ..models import SEATS, Hand, Player, Session, ShareLink
from ..replay import HandState, ReplayState, session_replay
from ..replay.seating import PersonMoney, people_money, people_settle_up, seating_of
from .hands import HandRow, hand_rows, hand_sentence
from .length import SessionLength, session_length
from .zero_sum import ZeroSum, zero_sum

RECENT_HANDS = 5
BETWEEN_HANDS = (Hand.Kind.SPOT, Hand.Kind.SEAT)  # entries the table does not count as hands

# -- home ---------------------------------------------------------------------------
def session_list(*, owner: Any = None, shared_ids: list[int] | None = None,
                 guest_ids: list[int] | None = None) -> tuple[list[Session], list[Session]]:
    """The owner's sessions, those this phone started as a guest (`guest_ids`) and those opened by a share
    link: open ones (latest first), then finished ones."""
    mine = Q(owner=owner) if owner is not None else Q(pk__in=[])
    guest_ids = guest_ids or []
    sessions = list(
        Session.objects.filter(mine | Q(pk__in=(shared_ids or []) + guest_ids))
        .select_related("east", "south", "west", "north")
        # Counted as every screen counts: hands are wins and draws; on-the-spot payments apart.
        .annotate(hand_count=Count("hands", filter=Q(hands__deleted_at__isnull=True)
                                   & ~Q(hands__kind__in=BETWEEN_HANDS)),
                  spot_count=Count("hands", filter=Q(hands__deleted_at__isnull=True, hands__kind=Hand.Kind.SPOT)))
        .order_by("-updated_at")
    )
    for session in sessions:
        own = session.pk in guest_ids or (owner is not None and session.owner_id == owner.pk)
        session.shared = not own  # type: ignore[attr-defined]
    return [s for s in sessions if s.is_open], [s for s in sessions if not s.is_open]


def known_players(*, owner: Any, guest_ids: list[int] | None = None) -> list[str]:
    """The owner's own players, to pick from when starting a session: never other people's. A guest
    (no owner) knows the players of the sessions their phone started (`guest_ids`)."""
    if owner is None:
        return sorted({p.name for p in guest_players(session_ids=guest_ids or [])}, key=str.casefold)
    return list(Player.objects.filter(owner=owner).order_by("name").values_list("name", flat=True))


def guest_players(*, session_ids: list[int]) -> list[Player]:
    """The players who sat in these sessions (a guest's), without an owner."""
    seats = Session.objects.filter(pk__in=session_ids, owner__isnull=True).values_list("east", "south", "west",
                                                                                        "north")
    sat_in = Hand.objects.filter(session_id__in=session_ids, newcomer__isnull=False).values_list("newcomer", flat=True)
    found = {pk for row in seats for pk in row} | set(sat_in)
    return list(Player.objects.filter(pk__in=found, owner__isnull=True))


def share_links(*, session: Session) -> list[ShareLink]:
    """The links the Share page lists: a guest's owner grant is none of them."""
    return list(session.share_links.exclude(role=ShareLink.Role.OWNER).order_by("-created_at"))


def session_started(*, token: uuid.UUID | None, session: Session) -> Session | None:
    """The session that a "Same table again" form with this one-time token started from `session` (the same
    table: ruleset, owner and the players seated at its end in their seats), if any."""
    if token is None:
        return None
    seated = seating_of(session=session, replay=session_replay(session=session)).now
    seats = {f"{seat}_id": player.pk for seat, player in zip(("east", "south", "west", "north"), seated)}
    return Session.objects.filter(start_token=token, ruleset=session.ruleset, owner=session.owner_id,
                                  **seats).first()


def session_next_dealer(*, session: Session) -> int:
    """Who would deal the next hand had the session gone on (the first dealer when the engine cannot say)."""
    replay = session_replay(session=session)
    return replay.next_state.dealer if replay.ok else session.first_dealer


def session_get(*, pk: int) -> Session:
    return Session.objects.select_related("east", "south", "west", "north").get(pk=pk)

# -- the session screen ----------------------------------------------------------------
@dataclass
class Seat:
    """A person's card: one seated now (`index` their seat), or one who left (`index` None)."""

    index: int | None
    name: str
    wind: str
    balance: Decimal
    is_dealer: bool
    tally: int | None = None
    owed: Decimal = Decimal(0)  # still to collect (+) or to pay (-) at Settle up
    debts: str = ""  # taiwan's open 拉 debts this seat owes or is owed, in words, on its card
    player_id: int = 0

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
        return wind_zh(self.wind)

    @property
    def wind_name(self) -> str:
        return str(WIND_NAMES[self.wind])


@dataclass
class Standings:
    session: Session
    profile: Profile
    replay: ReplayState
    seats: list[Seat]
    state: HandState
    hand_number: int
    streak: int
    tracked: list[Payment]
    recent: list[HandRow] = field(default_factory=list)
    left: list[Seat] = field(default_factory=list)  # those who played and left, with their balances
    length: SessionLength | None = None

    @property
    def everyone(self) -> list[Seat]:
        return self.seats + self.left

    @property
    def settle_up(self) -> list[Payment]:
        """The fewest payments that clear what everyone who played still owes."""
        return [Payment(payer.name, payee.name, amount)
                for payer, payee, amount in people_settle_up(session=self.session, replay=self.replay)]

    @property
    def zero_sum(self) -> ZeroSum:
        return zero_sum(profile=self.profile, amounts=[seat.balance for seat in self.everyone])

    @property
    def hands_played(self) -> int:
        return self.hand_number - 1

    @property
    def spot_count(self) -> int:
        """On-the-spot payments: the entries between hands that are not seat changes."""
        between = sum(self.replay.spot_flags())
        return between - len(seating_of(session=self.session, replay=self.replay).changes)

    @property
    def dealer(self) -> Seat:
        return self.seats[self.state.dealer]

    @property
    def game_over(self) -> bool:
        """The rulebook's full game is played: the screen offers to settle up."""
        rounds = self.profile.ruleset.game_rounds
        return bool(rounds) and self.state.round > rounds

    @property
    def round_wind_name(self) -> str:
        return str(WIND_NAMES[self.state.round_wind])

    @property
    def deal_json(self) -> str:
        return deal_json(session=self.session, state=self.state, hand_number=self.hand_number, profile=self.profile)


def deal_json(*, session: Session, state: HandState, hand_number: int, profile: Profile,
              names: list[str] | None = None) -> str:
    """The deal now and how the ruleset passes it, for the phone to show the deal after hands it keeps
    offline (static/js/offline_screen.js does what the engine's Payoff.next_deal does); with `names`, the
    people in the seats (the win form names the dealer)."""
    payoff = get_ruleset(session.ruleset).payoff
    try:
        options = payoff.read_options(session.options)
    except EngineError:  # options the engine refuses: the replay says so; the phone projects the defaults
        options = payoff.read_options({})
    return json.dumps({
        "dealer": state.dealer, "continuations": state.continuations, "round": state.round,
        "next": hand_number, "first": session.first_dealer, "fixed": payoff.fixed_seats,
        "keeps": {"dealerWin": payoff.keeps_deal(True, False, options),
                  "otherWin": payoff.keeps_deal(False, False, options),
                  "draw": payoff.keeps_deal(False, True, options)},
        "dealerWord": profile.dealer_word, "winds": [str(WIND_NAMES[w]) for w in "ESWN"],
        "windsZh": [wind_zh(w) for w in "ESWN"], **({"names": names} if names is not None else {}),
    }, ensure_ascii=False)


@dataclass(frozen=True)
class HandNotice:
    """The session screen's notice after a save (with Undo) or after Undo (with Restore)."""

    hand_id: int
    label: str
    deleted: bool
    sent: int = 0  # changes a phone kept offline, saved together: the last new hand is `hand_id`
    sentence: str = ""  # what the saved hand did, in words (selectors.hands.hand_sentence)


def hand_notice(*, session: Session, replay: ReplayState, saved: int | None, deleted: int | None,
                sent: int | None = None) -> HandNotice | None:
    """Only for a hand of this session still in that state: a stale or foreign id shows nothing."""
    if saved is not None and saved in replay.hand_ids:
        rows = hand_rows(session=session, replay=replay, hands=list(session.hands.filter(pk=saved)))
        return HandNotice(saved, replay.label(replay.index_of(saved)), deleted=False, sent=sent or 0,
                          sentence=hand_sentence(session=session, row=rows[0]) if rows else "")
    if sent and saved is None and deleted is None:  # a phone's queue of edits, deletes or restores only
        return HandNotice(0, "", deleted=False, sent=sent)
    gone = session.hands.filter(pk=deleted, deleted_at__isnull=False).first() if deleted is not None else None
    if gone is not None:
        return HandNotice(gone.pk, deleted_label(session=session, replay=replay, hand=gone), deleted=True)
    return None


def deleted_label(*, session: Session, replay: ReplayState, hand: Hand) -> str:
    """The label a deleted hand had in its place ('Hand 3'): the number of the entry now where it stood."""
    index = session.hands.live().filter(position__lt=hand.position).count()
    number = replay.number(min(index, len(replay.hand_ids)))
    if hand.kind == Hand.Kind.SPOT:
        return gettext("The on-the-spot payment in hand %(number)d") % {"number": number}
    if hand.kind == Hand.Kind.SEAT:
        return gettext("The seat change before hand %(number)d") % {"number": number}
    return gettext("Hand %(number)d") % {"number": number}


def seat_debts(seat: int, names: list[str], tracked: Sequence[PaymentRow]) -> str:
    """A seat's open 拉 debts in a few words: 'owes Ann 74 (拉)', or for the chain's holder 'is owed 146
    (拉)' — on its card, so the session screen needs no card of its own for them."""
    owes = [gettext("owes %(name)s %(amount)s (拉)") % {"name": names[d.payee], "amount": money(d.amount)}
            for d in tracked if d.payer == seat]
    owed = sum((Decimal(d.amount) for d in tracked if d.payee == seat), Decimal(0))
    if owed:
        owes.append(gettext("is owed %(amount)s (拉)") % {"amount": money(owed)})
    return " · ".join(owes)


def session_standings(*, session: Session, recent: int = RECENT_HANDS) -> Standings:
    replay = session_replay(session=session)
    profile = get_profile(session.ruleset)
    state = replay.next_state
    names = seating_of(session=session, replay=replay).names_at(len(replay.hand_ids))
    people = people_money(session=session, replay=replay)
    cards = [_card(person, profile, state, names, replay) for person in people]
    latest = list(session.hands.live().order_by("-position")[:recent]) if recent else []
    hand_number = replay.number(len(replay.hand_ids))
    return Standings(
        session=session, profile=profile, replay=replay, seats=cards[:len(SEATS)], left=cards[len(SEATS):],
        state=state, hand_number=hand_number, streak=state.continuations, tracked=payments(names, replay.tracked),
        recent=hand_rows(session=session, replay=replay, hands=latest),
        length=session_length(session=session, state=state, hands_played=hand_number - 1),
    )


def _card(person: PersonMoney, profile: Profile, state: HandState, names: list[str], replay: ReplayState) -> Seat:
    start = profile.ruleset.starting_tally
    tally = start + int(person.balance) if start else None
    seat = person.seat
    if seat is None:
        return Seat(None, person.player.name, "", person.balance, False, tally, person.owed, player_id=person.player.pk)
    return Seat(seat, person.player.name, state.seat_winds[seat], person.balance, seat == state.dealer, tally,
                person.owed, seat_debts(seat, names, replay.tracked), person.player.pk)
