"""A share link as a QR code, for the other phones at the table to scan: an SVG drawn on the server by
segno (no script, no image file; presentation attributes only, as the Content-Security-Policy wants)."""
from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, title: str) -> SafeString:
    code = segno.make(url, error="m")
    # segno escapes the title; the SVG holds nothing else from outside.
    svg = code.svg_inline(scale=5, border=3, dark="#111", light="#fff", svgclass="qr-code", title=title,
                           omitsize=True)  # a viewBox: the stylesheet sizes it
    return mark_safe(svg.replace("<svg ", '<svg role="img" ', 1))  # noqa: S308
