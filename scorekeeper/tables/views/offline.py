"""The installable, offline-capable shell: manifest, service worker and the offline page.

The service worker is rendered as a template so that it can precache the exact static
URLs of this deployment (hashed names in production) and is served from the site root,
because a worker only controls pages at or below its own path.

The shell it keeps is derived, never listed by hand: every static file of the storage's manifest
(`collectstatic`'s, hashed names; with DEBUG's plain storage, what the static finders find), less
the admin's (staff only, never kept on a phone) and django-htmx's (the pages load only the scripts
its `{% htmx_script %}` tag names, which are added), plus the offline page and the scripts' words,
each in every language. Its cache is named by a digest of that list (and, with plain names, of the files'
contents): any changed file gives a new worker with a new cache, and the old one is deleted when it
activates. The kept pages' cache is named by a digest of the worker's own template: pages kept by an
older worker logic go with it, a deploy of other files keeps them.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import Context, Template
from django.template.loader import get_template
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.utils import translation
from django.views.decorators.cache import cache_control

from ..web import script_words

# Static files no page a table opens loads: the admin's, and the django-htmx files its tag does not name.
NEVER_KEPT = ("admin/", "django_htmx/")


@dataclass(frozen=True)
class Shell:
    urls: list[str]
    version: str  # names the shell's cache


def _static_names() -> list[str]:
    if isinstance(staticfiles_storage, ManifestFilesMixin):
        return sorted(staticfiles_storage.hashed_files)
    return sorted({path for finder in finders.get_finders() for path, _storage in finder.list([])})


def _htmx_scripts() -> list[str]:
    rendered = Template("{% load django_htmx %}{% htmx_script %}").render(Context())
    return re.findall(r'src="([^"]+)"', rendered)


def _content_digest(names: list[str]) -> str:
    """With plain names a file's URL stays when it changes: its bytes tell."""
    digest = hashlib.sha256()
    for name in names:
        found = finders.find(name)
        if isinstance(found, str):
            with open(found, "rb") as file:
                digest.update(file.read())
    return digest.hexdigest()


def build_shell() -> Shell:
    names = [name for name in _static_names() if not name.startswith(NEVER_KEPT)]
    urls = [*offline_page_urls(), *(static(name) for name in names), *_htmx_scripts(), *script_words.catalog_urls()]
    digest = hashlib.sha256(json.dumps(urls).encode())
    if not isinstance(staticfiles_storage, ManifestFilesMixin):
        digest.update(_content_digest(names).encode())
    return Shell(urls, digest.hexdigest()[:12])


# Hashed names only change with a new deploy (a new process): computed once. Plain names (DEBUG) are
# read anew each time, so an edited file reaches the phone.
_shell_once = cache(build_shell)


def current_shell() -> Shell:
    return _shell_once() if isinstance(staticfiles_storage, ManifestFilesMixin) else build_shell()


@cache
def pages_version() -> str:
    """The worker's caching logic: its template's digest."""
    source = get_template("offline/sw.js").template.source  # type: ignore[attr-defined]
    return hashlib.sha256(source.encode()).hexdigest()[:12]


def _plain_name(url: str) -> str:
    """/static/css/app.1a2b3c4d5e6f.css -> /static/css/app.css: what a page kept by an older shell asks for."""
    return re.sub(r"\.[0-9a-f]{12}(\.[^./]+)$", r"\1", url)


@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    shell = current_shell()
    static_prefix = PrefixNode.handle_simple("STATIC_URL")
    offline_pages = {code: url for (code, _name), url in zip(settings.LANGUAGES, offline_page_urls())}
    offline_pages[""] = offline_pages[settings.LANGUAGE_CODE]
    by_plain_name = {_plain_name(url): url for url in shell.urls if url.startswith(static_prefix)}
    response = render(request, "offline/sw.js", {
        "shell_json": json.dumps(shell.urls), "shell_version": shell.version, "pages_version": pages_version(),
        "by_plain_name_json": json.dumps(by_plain_name), "offline_pages_json": json.dumps(offline_pages),
    }, content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


def offline_page_urls() -> list[str]:
    """The offline page in every language: the worker shows the one of the page last opened."""
    return [reverse("offline_in", args=[code]) for code, _name in settings.LANGUAGES]


def offline_page(request: HttpRequest, language: str | None = None) -> HttpResponse:
    if language is None:
        return render(request, "offline/offline.html")
    if language not in dict(settings.LANGUAGES):
        raise Http404
    with translation.override(language):
        response = render(request, "offline/offline.html")
    response["Content-Language"] = language
    return response


def manifest(request: HttpRequest) -> JsonResponse:
    return JsonResponse({
        "name": "Mahjong Scorekeeper",
        "short_name": "Mahjong",
        "description": "Keep score of a real mahjong table on one phone.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5ef",
        "theme_color": "#14532d",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }, content_type="application/manifest+json")
