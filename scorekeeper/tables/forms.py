"""Forms for the screens that are plain fields: a new session, a draw, an on-the-spot payment."""
from __future__ import annotations

import json
from typing import Any

from django import forms

from .models import Hand
from .profiles import SPOT_KINDS, Profile, clean_stakes

SEAT_FIELDS = (("east", "East 東"), ("south", "South 南"), ("west", "West 西"), ("north", "North 北"))


class SessionForm(forms.Form):
    """Players in seat order, the first dealer, and the ruleset's stakes and house options."""

    first_dealer = forms.TypedChoiceField(
        label="Who deals first?", coerce=int, initial=0, widget=forms.RadioSelect,
        choices=[(i, label.split()[0]) for i, (_, label) in enumerate(SEAT_FIELDS)],
    )

    def __init__(self, *args: Any, profile: Profile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.profile = profile
        seat_fields = {
            name: forms.CharField(label=label, max_length=40, widget=forms.TextInput(attrs={
                "list": "known-players", "autocomplete": "off", "autocapitalize": "words"}))
            for name, label in SEAT_FIELDS
        }
        self.fields = {**seat_fields, **self.fields}
        for stake in profile.stakes:
            self.fields[f"stake_{stake.name}"] = forms.CharField(
                label=stake.label, required=False, initial=stake.default, help_text=stake.hint,
                widget=forms.TextInput(attrs={"inputmode": "decimal", "placeholder": stake.hint}))
        for option in profile.options():
            name = f"option_{option['name']}"
            label = option["name"].replace("_", " ").capitalize()
            if option["allowed"]:
                self.fields[name] = forms.ChoiceField(
                    label=label, help_text=option["note"], initial=json.dumps(option["default"]),
                    choices=[(json.dumps(v), _shown(v)) for v in option["allowed"]])
            else:
                self.fields[name] = forms.CharField(label=label, help_text=option["note"], required=False,
                                                    initial=str(option["default"]))

    def seat_names(self) -> list[str]:
        return [" ".join(self.cleaned_data[name].split()) for name, _ in SEAT_FIELDS]

    def seats_bound(self) -> list[forms.BoundField]:
        return [self[name] for name, _ in SEAT_FIELDS]

    def stakes_bound(self) -> list[forms.BoundField]:
        return [self[f"stake_{s.name}"] for s in self.profile.stakes]

    def options_bound(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = [" ".join((data.get(name) or "").split()) for name, _ in SEAT_FIELDS]
        seen: dict[str, tuple[str, str]] = {}
        for (name, _), player in zip(SEAT_FIELDS, names):
            if player and player.lower() in seen:
                first, seat = seen[player.lower()]
                self.add_error(name, f"{first} already sits at {seat}: four different players.")
            elif player:
                seen[player.lower()] = (player, name.capitalize())
        raw = {s.name: data.get(f"stake_{s.name}", "") for s in self.profile.stakes}
        data["stakes"], errors = clean_stakes(self.profile, raw)
        for stake_name, message in errors.items():
            self.add_error(f"stake_{stake_name}", message)
        options = {}
        for option in self.profile.options():
            value = data.get(f"option_{option['name']}")
            if value is None:
                continue
            options[option["name"]] = json.loads(value) if option["allowed"] else _plain(value, option["default"])
        data["options"] = options
        return data


def _shown(value: Any) -> str:
    return {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) else str(value)


def _plain(text: str, default: Any) -> Any:
    text = text.strip()
    if not text:
        return default
    try:
        return int(text) if isinstance(default, int) else text
    except ValueError:
        return text


class DrawForm(forms.Form):
    note = forms.CharField(label="Note (optional)", max_length=200, required=False)
    token = forms.CharField(widget=forms.HiddenInput, required=False)


class SpotForm(forms.Form):
    kind = forms.ChoiceField(label="What is paid?", widget=forms.RadioSelect,
                             choices=[(k, v[0]) for k, v in SPOT_KINDS.items()])
    player = forms.TypedChoiceField(label="Who?", coerce=int, widget=forms.RadioSelect, required=False)
    count = forms.IntegerField(label="How many?", min_value=1, max_value=8, required=False, initial=1,
                               widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    to = forms.TypedChoiceField(label="Paid to (the discarder)", coerce=int, widget=forms.RadioSelect,
                                required=False)
    note = forms.CharField(label="Note (optional)", max_length=200, required=False)
    token = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, names: list[str], dealer: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names, self.dealer = names, dealer
        seats = [(i, name) for i, name in enumerate(names)]
        self.fields["player"].choices = seats
        self.fields["to"].choices = seats

    def kind_help(self) -> list[tuple[str, str, str]]:
        return [(k, v[0], v[1]) for k, v in SPOT_KINDS.items()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind = data.get("kind")
        if not kind:
            return data
        needs = SPOT_KINDS[kind][2]
        if needs == "dealer":  # taiwan.md: the dice payments are the dealer's
            data["player"] = self.dealer
        elif data.get("player") is None:
            self.add_error("player", "Choose who pays or receives.")
        if needs == "count" and not data.get("count"):
            self.add_error("count", "How many tiles? Enter 1 or more.")
        if needs != "count":
            data["count"] = None
        if needs == "to":
            if data.get("to") is None:
                self.add_error("to", "Choose who discarded the tile.")
            elif data.get("to") == data.get("player"):
                self.add_error("to", "A player cannot pay themselves: choose the discarder.")
        else:
            data["to"] = None
        return data

    @classmethod
    def initial_from(cls, hand: Hand) -> dict[str, Any]:
        return {"kind": hand.spot_kind, "player": hand.spot_player, "count": hand.spot_count,
                "to": hand.spot_to, "note": hand.note}
