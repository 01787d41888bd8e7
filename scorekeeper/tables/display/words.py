"""Words the screens use about the deal and about time: winds, streaks, 'just now', lists of names."""
from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext, gettext_lazy, pgettext

from .names import in_script, script

WIND_NAMES = {"E": gettext_lazy("East"), "S": gettext_lazy("South"), "W": gettext_lazy("West"),
              "N": gettext_lazy("North")}

WIND_ZH = {"E": "東", "S": "南", "W": "西", "N": "北"}


def ago(moment: datetime | None) -> str:
    """'just now', or '5 minutes ago': Django's timesince says '0 minutes'."""
    if moment is None:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return gettext("just now")
    return gettext("%(time)s ago") % {"time": timesince(moment)}


def streak_text(streak: int) -> str:
    return " " + gettext("連%(n)s") % {"n": streak} if streak else ""


def wind_zh(letter: str) -> str:
    """A wind as one character, in the reader's script when they read Chinese (东 in 简体)."""
    return in_script(WIND_ZH[letter], script())


def listed(items: list[str], *, last: bool = True) -> str:
    """'Bob, Cat and Di' (繁/简 'Bob、Cat 和 Di'); amounts read side by side without the 'and' ('16, 16, 17').
    Django's own list words put a comma between Chinese names, so these are the app's."""
    comma = pgettext("between items of a list", ", ")
    if not last or len(items) < 2:
        return comma.join(items)
    return pgettext("before the last item of a list", "%(items)s and %(last)s") % {
        "items": comma.join(items[:-1]), "last": items[-1]}
