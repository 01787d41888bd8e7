"""The scripts' words' URLs (views/script_words.py serves them): one a language, carrying a digest of the
compiled catalogs, so a phone keeps a file for good and a new translation is a new URL."""
from __future__ import annotations

import hashlib
from functools import cache

from django.conf import settings
from django.urls import reverse


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
