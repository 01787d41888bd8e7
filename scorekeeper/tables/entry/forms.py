"""Forms for the screens that are plain fields: a new session and how it pays, a draw, an on-the-spot
payment, a share link, a backup to import, quick entry."""
from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..display.rulesets import SPOT_KINDS, Profile, Stake, clean_stakes, option_label, option_note, option_value
from ..hand_input import HandInput
from ..models import Hand, ShareLink
from .text import is_clean, nfc

SEAT_FIELDS = (("east", _("East 東")), ("south", _("South 南")), ("west", _("West 西")), ("north", _("North 北")))
SEAT_WORDS = (_("East"), _("South"), _("West"), _("North"))  # the first dealer's buttons
# rules/README.md, `pay_as_you_go`: the two ways a table pays, as the screens offer them.
PAYING_CHOICES = (("tab", _("Keep a tab, settle at the end")), ("go", _("Pay as you go")))
OTHER = "other"  # a named stake's choice of an amount typed instead
MAX_FIGURE = 100_000  # a win's fan or points, as the win form and quick entry take them; a backup too
MAX_SPOT_COUNT = 8  # flowers and seasons on the spot: there are 8
NOTE_ERRORS = {"max_length": _("Keep the note to %(limit_value)d characters (it has %(show_value)d).")}
MAX_STAKE = Decimal(1_000_000)  # per point or per fan: beyond any table's stakes, within the engine's precision
LENGTH_ROUNDS = {"one_round": 1, "four_rounds": 4}  # the form's lengths in rounds (一圈, 一將)
MAX_LENGTH_HANDS = 999


def printable_name(name: str) -> bool:
    """Letters, digits, punctuation, emoji and spaces: no control or invisible characters (NUL, BEL, U+202E,
    U+200B); a joiner only inside a word (entry.text)."""
    return is_clean(name)


def seat_name(text: str) -> str:
    """A name as it is stored: spaces collapsed, in one Unicode form (NFC)."""
    return nfc(" ".join(text.split()))


def same_name(one: str, other: str) -> bool:
    """One person to the app: the same name once stored (`seat_name`), in any case."""
    return seat_name(one).casefold() == seat_name(other).casefold()


def check_note(text: str) -> None:
    if not is_clean(text):
        raise ValidationError(_("Use letters, digits, punctuation and emoji in a note: it has a control or "
                                "invisible character."))


class NoteField(forms.CharField):
    """A note: in one Unicode form, without control or invisible characters (entry.text)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(label=_("Note (optional)"), max_length=200, required=False, error_messages=NOTE_ERRORS,
                         validators=[check_note], **kwargs)

    def to_python(self, value: Any) -> str:
        return nfc(super().to_python(value) or "")


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


class DrawForm(forms.Form):
    note = NoteField()
    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    # The session's revision the form was built from: a save against an older one is refused.
    revision = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def as_input(self) -> HandInput:
        return HandInput(Hand.Kind.DRAW, note=self.cleaned_data["note"])


class SpotForm(forms.Form):
    kind = forms.ChoiceField(label=_("Which payment?"), widget=forms.RadioSelect,
                             choices=[(k, v[0]) for k, v in SPOT_KINDS.items()],
                             error_messages={"required": _("Choose which payment it is."),
                                             "invalid_choice": _("Choose which payment it is.")})
    # Left out, a seat is None (not ""), so the checks below name what is missing, never the engine.
    player = forms.TypedChoiceField(label=_("Who?"), coerce=int, widget=forms.RadioSelect, required=False,
                                    empty_value=None,
                                    error_messages={"invalid_choice": _("Choose one of the four players.")})
    count = forms.IntegerField(label=_("How many?"), min_value=1, max_value=MAX_SPOT_COUNT, required=False, initial=1,
                               widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                               error_messages={"min_value": _("How many tiles? Enter 1 or more."),
                                               "max_value": _("At most 8: there are 8 flowers and seasons."),
                                               "invalid": _("How many tiles? Enter a number, like 1.")})
    to = forms.TypedChoiceField(label=_("To whom (the discarder)"), coerce=int, widget=forms.RadioSelect,
                                required=False, empty_value=None,
                                error_messages={"invalid_choice": _("Choose one of the four players.")})
    note = NoteField()
    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    revision = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args: Any, names: list[str], dealer: int, profile: Profile | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names, self.dealer = names, dealer
        # the ruleset's own kinds (hk-faan has one, the false win), with its words for what each pays
        self.kinds = profile.spot_kinds if profile is not None else {k: (str(v[0]), str(v[1]), v[2])
                                                                      for k, v in SPOT_KINDS.items()}
        cast(forms.ChoiceField, self.fields["kind"]).choices = [(k, v[0]) for k, v in self.kinds.items()]
        if len(self.kinds) == 1:
            self.fields["kind"].initial = next(iter(self.kinds))
        seats = [(i, name) for i, name in enumerate(names)]
        for name in ("player", "to"):
            cast(forms.ChoiceField, self.fields[name]).choices = seats

    def kind_help(self) -> list[tuple[str, str, str]]:
        return [(k, v[0], v[1]) for k, v in self.kinds.items()]

    def needs(self) -> set[str]:
        """The fields beyond the player that some kind here takes: the page shows only those."""
        return {v[2] for v in self.kinds.values()}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        kind = data.get("kind")
        if not kind:
            return data
        needs = self.kinds[kind][2]
        if needs == "dealer":  # taiwan.md: the dice payments are the dealer's
            data["player"] = self.dealer
        elif data.get("player") is None:
            self.add_error("player", _("Choose who pays or receives."))
        if needs == "count" and not data.get("count"):
            self.add_error("count", _("How many tiles? Enter 1 or more."))
        if needs != "count":
            data["count"] = None
        if needs == "to":
            if data.get("to") is None:
                self.add_error("to", _("Choose who discarded the tile."))
            elif data.get("to") == data.get("player"):
                self.add_error("to", _("A player cannot pay themselves: choose the discarder."))
        else:
            data["to"] = None
        return data

    @classmethod
    def initial_from(cls, hand: HandInput) -> dict[str, Any]:
        return {"kind": hand.spot_kind, "player": hand.spot_player, "count": hand.spot_count,
                "to": hand.spot_to, "note": hand.note}

    def as_input(self) -> HandInput:
        """The payment as entered (new, or an edited payment's new fields)."""
        data = self.cleaned_data
        return HandInput(Hand.Kind.SPOT, spot_kind=data["kind"], spot_player=data["player"], spot_count=data["count"],
                         spot_to=data["to"], note=data["note"])


class ShareForm(forms.Form):
    """Who a new share link is for and what it lets them do."""

    role = forms.ChoiceField(label=_("What may they do?"), widget=forms.RadioSelect, initial=ShareLink.Role.SCORER,
                             choices=[(ShareLink.Role.SCORER, _("Score: enter, edit and delete hands")),
                                      (ShareLink.Role.VIEWER, _("View only: see the scores and the history"))])
    label = forms.CharField(label=_("Who is it for? (optional)"), max_length=40, required=False,
                            error_messages={"max_length": _("Keep it to %(limit_value)d characters.")},
                            widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": _("e.g. Bob's phone")}))

    def clean_label(self) -> str:
        label = seat_name(self.cleaned_data["label"])
        if not printable_name(label):
            raise ValidationError(_("Use letters, digits and ordinary punctuation in a name."))
        return label

    def link_fields(self) -> dict[str, str]:
        return {"role": self.cleaned_data["role"], "label": self.cleaned_data["label"]}


# A backup holds what the table entered: a few hundred bytes a hand, so 1,000 hands stay far below this.
MAX_BACKUP_BYTES = 2 * 1024 * 1024
# The most entries (hands and on-the-spot payments) a session holds, and so a backup: a long evening is 30 to
# 60 hands, a weekend marathon a few hundred. Each write replays from a checkpoint, but an import replays the
# whole backup, a page reads the snapshots of every hand, and the replay cache (replay.py) keeps them: bounded.
MAX_SESSION_HANDS = 1_000
# One hand a line, a few characters each: a whole evening's paper sheet is a few hundred lines.
MAX_QUICK_ENTRY_CHARS = 20_000
# A paper score sheet holds a few hundred hands; more at once is not a table's evening, and each line is
# checked by the engine, so a longer text is refused before any of it is read.
MAX_QUICK_ENTRY_LINES = 500


class ImportForm(forms.Form):
    backup = forms.FileField(
        label=_("Backup file (.json)"),
        help_text=_("A file saved with “Download backup”, on a session's History or Settle-up page."),
        error_messages={"required": _("Choose the backup file to import."),
                        "empty": _("This file is empty: choose the backup file (.json).")},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}))

    def clean_backup(self) -> str:
        upload = self.cleaned_data["backup"]
        if upload.size > MAX_BACKUP_BYTES:
            raise ValidationError(gettext("This file is %(size)s MB: a session backup is far smaller (at most "
                                          "%(limit)s MB). Is it the right file?")
                                  % {"size": f"{upload.size / 1024 / 1024:.1f}",
                                     "limit": MAX_BACKUP_BYTES // 1024 // 1024})
        try:
            return upload.read().decode("utf-8-sig")  # a BOM, as some editors write, is not part of the JSON
        except UnicodeDecodeError:
            raise ValidationError(gettext("This file is not text: choose the backup file (.json).")) from None


class QuickEntryForm(forms.Form):
    text = forms.CharField(
        label=_("Hands, one per line"), max_length=MAX_QUICK_ENTRY_CHARS, strip=False,
        error_messages={"required": _("Write one hand per line, e.g. W2 d3 8."),
                        "max_length": _("Keep it to %(limit_value)d characters (it has %(show_value)d): "
                                        "save the hands in parts.")},
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocapitalize": "off",
                                     "autocomplete": "off", "autocorrect": "off", "class": "quick-text"}))
    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    # The session's revision the form was built from: a save against an older one is refused.
    revision = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def clean_text(self) -> str:
        text: str = self.cleaned_data["text"]
        lines = sum(1 for line in text.splitlines() if line.strip())
        if lines > MAX_QUICK_ENTRY_LINES:
            raise ValidationError(gettext("That is %(lines)s lines: enter at most %(most)s at a time, and save the "
                                          "rest in parts.") % {"lines": f"{lines:,}", "most": MAX_QUICK_ENTRY_LINES})
        return text
