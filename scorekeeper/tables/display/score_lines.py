"""How a score reads on the screens: taizhou's hu doubled per tai written out with its units.

Taizhou scores `hu × 2^tai`, capped at 100; a bare "100 points" would hide both the count and
the cap, so the screens write the sum as a table would say it, "24 hu × 2³ = 192", and each
pattern's value with its own unit (a hu count or a tai).
"""
from __future__ import annotations

from functools import cache

from django.utils.translation import gettext

from scorekeeper.engine import RULESET_KEYS, HandScore, PatternLine, get_ruleset

from . import labels


def score_formula(score: HandScore | None) -> str:
    """'24 hu × 2³ = 192' for a score whose parts the label table writes as a sum; '' for any other."""
    return labels.formula(dict(score.details)) if score else ""


@cache
def _pattern_kinds(ruleset: str) -> dict[str, str]:
    if ruleset not in RULESET_KEYS:
        return {}
    return {p.key: p.kind for p in get_ruleset(ruleset).patterns}


def pattern_value(pattern: PatternLine, ruleset: str) -> str:
    """A counted pattern's value, with its unit where the ruleset counts in two ('2 hu', '1 tai')."""
    return labels.kind_value(pattern.value, _pattern_kinds(ruleset).get(pattern.key, ""))


def dealer_sum(figure: int, extra: int, continuations: int, dealer_word: str) -> str:
    """The figure a table gave and what the app adds for the winning dealer, as a sum: '6 + 連2 5 = 11'
    (taiwan.md: 2n+1 on 連n), '6 + Dealer 1 = 7' on a first deal."""
    streak = gettext("連%(n)s") % {"n": continuations} if continuations else dealer_word
    return gettext("%(figure)s + %(streak)s %(extra)s = %(total)s") % {
        "figure": figure, "streak": streak, "extra": extra, "total": figure + extra}
