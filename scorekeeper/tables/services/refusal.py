"""What a save refuses, one way for every kind of entry: `SaveRefused`.

Each save service (a win, a draw, an on-the-spot payment, a seat change, a delete, a restore) raises it
and nothing else for a refusal, so the form's view and the offline queue read a refusal alike: another
phone changed the session first, or the hand it changes was deleted meanwhile (`changed`), or what is wrong
with the entry, field by field (`errors`).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.exceptions import ValidationError

from .session_lock import SessionChanged


class SaveRefused(Exception):
    """Nothing was saved: another phone changed the session since the form's revision, or the hand it changes
    was deleted meanwhile (`changed`), or the entry is refused for `errors` (field name: the words beside it;
    `__all__` for the form as a whole)."""

    def __init__(self, *, changed: bool = False, errors: dict[str, str] | None = None) -> None:
        super().__init__("The session changed" if changed else "The entry was refused")
        self.changed = changed
        self.errors = errors or {}

    @property
    def message(self) -> str:
        """The first reason, for a place that says one (a form's top, the offline queue's row)."""
        return next(iter(self.errors.values()), "")


@contextmanager
def refusals() -> Iterator[None]:
    """A write's own refusals (services.session_lock's `SessionChanged`, a `ValidationError`) as `SaveRefused`."""
    try:
        yield
    except SessionChanged as changed:
        raise SaveRefused(changed=True) from changed
    except ValidationError as refused:
        raise SaveRefused(errors=reasons(refused)) from refused


def reasons(refused: ValidationError) -> dict[str, str]:
    """Each field's first reason; a refusal that names no field is the form's as a whole."""
    if hasattr(refused, "error_dict"):
        return {name: words[0] for name, words in refused.message_dict.items()}
    return {"__all__": refused.messages[0]}
