"""A session out of the app and back: a CSV of its hands and payments, a JSON backup, and the
backup restored as a new session.

The backup holds what the table entered (the stored fields of the session and of every
hand, in order) and nothing derived: the engine's replay of those fields is the session's
state, so a restored session replays to exactly the original's balances, hands and
settle-up. A backup is checked whole (its shape, then the engine's replay of it) before
anything is written, and written in one transaction: a bad backup creates nothing.
"""
from __future__ import annotations

import csv
import io
import json
import uuid
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scorekeeper.engine import format_amount

from . import services
from .models import SEATS, Hand, Player, Session
from .profiles import SPOT_KINDS, PROFILES, Profile, available_profiles, get_profile
from .replay import Replay, remember, replay_inputs, session_replay, settle_hand

BACKUP_FORMAT = "mahjong-scorekeeper/session"
BACKUP_VERSION = 1
HAND_FIELDS = ("kind", "winner", "discarder", "responsible", "figure", "figure_field", "tiles", "loser_points",
               "events", "spot_kind", "spot_player", "spot_count", "spot_to", "note")
SEAT_FIELDS = ("winner", "discarder", "responsible", "spot_player", "spot_to")
SESSION_FIELDS = ("format", "version", "ruleset", "stakes", "options", "players", "first_dealer", "status", "hands")
# Backups from before the table chose how it pays have no `pay_as_you_go`: they take the ruleset's usual way,
# as sessions of that time were migrated.
OPTIONAL_FIELDS = ("pay_as_you_go",)
# Written for a person reading the file; a restore does not need them.
INFORMATIONAL = ("exported_at", "created_at", "finished_at", "balances", "owed", "paid_at_the_table")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# -- CSV -----------------------------------------------------------------------------------
def session_csv(*, session: Session) -> str:
    """One row per entry (wins, draws, on-the-spot payments) with its payments and the
    running balances after it, for a spreadsheet. Amounts are the engine's exact decimals."""
    replay = session_replay(session=session)
    profile = get_profile(session.ruleset)
    names = [p.name for p in session.players]
    hands = {h.pk: h for h in session.hands.all()}
    out = io.StringIO()
    writer = csv.writer(out)
    header = ["entry", "hand", "kind", "dealer", "winner", "discarder", "responsible", "figure", "unit", "tiles"]
    header += ["loser points"] if profile.loser_points else []
    header += ["on the spot"] if profile.spots else []
    header += ["payments"] + ([_moved_column(session)] if profile.spots else [])
    header += [f"{_cell(name)} balance" for name in names] + ["note"]
    writer.writerow(header)
    answers = replay.hands
    for index, hand_id in enumerate(replay.hand_ids):
        hand = hands.get(hand_id)
        if hand is None:  # gone since this replay was made: the next export has it right
            continue
        answer = answers[index] if index < len(answers) else {}
        writer.writerow(_csv_row(hand, answer, index, replay, profile, names))
    if replay.ok:
        for what, amounts in _closing_rows(session, replay):
            writer.writerow(["", "", what] + [""] * (len(header) - 3 - len(names) - 1) + amounts + [""])
    return out.getvalue()


def _moved_column(session: Session) -> str:
    """The column of money a hand moved (taiwan: not its tracked pull debts), named as the table pays."""
    return "paid at the table" if session.pay_as_you_go else "on the tab"


def _closing_rows(session: Session, replay: Replay) -> list[tuple[str, list[str]]]:
    """Below the hands, in the balance columns: what was paid at the table (pay as you go) and what is
    still owed, which Settle up clears."""
    paid = [("paid at the table", _paid_at_the_table(replay))] if session.pay_as_you_go else []
    return paid + [("still owed", replay.owed)]


def _paid_at_the_table(replay: Replay) -> list[str]:
    return [format_amount(Decimal(b) - Decimal(o)) for b, o in zip(replay.balances, replay.owed)]


def _csv_row(hand: Hand, answer: dict[str, Any], index: int, replay: Replay, profile: Profile,
             names: list[str]) -> list[str]:
    win = hand.kind == Hand.Kind.WIN
    figure, unit = _figure(hand, answer, profile) if win else ("", "")
    row = [str(index + 1), str(replay.number(index)), hand.get_kind_display().lower(),
           _cell(names[replay.states[index].dealer]),
           _cell(names[hand.winner]) if win and hand.winner is not None else "",
           (_cell(names[hand.discarder]) if hand.discarder is not None else "self-drawn") if win else "",
           _responsible(hand, profile, names), figure, unit, _tiles(hand.tiles) if win else ""]
    if profile.loser_points:
        row.append(_loser_points(hand, answer, names) if win else "")
    if profile.spots:
        row.append(_spot(hand, names) if hand.kind == Hand.Kind.SPOT else "")
    row.append(_payments(answer.get("payments", []), names))
    if profile.spots:
        row.append(_payments(answer.get("transfers", []), names))
    row += [str(b) for b in answer.get("balances", [""] * len(names))]
    row.append(_cell(hand.note))
    return row


def _cell(text: str) -> str:
    """Text a spreadsheet would run as a formula (a name or note starting with =, +, - or @) is quoted."""
    return "'" + text if text.startswith(FORMULA_START) else text


def _figure(hand: Hand, answer: dict[str, Any], profile: Profile) -> tuple[str, str]:
    if hand.figure is not None:
        field_name = hand.figure_field or profile.figure_fields[0][0]
        return str(hand.figure), {"fan": "fan", "pattern_fan": "fan before dealer bonus"}.get(field_name, "points")
    total = answer.get("score", {}).get("total")
    return ("" if total is None else str(total)), f"{profile.unit} (scored from the tiles)"


def _responsible(hand: Hand, profile: Profile, names: list[str]) -> str:
    if not profile.responsible or hand.kind != Hand.Kind.WIN or hand.discarder is None:
        return ""
    if hand.responsible is None:
        return "no one" if profile.responsible == "discarder" else ""
    return _cell(names[hand.responsible])


def _tiles(tiles: dict[str, Any] | None) -> str:
    """MPSZ notation: '123m456p789s1112z win 2z | pung 777z | bonus 1f | wild 9s'."""
    if not tiles:
        return ""
    parts = [f"{tiles.get('concealed', '')} win {tiles.get('winning_tile', '')}".strip()]
    parts += [f"{m['kind'].replace('_', ' ')} {m['tiles']}" for m in tiles.get("melds", [])]
    if tiles.get("bonus_tiles"):
        parts.append(f"bonus {tiles['bonus_tiles']}")
    if tiles.get("wild"):
        parts.append(f"wild {tiles['wild']}")
    return " | ".join(parts)


def _loser_points(hand: Hand, answer: dict[str, Any], names: list[str]) -> str:
    scores = answer.get("loser_scores") or [None] * len(names)
    parts = []
    for seat, value in enumerate(hand.loser_points or []):
        if value is None:
            continue
        if isinstance(value, dict):
            total = (scores[seat] or {}).get("total", "?")
            parts.append(f"{_cell(names[seat])} {total} (from tiles)")
        else:
            parts.append(f"{_cell(names[seat])} {value}")
    return "; ".join(parts)


def _spot(hand: Hand, names: list[str]) -> str:
    label = SPOT_KINDS.get(hand.spot_kind, (hand.spot_kind,))[0]
    who = _cell(names[hand.spot_player]) if hand.spot_player is not None else "the dealer"
    extra = f" × {hand.spot_count}" if hand.spot_count else ""
    to = f" to {_cell(names[hand.spot_to])}" if hand.spot_to is not None else ""
    return f"{who}: {label}{extra}{to}"


def _payments(rows: list[dict[str, Any]], names: list[str]) -> str:
    return "; ".join(f"{_cell(names[r['from']])} → {names[r['to']]} {r['amount']}" for r in rows)


# -- JSON backup ---------------------------------------------------------------------------
def session_backup(*, session: Session) -> dict[str, Any]:
    """The session as the table entered it, JSON-ready (`json.dumps` needs no help)."""
    replay = session_replay(session=session)
    hands = list(session.hands.order_by("position"))
    if hasattr(Hand, "deleted_at"):  # a deleted hand is not part of the session any more
        hands = [h for h in hands if getattr(h, "deleted_at", None) is None]
    return {
        "format": BACKUP_FORMAT, "version": BACKUP_VERSION,
        "exported_at": timezone.now().isoformat(),
        "ruleset": session.ruleset, "stakes": dict(session.stakes), "options": dict(session.options),
        "players": [p.name for p in session.players], "first_dealer": session.first_dealer,
        "status": session.status, "created_at": session.created_at.isoformat(),
        "finished_at": session.finished_at.isoformat() if session.finished_at else None,
        "pay_as_you_go": session.pay_as_you_go,
        "hands": [{name: _json_ready(getattr(hand, name)) for name in HAND_FIELDS} for hand in hands],
        "balances": replay.balances if replay.ok else None,
        "owed": replay.owed if replay.ok else None,
        **({"paid_at_the_table": _paid_at_the_table(replay)} if replay.ok and session.pay_as_you_go else {}),
    }


def _json_ready(value: Any) -> Any:
    return json.loads(json.dumps(value)) if isinstance(value, (dict, list)) else value


def session_restore(*, data: dict[str, Any] | str | bytes, owner: Any = None) -> Session:
    """A new session from a backup (a dict, or its JSON text), players found or made by name.

    Raises ValueError naming what is wrong; nothing is written unless the whole backup
    replays. The restored session is `owner`'s (None: reached by share links only)."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError as error:
            raise ValueError(f"This is not a session backup: it is not JSON ({error}).") from None
    session, hands = _read_backup(data)
    replay = replay_inputs(session=session, hand_ids=[0] * len(hands),
                           inputs=[settle_hand(session=session, hand=h) for h in hands])
    if not replay.ok:
        raise ValueError(_replay_error(replay))
    _fill_in_dice_players(hands, replay)
    with transaction.atomic():
        created = services.session_create(ruleset=session.ruleset, names=[p.name for p in session.players],
                                          first_dealer=session.first_dealer, stakes=session.stakes,
                                          options=session.options, owner=owner, pay_as_you_go=session.pay_as_you_go)
        created.status, created.finished_at = session.status, session.finished_at
        created.revision = uuid.uuid4()
        created.save()
        for position, hand in enumerate(hands, start=1):
            hand.session, hand.position = created, position
        Hand.objects.bulk_create(hands)
        replay.hand_ids[:] = [h.pk for h in hands]
        transaction.on_commit(lambda: remember(session=created, replay=replay))
    return created


def _fill_in_dice_players(hands: list[Hand], replay: Replay) -> None:
    """taiwan.md: a dice spot is the dealer's and may leave its player out; the replay knows who dealt,
    and the hand is stored as the spot form stores it, with the dealer's seat."""
    for index, hand in enumerate(hands):
        if hand.kind == Hand.Kind.SPOT and hand.spot_player is None and SPOT_KINDS[hand.spot_kind][2] == "dealer":
            hand.spot_player = replay.states[index].dealer


def _replay_error(replay: Replay) -> str:
    error = replay.answer.get("error", {})
    message = str(error.get("message", "the engine refused it"))
    if error.get("hand") is None:
        return f"The backup's session cannot be replayed: {message}"
    _, _, reason = message.partition(": ")
    return f"Hand {int(error['hand']) + 1} of the backup is refused by the engine: {reason or message}"


def _read_backup(data: Any) -> tuple[Session, list[Hand]]:
    """The backup as an unsaved session and hands, or ValueError naming the first thing wrong."""
    if not isinstance(data, dict):
        raise ValueError("This is not a session backup: expected a JSON object.")
    if data.get("format") != BACKUP_FORMAT:
        raise ValueError(f"This is not a session backup: 'format' should be {BACKUP_FORMAT!r}.")
    version = data.get("version")
    if version != BACKUP_VERSION:
        raise ValueError(f"This backup is version {version!r}; this app reads version {BACKUP_VERSION}.")
    for key in SESSION_FIELDS:
        if key not in data:
            raise ValueError(f"The backup has no {key!r}.")
    unknown = sorted(set(data) - set(SESSION_FIELDS) - set(OPTIONAL_FIELDS) - set(INFORMATIONAL))
    if unknown:
        raise ValueError(f"The backup has a field this app does not know: {unknown[0]!r}.")
    ruleset = data["ruleset"]
    known = [p.key for p in available_profiles()]
    if ruleset not in known:
        raise ValueError(f"The backup's ruleset {ruleset!r} is not one this app scores: {', '.join(known)}.")
    session = Session(ruleset=ruleset, stakes=_stakes(data["stakes"]), options=_object(data["options"], "options"),
                      first_dealer=_seat(data["first_dealer"], "first_dealer", optional=False),
                      status=_status(data["status"]), finished_at=None,
                      pay_as_you_go=_paying(data.get("pay_as_you_go"), PROFILES[ruleset]))
    session.east, session.south, session.west, session.north = (Player(name=n) for n in _players(data["players"]))
    if session.status == Session.Status.FINISHED:
        session.finished_at = _when(data.get("finished_at")) or timezone.now()
    if not isinstance(data["hands"], list):
        raise ValueError("The backup's 'hands' should be a list.")
    return session, [_hand(raw, number, PROFILES[ruleset]) for number, raw in enumerate(data["hands"], start=1)]


def _object(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"The backup's {name!r} should be an object.")
    return value


def _stakes(value: Any) -> dict[str, str]:
    stakes = _object(value, "stakes")
    for name, amount in stakes.items():
        if not isinstance(amount, str):
            raise ValueError(f"The backup's stake {name!r} should be an amount in quotes, like \"10\".")
    return stakes


def _players(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) != len(SEATS):
        raise ValueError("The backup's 'players' should list four names, East, South, West, North.")
    names = []
    for name in value:
        if not isinstance(name, str) or not " ".join(name.split()) or len(" ".join(name.split())) > 40:
            raise ValueError(f"The backup's player name {name!r} should be 1 to 40 characters.")
        names.append(" ".join(name.split()))
    if len({n.lower() for n in names}) != len(names):
        raise ValueError("The backup's players should be four different names.")
    return names


def _paying(value: Any, profile: Profile) -> bool:
    if value is None:
        return profile.usually_pays_as_you_go
    if not isinstance(value, bool):
        raise ValueError(f"The backup's 'pay_as_you_go' should be true or false, not {value!r}.")
    return value


def _status(value: Any) -> str:
    if value not in Session.Status.values:
        raise ValueError(f"The backup's status {value!r} should be one of: {', '.join(Session.Status.values)}.")
    return str(value)


def _when(value: Any) -> Any:
    if not isinstance(value, str):
        return None
    moment = parse_datetime(value)
    if moment is not None and timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


def _seat(value: Any, where: str, *, optional: bool = True) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS:
        raise ValueError(f"{where} should be a seat from 0 (East) to 3 (North){' or null' if optional else ''}, "
                         f"not {value!r}.")
    return value


def _hand(raw: Any, number: int, profile: Profile) -> Hand:
    where = f"Hand {number} of the backup"
    if not isinstance(raw, dict):
        raise ValueError(f"{where} should be an object.")
    for key in HAND_FIELDS:
        if key not in raw:
            raise ValueError(f"{where} has no {key!r}.")
    unknown = sorted(set(raw) - set(HAND_FIELDS))
    if unknown:
        raise ValueError(f"{where} has a field this app does not know: {unknown[0]!r}.")
    if raw["kind"] not in Hand.Kind.values:
        raise ValueError(f"{where}: kind {raw['kind']!r} should be one of: {', '.join(Hand.Kind.values)}.")
    fields = dict(raw)
    for key in SEAT_FIELDS:
        fields[key] = _seat(raw[key], f"{where}: {key}")
    for key, limit in (("figure", 2**31 - 1), ("spot_count", 2**15 - 1)):
        value = raw[key]
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit):
            raise ValueError(f"{where}: {key} should be a whole number from 0, or null, not {value!r}.")
    figure_fields = [name for name, _ in profile.figure_fields]
    if raw["figure_field"] not in ("", *figure_fields):
        raise ValueError(f"{where}: figure_field {raw['figure_field']!r} should be one of: {', '.join(figure_fields)}.")
    checks = (("tiles", raw["tiles"] is None or isinstance(raw["tiles"], dict), "an object or null"),
              ("loser_points", raw["loser_points"] is None or (isinstance(raw["loser_points"], list)
                                                                and len(raw["loser_points"]) == len(SEATS)),
               "a list of four entries or null"),
              ("events", isinstance(raw["events"], list) and all(isinstance(e, str) for e in raw["events"]),
               "a list of names"),
              ("spot_kind", isinstance(raw["spot_kind"], str) and len(raw["spot_kind"]) <= 20, "a short name"),
              ("note", isinstance(raw["note"], str) and len(raw["note"]) <= 200, "text of at most 200 characters"))
    for key, ok, expected in checks:
        if not ok:
            raise ValueError(f"{where}: {key} should be {expected}.")
    if raw["kind"] == Hand.Kind.WIN and raw["winner"] is None:
        raise ValueError(f"{where}: a win needs its winner.")
    if raw["kind"] == Hand.Kind.WIN and raw["figure"] is None and raw["tiles"] is None:
        raise ValueError(f"{where}: a win needs its figure or its tiles.")
    return Hand(**fields)

