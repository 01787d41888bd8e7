"""The seat-change form: who sits in for the person in a seat, from the next hand (issue 23).

The newcomer is typed, or picked from the people the table played with before (a chip that submits the
form: the second tap). A name of someone seated now in another seat is refused beside the field; the name
of the person already in that seat changes nothing, and is refused too.
"""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models import Player


class SeatChangeForm(forms.Form):
    newcomer = forms.CharField(label=_("Who sits in?"), max_length=40,
                               error_messages={"required": _("Type the name of who sits in, or pick one."),
                                               "max_length": _("A name of at most 40 characters.")})
    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    revision = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args: object, seated: tuple[Player, ...], seat: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.seated, self.seat = seated, seat

    def clean_newcomer(self) -> str:
        name = " ".join(str(self.cleaned_data["newcomer"]).split())
        if not name:
            raise forms.ValidationError(gettext("Type the name of who sits in, or pick one."))
        for seat, person in enumerate(self.seated):
            if person.name.casefold() == name.casefold():
                if seat == self.seat:
                    raise forms.ValidationError(gettext("%(name)s is in this seat already.") % {"name": person.name})
                raise forms.ValidationError(gettext("%(name)s is already at the table, in another seat.")
                                            % {"name": person.name})
        return name
