"""A roll of the dice as the table view sends it: the seat of whoever tapped, and the three values the browser
rolled (none from a browser without JavaScript: the server rolls, services/dice.py)."""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import SEATS

THREE_DICE = _("Three dice, each 1 to 6.")
WHO = _("Who rolled? Choose a seat.")


def die_field() -> forms.IntegerField:
    return forms.IntegerField(required=False, min_value=1, max_value=6, error_messages={
        "min_value": THREE_DICE, "max_value": THREE_DICE, "invalid": THREE_DICE})


class DiceForm(forms.Form):
    seat = forms.TypedChoiceField(coerce=int, choices=[(seat, str(seat)) for seat in SEATS],
                                  error_messages={"required": WHO, "invalid_choice": WHO})
    d1, d2, d3 = die_field(), die_field(), die_field()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        given = [cleaned.get(name) for name in ("d1", "d2", "d3")]
        if any(value is not None for value in given) and None in given:
            raise forms.ValidationError(THREE_DICE)
        return cleaned

    def values(self) -> list[int] | None:
        """The three values rolled in the browser, or None for the server to roll."""
        given = [self.cleaned_data.get(name) for name in ("d1", "d2", "d3")]
        return None if None in given else [int(value) for value in given if value is not None]
