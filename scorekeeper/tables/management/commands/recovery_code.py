"""A new recovery code for an account, for the operator to hand to its owner (who then sets a new password
at /accounts/recover/). The old code stops working; the password is unchanged until the code is used.

    python manage.py recovery_code ann
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.tables.services.recovery import recovery_code_issue


class Command(BaseCommand):
    help = "Print a new recovery code for an account (the old one stops working)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username__iexact=options["username"]).first()
        if user is None:
            raise CommandError(f"No account is named {options['username']!r}.")
        code = recovery_code_issue(user=user)
        self.stdout.write(f"Recovery code for {user.get_username()}: {code}\n"
                          "Give it to them; they set a new password with it at /accounts/recover/.")
