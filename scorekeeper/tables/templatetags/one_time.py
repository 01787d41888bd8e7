"""A one-time token for a form that starts something with one tap: a double tap sends it twice, and the
server finds what the first one started (views/guests.py, Same table again)."""
from __future__ import annotations

import uuid

from django import template

register = template.Library()


@register.simple_tag
def one_time_token() -> str:
    return str(uuid.uuid4())
