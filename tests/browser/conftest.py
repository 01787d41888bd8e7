"""Browser tests: Debian's chromium driven by Playwright at a phone's 390x844.

Playwright's own browser download cannot work here; `make test` installs Debian's
chromium (scripts/ensure-chromium.sh). A missing browser fails the tests, never skips them.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

# The sync Playwright API runs an event loop in the test thread; the test's own database
# work (live_server fixtures) is synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure-chromium.sh (make test does)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}, "device_scale_factor": 1,
            "locale": "en-GB"}


@pytest.fixture(autouse=True)
def limits_counted_afresh(transactional_db):
    """Every test signs up from 127.0.0.1: the sign-up limit per address (and the log-in counts, and the reads)
    count per test."""
    from django.core.cache import caches
    caches["limits"].clear()
    caches["read_limits"].clear()  # and the session pages each read (tables.web.read_limit)
