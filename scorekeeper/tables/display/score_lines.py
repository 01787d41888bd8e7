"""How a score reads on the screens: taizhou's hu doubled per tai written out with its units.

Taizhou scores `hu × 2^tai`, capped at 100; a bare "100 points" would hide both the count and
the cap, so the screens write the sum as a table would say it, "24 hu × 2³ = 192", and each
pattern's value with its own unit (a hu count or a tai).
"""
from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine import RULESET_KEYS, get_ruleset

SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def score_formula(score: dict[str, Any] | None) -> str:
    """'24 hu × 2³ = 192' for a score answered with hu and tai; '' for any other."""
    if not score or "hu" not in score or "tai" not in score:
        return ""
    hu, tai = int(score["hu"]), int(score["tai"])
    return gettext("%(hu)d hu × 2%(tai)s = %(raw)d") % {
        "hu": hu, "tai": str(tai).translate(SUPERSCRIPT), "raw": hu * 2 ** tai}


@cache
def _pattern_kinds(ruleset: str) -> dict[str, str]:
    if ruleset not in RULESET_KEYS:
        return {}
    return {p["key"]: p["kind"] for p in get_ruleset(ruleset).describe()["patterns"]}


def pattern_value(pattern: dict[str, Any], ruleset: str) -> str:
    """A counted pattern's value, with its unit where the ruleset counts in two ('2 hu', '1 tai')."""
    value = pattern.get("value", "")
    kind = _pattern_kinds(ruleset).get(str(pattern.get("key", "")))
    if kind == "hu":
        return gettext("%(value)s hu") % {"value": value}
    if kind == "tai":
        return gettext("%(value)s tai") % {"value": value}
    return str(value)


def dealer_sum(figure: int, extra: int, continuations: int, dealer_word: str) -> str:
    """The figure a table gave and what the app adds for the winning dealer, as a sum: '6 + 連2 5 = 11'
    (taiwan.md: 2n+1 on 連n), '6 + Dealer 1 = 7' on a first deal."""
    streak = gettext("連%(n)s") % {"n": continuations} if continuations else dealer_word
    return gettext("%(figure)s + %(streak)s %(extra)s = %(total)s") % {
        "figure": figure, "streak": streak, "extra": extra, "total": figure + extra}
