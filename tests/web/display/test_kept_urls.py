"""`{% url %}` remembers its answers (display/urls.py) and still answers as Django's: the same URL for the
same view and arguments, another for other arguments, the script prefix the request came under, and a name
that does not reverse refused as before."""
from __future__ import annotations

import pytest
from django.template import Context, Template
from django.urls import NoReverseMatch, reverse, set_script_prefix

from scorekeeper.tables.display.urls import reverse_kept


def rendered(text: str, **values: object) -> str:
    return Template(text).render(Context(values))


@pytest.fixture(autouse=True)
def root_prefix():
    set_script_prefix("/")
    yield
    set_script_prefix("/")


def test_each_session_and_seat_gets_its_own_url():
    page = "{% for pk in sessions %}{% url 'seat_change_new' pk seat %} {% endfor %}"
    assert rendered(page, sessions=[3, 4, 3], seat=2).split() == [
        reverse("seat_change_new", args=[3, 2]), reverse("seat_change_new", args=[4, 2]),
        reverse("seat_change_new", args=[3, 2])]
    assert rendered(page, sessions=[3], seat=1).split() == [reverse("seat_change_new", args=[3, 1])]


def test_the_url_follows_the_prefix_the_app_is_served_under():
    assert rendered("{% url 'win_new' 7 %}") == "/sessions/7/win/"
    set_script_prefix("/mahjong/")
    assert rendered("{% url 'win_new' 7 %}") == "/mahjong/sessions/7/win/"
    assert reverse_kept("win_new", [7]) == "/mahjong/sessions/7/win/"


def test_as_a_variable_and_with_keyword_arguments():
    page = "{% url 'win_new' pk=5 as there %}<a href=\"{{ there }}?x=1\">"
    assert rendered(page) == '<a href="/sessions/5/win/?x=1">'


def test_a_name_that_does_not_reverse_is_refused_every_time_or_left_empty_as_a_variable():
    for _ in range(2):
        with pytest.raises(NoReverseMatch):
            rendered("{% url 'no_such_view' %}")
    assert rendered("{% url 'no_such_view' as there %}[{{ there }}]") == "[]"


def test_arguments_that_cannot_be_a_key_are_reversed_each_time():
    assert reverse_kept("win_new", [7], None) == reverse("win_new", args=[7])
    assert reverse_kept("session_live", kwargs={"pk": 9}) == reverse("session_live", kwargs={"pk": 9})
    with pytest.raises(NoReverseMatch):
        reverse_kept("win_new", [[7]])


def test_a_url_asked_again_comes_from_memory():
    from scorekeeper.tables.display import urls
    reverse_kept("hand_edit", [123456])
    before = urls._reversed.cache_info()
    assert reverse_kept("hand_edit", [123456]) == reverse("hand_edit", args=[123456])
    after = urls._reversed.cache_info()
    assert (after.hits, after.misses) == (before.hits + 1, before.misses)
