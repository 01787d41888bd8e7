"""The words the scripts show, from Django's stock `JavaScriptCatalog`: one file a language.

The scripts (static/js/) call `gettext`, `ngettext` and `interpolate`; their strings live in
locale/*/LC_MESSAGES/djangojs.po (`make messages`). Each language has its own URL, and the URL
carries a digest of the compiled catalogs: a phone keeps a file for good (and the service worker
keeps all three in its shell, so a page opened offline still has its words in 繁/简), and a new
translation is a new URL.
"""
from __future__ import annotations

import hashlib
from functools import cache

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseBase
from django.urls import reverse
from django.utils import translation
from django.views.decorators.cache import cache_control, cache_page
from django.views.i18n import JavaScriptCatalog

# A year: the URL changes with the words (catalog_version below).
FOR_GOOD = 365 * 24 * 3600


class ScriptCatalog(JavaScriptCatalog):
    """Only the app's own djangojs catalogs (LOCALE_PATHS, always read by Django): not the admin's."""
    packages = ["scorekeeper.tables"]


@cache
def catalog_version() -> str:
    """A digest of every compiled djangojs catalog: it changes when a translation does."""
    digest = hashlib.sha256()
    for locale_dir in settings.LOCALE_PATHS:
        for compiled in sorted(locale_dir.glob("*/LC_MESSAGES/djangojs.mo")):
            digest.update(compiled.parent.parent.name.encode() + compiled.read_bytes())
    return digest.hexdigest()[:12]


def catalog_url(language: str) -> str:
    return reverse("javascript_catalog", args=[language]) + "?v=" + catalog_version()


def catalog_urls() -> list[str]:
    """Every language's catalog: the service worker keeps them all."""
    return [catalog_url(code) for code, _name in settings.LANGUAGES]


@cache_control(public=True, max_age=FOR_GOOD, immutable=True)
@cache_page(FOR_GOOD)
def javascript_catalog(request: HttpRequest, language: str) -> HttpResponseBase:
    if language not in dict(settings.LANGUAGES):
        raise Http404
    with translation.override(language):
        return ScriptCatalog.as_view()(request)
