"""Quick entry's on-the-spot lines (F2 x2, G3, S chase 1, S failed_peng 1 to 3, S dice_123): the kind, whose it
is, how many and to whom, each checked against what the ruleset's on-the-spot form asks."""
from __future__ import annotations

import re

from django.utils.translation import gettext as _

from ..display.rulesets import SPOT_KINDS, Profile
from ..models import Hand
from .quick_line import NUMBER, LineError, ParsedLine, seat_number

# A letter stands for the first of its kinds the ruleset has: F is taiwan's flowers, hk-faan's false win.
SHORT_SPOTS = {"f": ("flower", "false_win"), "g": ("grass",)}
SPOT_HEAD = re.compile(r"[fg]\d*|s|spot")


def parse_spot(line: ParsedLine, head: str, tokens: list[str], profile: Profile) -> None:
    line.kind = str(Hand.Kind.SPOT)
    kinds = profile.spot_kinds
    line.spot_kind = _spot_kind(head, tokens, kinds)
    needs = kinds[line.spot_kind][2]
    what = next((letter.upper() for letter, short in SHORT_SPOTS.items()
                 if _short_kind(short, kinds) == line.spot_kind), f"S {line.spot_kind}")
    while tokens:
        _read_spot_token(line, tokens.pop(0), tokens, needs, what)
    _check_spot_player(line, needs, what)
    if needs == "count":
        line.spot_count = line.spot_count or 1
    _check_spot_to(line, needs, what)


def _short_kind(short: tuple[str, ...], kinds: dict[str, tuple[str, str, str]]) -> str:
    return next((kind for kind in short if kind in kinds), "")


def _spot_kind(head: str, tokens: list[str], kinds: dict[str, tuple[str, str, str]]) -> str:
    if head[0] in SHORT_SPOTS:
        kind = _short_kind(SHORT_SPOTS[head[0]], kinds)
        if not kind:
            raise LineError(_("%(head)s is no on-the-spot payment here: one of %(kinds)s")
                            % {"head": head[0].upper(), "kinds": ", ".join(kinds)})
        if len(head) > 1:  # F2: the seat written on the letter
            tokens.insert(0, head[1:])
        return kind
    if not tokens:
        raise LineError(_("S needs the kind of payment, e.g. S chase 1: one of %(kinds)s")
                        % {"kinds": ", ".join(kinds)})
    kind = tokens.pop(0).replace("-", "_")
    if kind not in kinds:
        raise LineError(_("%(kind)s is not an on-the-spot payment: one of %(kinds)s")
                        % {"kind": repr(kind), "kinds": ", ".join(kinds)})
    return kind


def _read_spot_token(line: ParsedLine, token: str, tokens: list[str], needs: str, what: str) -> None:
    if token[0] in "x×*" and NUMBER.fullmatch(token[1:]):
        if needs != "count":  # as the on-the-spot form: only flowers and grass are counted
            raise LineError(_("%(token)s: only flowers and grass take a count") % {"token": token})
        line.spot_count = int(token[1:])
        if not 1 <= line.spot_count <= 8:
            raise LineError(_("%(token)s: the count is from 1 to 8") % {"token": f"x{line.spot_count}"})
    elif token == "to" or (token[0] == "t" and NUMBER.fullmatch(token[1:])):
        target = tokens.pop(0) if token == "to" and tokens else token[1:]
        line.spot_to = seat_number(target, _("to (the discarder)"), "to 3")
    elif NUMBER.fullmatch(token) and line.spot_player is None:
        line.spot_player = seat_number(token, what, _spot_example(line.spot_kind))
    else:
        raise LineError(_("%(token)s is not part of %(what)s: e.g. %(example)s")
                        % {"token": repr(token), "what": what, "example": _spot_example(line.spot_kind)})


def _check_spot_player(line: ParsedLine, needs: str, what: str) -> None:
    if needs == "dealer":
        if line.spot_player is not None:
            raise LineError(_("the dice are the dealer's: write %(what)s without a seat") % {"what": what})
    elif line.spot_player is None:
        raise LineError(_("whose is it? Add the seat: %(example)s") % {"example": _spot_example(line.spot_kind)})


def _check_spot_to(line: ParsedLine, needs: str, what: str) -> None:
    if needs != "to":
        if line.spot_to is not None:
            raise LineError(_("%(what)s is paid between the player and each other: leave out 'to'") % {"what": what})
        return
    if line.spot_to is None:
        raise LineError(_("who discarded? %(example)s") % {"example": _spot_example(line.spot_kind)})
    if line.spot_to == line.spot_player:
        raise LineError(_("seat %(seat)s cannot pay themselves: 'to' is the discarder") % {"seat": line.spot_to + 1})


def _spot_example(kind: str) -> str:
    needs = SPOT_KINDS[kind][2]
    if kind in ("flower", "grass"):
        return f"{kind[0].upper()}2 x2"
    if kind == "false_win":
        return "F2"
    if needs == "dealer":
        return f"S {kind}"
    return f"S {kind} 1" + (" to 3" if needs == "to" else "")
