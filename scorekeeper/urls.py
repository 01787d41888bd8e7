from django.contrib import admin
from django.urls import include, path

from scorekeeper.tables.views import offline, script_words

# A database too busy to write is a 503 "busy, try again", wherever it was refused (tables/web/busy.py).
handler500 = "scorekeeper.tables.web.busy.server_error"

urlpatterns = [
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline_page, name="offline"),
    # The same in each language, kept by the service worker: an offline phone sees its own language.
    path("offline/<str:language>/", offline.offline_page, name="offline_in"),
    # The scripts' words (Django's JavaScriptCatalog), one cached file a language.
    path("jsi18n/<str:language>/", script_words.javascript_catalog, name="javascript_catalog"),
    # The language switcher posts here (Django's set_language: a cookie, then back to the page).
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("scorekeeper.tables.urls")),
]
