"""A session out of the app: a CSV of its hands and payments, and a JSON backup of what the table entered.

A backup holds the stored fields of the session and of every hand, in order, and nothing
derived: the engine's replay of those fields is the session's state, so a restored
session (services.imports) replays to exactly the original's balances, hands and settle-up.

Several winners on one discard (一炮多響) are one row of the CSV, not one row per winner: a row is an entry
of the session, numbered as History numbers it, and its balance columns are the running balances after that
entry, which exist once per hand, not per winner (a row per winner would repeat them, or leave cells empty, and
a spreadsheet summing a column of payments would count the hand's twice). The row names every winner in the
winner column, the figures in the figure column in the same order ('Bob (carries the chain); Di' and '2; 6'),
each winner by tiles in the tiles column by name, and every payment (one or more per winner, all from the
discarder) in the payments columns, as the engine answers them.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from django.core.cache import caches
from django.utils import timezone
from django.utils.translation import get_language

from scorekeeper.engine import HandResult, PaymentRow, format_amount

from ..backup_format import BACKUP_FORMAT, BACKUP_VERSION
from ..display.labels import csv_figure_units
from ..display.rulesets import Profile, get_profile
from ..hand_input import CsvSheet, HandInput, spreadsheet_text
from ..models import Hand, Session
from ..replay import ReplayState, session_replay
from ..replay.seating import people_money, running_balances, seating_of


def export_kept(session: Session, kind: str, build: Callable[[], str]) -> str:
    """An export of the session as `build` makes it, made once per revision and kept (CACHES["exports"], each
    process's own): a loop of downloads costs a cache read each. A write makes a new revision, so a new key;
    finishing, reopening and a guest's sign-up change no revision but status or owner, so they are in the key
    too, with the language (an export's words)."""
    key = f"{kind}:{session.pk}:{session.revision}:{session.status}:{session.owner_id}:{get_language()}"
    kept = caches["exports"]
    body: str | None = kept.get(key)
    if body is None:
        body = build()
        kept.set(key, body)
    return body


# -- CSV -----------------------------------------------------------------------------------
def session_csv(*, session: Session) -> str:
    """One row per entry (wins, draws, on-the-spot payments, seat changes) with its payments and the
    running balances after it, for a spreadsheet. Amounts are the engine's exact decimals. Each row names
    the people in the seats at that hand; the balance columns are per person, everyone who played."""
    replay = session_replay(session=session)
    profile = get_profile(session.ruleset)
    seating = seating_of(session=session, replay=replay)
    people, running = _running(session, replay)
    sheet = _sheet(profile, seat_changes=bool(seating.changes))
    hands = {h.pk: h for h in session.hands.select_related("newcomer")}
    out = io.StringIO()
    writer = csv.writer(out)
    header = ["entry", "hand", *sheet.hand_columns, *_money_columns(session, profile)]
    header += [f"{spreadsheet_text(name)} balance" for name in people] + ["note"]
    writer.writerow(header)
    answers = replay.hands
    for index, hand_id in enumerate(replay.hand_ids):
        if hand_id not in hands:  # gone since this replay was made: the next export has it right
            continue
        answer = answers[index] if index < len(answers) else None
        names = seating.names_at(index)
        cells = HandInput.from_row(hands[hand_id]).csv_cells(sheet, names=names, dealer=replay.states[index].dealer,
                                                              answer=answer)
        writer.writerow([str(index + 1), str(replay.number(index)), *(cells[column] for column in sheet.hand_columns),
                         *_money_cells(answer, names, profile), *running[index], cells["note"]])
    if replay.ok:
        for what, amounts in _closing_rows(session, replay):
            writer.writerow(["", "", what] + [""] * (len(header) - 3 - len(people) - 1) + amounts + [""])
    return out.getvalue()


def _running(session: Session, replay: ReplayState) -> tuple[list[str], list[list[str]]]:
    """The balance columns' names and each entry's running balances: per seat as the engine gives them when
    nobody changed seats, else per person (seating.running_balances)."""
    if not seating_of(session=session, replay=replay).changes:
        return [p.name for p in session.players], [list(a.balances) for a in replay.hands]
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


def _sheet(profile: Profile, *, seat_changes: bool) -> CsvSheet:
    """What the CSV says alike of each hand, in the CSV's words (English, as its column names)."""
    spot_labels = {kind: label for kind, (label, *_) in profile.spot_kinds.items()}
    return CsvSheet(profile.ruleset, spot_labels, csv_figure_units(profile.ruleset),
                    seat_changes)


def _money_columns(session: Session, profile: Profile) -> list[str]:
    return ["payments"] + ([_moved_column(session)] if profile.ruleset.payoff.has_spots else [])


def _money_cells(answer: HandResult | None, names: list[str], profile: Profile) -> list[str]:
    """What the hand paid; where a table pays on the spot, also the money that moved (`_moved_column`)."""
    transfers, paid = (answer.transfers, answer.payments) if answer else ((), ())
    moved = [_payments(transfers, names)] if profile.ruleset.payoff.has_spots else []
    return [_payments(paid, names), *moved]


def _payments(rows: Sequence[PaymentRow], names: list[str]) -> str:
    return "; ".join(f"{spreadsheet_text(names[r.payer])} → {names[r.payee]} {r.amount}" for r in rows)

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
