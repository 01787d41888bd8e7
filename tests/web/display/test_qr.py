"""Share shows a QR code of each link: an SVG drawn on the server that encodes exactly the link."""
from __future__ import annotations

import re

import segno

from scorekeeper.tables import services


def test_each_link_has_a_qr_code_of_its_address(client, make_session):
    session = make_session()
    links = [services.share_link_create(session=session, role=role) for role in ("scorer", "viewer")]
    page = client.get(f"/sessions/{session.pk}/share/").content.decode()
    svgs = re.findall(r"<svg .*?</svg>", page, flags=re.S)
    assert len(svgs) == 2
    for link in links:
        url = f"http://testserver/t/{link.token}/"
        expected = segno.make(url, error="m").svg_inline(scale=5, border=3, dark="#111", light="#fff",
                                                         svgclass="qr-code")
        path = re.search(r'd="([^"]+)"', expected.split("<path", 2)[-1]).group(1)
        assert any(path in svg for svg in svgs), link.role  # the same modules: the same address
    assert "QR code of the scorer link" in page and "QR code of the viewer link" in page
    assert 'style="' not in "".join(svgs)  # presentation attributes only (the CSP refuses inline style)
