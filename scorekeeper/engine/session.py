"""Reading a `settle` session (rules/README.md, "`settle`"): its own fields, and the checks of a field that
its hands' readers (entries.py) share.

The session's own fields are read once (`read_session`); each hand is read as the replay reaches it
(entries.read_entry), so the first bad hand is the one reported.

Decisions where the pages are silent:
- `dealer` defaults to 0, `stakes`/`options`/`hands` to empty; unknown fields of the
  session or of a hand are refused (`bad_field`): a mistyped name would otherwise be
  ignored and the money settled wrong.
- Two players may share a name: seats, not names, identify them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BAD_FIELD, EngineError

SEATS = 4
SESSION_FIELDS = frozenset({"ruleset", "stakes", "options", "players", "dealer", "hands", "pay_as_you_go"})


class SessionError(EngineError):
    """A bad session: the answer also names the hand (0-based) when one is at fault, and the contract's
    message starts "hand 3: " (1-based, for players); the template and facts stay the hand's own, so the
    app can number the hand as its screens do."""

    def __init__(self, code: str, template: str, hand: int | None = None, /, **facts: Any) -> None:
        super().__init__(code, template, **facts)
        self.hand = hand
        if hand is not None:
            self.message = f"hand {hand + 1}: {self.message}"
            self.args = (self.message,)


def at_hand(index: int, error: EngineError) -> SessionError:
    """The error as the session's answer: 'hand 3: ...' (1-based for players), index 2 for the app."""
    return SessionError(error.code, error.template, index, **error.facts)

@dataclass(frozen=True)
class Session:
    ruleset: object  # checked against the payoffs by the caller
    players: tuple[str, ...]
    dealer: int
    stakes: Mapping[str, Any]
    options: Mapping[str, Any]
    hands: tuple[Any, ...]  # raw hands, read one at a time by `read_entry`
    pay_as_you_go: bool = False  # rules/README.md: each hand's transfers were paid at the table


def read_session(data: Any) -> Session:
    """The session's own fields; the ruleset key is checked by the caller."""
    if not isinstance(data, Mapping):
        raise SessionError(BAD_FIELD, "a session must be a JSON object with ruleset, players and hands")
    refuse_unknown(data, SESSION_FIELDS, "the session")
    return Session(
        ruleset=data.get("ruleset"),
        players=_players(data.get("players")),
        dealer=read_seat(data.get("dealer", 0), "'dealer' (the first dealer's seat)"),
        stakes=_mapping(data.get("stakes"), "stakes"),
        options=_mapping(data.get("options"), "options"),
        hands=tuple(_list(data.get("hands"), "hands")),
        pay_as_you_go=_flag(data.get("pay_as_you_go", False), "'pay_as_you_go'"),
    )

def _players(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != SEATS:
        raise SessionError(BAD_FIELD, "'players' must list exactly 4 names, in seat order E, S, W, N")
    for seat, name in enumerate(value):
        if not isinstance(name, str) or not name.strip():
            raise SessionError(
                BAD_FIELD,
                "player {number}'s name is {name!r}: each name is non-empty text",
                number=seat + 1, name=name,
            )
    return tuple(value)


def read_seat(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise SessionError(
            BAD_FIELD,
            "{what} is {value!r}: a seat is 0, 1, 2 or 3 (the players' order)",
            what=what, value=value,
        )
    return value


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise SessionError(
            BAD_FIELD,
            "{what} is {value!r}: it is true (each hand paid at the table) or false (a tab settled at the end)",
            what=what, value=value,
        )
    return value


def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise SessionError(
            BAD_FIELD,
            "{what!r} must be an object of names and values",
            what=what,
        )
    return value


def _list(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise SessionError(
            BAD_FIELD,
            "{what!r} must be a list",
            what=what,
        )
    return value


def refuse_unknown(data: Mapping[str, Any], known: frozenset[str], where: str) -> None:
    if data.keys() <= known:
        return
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise SessionError(
            BAD_FIELD,
            "unknown field {unknown!r} in {where}: its fields are {choices}",
            unknown=unknown[0], where=where, choices=', '.join(sorted(known)),
        )
