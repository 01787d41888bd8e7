"""The admin's site: Django's, with the app's own log-in (guesses counted and slowed by tables/login_guard.py);
Django's admin log-in has no such guard. Apart from tables/admin.py, which registers the models on it: the
site must exist before any registration runs."""
from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse


class StaffSite(admin.AdminSite):
    site_header = site_title = "Mahjong Scorekeeper admin"

    def login(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        """The app's own log-in page, whose guesses the log-in guard counts: Django's admin log-in has none."""
        if request.user.is_authenticated:  # logged in, but not staff: there is nothing here for them
            raise PermissionDenied
        return redirect_to_login(request.GET.get("next") or reverse("admin:index"))
