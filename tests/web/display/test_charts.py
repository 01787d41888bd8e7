"""The balance chart: an inline SVG a phone shows without JavaScript and a screen reader can read."""
import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest
from django.template.loader import render_to_string

from scorekeeper.tables import services
from scorekeeper.tables.display.charts import COLOURS, balance_chart_svg, balance_series, session_balance_chart
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand
from scorekeeper.tables.replay import session_replay

NS = {"svg": "http://www.w3.org/2000/svg"}
NAMES = ["Ann", "Bob", "Cy", "Di"]


def D(*values):
    return [Decimal(str(v)) for v in values]


def parse(svg):
    return ET.fromstring(str(svg))


def lines(root):
    return root.findall("svg:polyline", NS)


def points(polyline):
    return [tuple(float(n) for n in p.split(",")) for p in polyline.get("points").split()]


def zero_y(root):
    (zero,) = [line for line in root.findall("svg:line", NS) if line.get("class") == "zero"]
    assert zero.get("y1") == zero.get("y2")
    return float(zero.get("y1"))


def texts(root):
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


def y_labels(root):
    return [t.text for t in root.findall("svg:text[@text-anchor='end']", NS) if t.text != "Hand"]


def test_one_line_per_player_each_starting_at_zero():
    svg = balance_chart_svg(names=NAMES, series=[D(10, -5, 30), D(-5, 5, -20), D(0, 0, -12.5), D(-5, 0, 2.5)])
    root = parse(svg)

    assert root.get("role") == "img"
    assert len(lines(root)) == 4
    for line in lines(root):
        assert len(points(line)) == 3 + 1
        assert points(line)[0][1] == zero_y(root)  # every balance starts at 0, on the zero line
    xs = [x for x, _ in points(lines(root)[0])]
    assert xs == sorted(xs) and len(set(xs)) == 4


def test_a_higher_balance_is_drawn_higher():
    root = parse(balance_chart_svg(names=NAMES, series=[D(30), D(-10), D(-10), D(-10)]))
    winner, loser = points(lines(root)[0])[-1][1], points(lines(root)[1])[-1][1]

    assert winner < zero_y(root) < loser


def test_players_are_told_apart_by_colour_and_dash():
    root = parse(balance_chart_svg(names=NAMES, series=[D(1)] * 4))
    strokes = [line.get("stroke") for line in lines(root)]
    dashes = [line.get("stroke-dasharray") for line in lines(root)]

    assert strokes == list(COLOURS)
    assert len(set(dashes)) == 4  # one solid (None) and three dash patterns


def test_the_label_and_legend_give_each_final_balance():
    svg = balance_chart_svg(names=NAMES, series=[D(10, 30), D(-5, -20), D(0, -12.5), D(-5, 2.5)])
    root = parse(svg)

    assert root.get("aria-label") == "Running balances after 2 hands: Ann +30, Bob −20, Cy −12.50, Di +2.50."
    assert root.find("svg:title", NS).text
    assert "Ann ends at +30" in root.find("svg:desc", NS).text
    legend = root.find("svg:g[@class='legend']", NS)
    assert ["".join(t.itertext()) for t in legend.findall("svg:text", NS)] == [
        "Ann +30", "Bob −20", "Cy −12.50", "Di +2.50"]


def legend_entries(root):
    legend = root.find("svg:g[@class='legend']", NS)
    return [("".join(t.itertext()), float(t.get("x")), float(t.get("y"))) for t in legend.findall("svg:text", NS)]


def test_short_names_share_a_legend_row_and_long_ones_take_a_row_each_uncut():
    short = legend_entries(parse(balance_chart_svg(names=NAMES, series=[D(10), D(-5), D(0), D(-5)])))
    assert [y for _text, _x, y in short][::2] == [y for _text, _x, y in short][1::2]  # two entries a row

    # A player's page: one line a ruleset. Two a row cut them and ran the amount into the next entry on a phone.
    names = ["Taiwanese (HK style)", "Zung Jung"]
    root = parse(balance_chart_svg(names=names, series=[D(184, 292), D(0, 25)], by_session=True))
    entries = legend_entries(root)
    assert [text for text, _x, _y in entries] == ["Taiwanese (HK style) +292", "Zung Jung +25"]
    assert entries[0][1] == entries[1][1] and entries[0][2] < entries[1][2]  # one above the other
    assert float(root.get("height")) > 200  # the row added below, the plot as high as before


def test_a_name_too_long_for_the_whole_width_is_cut_with_an_ellipsis():
    long = "Grandmother Wong of the upstairs flat, who never loses"
    (entry, *_rest) = legend_entries(parse(balance_chart_svg(names=[long], series=[D(5, 10)], by_session=True)))
    assert entry[0].endswith("… +10") and entry[0].startswith("Grandmother Wong")


def test_names_are_escaped():
    evil = '<script>alert("x")</script>'
    svg = balance_chart_svg(names=[evil, "Bob", "Cy", "Di"], series=[D(5), D(-5), D(0), D(0)])

    assert "<script" not in svg
    root = parse(svg)  # still well-formed XML
    assert evil in root.get("aria-label")
    assert root.find("svg:script", NS) is None and not list(root.iter("script"))


def test_no_hands_yet():
    root = parse(balance_chart_svg(names=NAMES, series=[[], [], [], []]))

    assert [len(points(line)) for line in lines(root)] == [1, 1, 1, 1]
    assert "No hands yet" in texts(root)
    assert "no hands yet" in root.get("aria-label")


def test_one_hand():
    root = parse(balance_chart_svg(names=NAMES, series=[D(30), D(-10), D(-10), D(-10)]))

    assert [len(points(line)) for line in lines(root)] == [2, 2, 2, 2]
    assert "after 1 hand:" in root.get("aria-label")


def test_all_zero_puts_the_zero_line_in_the_middle_with_no_invented_scale():
    root = parse(balance_chart_svg(names=NAMES, series=[D(0, 0, 0)] * 4))
    axis = [line for line in root.findall("svg:line", NS) if line.get("x1") == line.get("x2")][0]
    top, bottom = float(axis.get("y1")), float(axis.get("y2"))

    assert zero_y(root) == pytest.approx((top + bottom) / 2)
    assert all(y == zero_y(root) for line in lines(root) for _, y in points(line))
    assert y_labels(root) == ["0"]


def test_large_values_stay_inside_the_picture_with_short_labels():
    big = Decimal("12345678901234.56")
    root = parse(balance_chart_svg(names=NAMES, series=[D(0, big), D(0, -big), D(0, 0), D(0, 0)]))
    width, height = 360, 200

    for line in lines(root):
        assert all(0 <= x <= width and 0 <= y <= height for x, y in points(line))
    assert y_labels(root) == ["−20T", "−10T", "0", "10T", "20T"]
    assert "+12,345,678,901,234.56" in root.get("aria-label")  # the label keeps the exact amount


def test_a_balance_series_needs_a_value_per_hand():
    with pytest.raises(ValueError):
        balance_chart_svg(names=NAMES, series=[D(1, 2), D(1), D(1), D(1)])


def test_series_from_a_session_counts_spot_payments_in_their_hand(make_session, win):
    session = make_session("taiwan", stakes={"base": "10", "per_fan": "2"})
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="flower", spot_player=2,
                                                          spot_count=1))
    win(session, 1, 2, figure=5)
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="chase",
                                                          spot_player=0))  # during the hand under way
    session.refresh_from_db()
    replay = session_replay(session=session)

    series = balance_series(replay=replay)

    assert [len(line) for line in series] == [3, 3, 3, 3]  # two hands, then the payment during the third
    assert [line[0] for line in series] == [Decimal(b) for b in replay.hands[1].balances]
    assert [line[-1] for line in series] == [Decimal(b) for b in replay.balances]


def test_a_session_chart_in_its_template(make_session, win):
    session = make_session("zung-jung", names=["Ann", "Bob", "<b>Cy</b>", "Di"])
    win(session, 1, 2, figure=70)
    win(session, 0, "self", figure=10)
    session.refresh_from_db()

    chart = session_balance_chart(session=session, replay=session_replay(session=session))
    html = render_to_string("tables/_chart.html", {"chart": chart})

    assert 'id="balance-chart"' in html and "<svg" in html and "<b>Cy" not in html
    svg = html[html.index("<svg"):html.index("</svg>") + len("</svg>")]
    root = parse(svg)
    assert [len(points(line)) for line in lines(root)] == [3, 3, 3, 3]
    assert root.get("aria-label") == "Running balances after 2 hands: Ann +5, Bob +200, <b>Cy</b> −170, Di −35."
