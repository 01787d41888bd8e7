"""A backup restored as a new session: checked whole, replayed by the engine, then written in one go."""
from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from ..entry.backup import read_backup
from ..entry.json_text import NestedTooDeep, json_loads
from ..hand_input import HandInput
from ..models import Session
from ..replay import ReplayDelta, ReplayState, replay_whole, settle_inputs, with_dice_players
from ..replay.seating import check_seating
from .hands import hands_append
from .quota import quota_spend
from .sessions import player_get_or_create, session_create


def session_restore(*, data: dict[str, Any] | str | bytes, owner: Any = None) -> Session:
    """A new session from a backup (a dict, or its JSON text), players found or made by name.

    Raises ValueError naming what is wrong; nothing is written unless the whole backup
    replays. The restored session is `owner`'s (None: reached by share links only). Its hands count
    against the owner's quota for the day before they are replayed (services.quota: QuotaReached): a
    backup refused at its last hand cost the replay of all of them."""
    if isinstance(data, (str, bytes)):
        try:
            data = json_loads(data)
        except NestedTooDeep as error:
            raise ValueError(f"This is not a session backup: {error}.") from None
        except ValueError as error:
            raise ValueError(f"This is not a session backup: it is not JSON ({error}).") from None
    session, hands = read_backup(data)
    with transaction.atomic():  # before the replay, kept even if the backup is refused: the work is bounded
        quota_spend(owner_id=getattr(owner, "pk", None), hands=len(hands))
    replay = replay_whole(session=session, hand_ids=[0] * len(hands),
                         inputs=settle_inputs(session=session, hands=hands))
    if not replay.ok:
        raise ValueError(_replay_error(replay))
    after, hands = with_dice_players(session=session, delta=ReplayDelta(replay, new=True), hands=hands, start=0)
    with transaction.atomic():
        created = session_create(ruleset=session.ruleset, names=[p.name for p in session.players],
                                 first_dealer=session.first_dealer, stakes=session.stakes, options=session.options,
                                 owner=owner, pay_as_you_go=session.pay_as_you_go,
                                 length_rounds=session.length_rounds, length_hands=session.length_hands)
        # a newcomer is the owner's player of that name, found or made like the four
        hands = [hand if hand.newcomer is None else
                 hand.with_changes(newcomer=player_get_or_create(name=hand.newcomer.name, owner=owner))
                 for hand in hands]
        _check_players_seated_once(created, hands)
        hands_append(session=created, hands=hands, after=after, counted=True)
        if session.status != created.status:
            created.status, created.finished_at = session.status, session.finished_at
            created.save(update_fields=["status", "finished_at"])
    return created


def _check_players_seated_once(session: Session, hands: list[HandInput]) -> None:
    """The seating checked again by player once the names are resolved: two names the backup tells apart
    may be one player of the owner's (names compared as the database compares them)."""
    changes = [(hand.seat or 0, hand.newcomer) for hand in hands if hand.newcomer is not None]
    if len({player.pk for player in session.players}) < len(session.players):
        raise ValueError("The backup's players should be four different people: two of its names are one "
                         "player here.")
    try:
        check_seating(session.players, changes)
    except ValidationError as refused:
        raise ValueError(f"The backup's seat changes are refused: {refused.messages[0]}") from None


def _replay_error(replay: ReplayState) -> str:
    refusal = replay.refusal
    message = refusal.message if refusal else "the engine refused it"
    if refusal is None or refusal.hand is None:
        return f"The backup's session cannot be replayed: {message}"
    _, _, reason = message.partition(": ")
    return f"Hand {refusal.hand + 1} of the backup is refused by the engine: {reason or message}"
