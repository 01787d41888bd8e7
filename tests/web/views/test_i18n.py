"""Three languages: English, 繁體中文 and 简体中文 — the switcher, the browser's choice, every screen string
translated, and the engine's pattern and ruleset names in the reader's script."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

from scorekeeper.engine import RULESETS
from scorekeeper.tables import services
from scorekeeper.tables.display import names, rulesets, tiles

from web_helpers import ACCEPT, ZJ_TILES, visible_text

ROOT = Path(__file__).resolve().parents[3]

LOCALE = Path(settings.BASE_DIR) / "locale"
HTML_LANG = {"en": "en", "zh-hant": "zh-Hant", "zh-hans": "zh-Hans"}
# Words a player sees on nearly every screen: none may be left in English on a Chinese page.
KEY_STRINGS = ["Settle up", "History", "Rules", "Log out", "Log in", "Cancel", "Save hand", "Who won?",
               "Self-drawn", "Last hands", "Players and balances", "New session", "Balances", "Payments",
               "round", "Draw", "Win", "Share", "Patterns", "Record the draw", "House options", "Pattern",
               "Mahjong Scorekeeper", "hands", "Stakes", "Start session", "Open sessions", "Rulesets",
               "Edit", "Delete", "won", "discard", "Dealer", "Language"]


def english_left(html: str) -> list[str]:
    text = visible_text(html)
    return [s for s in KEY_STRINGS if re.search(rf"(?<![A-Za-z]){re.escape(s)}(?![A-Za-z])", text)]


@pytest.fixture
def played(make_session, win):
    """A zung-jung session with a win by tiles (門前清 among its patterns), a win by points and a draw."""
    session = make_session("zung-jung")
    win(session, 1, 2, mode="tiles", **ZJ_TILES)
    win(session, 0, "self", figure=30)
    return session


def pages(session) -> list[str]:
    pk = session.pk
    return ["/", f"/sessions/{pk}/", f"/sessions/{pk}/win/", f"/sessions/{pk}/draw/", f"/sessions/{pk}/history/",
            f"/sessions/{pk}/settle/", f"/sessions/{pk}/share/", "/sessions/new/", "/sessions/new/?ruleset=taiwan",
            "/rules/", "/rules/zung-jung/", "/rules/taizhou/", "/offline/", f"/sessions/{pk}/table/"]


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_every_page_renders_in_the_browser_language(client, played, language):
    for url in pages(played):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
        assert response.status_code == 200, url
        html = response.content.decode()
        assert f'<html lang="{HTML_LANG[language]}">' in html, url
        if language != "en":
            assert english_left(html) == [], url
        else:  # the list is one a reader would meet: the English page shows several of its words
            assert len(english_left(html)) >= 3, url


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_pages_without_an_account_are_translated(anonymous, language):
    for url in ["/", "/accounts/login/", "/accounts/signup/", "/rules/", "/rules/hk-old/", "/sessions/99/"]:
        response = anonymous.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
        assert response.status_code in (200, 404), url
        assert english_left(response.content.decode()) == [], url


def test_english_stays_the_default(anonymous, db):
    html = anonymous.get("/").content.decode()
    assert '<html lang="en">' in html and "New session" in html


def test_the_switcher_posts_and_the_choice_sticks(client, played):
    url = f"/sessions/{played.pk}/"
    page = client.get(url).content.decode()
    assert 'action="/i18n/setlang/"' in page and f'name="next" value="{url}"' in page
    assert 'value="zh-hant"' in page and "繁體中文" in page and "简体中文" in page

    response = client.post("/i18n/setlang/", {"language": "zh-hans", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT["en"]).content.decode()  # the choice beats the browser's
    assert '<html lang="zh-Hans">' in html and "结算" in html and "Settle up" not in html

    client.post("/i18n/setlang/", {"language": "zh-hant", "next": url})
    html = client.get(url).content.decode()
    assert '<html lang="zh-Hant">' in html and "結算" in html
    assert 'value="zh-hant" lang="zh-hant" class="lang-option" aria-current="true"' in html

    client.post("/i18n/setlang/", {"language": "en", "next": url})
    assert "Settle up" in client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"]).content.decode()


@pytest.mark.parametrize("header, expected", [("zh-HK", "zh-Hant"), ("zh-TW", "zh-Hant"), ("zh-CN", "zh-Hans"),
                                              ("zh-SG", "zh-Hans"), ("fr-FR,zh-TW;q=0.5", "zh-Hant"),
                                              ("de-DE", "en")])
def test_the_browser_language_picks_the_script(anonymous, db, header, expected):
    assert f'<html lang="{expected}">' in anonymous.get("/", HTTP_ACCEPT_LANGUAGE=header).content.decode()


def test_pattern_names_in_the_readers_script(client, played):
    url = f"/sessions/{played.pk}/history/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT["en"]).content.decode()
    hant = client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"]).content.decode()
    hans = client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hans"]).content.decode()
    assert "Concealed Hand" in english and "門前清" in english  # English readers also see the table's name
    assert "門前清" in hant and "门前清" not in hant and "Concealed Hand" not in hant
    assert "门前清" in hans and "門前清" not in hans and "Concealed Hand" not in hans


def test_rules_pages_convert_each_table_to_the_readers_script(client, db):
    # zung-jung's table is written in Traditional, taizhou's in Simplified: each reads in the chosen script.
    hant = client.get("/rules/taizhou/", HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"]).content.decode()
    hans = client.get("/rules/zung-jung/", HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hans"]).content.decode()
    assert "台州麻將" in hant and "台州麻将" not in hant
    assert "门前清" in hans and "中庸" in hans and "門前清" not in hans
    listing = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hans"]).content.decode()
    assert "港式台湾麻雀" in listing and "福州金麻将" in listing and "Taiwanese (HK style)" not in listing


def test_ruleset_names_on_the_picker_and_the_session_header(client, make_session):
    picker = client.get("/sessions/new/", HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"]).content.decode()
    assert "台州麻將" in picker and "香港舊章" in picker and "Zung Jung" not in picker
    session = make_session("taizhou")
    header = client.get(f"/sessions/{session.pk}/", HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"]).content.decode()
    assert "台州麻將" in header and "Taizhou" not in visible_text(header)


def test_one_name_function_for_every_table():
    for ruleset in RULESETS:
        described = ruleset.describe()
        for item in [described, *described["patterns"]]:
            assert names.local_name(item, "en") == item["name"]
            assert names.local_name(item, "zh-hant") == names.in_script(item["name_zh"], "hant")
            assert names.local_name(item, "zh-hans") == names.in_script(item["name_zh"], "hans")
    assert names.in_script("門前清", "hans") == "门前清" and names.in_script("财神", "hant") == "財神"


@pytest.mark.parametrize("language", ["zh_Hant", "zh_Hans"])
def test_every_engine_sentence_shown_is_in_the_catalogue(language):
    """Ruleset descriptions and option notes are translated by their exact text: a sentence the engine
    rewrites must be translated again (make messages collects them: scripts/engine_messages.py)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from engine_messages import engine_sentences
    catalogue = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    translated = {entry.msgid for entry in catalogue.translated_entries()}
    assert engine_sentences() and [s for s in engine_sentences() if s not in translated] == []


def test_engine_errors_lead_in_the_readers_language(client, make_session):
    session = make_session("zung-jung")
    fields = {"winner": "1", "how": "2", "mode": "tiles", "concealed": "1358m456p789s1112z", "winning_tile": "2z"}
    english = client.post(f"/sessions/{session.pk}/win/preview/", fields, HTTP_ACCEPT_LANGUAGE=ACCEPT["en"])
    chinese = client.post(f"/sessions/{session.pk}/win/preview/", fields, HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hant"])
    assert "胡牌前手牌有 14 張" in chinese.content.decode()  # the engine's refusal, said in 繁 (issue 35.11)
    assert "tiles before the win" in english.content.decode() and "tiles before" not in chinese.content.decode()


def test_messages_after_a_save_are_translated(client, make_session):
    session = make_session("zung-jung")
    response = client.post(f"/sessions/{session.pk}/draw/", {"note": "", "token": "t-1", "revision":
                           str(session.revision)}, HTTP_ACCEPT_LANGUAGE=ACCEPT["zh-hans"], follow=True)
    assert "已保存第 1 手。" in response.content.decode()


# -- the catalogues --------------------------------------------------------------------------------
# django: the templates' and the code's words; djangojs: the scripts' (static/js, Django's JavaScriptCatalog).
DOMAINS = pytest.mark.parametrize("domain, at_least", [("django", 400), ("djangojs", 60)])


@DOMAINS
@pytest.mark.parametrize("language", ["zh_Hant", "zh_Hans"])
def test_every_catalogue_entry_is_translated(language, domain, at_least):
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))
    assert len(po) > at_least
    untranslated = [e.msgid for e in po if not e.translated()]
    fuzzy = [e.msgid for e in po if "fuzzy" in e.flags and not e.obsolete]
    assert untranslated == [] and fuzzy == []
    for entry in po:
        text = entry.msgstr or entry.msgstr_plural[0]
        placeholders = lambda s: sorted(re.findall(r"%\(\w+\)[sd]|\{n\}", s))  # noqa: E731
        # Chinese has one plural form: the plural's blanks ("%(n)s hands"), not the singular's ("1 hand").
        assert placeholders(text) == placeholders(entry.msgid_plural or entry.msgid), entry.msgid
        bare = re.sub(r"%\(\w+\)[sd]|<[^>]+>", "", text)
        assert text.strip() != entry.msgid.strip() or not re.search("[A-Za-z]{3}", bare), entry.msgid


@DOMAINS
@pytest.mark.parametrize("language, wrong", [("zh_Hant", "这个门说么"), ("zh_Hans", "這個門說麼")])
def test_each_catalogue_is_in_its_own_script(language, wrong, domain, at_least):
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))
    text = "".join(e.msgstr or e.msgstr_plural[0] for e in po)
    assert not set(wrong) & set(text)


@DOMAINS
@pytest.mark.parametrize("language", ["zh_Hant", "zh_Hans"])
def test_the_compiled_catalogue_matches_the_po_file(language, domain, at_least):
    """The .mo files are committed, so a fresh clone runs translated without compiling: they must be current."""
    folder = LOCALE / language / "LC_MESSAGES"
    po = {(e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural[0]
          for e in polib.pofile(str(folder / f"{domain}.po")) if e.translated()}
    mo = {(e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural[0]
          for e in polib.mofile(str(folder / f"{domain}.mo")) if e.msgid}
    assert mo == po, "run: .venv/bin/python manage.py compilemessages --ignore=.venv"


# -- words, never raw values (issue 19): house options, dates, honour tiles -------------------------------
def house_options():
    """Every house option of every ruleset, the settlement's own included, as the forms offer them."""
    return [(ruleset.key, option) for ruleset in RULESETS for option in ruleset.house_options()]


def test_every_house_option_and_each_of_its_values_has_words():
    """A ruleset's new option or value must bring its words: the screens never fall back to the engine's raw value."""
    for key, option in house_options():
        name = option.name
        assert name in rulesets.OPTION_LABELS and name in rulesets.OPTION_NOTES, (key, name)
        for value in option.allowed:
            words = rulesets.option_value(name, value)
            assert words != str(value) and "_" not in words, (key, name, value)
            assert any(k == value and type(k) is type(value) for k in rulesets.OPTION_VALUES[name]), (key, name, value)


def raw_values() -> set[str]:
    """What the engine calls its options and their values: never what a player reads."""
    raw = {option.name for _key, option in house_options()}
    for _key, option in house_options():
        raw |= {str(v) for v in option.allowed if not isinstance(v, int) or isinstance(v, bool)}
    # a coin's figure ("0.5", "10") is written the same in every language; its words say what it means
    return {value for value in raw if not re.fullmatch(r"[0-9.]+", value)}


OPTION_PAGES = ["/rules/zung-jung/", "/rules/hk-old/", "/rules/taizhou/", "/sessions/new/?ruleset=zung-jung",
                "/sessions/new/?ruleset=hk-old", "/sessions/new/?ruleset=taizhou"]


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_house_options_read_as_words_on_the_rules_and_new_session_pages(client, language):
    raw = raw_values()
    for url in OPTION_PAGES:
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
        choices = re.findall(r"<option value=\"[^\"]*\"[^>]*>([^<]*)</option>", html)
        defaults = re.findall(r"\((?:default|預設|默认) ?([^)]*)\)", visible_text(html))
        assert "/rules/" in url or choices, url
        assert [c for c in choices + defaults if c.strip() in raw] == [], url
        text = visible_text(html)
        assert not re.search(r"\b(False|True|classical_extras|big_or_little|four_winds)\b|'big'|'no'", text), url
        if language != "en":  # no option's name or value left in English at all
            found = [w for w in raw if re.search(rf"(?<![A-Za-z]){re.escape(w)}(?![A-Za-z])", text, flags=re.I)]
            assert found == [], (url, found)


@pytest.mark.parametrize("language, pattern", [("en", r"[A-Z][a-z]{2}\.? \d{1,2}, \d{4}"),
                                               ("zh-hant", r"\d{4}年\d{1,2}月\d{1,2}日"),
                                               ("zh-hans", r"\d{4}年\d{1,2}月\d{1,2}日")])
def test_dates_follow_the_readers_language(client, played, language, pattern):
    """The player page and the home page's finished sessions: 2026年11月25日, never "25 十一月 2026"."""
    services.session_finish(session=played)
    for url in (f"/players/{played.east_id}/", "/"):
        text = visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode())
        assert re.search(pattern, text), url
        assert not re.search(r"\d{1,2} [一二三四五六七八九十]+月 \d{4}|\d{1,2} [A-Z][a-z]{2} \d{4}", text), url


HONOUR_MARKS = {"en": ["East", "South", "West", "North", "White", "Green", "Red"],
                "zh-hant": list("東南西北白發中"), "zh-hans": list("东南西北白发中")}


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_honour_tiles_are_named_in_the_readers_language(client, played, language):
    """A tile's face stays the character printed on it; the word under it is the reader's, never E or Wh."""
    with translation.override(language):
        assert [tiles.face(f"{n}z").mark for n in range(1, 8)] == HONOUR_MARKS[language]
        assert [tiles.face(f"{n}z").face for n in range(1, 8)] == list("東南西北白發中")
    html = client.get(f"/sessions/{played.pk}/history/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
    marks = re.findall(r'class="tile tile-z[^"]*">.*?<span class="tile-mark"[^>]*>([^<]*)</span>', html)
    assert marks and set(marks) <= set(HONOUR_MARKS[language])  # ZJ_TILES holds East and South
