"""Offline, the phone still speaks its language, and a connection that answers nothing does not hold it.

The scripts' words come from Django's JavaScriptCatalog, one file a language, kept by the service worker:
a page opened offline in 繁 or 简 says "you are offline" and what waits in Chinese (issue 34). A page
never kept shows the offline page in the phone's language, its header too (issue 35.10). A connection
that answers nothing shows the kept copy after 3.5 s; a deploy's new files replace the old shell cache
(issue 35.19).

Touch, 390x844, the service worker on. Screenshots: artifacts/screenshots/offline-words/.
"""
from __future__ import annotations

import re
import shutil
import time

import pytest
from django.contrib.staticfiles import finders
from django.utils import translation
from django.utils.translation.trans_real import DjangoTranslation
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Hand

from browser_helpers import Shots, new_session, wait_until, wait_until_kept

pytestmark = pytest.mark.django_db(transaction=True)

MENU = {"zh-hant": "繁體中文", "zh-hans": "简体中文"}
HEADER = {"en": "EN", "zh-hant": "繁", "zh-hans": "简"}
HTML_LANG = {"en": "en", "zh-hant": "zh-Hant", "zh-hans": "zh-Hans"}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "has_touch": True, "is_mobile": True}


def script_words(language: str):
    """The scripts' catalog (djangojs) in `language`: what the phone must show."""
    return DjangoTranslation(language, domain="djangojs")


def switch_to(page: Page, language: str) -> None:
    if language == "en":
        return
    page.locator("summary.lang-button").click()
    page.get_by_role("button", name=MENU[language]).click()
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[language])


def kept(page: Page) -> str:
    """The session screen's address, once the phone keeps it and its draw form, in the page's language: a copy kept
    before the language was switched is there at once, and on a loaded CI run the phone went offline with it."""
    session_url = re.sub(r"\?.*$", "", page.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    wait_until(page, """([url, lang]) => caches.match(url).then(hit => hit ? hit.text() : "")
                            .then(html => html.includes('<html lang="' + lang + '"'))""",
               [session_url.rstrip("/") + "/draw/", page.locator("html").get_attribute("lang")])
    return session_url


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans", "en"])
def test_offline_the_banner_the_waiting_line_and_the_offline_page_are_in_the_phones_language(
        page: Page, live_server, language):
    shot = Shots(page, f"offline-words/{language}")
    words = script_words(language)
    new_session(page, live_server.url, "Zung Jung")
    switch_to(page, language)
    session_url = kept(page)
    catalog = page.locator("script[src*='/jsi18n/']").get_attribute("src")
    assert catalog.startswith(f"/jsi18n/{language}/?v=")
    wait_until(page, "src => caches.match(src).then(Boolean)", catalog)  # in the worker's shell

    page.context.set_offline(True)
    page.goto(session_url.rstrip("/") + "/draw/")  # the kept copy: its words from the worker's cache
    offline = words.gettext("You are offline.")
    assert language == "en" or offline != "You are offline."
    expect(page.locator("#offline-status")).to_contain_text(offline)
    page.locator("form[data-queue] button[type=submit]").last.click()
    status = page.locator("#offline-status")
    expect(status).to_contain_text(
        words.ngettext("1 hand waiting to be sent.", "%(n)s hands waiting to be sent.", 1) % {"n": 1})
    expect(page.locator(".hand-queued .hand-title")).to_have_text(words.gettext("Draw"))
    expect(page.locator("#queue-panel .queue-count")).to_have_text(words.ngettext(
        "1 hand is waiting on this phone to be sent.", "%(n)s hands are waiting on this phone to be sent.", 1)
        % {"n": 1})
    shot("waiting")

    page.goto(live_server.url + "/accounts/recover/")  # never opened on this phone: the offline page
    with translation.override(language):
        heading = translation.gettext("You are offline")
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[language])
    expect(page.locator("summary.lang-button [aria-hidden]")).to_have_text(HEADER[language])
    shot("offline-page")

    page.context.set_offline(False)
    page.goto(session_url)
    expect(page.locator(".hand-queued")).to_have_count(0)
    assert Hand.objects.filter(kind="draw").count() == 1


def test_a_connection_that_answers_nothing_shows_the_kept_page_within_four_seconds(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    session_url = kept(page)
    page.context.route(re.compile(r".*/sessions/\d+/$"), lambda route: None)  # lie-fi: never answered
    started = time.monotonic()
    page.goto(session_url, wait_until="commit", timeout=10_000)
    expect(page.locator("body")).to_have_attribute("data-kept-copy", "", timeout=10_000)
    waited = time.monotonic() - started
    assert waited < 5.0, waited
    expect(page.locator("#standings")).to_be_visible()


def test_a_changed_static_file_replaces_the_old_shell_cache(page: Page, live_server, settings, tmp_path):
    new_session(page, live_server.url, "Zung Jung")
    kept(page)
    old_shell = page.evaluate("caches.keys().then(keys => keys.find(key => key.startsWith('shell-')))")
    assert old_shell

    # A deploy: the offline script changed (here, a copy of it with one more line, found first).
    (tmp_path / "js").mkdir()
    changed = tmp_path / "js" / "offline.js"
    shutil.copy(finders.find("js/offline.js"), changed)
    changed.write_text(changed.read_text() + "\n// the next build\n")
    settings.STATICFILES_DIRS = [tmp_path, *settings.STATICFILES_DIRS]
    finders.get_finder.cache_clear()
    try:
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        wait_until(page, "old => caches.keys().then(keys => !keys.includes(old) && keys.some(key => "
                         "key.startsWith('shell-')))", old_shell)
        script = page.evaluate("""caches.keys().then(keys => caches.open(keys.find(key => key.startsWith('shell-'))))
            .then(cache => cache.match('/static/js/offline.js')).then(hit => hit.text())""")
        assert script.endswith("// the next build\n")
    finally:
        finders.get_finder.cache_clear()


def test_offline_the_kept_win_form_shows_the_hand_and_dealer_after_the_hands_waiting_and_folds_by_tiles(
        page: Page, live_server):
    """Issue 35.8: two draws waiting, the kept win form says hand 3 and its dealer as the server will."""
    shot = Shots(page, "offline-words/win-form")
    new_session(page, live_server.url, "Zung Jung")
    session_url = kept(page)
    wait_until_kept(page, session_url.rstrip("/") + "/win/")
    page.context.set_offline(True)
    for _ in range(2):
        page.goto(session_url.rstrip("/") + "/draw/")
        page.get_by_role("button", name="Record the draw").click()
        expect(page.locator(".hand-queued").first).to_be_visible()
    expect(page.locator(".hand-queued")).to_have_count(2)

    page.goto(session_url.rstrip("/") + "/win/")  # the kept copy, drawn for hand 1
    heading = page.locator("#win-heading")
    expect(heading.locator("h1")).to_have_text("Hand 3: a win")
    offline_line = heading.locator("p").inner_text()

    # By tiles, who won how folds as it does online: the keypad starts above the save bar.
    page.locator('button[name="action"][value="mode:tiles"]').click()
    page.get_by_role("radio", name=re.compile(r"^Bob\b")).click()
    page.get_by_role("radio", name="Discard by Cy").click()
    expect(page.locator("details.people > summary")).to_contain_text("Bob won on Cy's discard")
    expect(page.get_by_role("radio", name="Discard by Cy")).to_be_hidden()
    keypad_top = page.locator("#keypad").bounding_box()["y"]
    assert keypad_top < page.locator(".save-bar").bounding_box()["y"], keypad_top
    shot("folded")

    page.context.set_offline(False)
    page.goto(session_url)
    expect(page.locator(".hand-queued")).to_have_count(0)
    page.goto(session_url.rstrip("/") + "/win/")  # the server's own, after the two draws
    expect(heading.locator("h1")).to_have_text("Hand 3: a win")
    assert heading.locator("p").inner_text() == offline_line
