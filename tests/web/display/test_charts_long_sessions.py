"""A long session's chart is drawn through at most MAX_POINTS points a line, keeping each stretch's
highest and lowest, the first and the last: the picture is the same to the eye, and quick to draw."""
import re
from decimal import Decimal

from scorekeeper.tables.display.charts import MAX_POINTS, _drawn, balance_chart_svg


def test_a_long_line_keeps_its_ends_and_its_extremes():
    values = [Decimal((i * 37) % 101 - 50) for i in range(5000)]
    values[1234], values[4321] = Decimal(900), Decimal(-900)
    drawn = _drawn(values)
    assert len(drawn) <= MAX_POINTS + 2
    assert {0, 4999, 1234, 4321} <= set(drawn)
    assert drawn == sorted(drawn)


def test_a_short_line_is_drawn_through_every_hand():
    assert _drawn([Decimal(v) for v in range(12)]) == list(range(12))


def test_the_chart_of_5000_hands_still_says_where_each_line_ends():
    series = [[Decimal(i % 7 - 3) * (seat + 1) for i in range(5000)] for seat in range(4)]
    svg = balance_chart_svg(names=["Ann", "Bob", "Cy", "Di"], series=series)
    assert svg.count("<polyline") == 4
    lines = re.findall(r'<polyline points="([^"]*)"', svg)
    assert len(lines) == 4 and max(len(points.split(" ")) for points in lines) <= MAX_POINTS + 2
    assert "after 5000 hands" in svg
