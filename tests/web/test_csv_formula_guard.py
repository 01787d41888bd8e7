"""A spreadsheet skips leading spaces and line breaks before a formula: the CSV guard does too.

Notes typed on the win screen are trimmed; a backup brings its notes as they are."""
from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.tables.models import Session
from scorekeeper.tables.selectors import session_backup, session_csv
from scorekeeper.tables.services import session_restore


def note_in_csv(session: Session, note: str) -> str:
    backup = session_backup(session=session)
    backup["hands"][0]["note"] = note
    restored = session_restore(data=backup)
    return next(csv.DictReader(io.StringIO(session_csv(session=Session.objects.get(pk=restored.pk)))))["note"]


@pytest.mark.parametrize("note", ['\n=HYPERLINK("http://x")', "  =1+1", "\r\n@SUM(A1)", " \t-2+3", "\t=1"])
def test_a_note_that_is_a_formula_after_whitespace_is_quoted(make_session, win, note):
    session = make_session()
    win(session, 0, "self", figure=10)
    assert note_in_csv(session, note) == "'" + note


def test_plain_notes_are_left_alone(make_session, win):
    session = make_session()
    win(session, 0, "self", figure=10)
    assert note_in_csv(session, "  Bob = lucky") == "  Bob = lucky"
