"""Forms for importing a session backup and for quick entry (the views are in extra_views.py)."""
from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy as _

# A backup holds what the table entered: a few hundred bytes a hand, so 1,000 hands stay far below this.
MAX_BACKUP_BYTES = 2 * 1024 * 1024
# One hand a line, a few characters each: a whole evening's paper sheet is a few hundred lines.
MAX_QUICK_ENTRY_CHARS = 20_000


class ImportForm(forms.Form):
    backup = forms.FileField(
        label=_("Backup file (.json)"), help_text=_("A file saved with “Download backup”, on a session's History or Settle-up page."),
        error_messages={"required": _("Choose the backup file to import."),
                        "empty": _("This file is empty: choose the backup file (.json).")},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}))

    def clean_backup(self) -> str:
        upload = self.cleaned_data["backup"]
        if upload.size > MAX_BACKUP_BYTES:
            raise ValidationError(gettext("This file is %(size)s MB: a session backup is far smaller (at most "
                                          "%(limit)s MB). Is it the right file?")
                                  % {"size": f"{upload.size / 1024 / 1024:.1f}", "limit": MAX_BACKUP_BYTES // 1024 // 1024})
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
