"""Quick entry: a session's hands as plain text, one hand per line, for fast entry and for
going through a disputed session line by line (help: templates/tables/help_quick_entry.html).

Seats are numbered 1 to 4 in the session's seat order: 1 East, 2 South, 3 West, 4 North,
as the players were entered when the session began (taiwan's seat winds move with the
deal; these numbers do not). Letters may be upper or lower case.

    W2 d3 8            seat 2 wins 8 (the ruleset's figure: fan or points) on seat 3's discard
    W2 d3 8 + W4 5     taiwan, house option several_winners (一炮多響): seats 2 and 4 both win on seat 3's
                       discard, 8 and 5; a third + W... for a third winner (the + may be left out)
    W2 s 8   W2 8      seat 2 wins 8, self-drawn
    D                  a draw
    W2 d3 70 r1        zung-jung: seat 1, not the discarder, is responsible (r- for no one)
    W2 d3 44 L 6 - 24 0   taizhou: the losers' points in seat order, - for the winner
    F2 x2   G3         taiwan: flowers (grass) for seat 2, two of them (x1 when left out)
    F2                 hk-faan: seat 2's false win (詐糊): F is the ruleset's first kind of these
    W2 d3 5 r3  W2 8 r3   hk-faan: 包, the discarder on a discard, anyone on a self-draw
    S chase 1          taiwan: any on-the-spot kind, then the seat; S failed_peng 1 to 3;
                       the dice are the dealer's: S dice_123, no seat
    # a comment        blank lines and anything after # are ignored

Every line is read, and then the whole session is replayed by the engine with them, before
anything is saved (services.quick_entry saves them: all in one transaction, or none). A line as read and the
seat numbers are in entry/quick_line.py, the on-the-spot lines in entry/quick_spots.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from ..display import labels, names
from ..display.refusals import replay_error, replay_refusal
from ..display.rulesets import Profile, get_profile
from ..hand_input import HandInput
from ..models import SEATS, Hand, Session
from ..replay import ReplayDelta, ReplayState, replay_appended, with_dice_players
from .check import MAX_FIGURE
from .quick_line import NUMBER, LineError, ParsedLine, seat_number
from .quick_spots import SPOT_HEAD, parse_spot

DISCARDER = re.compile(r"d\d+")
RESPONSIBLE = re.compile(r"r(\d+|-)")
ANOTHER_WINNER = re.compile(r"w\d*")  # after a win's head: another winner on the same discard
SEVERAL_EXAMPLE = "W2 d3 8 + W4 5"


def parse_quick_entry(text: str, *, ruleset: str) -> list[ParsedLine]:
    """Every hand line of `text`, each parsed or carrying its error ('line 3: ...')."""
    profile = get_profile(ruleset)
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        line = ParsedLine(number, body)
        try:
            _parse(line, body.lower().replace("+", " + ").split(), profile)
        except LineError as error:
            line.kind, line.error = "", _("line %(number)s: %(error)s") % {"number": number, "error": error}
        lines.append(line)
    return lines


def _parse(line: ParsedLine, tokens: list[str], profile: Profile) -> None:
    head = tokens[0]
    if head in ("d", "draw"):
        if len(tokens) > 1:
            raise LineError(_("a draw is D alone, but this line goes on with %(rest)s")
                            % {"rest": repr(" ".join(tokens[1:]))})
        line.kind = str(Hand.Kind.DRAW)
    elif head[0] == "w":
        _parse_win(line, head, tokens[1:], profile)
    elif SPOT_HEAD.fullmatch(head):
        if not profile.ruleset.payoff.has_spots:
            raise LineError(_("%(ruleset)s has no on-the-spot payments") % {"ruleset": _ruleset(profile)})
        parse_spot(line, head, tokens[1:], profile)
    else:
        if profile.ruleset.payoff.has_spots:
            raise LineError(_("%(head)s starts no hand: a line starts with W (a win, e.g. W2 d3 8) or D (a draw), "
                              "or F, G or S (on the spot)") % {"head": repr(head)})
        raise LineError(_("%(head)s starts no hand: a line starts with W (a win, e.g. W2 d3 8) or D (a draw)")
                        % {"head": repr(head)})


def _ruleset(profile: Profile) -> str:
    """The ruleset's name in the reader's language."""
    return names.local_name(profile.ruleset)


def _parse_win(line: ParsedLine, head: str, tokens: list[str], profile: Profile) -> None:
    line.kind = str(Hand.Kind.WIN)
    line.winner = seat_number(head[1:] if len(head) > 1 else (tokens.pop(0) if tokens else ""), _("W (the winner)"),
                              "W2")
    unit = labels.unit_name(profile.ruleset.unit)
    said: dict[str, str] = {}  # how it was won ("how") and who is responsible ("responsible"), as written
    others = _other_winners(tokens)
    while tokens:
        _read_win_token(line, tokens.pop(0), tokens, said, unit, profile)
    for other_head, other_tokens in others:
        _read_other_win(line, other_head, other_tokens, said, unit, profile)
    if line.other_wins:
        _check_several(line)
    if line.discarder == line.winner:
        raise LineError(_("seat %(seat)s cannot win on their own discard") % {"seat": line.winner + 1})
    if line.figure is None:
        raise LineError(_("how many %(unit)s? Add the figure, e.g. %(example)s")
                        % {"unit": unit, "example": f"W{line.winner + 1} d3 8"})
    line.figure_field = profile.ruleset.payoff.figures[0]
    line.responsible = _responsible(said.get("responsible"), line, profile)
    if profile.ruleset.payoff.loser_points and line.loser_points is None:
        raise LineError(_("%(ruleset)s needs each loser's points: add L and four entries in seat order, - for the "
                          "winner, e.g. %(example)s") % {"ruleset": _ruleset(profile),
                                                         "example": _loser_points_example(line.winner)})


def _other_winners(tokens: list[str]) -> list[tuple[str, list[str]]]:
    """The other winners on the same discard (W2 d3 8 + W4 5), taken off the end of `tokens`: each its head
    (W4) and its own tokens; a + between them is only for the eye."""
    starts = [i for i, token in enumerate(tokens) if ANOTHER_WINNER.fullmatch(token) or token == "+"]
    if not starts:
        return []
    rest = tokens[starts[0]:]
    del tokens[starts[0]:]
    others: list[tuple[str, list[str]]] = []
    for token in rest:
        if token == "+":
            continue
        if ANOTHER_WINNER.fullmatch(token) or not others:
            others.append((token, []))
        else:
            others[-1][1].append(token)
    return others


def _read_other_win(line: ParsedLine, head: str, tokens: list[str], said: dict[str, str], unit: str,
                    profile: Profile) -> None:
    """Another winner on the same discard: its seat and its figure (the discarder may be written here too)."""
    if not ANOTHER_WINNER.fullmatch(head):
        raise LineError(_("after + comes another winner on the same discard, e.g. %(example)s")
                        % {"example": SEVERAL_EXAMPLE})
    seat = seat_number(head[1:] if len(head) > 1 else (tokens.pop(0) if tokens else ""), _("W (the winner)"), "W4")
    figure = None
    for token in tokens:
        if DISCARDER.fullmatch(token):
            _say_once(said, "how", token, _("%(first)s and %(second)s both say how the hand was won: give one"))
            line.discarder = seat_number(token[1:], _("d (the discarder)"), "d3")
        elif NUMBER.fullmatch(token) and figure is None:
            figure = _figure(token, unit)
        else:
            raise LineError(_("%(token)s is not part of another winner's win: W4 5 is seat 4 winning 5 %(unit)s "
                              "on the same discard, e.g. %(example)s")
                            % {"token": repr(token), "unit": unit, "example": SEVERAL_EXAMPLE})
    if figure is None:
        raise LineError(_("how many %(unit)s did seat %(seat)s win? Add the figure, e.g. %(example)s")
                        % {"unit": unit, "seat": seat + 1, "example": SEVERAL_EXAMPLE})
    line.other_wins.append((seat, figure))


def _check_several(line: ParsedLine) -> None:
    """rules/README.md: several winners on one discarded tile, each winning once, none the discarder."""
    if line.discarder is None:
        raise LineError(_("several winners win on one discard: say whose, e.g. %(example)s")
                        % {"example": SEVERAL_EXAMPLE})
    seats = [line.winner, *(seat for seat, _figure in line.other_wins)]
    for seat in seats:
        assert seat is not None
        if seats.count(seat) > 1:
            raise LineError(_("seat %(seat)s is named twice as a winner: each player wins once on a discard")
                            % {"seat": seat + 1})
        if seat == line.discarder:
            raise LineError(_("seat %(seat)s cannot win on their own discard") % {"seat": seat + 1})


def _read_win_token(line: ParsedLine, token: str, tokens: list[str], said: dict[str, str], unit: str,
                    profile: Profile) -> None:
    assert line.winner is not None  # _parse_win read it first
    if token == "s" or DISCARDER.fullmatch(token):
        _say_once(said, "how", token, _("%(first)s and %(second)s both say how the hand was won: give one"))
        line.discarder = None if token == "s" else seat_number(token[1:], _("d (the discarder)"), "d3")
    elif NUMBER.fullmatch(token):
        _read_figure(line, token, unit)
    elif RESPONSIBLE.fullmatch(token):
        _say_once(said, "responsible", token, _("%(first)s and %(second)s both say who is responsible: give one"))
    elif token == "l":
        line.loser_points = _loser_points(tokens, line.winner, profile)
    else:
        raise LineError(_("%(token)s is not part of a win: W2 d3 8 is seat 2 winning 8 %(unit)s "
                          "on seat 3's discard") % {"token": repr(token), "unit": unit})


def _say_once(said: dict[str, str], what: str, token: str, twice: str) -> None:
    if what in said:
        raise LineError(twice % {"first": said[what], "second": token})
    said[what] = token


def _read_figure(line: ParsedLine, token: str, unit: str) -> None:
    if line.figure is not None:
        raise LineError(_("two figures, %(first)s and %(second)s: give the %(unit)s once")
                        % {"first": line.figure, "second": token, "unit": unit})
    line.figure = _figure(token, unit)


def _figure(token: str, unit: str) -> int:
    figure = int(token)
    if figure > MAX_FIGURE:
        raise LineError(_("%(figure)s %(unit)s is more than any hand scores (at most %(most)s)")
                        % {"figure": figure, "unit": unit, "most": f"{MAX_FIGURE:,}"})
    return figure


def _responsible(token: str | None, line: ParsedLine, profile: Profile) -> int | None:
    """zung-jung.md: the discarder unless the line says otherwise; taizhou.md: no one unless named."""
    if token is None:
        return line.discarder if profile.ruleset.responsible == "discarder" else None
    if not profile.ruleset.responsible:
        raise LineError(_("%(ruleset)s has no responsible player: leave out %(token)s")
                        % {"ruleset": _ruleset(profile), "token": token})
    if line.discarder is None and not profile.ruleset.responsible_self_draw:
        raise LineError(_("a self-drawn win has no responsible player: leave out %(token)s") % {"token": token})
    if token == "r-":
        return None
    seat = seat_number(token[1:], _("r (the responsible player)"), "r1")
    if seat == line.winner:
        raise LineError(_("seat %(seat)s won: the winner cannot be the responsible player") % {"seat": seat + 1})
    return seat


def _loser_points(tokens: list[str], winner: int, profile: Profile) -> list[int | None]:
    if not profile.ruleset.payoff.loser_points:
        raise LineError(_("%(ruleset)s scores no loser's hand: leave out the loser points (L)")
                        % {"ruleset": _ruleset(profile)})
    entries = tokens[:len(SEATS)]
    del tokens[:len(SEATS)]
    if len(entries) < len(SEATS) or not all(e == "-" or NUMBER.fullmatch(e) for e in entries):
        raise LineError(_("L takes four entries in seat order, - for the winner, e.g. %(example)s")
                        % {"example": _loser_points_example(winner)})
    points: list[int | None] = []
    for seat, entry in enumerate(entries):
        if (entry == "-") != (seat == winner):
            raise LineError(_("seat %(seat)s won: L's entry %(seat)s is -, the three others' are points "
                              "(0 if none), e.g. %(example)s")
                            % {"seat": winner + 1, "example": _loser_points_example(winner)})
        points.append(None if entry == "-" else int(entry))
        if entry != "-" and int(entry) > MAX_FIGURE:
            raise LineError(_("%(figure)s points is more than any hand scores (at most %(most)s)")
                            % {"figure": entry, "most": f"{MAX_FIGURE:,}"})
    return points


def _loser_points_example(winner: int) -> str:
    points = iter(("6", "24", "0"))
    entries = " ".join("-" if seat == winner else next(points) for seat in SEATS)
    return f"W{winner + 1} d{(winner + 1) % 4 + 1} 44 L {entries}"


# -- applying ------------------------------------------------------------------------------
@dataclass
class QuickEntryResult:
    lines: list[ParsedLine]
    errors: list[str] = field(default_factory=list)  # 'line 3: ...', in line order
    entered: list[HandInput] = field(default_factory=list)  # the lines' hands, once the check replayed them
    hands: list[Hand] = field(default_factory=list)  # saved by services.quick_entry
    after: ReplayDelta | None = None  # the session with the lines' hands after its own, for the save

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def replay(self) -> ReplayState | None:
        return self.after.state if self.after is not None else None

def quick_entry_check(*, session: Session, text: str, replay: ReplayState) -> QuickEntryResult:
    """The lines read and replayed after the session's hands (`replay`: the session's as it now is, read by
    services.quick_entry), nothing saved.

    Every line the engine refuses is named: the replay is run again without it, so one
    bad line does not hide the next."""
    result = QuickEntryResult(parse_quick_entry(text, ruleset=session.ruleset))
    result.errors = [line.error for line in result.lines if not line.ok]
    if not result.lines:
        result.errors.append(_("Nothing to record: write one hand per line, e.g. W2 d3 8."))
    if result.errors:
        return result
    base = replay
    if not base.ok:
        result.errors.append(_("The session cannot be replayed as it is: %(error)s") % {"error": replay_error(base)})
        return result
    hands = [line.hand() for line in result.lines]
    trying = list(range(len(hands)))
    refused: dict[int, str] = {}
    while True:
        after = replay_appended(session=session, base=base, hands=[hands[i] for i in trying])
        if after.state.ok:
            break
        refusal = after.state.refusal
        failed = (-1 if refusal is None or refusal.hand is None else refusal.hand) - len(base.inputs)
        if not 0 <= failed < len(trying):
            result.errors.append(_("The engine refused these hands: %(error)s") % {"error": replay_error(after.state)})
            return result
        refused[trying.pop(failed)] = replay_refusal(after.state)
    if refused:
        for i, reason in refused.items():  # on its line too, so a screen can show it there
            result.lines[i].error = _("line %(number)s: %(error)s") % {"number": result.lines[i].number,
                                                                       "error": reason}
        result.errors = [result.lines[i].error for i in sorted(refused)]
        return result
    result.after, result.entered = with_dice_players(session=session, delta=after, hands=hands, start=len(base.inputs))
    return result
