"""Forms for the screens that are plain fields: a draw, an on-the-spot payment, a share link, a backup to import,
quick entry; the names and notes they all take, and the limits on what is entered. A new session and how it pays:
session_form.py."""
from __future__ import annotations

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..display.rulesets import SPOT_KINDS, Profile
from ..hand_input import HandInput
from ..models import Hand, ShareLink
from .text import is_clean, nfc

MAX_FIGURE = 100_000  # a win's fan or points, as the win form and quick entry take them; a backup too
MAX_SPOT_COUNT = 8  # flowers and seasons on the spot: there are 8
NOTE_ERRORS = {"max_length": _("Keep the note to %(limit_value)d characters (it has %(show_value)d).")}


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
