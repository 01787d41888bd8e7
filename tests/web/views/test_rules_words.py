"""The Rules pages' small words (issue 35.16, 35.17): taiwan's 拉 examples say their dealer's figures already hold
the dealer's extra; hk-faan's chicken hand names the house option by its words, never its key — in en, 繁, 简."""
from __future__ import annotations

import html as html_lib

import pytest

from web_helpers import ACCEPT, visible_text

EXTRA = {"en": "self-draws 13 fan with the dealer's extra", "zh-hant": "自摸 13 番（已含莊家加番）",
         "zh-hans": "自摸 13 番（已含庄家加番）"}
CHICKEN = {"en": "it wins only where the minimum to win is “Any hand”",
           "zh-hant": "只在起糊番數定為「任何牌」的枱才可以糊", "zh-hans": "只在起糊番数定为“任何牌”的枱才可以糊"}


def read(client, url, language):
    return html_lib.unescape(visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()))


@pytest.mark.parametrize("language", ACCEPT)
def test_taiwans_chain_examples_say_the_dealers_extra_is_in_the_figure(client, language):
    page = read(client, "/rules/taiwan/", language)
    assert page.count(EXTRA[language]) >= 3  # the chain's start, in each of the three 拉 examples


@pytest.mark.parametrize("language", ACCEPT)
def test_hk_faans_chicken_hand_names_the_option_by_its_words(client, language):
    page = read(client, "/rules/hk-faan/", language)
    assert CHICKEN[language] in page
    assert "min_faan" not in page



# The pay-as-you-go example's hands: East deals and wins the first two (the extra in), West does not deal.
PAYING = {"en": ("A tab or pay as you go", "East self-draws 13 fan with the dealer's extra; East wins 5 fan with the "
                 "dealer's extra on South's discard;", "West wins 6 fan on North's discard"),
          "zh-hant": ("記帳還是即時付錢", "東 自摸 13 番（已含莊家加番）；東 胡 南 放槍，5 番（已含莊家加番）；",
                      "西 胡 北 放槍，6 番"),
          "zh-hans": ("记帐还是即时付钱", "东 自摸 13 番（已含庄家加番）；东 胡 南 放枪，5 番（已含庄家加番）；",
                      "西 胡 北 放枪，6 番")}


@pytest.mark.parametrize("language", ACCEPT)
def test_taiwans_pay_as_you_go_example_says_the_dealers_extra_is_in_the_figure(client, language):
    title, dealers_hands, others_hand = PAYING[language]
    page = read(client, "/rules/taiwan/", language)
    paying = page[page.index(title):]
    assert dealers_hands in paying
    assert others_hand in paying and others_hand + "（" not in paying and others_hand + " with" not in paying
