import pytest

pytestmark = pytest.mark.django_db

RULESETS = ["Taiwanese", "Zung Jung", "Hong Kong Old Style", "Taizhou", "Fujian"]


def test_home_says_what_the_app_is(client):
    response = client.get("/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "Mahjong Scorekeeper" in page
    assert 'name="viewport"' in page


@pytest.mark.parametrize("name", RULESETS)
def test_home_names_each_ruleset(client, name):
    assert name in client.get("/").content.decode()


def test_home_sends_csrf_token_to_htmx(client):
    page = client.get("/").content.decode()

    assert "hx-headers" in page
    assert "X-CSRFToken" in page
    assert "htmx" in page
