"""The Rules pages (views/rules.py): each ruleset's table is the engine's."""

import pytest
from django.utils.html import escape

from scorekeeper.engine import get_ruleset

from web_helpers import page


@pytest.mark.parametrize("key", ["taiwan", "zung-jung", "hk-old", "taizhou", "fujian"])
def test_rules_page_is_the_engine_table(client, db, key):
    html = page(client.get(f"/rules/{key}/"))

    for row in get_ruleset(key).describe()["patterns"]:
        assert escape(row["name"]) in html and row["name_zh"] in html
