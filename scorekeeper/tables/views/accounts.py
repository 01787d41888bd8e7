"""Accounts for the person who starts sessions: sign up, log in, log out (Django's auth), and the way back in
with a recovery code (services/recovery.py): there is no e-mail to reset a password by.

Table-mates need none: they come in by a share link (access.py). Log-in guesses are counted and slowed
per name and address, never locking out others (login_guard.py). Sign-up does not say whether a name
has an account: a sign-up naming one is a log-in with the password given (in with the right one, as a
log-in would; with another, "choose another username", counted as a wrong password), so it tells no
more than a log-in does, and no faster.
"""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import authenticate, get_user_model, login
from django.contrib.auth.forms import AuthenticationForm, SetPasswordForm, UserCreationForm
from django.contrib.auth.views import LoginView, LogoutView
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods
from django_ratelimit.decorators import ratelimit

from .. import login_guard
from ..login_guard import Attempt
from ..services.recovery import recovery_code_issue, recovery_code_redeem

RECOVERY_CODE_TAG = "recovery-code"  # a message that is a recovery code (templatetags: recovery_codes)
# Sign-ups per address: a family signing up on one wifi is far below this; a script is not.
SIGNUPS_PER_ADDRESS = "10/h"


class SignupForm(UserCreationForm):
    """Django's sign-up form, with inputs fit for a phone; a name that has an account is not refused here
    but found (`taken`): the view then treats the sign-up as a log-in with that password."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(autocapitalize="none", autocomplete="username",
                                                    spellcheck="false")
        self.fields["username"].help_text = _("Letters, digits and @ . + - _ only; up to 150.")
        self.taken = False

    def clean_username(self) -> str:
        username = str(self.cleaned_data.get("username") or "")
        self.taken = bool(username) and self._meta.model.objects.filter(username__iexact=username).exists()
        return username

    def _post_clean(self) -> None:
        if not self.taken:  # the model's own unique check would say the name exists
            super()._post_clean()  # type: ignore[misc]  # defined by ModelForm, not in the stubs


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
    if request.method != "POST" or not form.is_valid():
        return _signup_page(request, form)
    attempt = Attempt.of(request, form.cleaned_data["username"])
    if refusal := login_guard.attempt_refusal(attempt):
        return _signup_page(request, form, locked=refusal)
    login_guard.attempt_begin(attempt)
    user = _signed_up(request, form)
    if user is None:
        login_guard.attempt_failed(attempt)
        form.add_error("username", _("This username cannot be used: choose another. If the account is yours, "
                                     "log in with its password."))
        return _signup_page(request, form)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    if not form.taken:  # a log-in by the sign-up form: the account has its code already
        _show_once(request, recovery_code_issue(user=user))
    response = HttpResponseRedirect(_next_url(request))  # a URL, never a view name (redirect() would try both)
    login_guard.attempt_succeeded(attempt, request, response)
    return response


def _signed_up(request: HttpRequest, form: SignupForm) -> Any:
    """A new account; or, for a name that has one, that account if the password is its own, else None."""
    if not form.taken:
        return form.save()
    return authenticate(request, username=form.cleaned_data["username"], password=form.cleaned_data["password1"])


def _signup_page(request: HttpRequest, form: SignupForm, locked: str = "") -> HttpResponse:
    status = 429 if locked else 422 if form.errors else 200
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request), "locked": locked},
                  status=status)


django_login = LoginView.as_view(template_name="accounts/login.html", authentication_form=PhoneLoginForm,
                                 redirect_authenticated_user=True)
logout_view = LogoutView.as_view()


@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponseBase:
    """Django's log-in, each try counted and, past its limits, paused or slowed (login_guard)."""
    if request.method != "POST" or request.user.is_authenticated:
        return django_login(request)
    attempt = Attempt.of(request, request.POST.get("username", ""))
    if refusal := login_guard.attempt_refusal(attempt):
        return render(request, "accounts/login.html", {"form": PhoneLoginForm(request), "locked": refusal},
                      status=429)
    login_guard.attempt_begin(attempt)
    response = django_login(request)
    if request.user.is_authenticated:
        login_guard.attempt_succeeded(attempt, request, response)
    else:
        login_guard.attempt_failed(attempt)
    return response


class RecoverForm(SetPasswordForm):  # type: ignore[type-arg]
    """The name, the recovery code and a new password (Django's own checks on it, for that account)."""

    def __init__(self, data: Any = None) -> None:
        self.username = str((data or {}).get("username", "")).strip()
        user = get_user_model().objects.filter(username__iexact=self.username).first() if self.username else None
        # An unknown name is checked against a blank account, so its password checks cost the same.
        super().__init__(user or get_user_model()(username=self.username), data)
        self.known = user is not None
        self.fields["new_password1"].help_text = ""


@require_http_methods(["GET", "POST"])
def recover(request: HttpRequest) -> HttpResponseBase:
    """Back into an account with its recovery code: a new password, then a new code, shown once. Each try is
    counted and slowed by the log-in guard like a password, so codes cannot be guessed faster than one."""
    form = RecoverForm(request.POST if request.method == "POST" else None)
    if request.method != "POST":
        return _recover_page(request, form)
    attempt = Attempt.of(request, form.username)
    if refusal := login_guard.attempt_refusal(attempt):
        return _recover_page(request, form, locked=refusal)
    if not form.is_valid():  # the new passwords: says nothing about the name or code
        return _recover_page(request, form)
    login_guard.attempt_begin(attempt)
    code = recovery_code_redeem(user=form.user if form.known else None, code=request.POST.get("code", ""),
                                new_password=form.cleaned_data["new_password1"])
    if code is None:
        login_guard.attempt_failed(attempt)
        return _recover_page(request, form, wrong=True)
    login(request, form.user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, _("Your new password is set, and your old recovery code no longer works."))
    _show_once(request, code)
    response = HttpResponseRedirect("/")
    login_guard.attempt_succeeded(attempt, request, response)
    return response


def _recover_page(request: HttpRequest, form: RecoverForm, locked: str = "", wrong: bool = False) -> HttpResponse:
    status = 429 if locked else 422 if (wrong or form.errors) else 200
    return render(request, "accounts/recover.html", {"form": form, "locked": locked, "wrong": wrong,
                                                     "username": form.username}, status=status)


def _show_once(request: HttpRequest, code: str) -> None:
    """The code on the next page only (base.html draws it as a card), carried there in Django's messages,
    whose cookie is signed, HttpOnly and the phone's own: the server never keeps it in the clear."""
    messages.info(request, code, extra_tags=RECOVERY_CODE_TAG)


def too_many(request: HttpRequest, exception: Exception) -> HttpResponseBase:
    """django-ratelimit: more heavy requests (quick entry, imports), sign-ups or expensive reads (the session
    page, History, CSV, backup: a GET) than a table makes."""
    return render(request, "too_many.html", {"reading": request.method == "GET"}, status=429)
