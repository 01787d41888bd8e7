"""A session backup read and checked as the import form's field: an unsaved session and its hands.

The backup holds what the table entered (the stored fields of the session and of every
hand, in order) and nothing derived. It is checked whole, field by field, before the
engine replays it (services.imports): a bad backup creates nothing.
"""
from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone, translation
from django.utils.dateparse import parse_datetime

from scorekeeper.engine import RULESET_KEYS

from ..backup_format import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    HAND_FIELDS,
    INFORMATIONAL,
    LATER_HAND_FIELDS,
    OPTIONAL_FIELDS,
    SEAT_CHANGE_FIELDS,
    SEAT_FIELDS,
    SESSION_FIELDS,
)
from ..display.rulesets import EVENT_LABELS, Profile, get_profile
from ..hand_input import HandInput
from ..models import SEATS, Hand, Player, Session
from .events import event_misfit
from .forms import MAX_FIGURE, MAX_SESSION_HANDS, MAX_SPOT_COUNT, printable_name, seat_name
from .session_form import LENGTH_ROUNDS, MAX_LENGTH_HANDS, check_stake
from .text import is_clean, nfc
from .win_fields import MAX_MELDS, MAX_TILES_TEXT

EARLIEST_FINISH = datetime(2000, 1, 1, tzinfo=UTC)  # before any phone kept score with this app


def read_backup(data: Any) -> tuple[Session, list[HandInput]]:
    """The backup as an unsaved session and its hands as entered, or ValueError naming the first thing wrong."""
    if not isinstance(data, dict):
        raise ValueError("This is not a session backup: expected a JSON object.")
    if data.get("format") != BACKUP_FORMAT:
        raise ValueError(f"This is not a session backup: 'format' should be {BACKUP_FORMAT!r}.")
    version = data.get("version")
    if type(version) is not int or version != BACKUP_VERSION:
        raise ValueError(f"This backup is version {version!r}; this app reads version {BACKUP_VERSION}.")
    for key in SESSION_FIELDS:
        if key not in data:
            raise ValueError(f"The backup has no {key!r}.")
    unknown = sorted(set(data) - set(SESSION_FIELDS) - set(OPTIONAL_FIELDS) - set(INFORMATIONAL))
    if unknown:
        raise ValueError(f"The backup has a field this app does not know: {unknown[0]!r}.")
    ruleset = data["ruleset"]
    known = list(RULESET_KEYS)
    if ruleset not in known:
        raise ValueError(f"The backup's ruleset {ruleset!r} is not one this app scores: {', '.join(known)}.")
    session = Session(ruleset=ruleset, stakes=_stakes(data["stakes"]), options=_object(data["options"], "options"),
                      first_dealer=_first_dealer(data["first_dealer"]),
                      status=_status(data["status"]), finished_at=None,
                      pay_as_you_go=_paying(data.get("pay_as_you_go"), get_profile(ruleset)),
                      **_lengths(data.get("length_rounds"), data.get("length_hands")))
    session.east, session.south, session.west, session.north = (Player(name=n) for n in _players(data["players"]))
    if session.status == Session.Status.FINISHED:
        session.finished_at = _when(data.get("finished_at")) or timezone.now()
    if not isinstance(data["hands"], list):
        raise ValueError("The backup's 'hands' should be a list.")
    if len(data["hands"]) > MAX_SESSION_HANDS:  # before any of them is read: the work stays bounded
        raise ValueError(f"The backup holds {len(data['hands']):,} hands: a session holds at most "
                         f"{MAX_SESSION_HANDS:,}. Is it the right file?")
    hands = [_hand(raw, number, get_profile(ruleset)) for number, raw in enumerate(data["hands"], start=1)]
    _check_seating(session, hands)
    return session, hands


def _lengths(rounds: Any, hands: Any) -> dict[str, int | None]:
    """How long the table meant to play, as the new-session form takes it: open-ended (both null), one
    round or four (`length_rounds` 1 or 4), or a number of hands (`length_hands`, 1 to 999); never both."""
    if rounds is not None and (type(rounds) is not int or rounds not in LENGTH_ROUNDS.values()):
        raise ValueError(f"The backup's 'length_rounds' should be 1, 4 or null, not {rounds!r}.")
    if hands is not None and (type(hands) is not int or not 1 <= hands <= MAX_LENGTH_HANDS):
        raise ValueError(f"The backup's 'length_hands' should be a whole number from 1 to {MAX_LENGTH_HANDS}, "
                         f"or null, not {hands!r}.")
    if rounds is not None and hands is not None:
        raise ValueError("The backup's session plays either a number of rounds or a number of hands: one of "
                         "'length_rounds' and 'length_hands' should be null.")
    return {"length_rounds": rounds, "length_hands": hands}


def _check_seating(session: Session, hands: list[HandInput]) -> None:
    """No seat change seats one person in two seats at once (names compared as the app compares them)."""
    seated = [p.name.casefold() for p in session.players]
    for number, hand in enumerate(hands, start=1):
        if hand.kind == Hand.Kind.SEAT and hand.newcomer is not None and hand.seat is not None:
            seated[hand.seat] = hand.newcomer.name.casefold()
            if len(set(seated)) < len(seated):
                raise ValueError(f"Hand {number} of the backup seats {hand.newcomer.name!r} in two seats at once.")


def _seat_change(raw: dict[str, Any], where: str) -> dict[str, Any]:
    """The seat-change fields as a hand takes them: the newcomer an unsaved player, found or made on restore."""
    seat, newcomer = raw.get("seat"), raw.get("newcomer")
    if raw["kind"] != Hand.Kind.SEAT:
        if seat is not None or newcomer is not None:
            raise ValueError(f"{where}: seat and newcomer are for a seat change only; they should be null.")
        return {}
    name = seat_name(newcomer) if isinstance(newcomer, str) else ""
    if not name or len(name) > 40 or not printable_name(name):
        raise ValueError(f"{where}: a seat change needs the newcomer's name, 1 to 40 printable characters.")
    return {"seat": _seat(seat, f"{where}: seat", optional=False), "newcomer": Player(name=name)}


def _object(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"The backup's {name!r} should be an object.")
    return value


def _stakes(value: Any) -> dict[str, str]:
    stakes = _object(value, "stakes")
    for name, amount in stakes.items():
        if not isinstance(amount, str):
            raise ValueError(f"The backup's stake {name!r} should be an amount in quotes, like \"10\".")
        try:
            check_stake(amount)  # as the new-session form checks it
        except ValidationError as error:
            raise ValueError(f"The backup's stake {name!r} is {amount[:30]!r}: {error.messages[0]}") from None
    return stakes


def _players(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) != len(SEATS):
        raise ValueError("The backup's 'players' should list four names, East, South, West, North.")
    names = []
    for name in value:
        if not isinstance(name, str) or not seat_name(name) or len(seat_name(name)) > 40:
            raise ValueError(f"The backup's player name {str(name)[:50]!r} should be 1 to 40 characters.")
        if not printable_name(seat_name(name)):
            raise ValueError(f"The backup's player name {name!r} has a control or invisible character: use "
                             "letters, digits and ordinary punctuation.")
        names.append(seat_name(name))
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("The backup's players should be four different names.")
    return names


def _paying(value: Any, profile: Profile) -> bool:
    if value is None:
        return profile.ruleset.usually_pays_as_you_go
    if not isinstance(value, bool):
        raise ValueError(f"The backup's 'pay_as_you_go' should be true or false, not {value!r}.")
    return value


def _status(value: Any) -> str:
    if value not in Session.Status.values:
        raise ValueError(f"The backup's status {value!r} should be one of: {', '.join(Session.Status.values)}.")
    return str(value)


def _when(value: Any) -> datetime | None:
    """`finished_at`: None when the backup has none (now, then); a time no table finished at (before
    EARLIEST_FINISH, after tomorrow, or out of the calendar once in UTC) is refused."""
    if not isinstance(value, str):
        return None
    try:
        moment = parse_datetime(value)
        if moment is not None and timezone.is_naive(moment):
            moment = timezone.make_aware(moment)
        in_range = moment is None or EARLIEST_FINISH <= moment <= timezone.now() + timedelta(days=1)
    except (ValueError, OverflowError):  # a date out of the calendar (month 13; year 1 at +14:00 in UTC)
        in_range = False
    if not in_range:
        raise ValueError(f"The backup's 'finished_at' {value[:40]!r} is no time a table finished at: "
                         "expected a date and time like 2026-11-28T22:30:00+08:00.")
    return moment


def _first_dealer(value: Any) -> int:
    seat = _seat(value, "first_dealer", optional=False)
    assert seat is not None  # _seat: only an optional seat may be null
    return seat


def _seat(value: Any, where: str, *, optional: bool = True) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS:
        raise ValueError(f"{where} should be a seat from 0 (East) to 3 (North){' or null' if optional else ''}, "
                         f"not {value!r}.")
    return value


TILE_TEXTS = ("concealed", "winning_tile", "bonus_tiles", "wild")


def _check_ruleset_fields(raw: dict[str, Any], where: str, profile: Profile) -> None:
    """What the ruleset's forms would let a table enter: its events, losers' points only where every
    hand is scored, its on-the-spot kinds, and tiles shaped as the keypad writes them."""
    unknown_events = [e for e in raw["events"] if e not in profile.ruleset.events]
    if unknown_events:
        allowed = ", ".join(profile.ruleset.events) or "none"
        raise ValueError(f"{where}: event {unknown_events[0][:40]!r} is not one of this ruleset's ({allowed}).")
    if raw["loser_points"] is not None:
        if not profile.ruleset.payoff.loser_points:
            raise ValueError(f"{where}: loser_points is only for rulesets that score every hand; it should be null.")
        for value in raw["loser_points"]:
            if not (value is None or _tiles_ok(value) or
                    (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_FIGURE)):
                raise ValueError(f"{where}: each of loser_points should be points (0 to {MAX_FIGURE:,}), tiles or "
                                 "null.")
    kinds = profile.ruleset.payoff.spot_needs
    if (raw["kind"] == Hand.Kind.SPOT) != bool(raw["spot_kind"]) or raw["spot_kind"] and raw["spot_kind"] not in kinds:
        raise ValueError(f"{where}: spot_kind {raw['spot_kind'][:20]!r} should be one of "
                         f"{', '.join(kinds) or 'none'} on an on-the-spot entry, and empty otherwise.")
    if raw["tiles"] is not None and not _tiles_ok(raw["tiles"]):
        raise ValueError(f"{where}: tiles should be an object of tile texts and melds, as the app writes them.")


def _check_events_fit(raw: dict[str, Any], where: str) -> None:
    """As the win form says it (entry.check): each event fits how the hand was won; heavenly and earthly
    are won on the tiles as dealt, without any meld."""
    melded = bool(raw["tiles"] and raw["tiles"].get("melds"))
    for event in raw["events"]:
        misfit = event_misfit(event, self_drawn=raw["discarder"] is None, melded=melded)
        if misfit:
            with translation.override("en"):
                words = misfit % {"event": EVENT_LABELS[event]}
            raise ValueError(f"{where}: {words.partition(': ')[0]} (its discarder is "
                             f"{'null' if raw['discarder'] is None else raw['discarder']}"
                             f"{', and it has melds' if melded else ''}).")


def _tiles_ok(value: Any) -> bool:
    if not isinstance(value, dict) or not set(value) <= {*TILE_TEXTS, "melds"}:
        return False
    texts_ok = all(isinstance(value[k], str) and len(value[k]) <= MAX_TILES_TEXT for k in TILE_TEXTS if k in value)
    melds = value.get("melds", [])
    melds_ok = isinstance(melds, list) and len(melds) <= MAX_MELDS and all(_meld_ok(m) for m in melds)
    return texts_ok and melds_ok


def _meld_ok(meld: Any) -> bool:
    """A meld as the engine takes it (rules/README.md, `melds`): its kind and tiles, and `added` on a kong
    made by adding to an exposed pung."""
    if not isinstance(meld, dict) or not {"kind", "tiles"} <= set(meld) <= {"kind", "tiles", "added"}:
        return False
    texts = all(isinstance(meld[k], str) and len(meld[k]) <= MAX_TILES_TEXT for k in ("kind", "tiles"))
    added = meld.get("added", False)
    return texts and isinstance(added, bool) and (not added or meld["kind"] == "kong")


def _check_numbers(raw: dict[str, Any], where: str) -> None:
    """As the forms take them: a figure up to the win form's limit, a count of 1 to 8 flowers."""
    for key, least, most in (("figure", 0, MAX_FIGURE), ("spot_count", 1, MAX_SPOT_COUNT)):
        value = raw[key]
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most):
            raise ValueError(f"{where}: {key} should be a whole number from {least} to {most:,}, or null, not "
                             f"{value!r}.")


def _note(note: str, where: str) -> str:
    """As a form takes it (entry.text): in NFC, without control or invisible characters."""
    if not is_clean(note):
        raise ValueError(f"{where}: its note has a control or invisible character: use letters, digits, "
                         "punctuation and emoji.")
    return nfc(note)


def _hand(raw: Any, number: int, profile: Profile) -> HandInput:
    where = f"Hand {number} of the backup"
    if not isinstance(raw, dict):
        raise ValueError(f"{where} should be an object.")
    for key in HAND_FIELDS:
        if key not in raw:
            raise ValueError(f"{where} has no {key!r}.")
    unknown = sorted(set(raw) - set(HAND_FIELDS) - set(LATER_HAND_FIELDS))
    if unknown:
        raise ValueError(f"{where} has a field this app does not know: {unknown[0]!r}.")
    if raw["kind"] not in Hand.Kind.values:
        raise ValueError(f"{where}: kind {raw['kind']!r} should be one of: {', '.join(Hand.Kind.values)}.")
    fields = ({key: raw[key] for key in HAND_FIELDS} | _later_fields(raw, where) | _seat_change(raw, where)
              | _other_wins(raw, where, profile))
    for key in SEAT_FIELDS:
        fields[key] = _seat(raw[key], f"{where}: {key}")
    _check_numbers(raw, where)
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
    fields["note"] = _note(raw["note"], where)
    _check_ruleset_fields(raw, where, profile)
    if raw["kind"] == Hand.Kind.WIN and raw["winner"] is None:
        raise ValueError(f"{where}: a win needs its winner.")
    if raw["kind"] == Hand.Kind.WIN:
        _check_events_fit(raw, where)
    if raw["kind"] == Hand.Kind.WIN and raw["figure"] is None and raw["tiles"] is None:
        raise ValueError(f"{where}: a win needs its figure or its tiles.")
    return HandInput.from_backup_row(fields)


MAX_OTHER_WINS = 2  # rules/README.md: two or three players win on one discard


def _other_wins(raw: dict[str, Any], where: str, profile: Profile) -> dict[str, Any]:
    """The other winners on the hand's discard (一炮多響), each shaped as the win form writes it: a seat, and a
    figure of the ruleset's or tiles. Who may win with whom is the engine's to say when the backup replays."""
    listed = raw.get("other_wins") or []
    if not isinstance(listed, list) or len(listed) > MAX_OTHER_WINS:
        raise ValueError(f"{where}: other_wins should be a list of at most {MAX_OTHER_WINS} other winners.")
    if listed and (raw["kind"] != Hand.Kind.WIN or raw["discarder"] is None):
        raise ValueError(f"{where}: other_wins is for a win on a discard only (several winners on one tile); "
                         "it should be empty.")
    figure_fields = [name for name, _ in profile.figure_fields]
    wins = []
    for number, win in enumerate(listed, start=2):
        said = f"{where}: winner {number}"
        if not isinstance(win, dict) or not set(win) <= {"winner", "figure", "figure_field", "tiles"}:
            raise ValueError(f"{said} should be an object of winner, figure, figure_field and tiles.")
        _seat(win.get("winner"), f"{said}: winner", optional=False)
        figure, tiles = win.get("figure"), win.get("tiles")
        if (figure is None) == (tiles is None):
            raise ValueError(f"{said} needs its figure or its tiles (one of them).")
        if figure is not None and (isinstance(figure, bool) or not isinstance(figure, int)
                                   or not 0 <= figure <= MAX_FIGURE):
            raise ValueError(f"{said}: figure should be a whole number from 0 to {MAX_FIGURE:,}, not {figure!r}.")
        if win.get("figure_field", "") not in ("", *figure_fields):
            raise ValueError(f"{said}: figure_field should be one of: {', '.join(figure_fields)}.")
        if tiles is not None and not _tiles_ok(tiles):
            raise ValueError(f"{said}: tiles should be an object of tile texts and melds, as the app writes them.")
        wins.append(win)
    return {"other_wins": wins}


def _later_fields(raw: dict[str, Any], where: str) -> dict[str, Any]:
    """A field a hand gained after version 1 and no check here knows by name: of its default's type (a flag,
    a number, a text), else refused; absent, the default."""
    later = {}
    for known in dataclasses.fields(HandInput):
        if (known.name not in raw or known.name not in LATER_HAND_FIELDS or known.name in SEAT_CHANGE_FIELDS
                or known.name == "other_wins"):
            continue
        if known.default is not None and type(raw[known.name]) is not type(known.default):
            raise ValueError(f"{where}: {known.name} should be like {known.default!r}, not {raw[known.name]!r}.")
        later[known.name] = raw[known.name]
    return later
