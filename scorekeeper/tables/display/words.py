"""Words the screens use about the deal and about time: winds, streaks, 'just now'."""
from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext, gettext_lazy

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
