"""Every refusal the engine gives, in the reader's words (issue 35.11).

The engine refuses with a template and its facts (engine/errors.py); the app translates the template and
fills it in, tiles and meld kinds in the reader's words, and names the hand at fault as its screens
number hands. The catalogues hold every template the engine can refuse with, found by walking the
engine's source, and no refusal builds its sentence before the template is known."""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import polib
import pytest

from web_helpers import ACCEPT, visible_text

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
from engine_messages import refusal_calls, refusal_templates  # noqa: E402

LOCALE = ROOT / "locale"
# An English sentence: four ASCII words in a row (a name, a tile code or '123m' is not one).
ENGLISH = re.compile(r"[A-Za-z']{2,}(?:[ ,:]+(?:[A-Za-z']{2,}|\d+)){3,}")


def _passed_on(node: ast.expr) -> bool:
    """`error.template`: an error made elsewhere, its template counted where it is made."""
    return isinstance(node, ast.Attribute) and node.attr == "template"


def test_every_refusal_is_a_template_not_a_sentence_built_first():
    built = [f"{path.name}:{node.lineno}" for path, node in refusal_calls()
             if not (isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str))
             and not _passed_on(node.args[1])]
    assert built == []
    assert len(refusal_templates()) > 100


@pytest.mark.parametrize("language", ["zh_Hant", "zh_Hans"])
def test_every_refusal_template_is_translated(language):
    po = {e.msgid: e for e in polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
          if e.translated() and "fuzzy" not in e.flags}
    fields = lambda text: sorted(set(re.findall(r"\{[^{}]*\}", text)))  # noqa: E731
    missing = [t for t in refusal_templates() if t not in po]
    assert missing == []
    assert [t for t in refusal_templates() if fields(po[t].msgstr) != fields(t)] == []


def refusal_text(html: str) -> str:
    """The refusals a page shows: its error, notice and hint paragraphs."""
    found = re.findall(r'<p class="(?:error|notice|hint)"[^>]*>(.*?)</p>', html, flags=re.S)
    return " | ".join(visible_text(p).strip() for p in found)


TILE_REFUSALS = {
    "fifteen tiles": {"concealed": "123m456p234s789s55s1z", "winning_tile": "5s"},
    "five copies": {"concealed": "1111m1m456p234s78s", "winning_tile": "9s"},
    "a bad meld": {"concealed": "123m456p234s5s", "winning_tile": "5s", "meld": "pung 789s"},
}


def preview(client, session, fields, language):
    return client.post(f"/sessions/{session.pk}/win/preview/", {"winner": "1", "how": "2", **fields},
                       HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
@pytest.mark.parametrize("refusal", list(TILE_REFUSALS))
def test_a_tile_refusal_reads_in_the_readers_language(client, make_session, language, refusal):
    session = make_session("hk-faan")
    fields = {"mode": "tiles", **TILE_REFUSALS[refusal]}
    english = refusal_text(preview(client, session, fields, "en"))
    shown = refusal_text(preview(client, session, fields, language))
    assert ENGLISH.search(english), english  # the page does refuse it
    assert shown and not ENGLISH.search(shown), shown
    assert re.search(r"[\u4e00-\u9fff]", shown)


@pytest.mark.parametrize("language, words", [("zh-hant", "超過這張台的上限 10 番"),
                                             ("zh-hans", "超过这张台的上限 10 番")])
def test_an_over_limit_figure_refused_by_the_engine_reads_in_the_readers_language(client, make_session, language,
                                                                                   words):
    """Quick entry sends the figure as written: the engine's own refusal of 11 faan at a limit of 10."""
    session = make_session("hk-faan")
    html = client.post(f"/sessions/{session.pk}/quick/", {"text": "W2 d3 11", "action": "save",
                                                          "revision": str(session.revision), "token": "t-quick"},
                       HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
    shown = refusal_text(html)
    assert words in shown, shown
    assert not ENGLISH.search(shown), shown


@pytest.mark.parametrize("language, heading, said, not_said", [
    ("en", "Hand 2", "Hand 2: ", "hand 3"), ("zh-hant", "第 2 手", "第 2 手：", "第 3 手"),
    ("zh-hans", "第 2 手", "第 2 手：", "第 3 手")])
def test_the_refused_hand_is_numbered_as_the_screen_numbers_it(client, make_session, win, language, heading, said,
                                                              not_said):
    """A false win (詐糊) is entered between hands: the engine's own count ('hand 3') would be one more than
    the form's heading."""
    from scorekeeper.tables import services
    from scorekeeper.tables.hand_input import HandInput
    from scorekeeper.tables.models import Hand

    session = make_session("hk-faan", options={"min_faan": 3})
    win(session, 1, 2, figure="3")
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="false_win", spot_player=2))
    html = preview(client, session, {"mode": "figure", "figure_typed": "1"}, language)  # below the minimum
    assert heading in visible_text(html)
    shown = refusal_text(html)
    assert said in shown and not_said not in shown.lower(), shown


@pytest.mark.parametrize("language, said", [("zh-hant", "第 1 手：胡牌前手牌有 3 張"),
                                            ("zh-hans", "第 1 手：胡牌前手牌有 3 张")])
def test_a_session_the_engine_cannot_replay_says_why_in_the_readers_words(client, make_session, win, language,
                                                                         said):
    """The banner on the session, History and Settle-up pages of a session a stored hand breaks."""
    import uuid

    from scorekeeper.tables.models import Hand, Session

    session = make_session("zung-jung")
    hand = win(session, 1, 2, figure=10)
    Hand.objects.filter(pk=hand.pk).update(tiles={"concealed": "123m", "winning_tile": "5z", "melds": []},
                                          figure=None, figure_field="")
    Session.objects.filter(pk=session.pk).update(revision=uuid.uuid4())
    for page in ("", "history/", "settle/"):
        html = client.get(f"/sessions/{session.pk}/{page}", HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
        shown = refusal_text(html)
        assert said in shown and not ENGLISH.search(shown), (page, shown)


@pytest.mark.parametrize("language, said", [("zh-hant", "裡的 8z 不是牌"), ("zh-hans", "里的 8z 不是牌")])
def test_a_fact_that_only_looks_like_a_tile_is_kept_as_written(language, said):
    """'8z' is no tile the app has a face for: the refusal still reads in the reader's words."""
    from django.utils import translation

    from scorekeeper.engine import score_hand
    from scorekeeper.tables.display.refusals import engine_error

    answer = score_hand({"ruleset": "zung-jung", "concealed": "123m456p234s789s5s", "winning_tile": "8z",
                         "win": "discard"})
    with translation.override(language):
        shown = engine_error(answer)
    assert said in shown and not ENGLISH.search(shown), shown
