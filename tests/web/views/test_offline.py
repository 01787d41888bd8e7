"""The installable shell: manifest, service worker, offline page, and the page hooks."""
import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static


def served(path: str) -> bool:
    """A /static/ URL whose file the static finders locate (the test client serves no static files)."""
    prefix = static("")
    return path.startswith(prefix) and finders.find(path[len(prefix):]) is not None


def test_manifest_makes_the_app_installable(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["start_url"] == "/" and data["display"] == "standalone"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in data["icons"]:
        assert served(icon["src"]), icon


def test_service_worker_is_served_from_the_root_and_precaches_the_shell(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    for path in ("/offline/zh-hant/", static("css/app.css"), static("js/offline.js"),
                 static("django_htmx/htmx-2.min.js")):
        assert f'"{path}"' in body
        assert path.startswith("/offline/") or served(path), path


def test_offline_page_says_what_happens_to_saves(client):
    response = client.get("/offline/")
    assert response.status_code == 200
    assert b"sent, once each, as soon as the connection returns" in response.content


@pytest.mark.django_db
def test_every_page_links_the_manifest_and_the_offline_script(client):
    page = client.get("/").content.decode()
    assert 'rel="manifest"' in page and "js/offline.js" in page
    assert 'id="offline-status"' in page


def shell_urls(client) -> list[str]:
    body = client.get("/sw.js").content.decode()
    return json.loads(re.search(r"const SHELL_URLS = (\[.*?\]);", body).group(1))


def test_the_shell_keeps_every_file_of_the_apps_static_folder_and_no_admin_file(client, settings):
    """Derived from the static files, not listed by hand: a new script is kept without anyone adding it."""
    shell = shell_urls(client)
    own = {path for path, _storage in finders.FileSystemFinder().list([])}
    assert own and {static(path) for path in own} <= set(shell)
    assert not [url for url in shell if "/admin/" in url]
    for url in shell:
        assert url.startswith(("/offline/", "/jsi18n/")) or served(url), url


def test_a_changed_static_file_gives_a_new_shell_cache(client, tmp_path, settings):
    before = re.search(r'const SHELL = "([^"]+)"', client.get("/sw.js").content.decode()).group(1)
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "offline.js").write_text("// a new build of the offline script\n")
    settings.STATICFILES_DIRS = [tmp_path, *settings.STATICFILES_DIRS]
    finders.get_finder.cache_clear()
    try:
        after = re.search(r'const SHELL = "([^"]+)"', client.get("/sw.js").content.decode()).group(1)
    finally:
        finders.get_finder.cache_clear()
    assert after != before


@pytest.mark.parametrize("language, heading, button", [
    ("en", "You are offline", "EN"), ("zh-hant", None, "繁"), ("zh-hans", None, "简")])
def test_the_offline_page_is_kept_in_each_language_with_its_own_header(client, language, heading, button):
    """A 繁 or 简 phone that opens a page it never kept, offline, reads it in its language (issue 35.10)."""
    from django.utils import translation
    client.cookies["django_language"] = "en"  # the phone's cookie does not matter: the worker picks the URL
    with translation.override(language):
        heading = translation.gettext("You are offline")
    page = client.get(f"/offline/{language}/")
    html = page.content.decode()
    assert page["Content-Language"] == language
    assert f"<h1>{heading}</h1>" in html
    assert re.search(rf'aria-hidden="true"\s*>{button}</span>', html)
    assert f"/offline/{language}/" in shell_urls(client)


@pytest.mark.parametrize("language, chinese", [("zh-hant", True), ("zh-hans", True), ("en", False)])
def test_the_scripts_words_come_from_one_cached_catalog_a_language(client, language, chinese):
    from django.utils.translation.trans_real import DjangoTranslation
    client.cookies["django_language"] = language
    page = client.get("/").content.decode()
    url = re.search(r'<script src="(/jsi18n/[^"]+)"', page).group(1)
    assert url.startswith(f"/jsi18n/{language}/?v=")
    catalog = client.get(url)
    assert catalog.status_code == 200
    assert "immutable" in catalog["Cache-Control"] and "max-age=31536000" in catalog["Cache-Control"]
    words = DjangoTranslation(language, domain="djangojs").gettext("You are offline.")
    assert (words != "You are offline.") is chinese
    if chinese:
        assert json.dumps(words) in catalog.content.decode()
    assert url in shell_urls(client)  # kept offline by the worker, every language
    assert 'data-offline=' not in page and "data-waiting-many" not in page


def test_a_language_the_app_does_not_speak_has_no_catalog(client):
    assert client.get("/jsi18n/fr/").status_code == 404
    assert client.get("/offline/fr/").status_code == 404
