"""The seat-change form: who sits in for the person in a seat, from the next hand (issue 23).

The newcomer is picked from the people the table played with before (a chip: a submit button named
`newcomer`, the second tap) or typed (`typed`, then Sit in): two names, so a chip is never hidden by an empty
text box sent with it. A name of someone seated now in another seat is refused beside the field, and so is
the name of the person already in that seat (it would change nothing). Names are compared as
`forms.same_name` compares them ("José" typed with a combining accent is José).
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models import Player
from .forms import same_name, seat_name

NAME_ERRORS = {"max_length": _("A name of at most 40 characters.")}


class SeatChangeForm(forms.Form):
    newcomer = forms.CharField(required=False, max_length=40, error_messages=NAME_ERRORS)
    typed = forms.CharField(label=_("Someone new"), required=False, max_length=40, error_messages=NAME_ERRORS)
    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    revision = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args: Any, seated: tuple[Player, ...], seat: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seated, self.seat = seated, seat

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        name = seat_name(str(data.get("newcomer") or data.get("typed") or ""))
        if "typed" in self.errors or "newcomer" in self.errors:
            return data
        if not name:
            self.add_error("typed", gettext("Type the name of who sits in, or pick one."))
            return data
        for seat, person in enumerate(self.seated):
            if same_name(person.name, name):
                self.add_error("typed", gettext("%(name)s is in this seat already.") % {"name": person.name}
                               if seat == self.seat else
                               gettext("%(name)s is already at the table, in another seat.") % {"name": person.name})
                return data
        data["name"] = name
        return data
