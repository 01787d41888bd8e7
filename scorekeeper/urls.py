from django.urls import include, path

from scorekeeper.tables import offline

urlpatterns = [
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline_page, name="offline"),
    path("", include("scorekeeper.tables.urls")),
]
