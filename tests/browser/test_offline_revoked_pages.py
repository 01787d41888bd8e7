"""A share link revoked: the visitor's phone drops the session's pages it kept for offline use (issue 20,
point 7), when it next opens the session (a 404) or, staying on its screen, at the live poll's next 404."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scorekeeper.tables import services

from browser_helpers import wait_until, wait_until_kept

pytestmark = pytest.mark.django_db(transaction=True)

# How many pages of the session (path prefix) the phone keeps.
KEPT = """prefix => caches.keys()
  .then(names => Promise.all(names.filter(name => name.startsWith("pages-")).map(name => caches.open(name)
    .then(cache => cache.keys()))))
  .then(lists => lists.flat().filter(request => new URL(request.url).pathname.startsWith(prefix)).length)"""


def visitor_keeps_the_session(page: Page, live_server, role: str):
    owner = get_user_model().objects.create_user("ann", password="tiles and tea 88")
    session = services.session_create(ruleset="zung-jung", names=["Ann", "Bob", "Cy", "Di"], first_dealer=0,
                                       stakes={}, options={}, owner=owner)
    link = services.share_link_create(session=session, role=role)
    page.goto(live_server.url + f"/t/{link.token}/")
    page.get_by_role("button", name="Open the session").click()
    prefix = f"/sessions/{session.pk}/"
    expect(page).to_have_url(live_server.url + prefix)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed and active: not a race with it
    page.reload()  # the service worker now controls the page: the screen goes through it and is kept
    wait_until_kept(page, live_server.url + prefix)
    assert page.evaluate(KEPT, prefix) >= 1
    return session, link, prefix


def test_opening_a_revoked_sessions_screen_drops_its_kept_pages(page: Page, live_server):
    session, link, prefix = visitor_keeps_the_session(page, live_server, "viewer")
    services.share_link_revoke(session=session, link_id=link.pk)
    response = page.goto(live_server.url + prefix)
    assert response.status == 404
    wait_until(page, f"() => ({KEPT})('{prefix}').then(count => count === 0)")


def test_the_live_poll_after_a_revoke_drops_the_kept_pages(page: Page, live_server):
    session, link, prefix = visitor_keeps_the_session(page, live_server, "scorer")
    services.share_link_revoke(session=session, link_id=link.pk)  # nothing else changes in the session
    wait_until(page, f"() => ({KEPT})('{prefix}').then(count => count === 0)")
