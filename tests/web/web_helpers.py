"""Helpers shared by the web tests (imported by name: the test folders are not packages)."""
from __future__ import annotations

import uuid
from typing import Any

from django.http import QueryDict

from scorekeeper.tables.entry import WinEntry
from scorekeeper.tables.models import Session

NAMES = ["Ann", "Bob", "Cy", "Di"]
# zung-jung: 123m 456p 789s + a pung of East + a pair of South, won on 2z.
ZJ_TILES = {"concealed": "123m456p789s1112z", "winning_tile": "2z", "melds": []}


def entry_of(**fields: Any) -> WinEntry:
    """A win entry as the form posts it."""
    data = QueryDict(mutable=True)
    data["token"] = str(uuid.uuid4())
    for name, value in fields.items():
        if isinstance(value, list):
            data.setlist(name, value)
        else:
            data[name] = str(value)
    return WinEntry.from_post(data)


def rev(session: Session) -> str:
    """The session's revision now, as a freshly opened form carries it."""
    return str(Session.objects.values_list("revision", flat=True).get(pk=session.pk))
