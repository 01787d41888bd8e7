"""Production settings (DEBUG off): what an operator meets when starting and checking the server."""
from __future__ import annotations

import subprocess

import pytest

from ops_helpers import PYTHON, ROOT, manage, production_env


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
def test_production_refuses_to_start_without(missing, tmp_path):
    env = production_env(tmp_path)
    del env[missing]

    result = manage(env, "check", check=False)

    assert result.returncode != 0
    assert f"ImproperlyConfigured: {missing} must be set when DEBUG is off" in result.stderr


def test_production_refuses_an_empty_secret_key(tmp_path):
    result = manage(production_env(tmp_path, SECRET_KEY="  "), "check", check=False)

    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_check_deploy_is_clean(tmp_path):
    env = production_env(tmp_path)
    manage(env, "collectstatic", "--noinput")

    result = manage(env, "check", "--deploy", "--fail-level", "WARNING", check=False)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNINGS" not in result.stdout + result.stderr


def test_check_deploy_warns_when_https_redirect_is_turned_off(tmp_path):
    """The check is not clean by accident: turning a protection off shows up."""
    env = production_env(tmp_path, SECURE_SSL_REDIRECT="0")
    manage(env, "collectstatic", "--noinput")

    result = manage(env, "check", "--deploy", "--fail-level", "WARNING", check=False)

    assert result.returncode != 0
    assert "security.W008" in result.stdout + result.stderr


def test_development_needs_no_environment(tmp_path):
    env = production_env(tmp_path)
    for name in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"):
        del env[name]

    assert "System check identified no issues" in manage(env, "check").stdout


def test_errors_are_logged_to_stderr(tmp_path):
    """With DEBUG off Django would only e-mail errors (to no one); they go to stderr instead."""
    code = ("import django, logging; django.setup(); "
            "logging.getLogger('django.request').error('Internal Server Error: /sessions/1/')")
    result = subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=production_env(tmp_path, DJANGO_SETTINGS_MODULE=
                            "scorekeeper.settings"), capture_output=True, text=True, timeout=60)

    assert result.returncode == 0, result.stderr
    assert "ERROR django.request" in result.stderr
    assert "Internal Server Error: /sessions/1/" in result.stderr


@pytest.mark.parametrize(("behind_proxy", "status"), [("0", 301), ("1", "not a redirect to https")])
def test_behind_proxy_trusts_the_proxys_https_header(tmp_path, behind_proxy, status):
    """Under a server that does not read X-Forwarded-Proto itself (gunicorn does, from 127.0.0.1)."""
    env = production_env(tmp_path, BEHIND_PROXY=behind_proxy, ALLOWED_HOSTS="testserver",
                         DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    manage(env, "collectstatic", "--noinput")
    manage(env, "migrate", "--noinput")
    code = ("import django; django.setup(); from django.test import Client; "
            "r = Client().get('/', headers={'X-Forwarded-Proto': 'https'}); "
            "print(r.status_code, r.headers.get('Location', ''))")

    result = subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)

    answer = result.stdout.strip()
    assert result.returncode == 0, result.stderr
    if status == 301:
        assert answer == "301 https://testserver/"
    else:
        assert not answer.startswith("301"), answer


def test_the_language_cookie_is_sent_as_the_session_cookie_is(tmp_path):
    """django_language: Secure, SameSite=Lax and HttpOnly, like the session cookie (issue 20, point 7)."""
    env = production_env(tmp_path, BEHIND_PROXY="1", ALLOWED_HOSTS="testserver",
                         DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    manage(env, "collectstatic", "--noinput")
    code = ("import django; django.setup(); from django.test import Client; "
            "r = Client().post('/i18n/setlang/', {'language': 'zh-hant', 'next': '/'}, "
            "headers={'X-Forwarded-Proto': 'https'}); "
            "print(r.cookies['django_language'].output())")

    result = subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)

    cookie = result.stdout.strip()
    assert result.returncode == 0, result.stderr
    assert cookie.startswith("Set-Cookie: django_language=zh-hant")
    assert "; Secure" in cookie and "SameSite=Lax" in cookie and "HttpOnly" in cookie
