"""Chart labels are readable on a phone: at least 12 px once the chart is scaled to a 390 px screen's
card (340 px wide)."""
from __future__ import annotations

import re
from decimal import Decimal

from scorekeeper.tables.display.charts import balance_chart_svg

CARD_WIDTH = 340


def test_every_label_is_at_least_12_px_on_a_phone():
    svg = str(balance_chart_svg(names=["Ann", "Bob", "Cy", "Di"],
                                series=[[Decimal(v * s) for v in range(12)] for s in (1, -1, 2, -2)]))
    view_width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    root_size = float(re.search(r'<svg[^>]*font-size="([\d.]+)"', svg).group(1))
    sizes = [float(s) for s in re.findall(r'<text[^>]*font-size="([\d.]+)"', svg)] or [root_size]
    assert min([root_size, *sizes]) * CARD_WIDTH / view_width >= 12
