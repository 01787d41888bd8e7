"""Accounts for the person who starts sessions: sign up, log in, log out (Django's auth).

Table-mates need none: they come in by a share link (access.py).
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.views import LoginView, LogoutView
from django.http import HttpRequest, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods
from django_ratelimit.decorators import ratelimit

# Sign-ups per address: a family signing up on one wifi is far below this; a script is not.
SIGNUPS_PER_ADDRESS = "10/h"


class SignupForm(UserCreationForm):
    """Django's sign-up form, with inputs fit for a phone."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(autocapitalize="none", autocomplete="username",
                                                    spellcheck="false")
        self.fields["username"].help_text = _("Letters, digits and @ . + - _ only; up to 150.")


class PhoneLoginForm(AuthenticationForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(autocapitalize="none", spellcheck="false")


def _next_url(request: HttpRequest) -> str:
    """Where to go after signing up: back where the log-in was asked for, if that is this site."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure())
    return target if target and safe else "/"


@ratelimit(key="ip", rate=SIGNUPS_PER_ADDRESS, method="POST")
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponseBase:
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(_next_url(request))  # a URL, never a view name (redirect() would try both)
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request)},
                  status=422 if form.errors else 200)


login_view = LoginView.as_view(template_name="accounts/login.html", authentication_form=PhoneLoginForm,
                               redirect_authenticated_user=True)
logout_view = LogoutView.as_view()


def locked_out(request: HttpRequest, credentials: Any, *args: Any, **kwargs: Any) -> HttpResponseBase:
    """django-axes: too many wrong passwords from this address or for this username."""
    locked = gettext("Too many wrong passwords: logging in is paused for 15 minutes for this name and this "
                     "connection. Try again later.")
    return render(request, "accounts/login.html", {"form": PhoneLoginForm(request), "locked": locked}, status=429)


def too_many(request: HttpRequest, exception: Exception) -> HttpResponseBase:
    """django-ratelimit: more heavy requests (quick entry, imports) or sign-ups than a table makes."""
    return render(request, "too_many.html", status=429)
