"""Production's static files: WhiteNoise's compressed, hashed-name storage with Django's own switch for ES
modules (`support_js_module_import_aggregation`), so that `import ... from "./queue_rules.js"` in a collected
script names the hashed file (queue_rules.<hash>.js) and a new deploy of one module gives new names to every
module importing it. Scripts are native ES modules with no build step (static/js/);
tests/ops/test_static_storage.py holds the collected files to it.

django-htmx ships extensions (django_htmx/ext/) that no page uses and whose `import` words in comments name no
file, so the switch would fail collectstatic on them: `collectstatic` leaves them out, by Django's documented
way (the staticfiles app's `ignore_patterns`), rather than by narrowing the switch's private patterns."""
from __future__ import annotations

from django.contrib.staticfiles.apps import StaticFilesConfig as DjangoStaticFilesConfig
from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True


class StaticFilesConfig(DjangoStaticFilesConfig):
    ignore_patterns = [*DjangoStaticFilesConfig.ignore_patterns, "django_htmx/ext/*"]
