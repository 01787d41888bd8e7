from django.contrib import admin
from django.urls import include, path

from scorekeeper.tables.views import offline

# A database too busy to write is a 503 "busy, try again", wherever it was refused (tables/views/busy.py).
handler500 = "scorekeeper.tables.views.busy.server_error"

urlpatterns = [
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline_page, name="offline"),
    # The language switcher posts here (Django's set_language: a cookie, then back to the page).
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("scorekeeper.tables.urls")),
]
