"""Helpers shared by the web tests (imported by name: the test folders are not packages)."""
from __future__ import annotations

import re
import uuid
from typing import Any

from django.core.exceptions import ValidationError
from django.http import QueryDict

from scorekeeper.tables import services
from scorekeeper.tables.display.rulesets import get_profile
from scorekeeper.tables.entry.check import win_check
from scorekeeper.tables.entry.win_fields import EnteredWin, WinEntry
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay import session_replay

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


def entered(session: Session, entry: WinEntry) -> EnteredWin:
    """The entry as the check reads it (made once from the form, as the save and the page make it)."""
    return entry.entered(get_profile(session.ruleset))


def rev(session: Session) -> str:
    """The session's revision now, as a freshly opened form carries it."""
    return str(Session.objects.values_list("revision", flat=True).get(pk=session.pk))


def record_win(*, session: Session, entry: WinEntry) -> Hand:
    """A win saved as the Win screen saves it: checked (scored once), then appended with its replay."""
    check = win_check(session=session, replay=session_replay(session=session), entry=entered(session, entry))
    if not check.ready or check.entered is None:
        raise ValidationError(check.errors)
    return services.hands_append(session=session, hands=[check.entered], token=entry.token, after=check.after)[0]


def replace_win(*, hand: Hand, entry: WinEntry) -> Hand:
    """An edited win saved as the edit screen saves it."""
    check = win_check(session=hand.session, replay=session_replay(session=hand.session),
                      entry=entered(hand.session, entry), editing=hand)
    if not check.ready or check.entered is None:
        raise ValidationError(check.errors)
    return services.hand_replace(hand=hand, entered=check.entered, after=check.after)


def figure_shown(html: str) -> str:
    """The figure a win form shows: the chosen chip, else what is typed under "Other"."""
    chosen = re.search(r'name="figure_chip" value="(\d+)" class="chip-figure"\s+aria-pressed="true"', html)
    typed = re.search(r'name="figure_typed" value="([^"]*)"', html)
    return chosen.group(1) if chosen else typed.group(1) if typed else ""


# The browser's Accept-Language for each of the app's languages.
ACCEPT = {"en": "en-GB,en;q=0.9", "zh-hant": "zh-TW,zh;q=0.9", "zh-hans": "zh-CN,zh;q=0.9"}


def visible_text(html: str) -> str:
    """What a reader sees: no tags, scripts, styles, attributes, nor English spans set apart."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    # engine notes, the menu's English
    html = re.sub(r'<(?!html)(\w+)[^>]*\blang="en"[^>]*>.*?</\1>', " ", html, flags=re.S)
    html = re.sub(r"<pre\b.*?</pre>|<code>.*?</code>|<samp>.*?</samp>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# The screens' tests: a page's HTML (asserting it answered 200), a form field's value, an HTMX request.
HX = {"HTTP_HX_REQUEST": "true"}


def page(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def field(html: str, name: str) -> str:
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    return match.group(1) if match else ""


def played(make_session, win, **kwargs):
    """A zung-jung session of three hands: Bob wins on Cy's discard, Ann self-draws, a draw."""
    session = make_session(**kwargs)
    win(session, 1, 2, figure=30)
    win(session, 0, "self", figure=10)
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    return session
