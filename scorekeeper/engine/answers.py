"""The engine's answers as values: a hand's score, a session's settlement, each hand's result, a refusal.

Each is a small frozen dataclass whose JSON form round-trips: `to_json()` is exactly the answer the
contract gives (rules/README.md; the command line prints it), `from_json()` reads it back (the app's
replay snapshots and backups keep that JSON). The app reads attributes, so mypy sees a change of shape.
The key order of `to_json()` is the contract's, which the command line prints byte for byte.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

JSON = dict[str, Any]
# A JSON object of the contract's input, as the command line reads it: a hand to `score`, a session to `settle`
# or one of its entries. Its keys depend on the ruleset (a win's figure is its `fan`, `faan`, `points`, ...), so
# it stays a JSON object, read and checked by the engine (hand.py, session.py, entries.py); the answers above are typed.
Fields = dict[str, Any]


@dataclass(frozen=True, slots=True)
class PatternLine:
    """One counted element of a score: the pattern's key, its names, its value (times `count`): a number
    of the ruleset's unit, or a double's factor as text ('x2', as fujian.md and hk-old.md write it)."""

    key: str
    name: str
    name_zh: str
    value: int | str
    count: int = 1

    def to_json(self) -> JSON:
        out: JSON = {"key": self.key, "name": self.name, "name_zh": self.name_zh, "value": self.value}
        if self.count > 1:
            out["count"] = self.count
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PatternLine:
        return cls(data["key"], data["name"], data["name_zh"], data["value"], data.get("count", 1))


@dataclass(frozen=True, slots=True)
class HandScore:
    """`score`'s answer for one hand: the total in the ruleset's unit, the patterns that make it, whether a
    limit decided it, the sets scored, and the ruleset's own parts of the total (`details`: taizhou's hu and
    tai, hk-old's base points and doubles, hk-faan's faan before the limit), in the answer's order."""

    ruleset: str
    total: int
    unit: str
    patterns: tuple[PatternLine, ...]
    limit: bool = False
    sets: tuple[str, ...] = ()
    details: tuple[tuple[str, int], ...] = ()
    ok: ClassVar[bool] = True

    def detail(self, name: str) -> int | None:
        return dict(self.details).get(name)

    def to_json(self) -> JSON:
        out: JSON = {"ok": True, "ruleset": self.ruleset, "total": self.total, "unit": self.unit,
                     "patterns": [p.to_json() for p in self.patterns], "limit": self.limit}
        out.update(self.details)
        out["sets"] = list(self.sets)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandScore:
        details = tuple((k, v) for k, v in data.items() if k not in _SCORE_KEYS)
        return cls(data["ruleset"], data["total"], data["unit"],
                   tuple(PatternLine.from_json(p) for p in data["patterns"]), data["limit"],
                   tuple(data.get("sets", ())), details)


_SCORE_KEYS = frozenset({"ok", "ruleset", "total", "unit", "patterns", "limit", "sets"})


@dataclass(frozen=True, slots=True)
class Refusal:
    """An answer `ok: false`: the contract's code and message; for the app, the message's template and its
    facts (to say it in the reader's words) and, in a session, the hand at fault (0-based)."""

    code: str
    message: str
    template: str = ""
    facts: Mapping[str, Any] = field(default_factory=dict)
    hand: int | None = None
    ok: ClassVar[bool] = False

    def error(self) -> JSON:
        out: JSON = {"code": self.code, "message": self.message, "template": self.template, "facts": self.facts}
        if self.hand is not None:
            out["hand"] = self.hand
        return out

    def to_json(self) -> JSON:
        return {"ok": False, "error": self.error()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Refusal:
        error = data.get("error") or {}
        return cls(error.get("code", ""), error.get("message", ""), error.get("template", ""),
                   error.get("facts") or {}, error.get("hand"))


@dataclass(frozen=True, slots=True)
class PaymentRow:
    """Money one player pays another, as exact decimal text; `exact`, where the table's coin rounded it,
    the amount it was rounded from."""

    payer: int
    payee: int
    amount: str
    exact: str | None = None

    def to_json(self) -> JSON:
        out: JSON = {"from": self.payer, "to": self.payee, "amount": self.amount}
        if self.exact is not None:
            out["exact"] = self.exact
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PaymentRow:
        return cls(data["from"], data["to"], data["amount"], data.get("exact"))


def payment_rows(data: Sequence[Mapping[str, Any]]) -> tuple[PaymentRow, ...]:
    return tuple(PaymentRow.from_json(row) for row in data)


@dataclass(frozen=True, slots=True)
class Deal:
    """The deal of a hand: the dealer's seat, the streak in the ruleset's meaning, the round, the winds."""

    dealer: int
    dealer_streak: int
    round_wind: str
    round: int
    hand_in_round: int
    seat_winds: tuple[str, ...]

    def to_json(self) -> JSON:
        return {"dealer": self.dealer, "dealer_streak": self.dealer_streak, "round_wind": self.round_wind,
                "round": self.round, "hand_in_round": self.hand_in_round, "seat_winds": list(self.seat_winds)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Deal:
        return cls(data["dealer"], data["dealer_streak"], data["round_wind"], data["round"], data["hand_in_round"],
                   tuple(data["seat_winds"]))


SEVERAL_WINS = "several_wins"  # the kind of a hand of several wins on one discard


@dataclass(frozen=True, slots=True)
class WinnerResult:
    """One of several winners on one discard (一炮多響, rules/README.md, ruling 2026-11-28): the seat, what the
    discarder owes it for this hand (exact decimal text, before any 拉 chain or coin), whether its win carries
    the 拉 chain (taiwan.md: the others are paid at once), and its score where the win was given by tiles."""

    winner: int
    paid: str
    carries_chain: bool = False
    score: HandScore | None = None

    def to_json(self) -> JSON:
        out: JSON = {"winner": self.winner, "paid": self.paid, "carries_chain": self.carries_chain}
        if self.score is not None:
            out["score"] = self.score.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> WinnerResult:
        score = data.get("score")
        return cls(data["winner"], data["paid"], bool(data.get("carries_chain")),
                   None if score is None else HandScore.from_json(score))


def several_winners(kind: str, payments: Sequence[PaymentRow], tracked: Sequence[PaymentRow],
                    listed: Sequence[Mapping[str, Any]] | None = None) -> tuple[WinnerResult, ...]:
    """The winners of several wins on one discard (kind `several_wins`) as the JSON says them: its `winners`
    (each winner's payment, whether it carries the chain, and its score from tiles), or, from JSON without them,
    each `payments` row one winner's, the carrier the one the `tracked` debts are owed to (a winner paid nothing is
    then left out and a chain owed nothing is carried by nobody: the money is the same)."""
    if kind != SEVERAL_WINS:
        return ()
    if listed is not None:
        return tuple(WinnerResult.from_json(winner) for winner in listed)
    holders = {row.payee for row in tracked}
    return tuple(WinnerResult(row.payee, row.amount, row.payee in holders) for row in payments)


@dataclass(frozen=True, slots=True)
class HandResult:
    """What one entry of a session did (settlement.py's module docstring): its deal, its kind, the money,
    the running balances, and for a win its scores and its figure where the ruleset answers one (`figure`:
    the field and value, hk-faan's `faan`). Several wins on one discard (kind `several_wins`) have no `score`:
    each winner's payment, chain and score are in `winners` (the JSON's `winners`, a field the contract's answer
    gains only on such a hand: rules/README.md asks that the answer say who carries the chain and what each winner
    was paid, which `payments` and `tracked` say too, but not a winner's score from tiles)."""

    deal: Deal
    kind: str
    payments: tuple[PaymentRow, ...] = ()
    transfers: tuple[PaymentRow, ...] = ()
    tracked: tuple[PaymentRow, ...] = ()
    balances: tuple[str, ...] = ()
    score: HandScore | None = None
    loser_scores: tuple[HandScore | None, ...] | None = None
    figure: tuple[str, int] | None = None
    winners: tuple[WinnerResult, ...] = ()

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def dealer_streak(self) -> int:
        return self.deal.dealer_streak

    @property
    def round_wind(self) -> str:
        return self.deal.round_wind

    @property
    def seat_winds(self) -> tuple[str, ...]:
        return self.deal.seat_winds

    def to_json(self) -> JSON:
        out = self.deal.to_json()
        out.update(kind=self.kind, payments=[p.to_json() for p in self.payments],
                   transfers=[p.to_json() for p in self.transfers], tracked=[p.to_json() for p in self.tracked],
                   balances=list(self.balances))
        if self.score is not None:
            out["score"] = self.score.to_json()
        if self.loser_scores is not None:
            out["loser_scores"] = [None if s is None else s.to_json() for s in self.loser_scores]
        if self.figure is not None:
            out[self.figure[0]] = self.figure[1]
        if self.winners:
            out["winners"] = [winner.to_json() for winner in self.winners]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandResult:
        score, losers = data.get("score"), data.get("loser_scores")
        figures = [(k, v) for k, v in data.items() if k not in _HAND_KEYS]
        payments, tracked = payment_rows(data["payments"]), payment_rows(data.get("tracked", ()))
        return cls(Deal.from_json(data), data["kind"], payments,
                   payment_rows(data["transfers"]), tracked,
                   tuple(data["balances"]), None if score is None else HandScore.from_json(score),
                   None if losers is None else tuple(None if s is None else HandScore.from_json(s) for s in losers),
                   figures[0] if figures else None,
                   several_winners(data["kind"], payments, tracked, data.get("winners")))


_HAND_KEYS = frozenset({"dealer", "dealer_streak", "round_wind", "round", "hand_in_round", "seat_winds", "kind",
                        "payments", "transfers", "tracked", "balances", "score", "loser_scores", "winners"})


@dataclass(frozen=True, slots=True)
class Settlement:
    """`settle`'s answer: each entry's result, each player's net (`balances`), the tab's last payments
    (`closing`), what is still to pay (`owed`), the fewest payments that clear it (`settle_up`), and the
    deal of the hand to come (`next`)."""

    ruleset: str
    hands: Sequence[HandResult]
    balances: tuple[str, ...]
    owed: tuple[str, ...]
    closing: tuple[PaymentRow, ...]
    settle_up: tuple[PaymentRow, ...]
    next: Deal
    ok: ClassVar[bool] = True

    def to_json(self) -> JSON:
        return {"ok": True, "ruleset": self.ruleset, "hands": [h.to_json() for h in self.hands],
                "balances": list(self.balances), "owed": list(self.owed),
                "closing": [p.to_json() for p in self.closing], "settle_up": [p.to_json() for p in self.settle_up],
                "next": self.next.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settlement:
        return cls(data["ruleset"], tuple(HandResult.from_json(h) for h in data["hands"]), tuple(data["balances"]),
                   tuple(data["owed"]), payment_rows(data["closing"]), payment_rows(data["settle_up"]),
                   Deal.from_json(data["next"]))


ScoreAnswer = HandScore | Refusal
SettleAnswer = Settlement | Refusal
