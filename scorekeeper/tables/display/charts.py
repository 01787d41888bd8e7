"""Each player's running balance as an inline SVG line chart, drawn on the server.

No chart library reaches the phone: the page carries a small, finished SVG that works
without JavaScript, prints, and reads out through its `aria-label`, `<title>` and `<desc>`.
The lines are told apart by more than colour (a colour-blind-safe palette, a dash
pattern and an end-marker shape per player), and the legend gives each final balance.

Amounts stay Decimals until they become pixel positions.
"""
from __future__ import annotations

import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from ..models import Session
from ..replay import ReplayState
from ..replay.seating import running_balances, seating_of
from .money import money, signed

# Okabe & Ito's colour-blind-safe hues (blue, vermillion, bluish green, reddish purple),
# darkened so every line keeps at least 4.5:1 against the chart's white ground.
COLOURS = ("#0072B2", "#B34E00", "#00785A", "#A3568A")
DASHES = ("", "7 4", "2 3", "9 3 2 3")  # solid, dashed, dotted, dash-dot
MARKERS = ("circle", "square", "triangle", "diamond")
MARKER_CORNERS: dict[str, list[tuple[float, float]]] = {  # around the point, in marker sizes
    "square": [(-1, -1), (1, -1), (1, 1), (-1, 1)],
    "triangle": [(0, -1.25), (1.15, 0.85), (-1.15, 0.85)],
    "diamond": [(0, -1.35), (1.35, 0), (0, 1.35), (-1.35, 0)],
}
INK, GRID, ZERO = "#4a4843", "#e4e0d4", "#1c1b19"
FONT = 13  # rendered at >= 12 px when the 360-wide chart fits a 390 px phone's card (340 px)
LEGEND_ROW = 16
# A wide average at FONT px (a Latin letter ~0.6 of the font, a Chinese character the whole of it): a legend's entry
# is laid out and, if need be, cut by this (in full in the label). At 6.6 px a letter, measured at 11 px before the
# font grew to 13, "Taiwanese (HK s… +292" ran into the next entry on a phone.
LATIN_WIDTH = FONT * 0.62
WIDE_WIDTH = FONT
LEGEND_MARK = 30  # the line and marker before an entry's words


@dataclass(frozen=True)
class Frame:
    """Where the plot sits in the picture and what it spans."""

    left: float
    top: float
    width: float
    height: float
    low: Decimal
    high: Decimal
    hands: int

    def x(self, hand: int) -> float:
        return self.left + self.width * hand / max(self.hands, 1)

    def y(self, value: Decimal) -> float:
        return self.top + self.height * float((self.high - value) / (self.high - self.low))

    @property
    def bottom(self) -> float:
        return self.top + self.height


MAX_POINTS = 300  # per line: about one per pixel of the plot on a phone
# People come and go (issue 23): a line for everyone who played; beyond this many the chart shows the first ones.
MAX_LINES = 12


def balance_chart_svg(*, names: Sequence[str], series: Sequence[Sequence[Decimal]], width: int = 360,
                      height: int = 200, by_session: bool = False) -> SafeString:
    """The chart of `series` (per player, the balance after each hand), each line starting at 0.
    `by_session`: a point after each session instead (a player's page: one line a ruleset).

    Built with ElementTree, so every name is escaped; that is why the result can be marked safe."""
    if len(names) != len(series) or not 1 <= len(names) <= MAX_LINES:
        raise ValueError(f"one series per player, 1 to {MAX_LINES} players: {len(names)} names, "
                         f"{len(series)} series")
    hands = len(series[0])
    if any(len(line) != hands for line in series):
        raise ValueError("every player's series needs one balance per hand")
    values = [[Decimal(0), *(v if isinstance(v, Decimal) else Decimal(str(v)) for v in line)] for line in series]
    low, high, ticks = _scale([v for line in values for v in line])
    columns = _legend_columns(names, values, width)
    rows = -(-len(names) // columns)
    height += (rows - (len(names) + 1) // 2) * LEGEND_ROW  # one entry a row: the plot keeps its height
    legend_top = height - rows * LEGEND_ROW - 2
    frame = Frame(left=46, top=24, width=width - 46 - 12, height=legend_top - 20 - 24, low=low, high=high,
                  hands=hands)
    label = _summary(names, values, hands, by_session)
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width} {height}", "width": str(width),
        "height": str(height), "role": "img", "aria-label": label, "class": "balance-chart",
        "font-family": "system-ui, sans-serif", "font-size": str(FONT),
    })
    ET.SubElement(svg, "title").text = gettext("Running balance per player")
    ET.SubElement(svg, "desc").text = _description(names, values, hands, by_session)
    ET.SubElement(svg, "rect", {"x": "0", "y": "0", "width": str(width), "height": str(height), "rx": "8",
                                "fill": "#ffffff"})
    _axes(svg, frame, ticks, by_session)
    for seat, (name, line) in enumerate(zip(names, values)):
        _line(svg, frame, seat, name, line)
    if hands == 0:
        _text(svg, frame.left + frame.width / 2, frame.top + frame.height / 4, gettext("No hands yet"), anchor="middle")
    _legend(svg, names, values, width, legend_top, columns)
    return mark_safe(ET.tostring(svg, encoding="unicode"))  # noqa: S308 - built by ElementTree, escaped


def balance_series(*, replay: ReplayState) -> list[list[Decimal]]:
    """Each seat's balance after each hand of the replay, as the table counts hands.

    An on-the-spot payment happens during a hand (`ReplayState.number`), so it shows in the
    balance after that hand; payments made after the last hand, during the one under
    way, make one more point, so the line always ends at the session's balances."""
    rows = replay.every_balance()
    spots = replay.spot_flags()
    # A spot payment's balance is drawn with the hand it happens in: only the last one is kept alone.
    drawn = [row for row, spot in zip(rows, spots) if not spot]
    if rows and spots[len(rows) - 1]:
        drawn.append(rows[-1])
    return [list(map(Decimal, line)) for line in zip(*drawn)] if drawn else [[] for _ in range(4)]


def session_balance_chart(*, session: Session, replay: ReplayState, width: int = 360, height: int = 200) -> SafeString:
    """The session's chart, from the engine's replay of it, which the screen has read already (an unreadable
    session charts no hands)."""
    names, series = _lines(session, replay)
    names, series = names[:MAX_LINES], series[:MAX_LINES]
    height += max(0, (len(names) + 1) // 2 - 2) * LEGEND_ROW  # a legend row more for each two past four
    return balance_chart_svg(names=names, series=series, width=width, height=height)


def _lines(session: Session, replay: ReplayState) -> tuple[list[str], list[list[Decimal]]]:
    """One line a person: per seat as the engine gives it when nobody changed seats, else everyone who
    played, each balance split by who sat where (seating.running_balances)."""
    if not seating_of(session=session, replay=replay).changes:
        return [p.name for p in session.players], balance_series(replay=replay)
    people, rows = running_balances(session=session, replay=replay)
    spots = replay.spot_flags()
    drawn = [row for row, spot in zip(rows, spots) if not spot]
    if rows and spots[len(rows) - 1]:
        drawn.append(rows[-1])
    return [p.name for p in people], [list(line) for line in zip(*drawn)] if drawn else [[] for _ in people]


def _turn(line: int) -> int:
    """A fifth person's line (and on) shares a colour with an earlier one, never its dash and marker too."""
    return (line + line // 4) % 4


# -- scale -------------------------------------------------------------------------------
def _scale(values: list[Decimal]) -> tuple[Decimal, Decimal, list[Decimal]]:
    """Low and high ends on round numbers, zero always inside, and the ticks between them."""
    low, high = min(min(values), Decimal(0)), max(max(values), Decimal(0))
    if low == high:  # all zero: zero in the middle, and no scale to suggest amounts nobody won
        return Decimal(-1), Decimal(1), [Decimal(0)]
    step = _nice_step((high - low) / 4)
    low = (low / step).to_integral_value(ROUND_FLOOR) * step
    high = (high / step).to_integral_value(ROUND_CEILING) * step
    count = int((high - low) / step)
    return low, high, [low + step * i for i in range(count + 1)]


def _nice_step(rough: Decimal) -> Decimal:
    """The smallest 1, 2, 2.5 or 5 times a power of ten at least `rough`."""
    power = Decimal(10) ** rough.adjusted()
    for factor in ("1", "2", "2.5", "5", "10"):
        if Decimal(factor) * power >= rough:
            return Decimal(factor) * power
    return 10 * power  # pragma: no cover - the loop always returns


def _tick_label(value: Decimal) -> str:
    """Short enough for the gutter: 1,500, 25k, 1.5M."""
    size = abs(value)
    for suffix, unit in (("T", Decimal(10) ** 12), ("B", Decimal(10) ** 9), ("M", Decimal(10) ** 6),
                         ("k", Decimal(10) ** 3)):
        if size >= 10 * unit or (suffix != "k" and size >= unit):
            number = (size / unit).normalize()
            text = f"{number:f}" if number.adjusted() < 6 else f"{number:.1e}"
            return ("−" if value < 0 else "") + text + suffix
    return ("−" if value < 0 else "") + money(size)


def _legend_amount(value: Decimal) -> str:
    """The exact balance, unless too long for half the chart's width."""
    exact = signed(value)
    if len(exact) <= 13:
        return exact
    return ("+" if value > 0 else "") + _tick_label(Decimal(f"{value:.3g}"))


def _x_step(hands: int) -> int:
    """At most seven hand numbers under the plot: every 1, 2, 5, 10, 20, 50... hands."""
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if hands <= 6 * step:
                return step
        power *= 10


# -- drawing -------------------------------------------------------------------------------
def _axes(svg: ET.Element, frame: Frame, ticks: list[Decimal], by_session: bool = False) -> None:
    for value in ticks:
        y = f"{frame.y(value):.1f}"
        if value != 0:
            ET.SubElement(svg, "line", {"x1": f"{frame.left:.1f}", "x2": f"{frame.left + frame.width:.1f}",
                                        "y1": y, "y2": y, "stroke": GRID, "stroke-width": "1"})
        _text(svg, frame.left - 5, frame.y(value) + 4, _tick_label(value), anchor="end")
    ET.SubElement(svg, "line", {"class": "zero", "x1": f"{frame.left:.1f}", "x2": f"{frame.left + frame.width:.1f}",
                                "y1": f"{frame.y(Decimal(0)):.1f}", "y2": f"{frame.y(Decimal(0)):.1f}",
                                "stroke": ZERO, "stroke-width": "1"})
    ET.SubElement(svg, "line", {"x1": f"{frame.left:.1f}", "x2": f"{frame.left:.1f}", "y1": f"{frame.top:.1f}",
                                "y2": f"{frame.bottom:.1f}", "stroke": INK, "stroke-width": "1"})
    step_x = _x_step(frame.hands)
    for hand in range(step_x, frame.hands + 1, step_x):  # 0, the start, is where every line begins
        _text(svg, frame.x(hand), frame.bottom + 14, str(hand), anchor="middle")
    if by_session:  # a longer word than Hand: from the picture's edge, under the balances' labels
        _text(svg, 2, frame.bottom + 14, pgettext("chart axis: the sessions played", "Session"))
    else:
        _text(svg, frame.left - 5, frame.bottom + 14, pgettext("chart axis: the hands played", "Hand"), anchor="end")
    _text(svg, 8, 13, gettext("Balance"))


def _line(svg: ET.Element, frame: Frame, seat: int, name: str, values: list[Decimal]) -> None:
    points = [(frame.x(hand), frame.y(values[hand])) for hand in _drawn(values)]
    attrs = {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in points), "fill": "none",
             "stroke": COLOURS[seat % 4], "stroke-width": "2", "stroke-linejoin": "round", "stroke-linecap": "round",
             "class": f"series series-{seat}"}
    if DASHES[_turn(seat)]:
        attrs["stroke-dasharray"] = DASHES[_turn(seat)]
    line = ET.SubElement(svg, "polyline", attrs)
    ET.SubElement(line, "title").text = f"{name}: {signed(values[-1])}"
    _marker(svg, seat, *points[-1])


def _drawn(values: list[Decimal]) -> list[int]:
    """The hands a line is drawn through: all of them, or for a long session, the highest and the lowest
    of each of MAX_POINTS // 2 stretches (more points than the picture has pixels show nothing more)."""
    if len(values) <= MAX_POINTS:
        return list(range(len(values)))
    size = len(values) / (MAX_POINTS // 2)
    drawn = {0, len(values) - 1}
    for bucket in range(MAX_POINTS // 2):
        stretch = range(int(bucket * size), min(int((bucket + 1) * size), len(values)))
        drawn.add(max(stretch, key=values.__getitem__))
        drawn.add(min(stretch, key=values.__getitem__))
    return sorted(drawn)


def _marker(svg: ET.Element, seat: int, x: float, y: float, size: float = 3.5) -> None:
    colour = {"fill": COLOURS[seat % 4], "stroke": "#ffffff", "stroke-width": "1"}
    shape = MARKERS[_turn(seat)]
    if shape == "circle":
        ET.SubElement(svg, "circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{size:.1f}", **colour})
        return
    corners = MARKER_CORNERS[shape]
    ET.SubElement(svg, "polygon", {"points": " ".join(f"{x + dx * size:.1f},{y + dy * size:.1f}"
                                                       for dx, dy in corners), **colour})


def _text_width(text: str) -> float:
    return sum(WIDE_WIDTH if unicodedata.east_asian_width(c) in "WF" else LATIN_WIDTH for c in text)


def _legend_columns(names: Sequence[str], values: list[list[Decimal]], width: int) -> int:
    """Two entries a row where every one fits in half the width whole, else one a row (a player's page names
    rulesets, "Taiwanese (HK style) +292", which two a row would cut to "Taiwan…")."""
    half = (width - 8) / 2 - LEGEND_MARK - LATIN_WIDTH
    fits = all(_text_width(f"{name} {_legend_amount(line[-1])}") <= half for name, line in zip(names, values))
    return 2 if fits or len(names) > 4 else 1


def _legend(svg: ET.Element, names: Sequence[str], values: list[list[Decimal]], width: int, top: float,
            columns: int) -> None:
    group = ET.SubElement(svg, "g", {"class": "legend"})
    column = (width - 8) / columns
    for seat, (name, line) in enumerate(zip(names, values)):
        x, y = 8 + column * (seat % columns), top + LEGEND_ROW * (seat // columns) + LEGEND_ROW / 2
        attrs = {"x1": f"{x:.1f}", "x2": f"{x + 22:.1f}", "y1": f"{y:.1f}", "y2": f"{y:.1f}",
                 "stroke": COLOURS[seat % 4], "stroke-width": "2"}
        if DASHES[_turn(seat)]:
            attrs["stroke-dasharray"] = DASHES[_turn(seat)]
        ET.SubElement(group, "line", attrs)
        _marker(group, seat, x + 22, y)
        amount = _legend_amount(line[-1])
        room = column - LEGEND_MARK - LATIN_WIDTH - _text_width(f" {amount}")
        shown = name
        while _text_width(shown) > room and len(shown) > 3:
            shown = shown[:-2] + "…"
        text = _text(group, x + LEGEND_MARK, y + 4, f"{shown} ")
        ET.SubElement(text, "tspan", {"font-weight": "700"}).text = amount


def _text(parent: ET.Element, x: float, y: float, text: str, *, anchor: str = "start") -> ET.Element:
    attrs = {"x": f"{x:.1f}", "y": f"{y:.1f}", "fill": INK}
    if anchor != "start":
        attrs["text-anchor"] = anchor
    element = ET.SubElement(parent, "text", attrs)
    element.text = text
    return element


# -- words ---------------------------------------------------------------------------------
def _summary(names: Sequence[str], values: list[list[Decimal]], hands: int, by_session: bool = False) -> str:
    if by_session and hands:
        finals = gettext(", ").join(f"{name} {signed(line[-1])}" for name, line in zip(names, values))
        return ngettext("Net results after %(count)d session: %(finals)s.",
                        "Net results after %(count)d sessions: %(finals)s.", hands) % {"count": hands,
                                                                                      "finals": finals}
    if hands == 0:
        return gettext("Running balances: no hands yet, everyone at 0.")
    finals = gettext(", ").join(f"{name} {signed(line[-1])}" for name, line in zip(names, values))
    return ngettext("Running balances after %(hands)d hand: %(finals)s.",
                    "Running balances after %(hands)d hands: %(finals)s.", hands) % {"hands": hands, "finals": finals}


def _description(names: Sequence[str], values: list[list[Decimal]], hands: int, by_session: bool = False) -> str:
    if hands == 0:
        return gettext("A line per player will show the balance after each hand, starting at 0.")
    parts = []
    for name, line in zip(names, values):
        high, low = max(line), min(line)
        parts.append(gettext("%(name)s ends at %(end)s (highest %(high)s %(high_when)s, lowest %(low)s %(low_when)s)")
                     % {"name": name, "end": signed(line[-1]), "high": signed(high),
                        "high_when": _when(line.index(high), by_session),
                        "low": signed(low), "low_when": _when(line.index(low), by_session)})
    if by_session:
        return gettext("The net result after every session, starting at 0 before the first. %(lines)s.") % {
            "lines": gettext("; ").join(parts)}
    return gettext("Each player's balance after every hand, starting at 0 before the first. %(lines)s.") % {
        "lines": gettext("; ").join(parts)}


def _when(hand: int, by_session: bool = False) -> str:
    if by_session and hand:
        return gettext("after session %(number)d") % {"number": hand}
    return gettext("at the start") if hand == 0 else gettext("after hand %(number)d") % {"number": hand}
