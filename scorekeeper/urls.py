from django.urls import include, path

urlpatterns = [
    path("", include("scorekeeper.tables.urls")),
]
