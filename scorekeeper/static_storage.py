"""Production's static files: WhiteNoise's compressed, hashed-name storage, with Django's rewriting of ES
module imports turned on (`support_js_module_import_aggregation`, Django's stock switch), so that
`import ... from "./queue_rules.js"` in a collected script names the hashed file (queue_rules.<hash>.js)
and a new deploy of one module gives new names to every module importing it. Scripts are native ES
modules with no build step (static/js/); tests/ops/test_static_storage.py holds the collected files to it.

Only our own scripts (js/) are read for imports: Django's patterns would also read the packages' scripts
(django-htmx's extensions), whose `import` words in comments and strings name no file, and collectstatic
would fail on them. Django's documented way to leave those files out (a staticfiles app config with its
own `ignore_patterns` in place of "django.contrib.staticfiles") was tried and undone: pytest-django's live
server serves static files only when that exact name is installed, so every browser test lost its CSS."""
from __future__ import annotations

from django.contrib.staticfiles.storage import HashedFilesMixin
from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]

_DJANGO_IMPORT_PATTERNS = HashedFilesMixin._js_module_import_aggregation_patterns[1]  # type: ignore[attr-defined]


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
    _js_module_import_aggregation_patterns = ("js/*.js", _DJANGO_IMPORT_PATTERNS)
