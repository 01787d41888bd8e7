"""The win entry's lengths: text too long to be tiles or a note, melds too many or unreadable. The live check
(check.py) asks this first, so the engine is never given such text."""
from __future__ import annotations

from django.utils.translation import gettext

from ..display.rulesets import Profile
from .win_fields import MAX_MELDS, MAX_NOTE, MAX_TILES_TEXT, MELD_KINDS, EnteredWin, TypedTiles


def length_errors(entry: EnteredWin, profile: Profile) -> dict[str, str]:
    """What in the entry is too long, or too many, to be read as tiles or kept as a note, by the field it is shown
    beside; empty when nothing is."""
    errors = {}
    if len(entry.note) > MAX_NOTE:
        errors["note"] = gettext("Keep the note to %(limit_value)d characters (it has %(show_value)d).") % {
            "limit_value": MAX_NOTE, "show_value": len(entry.note)}
    elif not entry.note_clean:
        errors["note"] = gettext("Use letters, digits, punctuation and emoji in a note: it has a control or "
                                 "invisible character.")
    for name, text in entry.texts:
        if len(text) > MAX_TILES_TEXT:
            errors["tiles"] = gettext("%(what)s is too long: at most %(most)d characters.") % {
                "what": _text_label(name, profile), "most": MAX_TILES_TEXT}
            return errors
    if problem := _meld_problem(entry.tiles):
        errors["tiles"] = problem
    for other in entry.others:  # 一炮多響: another winner's tiles, beside their row
        key = f"other_{other.number - 1}"
        if len(other.tiles.concealed) > MAX_TILES_TEXT or len(other.winning_tile) > MAX_TILES_TEXT:
            errors[key] = gettext("Too many tiles: at most %(most)d characters.") % {"most": MAX_TILES_TEXT}
        elif problem := _meld_problem(other.tiles):
            errors[key] = problem
    for seat, hand in entry.loser_tiles:
        if len(hand.concealed) > MAX_TILES_TEXT:
            errors[f"loser_{seat}"] = gettext("Too many tiles: at most %(most)d characters.") % {
                "most": MAX_TILES_TEXT}
        elif problem := _meld_problem(hand):
            errors[f"loser_{seat}"] = problem
    return errors


def _text_label(name: str, profile: Profile) -> str:
    """A tile field's name, as a sentence starts with it."""
    if name == "hand":
        return gettext("The hand")
    if name == "winning":
        return gettext("The winning tile")
    if name == "bonus":
        return gettext("The bonus tiles")
    return gettext("The %(wild)s") % {"wild": (profile.wild_label or gettext("wild")).lower()}


def _meld_problem(hand: TypedTiles) -> str:
    if len(hand.melds) > MAX_MELDS:
        return gettext("Too many melds: a hand has at most %(most)d.") % {"most": MAX_MELDS}
    for kind, tiles in hand.meld_pairs():
        if kind not in MELD_KINDS or len(tiles) > MAX_TILES_TEXT:
            return gettext("A meld could not be read: take it out and add it again with the keypad.")
    return ""
