"""A session out of the app: a CSV of its hands and payments, and a JSON backup of what the table entered.

A backup holds the stored fields of the session and of every hand, in order, and nothing
derived: the engine's replay of those fields is the session's state, so a restored
session (services.imports) replays to exactly the original's balances, hands and settle-up.
"""
from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

from django.utils import timezone

from scorekeeper.engine import format_amount

from ..backup_format import BACKUP_FORMAT, BACKUP_VERSION
from ..display.names import FIGURE_UNITS
from ..display.rulesets import Profile, get_profile
from ..hand_input import HandInput
from ..models import Hand, Session
from ..replay import ReplayState, session_replay
from ..replay.seating import people_money, running_balances, seating_of

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

# -- CSV -----------------------------------------------------------------------------------
def session_csv(*, session: Session) -> str:
    """One row per entry (wins, draws, on-the-spot payments, seat changes) with its payments and the
    running balances after it, for a spreadsheet. Amounts are the engine's exact decimals. Each row names
    the people in the seats at that hand; the balance columns are per person, everyone who played."""
    replay = session_replay(session=session)
    profile = get_profile(session.ruleset)
    seating = seating_of(session=session, replay=replay)
    people, running = _running(session, replay)
    hands = {h.pk: h for h in session.hands.select_related("newcomer")}
    out = io.StringIO()
    writer = csv.writer(out)
    header = ["entry", "hand", "kind", "dealer", "winner", "discarder", "responsible", "figure", "unit", "tiles"]
    header += ["loser points"] if profile.ruleset.payoff.loser_points else []
    header += ["on the spot"] if profile.ruleset.payoff.has_spots else []
    header += ["seat change"] if seating.changes else []
    header += ["payments"] + ([_moved_column(session)] if profile.ruleset.payoff.has_spots else [])
    header += [f"{_cell(name)} balance" for name in people] + ["note"]
    writer.writerow(header)
    answers = replay.hands
    for index, hand_id in enumerate(replay.hand_ids):
        hand = hands.get(hand_id)
        if hand is None:  # gone since this replay was made: the next export has it right
            continue
        answer = answers[index] if index < len(answers) else {}
        row = _csv_row(hand, answer, index, replay, profile, seating.names_at(index), bool(seating.changes))
        writer.writerow(row + running[index] + [_cell(hand.note)])
    if replay.ok:
        for what, amounts in _closing_rows(session, replay):
            writer.writerow(["", "", what] + [""] * (len(header) - 3 - len(people) - 1) + amounts + [""])
    return out.getvalue()


def _running(session: Session, replay: ReplayState) -> tuple[list[str], list[list[str]]]:
    """The balance columns' names and each entry's running balances: per seat as the engine gives them when
    nobody changed seats, else per person (seating.running_balances)."""
    if not seating_of(session=session, replay=replay).changes:
        return [p.name for p in session.players], [list(map(str, a.get("balances", [""] * 4))) for a in replay.hands]
    people, rows = running_balances(session=session, replay=replay)
    return [p.name for p in people], [[format_amount(v) for v in row] for row in rows]


def _moved_column(session: Session) -> str:
    """The column of money a hand moved (taiwan: not its tracked pull debts), named as the table pays."""
    return "paid at the table" if session.pay_as_you_go else "on the tab"


def _closing_rows(session: Session, replay: ReplayState) -> list[tuple[str, list[str]]]:
    """Below the hands, in the balance columns: what was paid at the table (pay as you go) and what is
    still owed, which Settle up clears; per person, in the order of the balance columns."""
    people = people_money(session=session, replay=replay)
    order = [p.name for p in seating_of(session=session, replay=replay).people]
    if not seating_of(session=session, replay=replay).changes:
        order = [p.name for p in session.players]
    by_name = {m.player.name: m for m in people}
    paid = [("paid at the table", [format_amount(by_name[n].paid) for n in order])] if session.pay_as_you_go else []
    return paid + [("still owed", [format_amount(by_name[n].owed) for n in order])]


def _paid_at_the_table(replay: ReplayState) -> list[str]:
    return [format_amount(Decimal(b) - Decimal(o)) for b, o in zip(replay.balances, replay.owed)]


def _csv_row(hand: Hand, answer: dict[str, Any], index: int, replay: ReplayState, profile: Profile,
             names: list[str], seat_changes: bool) -> list[str]:
    win = hand.kind == Hand.Kind.WIN
    figure, unit = _figure(hand, answer, profile) if win else ("", "")
    row = [str(index + 1), str(replay.number(index)), hand.get_kind_display().lower(),
           _cell(names[replay.states[index].dealer]),
           _cell(names[hand.winner]) if win and hand.winner is not None else "",
           (_cell(names[hand.discarder]) if hand.discarder is not None else "self-drawn") if win else "",
           _responsible(hand, profile, names), figure, unit, _tiles(hand.tiles) if win else ""]
    if profile.ruleset.payoff.loser_points:
        row.append(_loser_points(hand, answer, names) if win else "")
    if profile.ruleset.payoff.has_spots:
        row.append(_spot(hand, names, profile) if hand.kind == Hand.Kind.SPOT else "")
    if seat_changes:
        row.append(_seat_change(hand, names))
    row.append(_payments(answer.get("payments", []), names))
    if profile.ruleset.payoff.has_spots:
        row.append(_payments(answer.get("transfers", []), names))
    return row


def _seat_change(hand: Hand, names: list[str]) -> str:
    if hand.kind != Hand.Kind.SEAT or hand.newcomer is None:
        return ""
    return f"{_cell(hand.newcomer.name)} sits in for {_cell(names[hand.seat or 0])}"


def _cell(text: str) -> str:
    """Text a spreadsheet would run as a formula (a name or note starting with =, +, - or @, even after
    spaces or line breaks, which spreadsheets skip) is quoted."""
    return "'" + text if text.lstrip().startswith(FORMULA_START) or text.startswith(FORMULA_START) else text


def _figure(hand: Hand, answer: dict[str, Any], profile: Profile) -> tuple[str, str]:
    if hand.figure is not None:
        field_name = hand.figure_field or profile.ruleset.payoff.figures[0]
        return str(hand.figure), {"pattern_fan": "fan before dealer bonus"}.get(field_name, FIGURE_UNITS[field_name])
    total = answer.get("score", {}).get("total")
    return ("" if total is None else str(total)), f"{profile.ruleset.unit} (scored from the tiles)"


def _responsible(hand: Hand, profile: Profile, names: list[str]) -> str:
    if not profile.ruleset.responsible or hand.kind != Hand.Kind.WIN or hand.discarder is None:
        return ""
    if hand.responsible is None:
        return "no one" if profile.ruleset.responsible == "discarder" else ""
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


def _spot(hand: Hand, names: list[str], profile: Profile) -> str:
    label = profile.spot_kinds.get(hand.spot_kind, (hand.spot_kind,))[0]
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
    hands = list(session.hands.select_related("newcomer").order_by("position"))
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
        "length_rounds": session.length_rounds, "length_hands": session.length_hands,
        "hands": [HandInput.from_row(hand).as_backup_row() for hand in hands],
        "balances": replay.balances if replay.ok else None,
        "owed": replay.owed if replay.ok else None,
        **({"paid_at_the_table": _paid_at_the_table(replay)} if replay.ok and session.pay_as_you_go else {}),
        # Per person (the balances above are per seat): everyone who played, as Settle up counts them.
        "people": [{"name": m.player.name, "balance": format_amount(m.balance), "owed": format_amount(m.owed)}
                   for m in people_money(session=session, replay=replay)] if replay.ok else None,
    }
