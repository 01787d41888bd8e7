"""The new-session form and how a table pays: the players in their seats, the first dealer, how long the table
plays, how it pays (also changeable while the session is open: `PayingForm`), the ruleset's stakes and house
options."""
from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..display.rulesets import Profile, Stake, clean_stakes, option_label, option_note, option_value
from .forms import printable_name, seat_name

SEAT_FIELDS = (("east", _("East 東")), ("south", _("South 南")), ("west", _("West 西")), ("north", _("North 北")))
SEAT_WORDS = (_("East"), _("South"), _("West"), _("North"))  # the first dealer's buttons
# rules/README.md, `pay_as_you_go`: the two ways a table pays, as the screens offer them.
PAYING_CHOICES = (("tab", _("Keep a tab, settle at the end")), ("go", _("Pay as you go")))
OTHER = "other"  # a named stake's choice of an amount typed instead
MAX_STAKE = Decimal(1_000_000)  # per point or per fan: beyond any table's stakes, within the engine's precision
LENGTH_ROUNDS = {"one_round": 1, "four_rounds": 4}  # the form's lengths in rounds (一圈, 一將)
MAX_LENGTH_HANDS = 999


def check_stake(text: str) -> None:
    """A stake as a table writes it: 10, 2.50; never negative, at most two decimals."""
    text = text.strip()
    if not text:
        return
    try:
        value = Decimal(text) if len(text) <= 20 else None
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite():
        raise ValidationError(_("Enter an amount like 10 or 2.50."))
    if value < 0:
        raise ValidationError(_("Enter an amount of 0 or more."))
    if value > MAX_STAKE:
        raise ValidationError(gettext("Enter at most %(most)s.") % {"most": f"{MAX_STAKE:,}"})
    if value != value.quantize(Decimal("0.01")):
        raise ValidationError(_("Use at most two decimal places, like 2.50."))


def paying_field(*, profile: Profile, required: bool = True) -> forms.TypedChoiceField:
    """None when left out of a form that need not ask (the ruleset's usual way then); its help says what
    paying as you go pays in this ruleset (chain ends and on-the-spot payments only where it has them)."""
    return forms.TypedChoiceField(
        label=_("How does your table pay?"), widget=forms.RadioSelect, choices=PAYING_CHOICES, required=required,
        coerce=lambda value: value == "go", empty_value=None, help_text=profile.paying_help,
        error_messages={"required": _("Choose how your table pays.")})


def paying_initial(pay_as_you_go: bool) -> str:
    return "go" if pay_as_you_go else "tab"


class PayingForm(forms.Form):
    """How the table pays, changeable while the session is open."""

    def __init__(self, *args: Any, profile: Profile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pay_as_you_go"] = paying_field(profile=profile)


# How long a table means to play: SessionForm.length.
LENGTH_CHOICES = [("open", _("Open-ended")), ("one_round", _("One round (一圈)")),
                  ("four_rounds", _("Four rounds (一將)")), ("hands", _("A number of hands"))]


class SessionForm(forms.Form):
    """Players in seat order, the first dealer, how the table pays, and the ruleset's stakes and house options."""

    first_dealer = forms.TypedChoiceField(
        label=_("Who deals first?"), coerce=int, initial=0, widget=forms.RadioSelect,
        choices=list(enumerate(SEAT_WORDS)),
    )

    # How long the table means to play (issue 23); open-ended unless chosen. Reaching it only offers Settle up.
    length = forms.ChoiceField(
        label=_("How long do you play?"), initial="open", required=False, widget=forms.RadioSelect,
        choices=LENGTH_CHOICES,
        error_messages={"invalid_choice": _("Choose how long you play.")})
    length_hands = forms.IntegerField(
        label=_("How many hands?"), required=False, min_value=1, max_value=MAX_LENGTH_HANDS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={"min_value": _("At least 1 hand."), "max_value": _("At most 999 hands."),
                        "invalid": _("How many hands? Enter a number, like 16.")})

    def __init__(self, *args: Any, profile: Profile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.profile = profile
        self.fields["pay_as_you_go"] = paying_field(profile=profile, required=False)
        self.fields["pay_as_you_go"].initial = paying_initial(profile.ruleset.usually_pays_as_you_go)
        seat_fields = {
            name: forms.CharField(label=label, max_length=40, error_messages={
                "required": _("Enter the player's name."),
                "max_length": _("Keep the name to %(limit_value)d characters (it has %(show_value)d)."),
            }, widget=forms.TextInput(attrs={"list": "known-players", "autocomplete": "off",
                                             "autocapitalize": "words",
                                             # the keyboard's Next goes on to the next seat; North's Go starts
                                             "enterkeyhint": "go" if name == SEAT_FIELDS[-1][0] else "next"}))
            for name, label in SEAT_FIELDS
        }
        self.fields = {**seat_fields, **self.fields}
        for stake in profile.stakes:
            self.fields[f"stake_{stake.name}"] = forms.CharField(
                label=stake.label, required=False, initial=stake.default, help_text=stake.hint, max_length=20,
                validators=[check_stake], error_messages={"max_length": _("Enter an amount like 10 or 2.50.")},
                widget=forms.TextInput(attrs={"inputmode": "decimal", "placeholder": stake.hint}))
            if stake.named:  # the tables' names for it (hk-faan's 二五雞, 五一, 一二蚊), or another amount typed
                self._named_stake(stake, kwargs.get("initial") or {})
        for option in profile.ruleset.house_options():
            name = f"option_{option.name}"
            label, note = option_label(option.name), option_note(option)
            if option.allowed:
                # a form sent without the option (a script, an older page) plays the ruleset's default
                self.fields[name] = forms.ChoiceField(
                    label=label, help_text=note, initial=json.dumps(option.default), required=False,
                    choices=[(json.dumps(v), option_value(option.name, v)) for v in option.allowed])
            else:
                self.fields[name] = forms.CharField(label=label, help_text=note, required=False,
                                                    initial=str(option.default), max_length=40)

    def _named_stake(self, stake: Stake, initial: dict[str, Any]) -> None:
        amount = str(initial.get(f"stake_{stake.name}") or stake.default)
        named = [value for value, _name in stake.named]
        self.fields[f"named_{stake.name}"] = forms.ChoiceField(
            label=stake.label, required=False, widget=forms.RadioSelect, help_text=stake.note,
            initial=amount if amount in named else OTHER,
            choices=[(value, f"{name} {value}") for value, name in stake.named] + [(OTHER, _("Other"))])
        field = self.fields[f"stake_{stake.name}"]
        field.label = _("Other amount")
        field.initial = "" if amount in named else amount

    def dealer_buttons(self) -> list[tuple[Any, str, str]]:
        """Each first-dealer button with the seat's name field and the name typed there (the button says it;
        static/js/session_new.js keeps it in step as names are typed)."""
        return [(radio, self[name].id_for_label, " ".join(str(self[name].value() or "").split()))
                for radio, (name, _label) in zip(self["first_dealer"], SEAT_FIELDS)]

    def clean_length_hands(self) -> int | None:
        hands: int | None = self.cleaned_data.get("length_hands")
        if self.cleaned_data.get("length") == "hands" and not hands:
            raise forms.ValidationError(gettext("How many hands? Enter a number, like 16."))
        return hands

    def _clean_length(self, data: dict[str, Any]) -> None:
        """A number of hands typed while Open-ended (the choice nobody has to make) is what the table meant: the
        session lasts that many hands. Typed beside a number of rounds, which of the two was meant cannot be told:
        the form asks (issue 35.14)."""
        length, hands = data.get("length") or "open", data.get("length_hands")
        if not hands or length == "hands":
            return
        if length == "open":
            data["length"] = "hands"
            return
        self.add_error("length_hands", gettext("You chose “%(length)s” and typed %(hands)s hands: clear the number, "
                                               "or choose “A number of hands”.") % {
            "length": dict(LENGTH_CHOICES)[length], "hands": hands})

    def session_fields(self) -> dict[str, Any]:
        """What services.session_create takes, as the form read it."""
        data = self.cleaned_data
        length = data.get("length") or "open"
        return {"ruleset": self.profile.ruleset.key, "names": self.seat_names(), "first_dealer": data["first_dealer"],
                "stakes": data["stakes"], "options": data["options"], "pay_as_you_go": data["pay_as_you_go"],
                "length_rounds": LENGTH_ROUNDS.get(length),
                "length_hands": data.get("length_hands") if length == "hands" else None}

    def seat_names(self) -> list[str]:
        return [seat_name(self.cleaned_data[name]) for name, _ in SEAT_FIELDS]

    def seats_bound(self) -> list[forms.BoundField]:
        return [self[name] for name, _ in SEAT_FIELDS]

    def stakes_bound(self) -> list[forms.BoundField]:
        return [self[f"stake_{s.name}"] for s in self.profile.stakes]

    def stakes_shown(self) -> list[tuple[forms.BoundField, forms.BoundField | None]]:
        """Each stake's field, after the tables' names for it where it has them."""
        return [(self[f"stake_{s.name}"], self[f"named_{s.name}"] if s.named else None) for s in self.profile.stakes]

    def options_bound(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        self._clean_length(data)
        names = [seat_name(data.get(name) or "") for name, _ in SEAT_FIELDS]
        seen: dict[str, tuple[str, str]] = {}
        for (name, _label), player in zip(SEAT_FIELDS, names):
            if player and not printable_name(player):
                self.add_error(name, _("Use letters, digits and ordinary punctuation in a name."))
            elif player and player.casefold() in seen:
                first, seat = seen[player.casefold()]
                self.add_error(name, gettext("%(player)s already sits at %(seat)s: four different players.")
                               % {"player": first, "seat": seat})
            elif player:
                seen[player.casefold()] = (player, str(SEAT_WORDS[[n for n, _ in SEAT_FIELDS].index(name)]))
        for stake in self.profile.stakes:  # a stake chosen by its name is that amount
            chosen = data.get(f"named_{stake.name}")
            if stake.named and chosen and chosen != OTHER:
                data[f"stake_{stake.name}"] = chosen
                self.errors.pop(f"stake_{stake.name}", None)
        # A stake already refused beside its field is not checked (or reported) twice.
        valid = [s for s in self.profile.stakes if f"stake_{s.name}" not in self.errors]
        data["stakes"], errors = clean_stakes(self.profile, {s.name: data.get(f"stake_{s.name}", "") for s in valid})
        for stake_name, message in errors.items():
            if f"stake_{stake_name}" not in self.errors:
                self.add_error(f"stake_{stake_name}", message)
        options = {}
        for option in self.profile.ruleset.house_options():
            value = data.get(f"option_{option.name}")
            if value in (None, ""):
                continue
            options[option.name] = json.loads(value) if option.allowed else _plain(value, option.default)
        data["options"] = options
        return data


def _plain(text: str, default: Any) -> Any:
    text = text.strip()
    if not text:
        return default
    try:
        return int(text) if isinstance(default, int) else text
    except ValueError:
        return text

