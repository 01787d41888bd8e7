"""A spreadsheet skips leading spaces and line breaks before a formula: the CSV guard does too.

Notes typed on the win screen are trimmed, and no form or backup takes a line break or a tab in a note any
more (entry.text); a note stored by an older version may still hold them."""
from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.selectors import session_csv


def note_in_csv(session: Session, note: str) -> str:
    Hand.objects.filter(session=session).update(note=note)  # as an older version could have stored it
    return next(csv.DictReader(io.StringIO(session_csv(session=Session.objects.get(pk=session.pk)))))["note"]


@pytest.mark.parametrize("note", ['\n=HYPERLINK("http://x")', "  =1+1", "\r\n@SUM(A1)", " \t-2+3", "\t=1"])
def test_a_note_that_is_a_formula_after_whitespace_is_quoted(make_session, win, note):
    session = make_session()
    win(session, 0, "self", figure=10)
    assert note_in_csv(session, note) == "'" + note


def test_plain_notes_are_left_alone(make_session, win):
    session = make_session()
    win(session, 0, "self", figure=10)
    assert note_in_csv(session, "  Bob = lucky") == "  Bob = lucky"
