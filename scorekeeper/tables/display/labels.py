"""The one table of the words units and pattern kinds are shown with (issue 36).

A ruleset's unit (`fan`, `faan`, `points`) and its patterns' kinds (taizhou's `hu` and `tai`, the rules page's
groups) are the engine's data; what they are called is the app's, here and nowhere else: the app never branches
on a unit's or a kind's name. A unit or a kind this table does not know (a new ruleset's) reads as the engine
names it ('8 mon'), so a new ruleset shows on every screen before anyone writes its words here.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from scorekeeper.engine import Ruleset


@dataclass(frozen=True)
class UnitWords:
    """A unit's words: its name ('fan'), a figure of it ('%(figure)s fan'), and how to type one, with and without
    the largest figure the form takes ('… at most %(most)s')."""

    name: Promise
    figure: Promise
    type_it: Promise
    type_it_at_most: Promise


UNITS = {
    "fan": UnitWords(gettext_lazy("fan"), gettext_lazy("%(figure)s fan"),
                     gettext_lazy("Enter the fan as a whole number, like 8."),
                     gettext_lazy("Enter the fan as a whole number, like 8, at most %(most)s.")),
    "points": UnitWords(gettext_lazy("points"), gettext_lazy("%(figure)s points"),
                        gettext_lazy("Enter the points as a whole number, like 8."),
                        gettext_lazy("Enter the points as a whole number, like 8, at most %(most)s.")),
    # hk-faan: a figure from its minimum to its limit, never near the form's largest
    "faan": UnitWords(gettext_lazy("faan"), gettext_lazy("%(count)s faan"),
                      gettext_lazy("Enter the faan as a whole number, like 5."),
                      gettext_lazy("Enter the faan as a whole number, like 5.")),
}

# A pattern's value by its kind, where a ruleset counts in two units (taizhou.md: '2 hu', '1 tai').
KIND_VALUES = {"hu": gettext_lazy("%(value)s hu"), "tai": gettext_lazy("%(value)s tai")}

# The rules page's group of patterns by their kind (a kind of plain value is grouped by the ruleset's unit).
KIND_TITLES = {
    "dealer": gettext_lazy("Dealer"), "flower": gettext_lazy("Flowers"), "chicken": gettext_lazy("Chicken hand"),
    "double": gettext_lazy("Doubles"), "limit": gettext_lazy("Limit hands"),
    "hu": gettext_lazy("Hu (胡): the set count"), "tai": gettext_lazy("Tai (台): each doubles the hu"),
    "special": gettext_lazy("Special bonuses"), "fan": gettext_lazy("Fan"), "points": gettext_lazy("Points"),
    "faan": gettext_lazy("Faan"),
}
PLAIN_KIND = "points"  # the kind of a pattern worth a plain value of the ruleset's unit (patterns.py's default)

# The figures a win is entered in (the payoffs' `figures`) that are not the ruleset's unit: taiwan's fan before
# the dealer's bonus is counted in fan.
FIGURE_UNITS = {"pattern_fan": "fan"}
FIGURE_WORDS = {"pattern_fan": gettext_lazy("%(figure)s fan before dealer bonus")}

# The ways a win's figure is given (the payoffs' `figures`), as the form labels them; a figure without a label here
# is labelled by its own name ('Mon').
FIGURE_LABELS = {"fan": gettext_lazy("Fan, dealer bonus included"),
                 "pattern_fan": gettext_lazy("Fan of the hand (the app adds the dealer's bonus)"),
                 "points": gettext_lazy("Points"), "faan": gettext_lazy("Faan")}
# The figure a table says first: the hand's own, the app adding what the dealer's streak is worth.
FIGURE_ORDER = ("pattern_fan", "fan", "points", "faan")

# The CSV's words (English, as its column names) for a figure that is not the ruleset's unit.
CSV_FIGURE_WORDS = {"pattern_fan": "fan before dealer bonus"}

SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def unit_name(unit: str) -> str:
    words = UNITS.get(unit)
    return str(words.name) if words else unit


def figure_words(figure: int | str, unit: str) -> str:
    """'8 fan', '8 faan', '8 points', in the reader's language; '8 mon' for a unit without words here."""
    words = UNITS.get(unit)
    if words is None:
        return f"{figure} {unit}"
    return str(words.figure) % {"figure": figure, "count": figure}


def typing_help(unit: str, *, most: str | None) -> str:
    """How to type a figure of this unit, with the largest the form takes when the typing was digits."""
    words = UNITS.get(unit)
    if words is None:
        text = gettext("Enter a whole number, like 8.") if most is None else \
            gettext("Enter a whole number, like 8, at most %(most)s.")
        return text % {"most": most}
    return str(words.type_it if most is None else words.type_it_at_most) % {"most": most}


@dataclass(frozen=True)
class UnitSaid:
    """A unit's words in the reader's language, as one check says them: its name ('fan') and how to type a
    figure of it."""

    name: str
    typing_help: str


def unit_said(unit: str, *, most: str | None) -> UnitSaid:
    """The unit's words for one check, read at once (`most`: as `typing_help` takes it)."""
    return UnitSaid(unit_name(unit), typing_help(unit, most=most))


def figure_fields(figures: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The ways to give a figure with their labels, the one a table says first (the default) first."""
    names = sorted(figures, key=lambda name: FIGURE_ORDER.index(name) if name in FIGURE_ORDER else len(FIGURE_ORDER))
    return tuple((name, str(FIGURE_LABELS.get(name, name.replace("_", " ").capitalize()))) for name in names)


def figure_unit(figure_field: str, unit: str) -> str:
    """The unit a figure entered in `figure_field` counts, in a ruleset counting `unit`."""
    return FIGURE_UNITS.get(figure_field, unit)


def entered_figure_words(figure: int, figure_field: str, unit: str) -> str:
    """A figure as entered: '8 fan before dealer bonus' where the field says so, else '8 fan'."""
    words = FIGURE_WORDS.get(figure_field)
    return str(words) % {"figure": figure} if words else figure_words(figure, figure_unit(figure_field, unit))


def csv_figure_units(ruleset: Ruleset) -> dict[str, str]:
    """Each figure a win of the ruleset is entered in, by the unit the CSV names beside it."""
    return {field: CSV_FIGURE_WORDS.get(field, figure_unit(field, ruleset.unit)) for field in ruleset.payoff.figures}


def kind_value(value: int | str, kind: str) -> str:
    """A counted pattern's value, with its kind's unit where the ruleset counts in two ('2 hu', '1 tai')."""
    words = KIND_VALUES.get(kind)
    return str(words) % {"value": value} if words else str(value)


def kind_title(kind: str, unit: str) -> str:
    """The rules page's heading over the patterns of a kind."""
    shown = unit if kind == PLAIN_KIND else kind
    return str(KIND_TITLES.get(shown, shown.capitalize()))


def formula(details: dict[str, int]) -> str:
    """A score's parts as a table says the sum: '24 hu × 2³ = 192' (taizhou.md) for a score answered with hu
    and tai; '' for any other."""
    if "hu" not in details or "tai" not in details:
        return ""
    hu, tai = details["hu"], details["tai"]
    return gettext("%(hu)d hu × 2%(tai)s = %(raw)d") % {
        "hu": hu, "tai": str(tai).translate(SUPERSCRIPT), "raw": hu * 2 ** tai}
