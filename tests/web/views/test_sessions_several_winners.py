"""A new taiwan session with the house option several_winners (一炮多響, issue 37): the form offers it in the
table's words, off by default (截糊), stores what was chosen, and the Rules page opened from the session says
which the table plays."""
from __future__ import annotations

import pytest
from django.utils.html import escape

from scorekeeper.tables.models import Session

from web_helpers import ACCEPT, page

FORM = {"ruleset": "taiwan", "east": "Ann", "south": "Bob", "west": "Cy", "north": "Di", "first_dealer": "0",
        "stake_base": "10", "stake_per_fan": "1", "stake_unit": "", "stake_flower_units": "1",
        "stake_grass_units": "2"}


def test_the_form_offers_the_option_off_by_default_with_its_note(client, db):
    html = page(client.get("/sessions/new/?ruleset=taiwan"))
    assert "Several winners on one discard (一炮多響)" in html
    assert '<option value="false" selected>The nearest winner wins alone (截糊)</option>' in html
    assert '<option value="true">Several players may win on one discard (一炮多響)</option>' in html
    assert escape("When two or three players win on the same discard") in html
    zh = page(client.get("/sessions/new/?ruleset=taiwan", HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"]))
    assert ">一炮多響</label>" in zh and "截糊（只有最近的一家胡）" in zh


@pytest.mark.parametrize("chosen, stored, said", [
    ({"option_several_winners": "true"}, True, "This table plays 一炮多響"),
    ({"option_several_winners": "false"}, False, "This table plays 截糊"),
    ({}, None, "This table plays 截糊"),  # a form sent without it (a script) keeps none: the default
])
def test_the_session_keeps_the_choice_and_its_rules_page_says_it(client, db, chosen, stored, said):
    response = client.post("/sessions/new/", FORM | chosen)
    session = Session.objects.get()
    assert response.status_code == 302 and session.options.get("several_winners") is stored
    html = page(client.get(f"/rules/taiwan/?session={session.pk}"))
    assert said in html and "Bob holds the chain and is among the winners" in html


@pytest.mark.parametrize("on, said", [(True, "這桌打一炮多響"), (False, "這桌打截糊")])
def test_the_rules_page_says_it_in_traditional_chinese(client, make_session, on, said):
    session = make_session("taiwan", options={"several_winners": on})
    html = page(client.get(f"/rules/taiwan/?session={session.pk}", HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"]))
    assert said in html and "Bob 是收拉的人" in html
