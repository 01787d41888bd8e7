"""The words the scripts show, from Django's stock `JavaScriptCatalog`: one file a language.

The scripts (static/js/) call `gettext`, `ngettext` and `interpolate`; their strings live in
locale/*/LC_MESSAGES/djangojs.po (`make messages`). Each language has its own URL, and the URL
carries a digest of the compiled catalogs: a phone keeps a file for good (and the service worker
keeps all three in its shell, so a page opened offline still has its words in 繁/简), and a new
translation is a new URL.
"""
from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseBase
from django.utils import translation
from django.views.decorators.cache import cache_control, cache_page
from django.views.i18n import JavaScriptCatalog

# A year: the URL changes with the words (web/script_words.py: catalog_version).
FOR_GOOD = 365 * 24 * 3600


class ScriptCatalog(JavaScriptCatalog):
    """Only the app's own djangojs catalogs (LOCALE_PATHS, always read by Django): not the admin's."""
    packages = ["scorekeeper.tables"]


@cache_control(public=True, max_age=FOR_GOOD, immutable=True)
@cache_page(FOR_GOOD)
def javascript_catalog(request: HttpRequest, language: str) -> HttpResponseBase:
    if language not in dict(settings.LANGUAGES):
        raise Http404
    with translation.override(language):
        return ScriptCatalog.as_view()(request)
