"""The installable shell: manifest, service worker, offline page, and the page hooks."""
import json

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static


def served(path: str) -> bool:
    """A /static/ URL whose file the static finders locate (the test client serves no static files)."""
    prefix = static("")
    return path.startswith(prefix) and finders.find(path[len(prefix):]) is not None


def test_manifest_makes_the_app_installable(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["start_url"] == "/" and data["display"] == "standalone"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in data["icons"]:
        assert served(icon["src"]), icon


def test_service_worker_is_served_from_the_root_and_precaches_the_shell(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    for path in ("/offline/", static("css/app.css"), static("js/offline.js"), static("django_htmx/htmx-2.min.js")):
        assert f'"{path}"' in body
        assert path == "/offline/" or served(path), path


def test_offline_page_says_what_happens_to_saves(client):
    response = client.get("/offline/")
    assert response.status_code == 200
    assert b"sent, once each, as soon as the connection returns" in response.content


@pytest.mark.django_db
def test_every_page_links_the_manifest_and_the_offline_script(client):
    page = client.get("/").content.decode()
    assert 'rel="manifest"' in page and "js/offline.js" in page
    assert 'id="offline-status"' in page
