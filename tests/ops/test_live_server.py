"""The live server as `make serve` runs it beside gunicorn: a phone's event stream tells it of a saved hand
within two seconds; a copied URL gets nothing; a revoked share link's stream ends at the next change."""
from __future__ import annotations

import http.client
import random
import re
import sys
import time
from html import unescape

from ops_helpers import ROOT, free_port, make_serve

sys.path.insert(0, str(ROOT / "benchmarks"))
from load import Browser, Stats, Table, form_with, forms, path_of  # noqa: E402  (the load test's phone: forms, cookies)


class Stream:
    """An event stream held open on the live server, read line by line."""

    def __init__(self, port: int, url: str, cookies: dict[str, str]) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.conn.request("GET", url, headers={"Accept": "text/event-stream",
                                               "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
        self.answer = self.conn.getresponse()

    def next_event(self) -> tuple[str, str]:
        """The next event's name and data (comments skipped); ("", "") when the stream ended."""
        name, data = "", ""
        while (line := self.answer.readline().decode()) != "":
            if line == "\n" and name:
                return name, data
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line.startswith("data:"):
                data = line[5:].strip()
        return "", ""


def events_url(browser: Browser, session_id: int) -> str:
    page = browser.get("session screen", f"/sessions/{session_id}/").body
    return unescape(re.search(r'data-events="([^"]+)"', page).group(1))


def revision_of(browser: Browser, session_id: int) -> str:
    page = browser.get("session screen", f"/sessions/{session_id}/").body
    return re.search(r'id="standings"[^>]*data-revision="([^"]+)"', page).group(1)


def owner_table(port: int) -> Table:
    table = Table(1, f"{random.randrange(10**6)}", Browser(port, Stats(), address="10.0.0.1"), random.Random(3),
                  "zung-jung")
    assert table.set_up(), table.stats.examples
    return table


def viewer_of(table: Table, port: int) -> tuple[Browser, int]:
    """A second phone let in by a viewer link; and the link's id."""
    share = f"/sessions/{table.session_id}/share/"
    form = form_with(table.browser.get("share", share).body, share, "role")
    table.browser.post("share", share, form.submission({"role": "viewer", "label": "Di"}, ("action", "create")))
    page = table.browser.get("share", share).body
    link_id, url = re.search(r'id="link-(\d+)".*?value="([^"]+/t/[^"]+)"', page, re.S).groups()
    viewer = Browser(port, Stats(), address="10.0.0.2")
    follow = path_of(url)
    form = next(f for f in forms(viewer.get("follow", follow).body, follow) if "/t/" in f.action)
    assert viewer.post("open", path_of(form.action), form.submission()).status in (302, 303)
    assert viewer.get("session screen", f"/sessions/{table.session_id}/").status == 200
    return viewer, int(link_id)


def test_a_stream_tells_of_a_saved_hand_and_a_copied_url_gets_nothing(tmp_path):
    live = free_port()
    with make_serve(tmp_path, lambda port: http.client.HTTPConnection("127.0.0.1", live).connect(),
                    live_port=live) as port:
        table = owner_table(port)
        url = events_url(table.browser, table.session_id)
        stream = Stream(live, url, table.browser.cookies)
        assert stream.answer.status == 200
        assert stream.answer.getheader("Content-Type") == "text/event-stream"

        table.enter_draw(f"/sessions/{table.session_id}/")
        saved_at = time.monotonic()
        assert stream.next_event() == ("revision", revision_of(table.browser, table.session_id))
        assert time.monotonic() - saved_at < 2.0

        viewer, _ = viewer_of(table, port)  # another browser, even one let into this session
        for cookies in ({}, viewer.cookies):
            refused = Stream(live, url, cookies)
            assert refused.answer.status == 404 and refused.answer.read() == b""

        elsewhere = http.client.HTTPConnection("127.0.0.1", live, timeout=10)
        elsewhere.request("GET", f"/sessions/{table.session_id}/")  # the live server serves nothing else
        assert elsewhere.getresponse().status == 404

        # On gunicorn (no proxy in front), the stream's URL is a 204: the page polls instead.
        assert table.browser.get("events", url).status == 204


def test_a_roll_of_the_dice_wakes_the_stream_and_leaves_the_revision(tmp_path):
    """A roll (views/table.py) changes no revision (a form open on another phone stays valid), yet every stream
    is told: the live mark is the revision and the roll's time (web/live_token.py)."""
    live = free_port()
    with make_serve(tmp_path, lambda port: http.client.HTTPConnection("127.0.0.1", live).connect(),
                    live_port=live) as port:
        table = owner_table(port)
        revision = revision_of(table.browser, table.session_id)
        stream = Stream(live, events_url(table.browser, table.session_id), table.browser.cookies)
        assert stream.answer.status == 200
        path = f"/sessions/{table.session_id}/table/"
        form = form_with(table.browser.get("table view", path).body, path, "seat")
        rolled = table.browser.post("roll", path_of(form.action), form.submission({"d1": "6", "d2": "6", "d3": "6"}))
        assert rolled.status in (302, 303)
        event, mark = stream.next_event()
        assert event == "revision" and mark.startswith(f"{revision}.")
        assert revision_of(table.browser, table.session_id) == revision
        assert "rolled 18" in table.browser.get("session screen", f"/sessions/{table.session_id}/").body


def test_a_revoked_links_stream_ends_at_the_next_change(tmp_path):
    live = free_port()
    with make_serve(tmp_path, lambda port: http.client.HTTPConnection("127.0.0.1", live).connect(),
                    live_port=live) as port:
        table = owner_table(port)
        viewer, link = viewer_of(table, port)
        url = events_url(viewer, table.session_id)
        stream = Stream(live, url, viewer.cookies)
        assert stream.answer.status == 200
        share = f"/sessions/{table.session_id}/share/"
        form = form_with(table.browser.get("share", share).body, share, "link")
        table.browser.post("revoke", share, form.submission({"link": str(link)}))

        table.enter_draw(f"/sessions/{table.session_id}/")

        assert stream.next_event() == ("gone", "")
        assert stream.next_event() == ("", "")  # and the stream ends
        assert Stream(live, url, viewer.cookies).answer.status == 404  # the phone opening it again
