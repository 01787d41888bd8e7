"""Give access to a session from the command line: a share link, or an owner.

Sessions from before accounts have no owner, so no one can open their Share page:
this is how they are reached again.

    python manage.py share_session 12                 # a scorer link
    python manage.py share_session 12 --role viewer   # a read-only link
    python manage.py share_session 12 --owner ann     # ann owns it from now on
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from scorekeeper.tables import services
from scorekeeper.tables.models import Session, ShareLink


class Command(BaseCommand):
    help = "Print a share link for a session (scorer or viewer), or give the session an owner."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int)
        parser.add_argument("--role", choices=[ShareLink.Role.SCORER.value, ShareLink.Role.VIEWER.value],
                            default=ShareLink.Role.SCORER)
        parser.add_argument("--owner", help="username of the account that owns the session from now on")

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(f"No session {options['session']}.")
        if options["owner"]:
            user = get_user_model().objects.filter(username=options["owner"]).first()
            if user is None:
                raise CommandError(f"No account named {options['owner']!r}.")
            Session.objects.filter(pk=session.pk).update(owner=user)
            self.stdout.write(f"Session {session.pk} now belongs to {user.get_username()}.")
            return
        link = services.share_link_create(session=session, role=options["role"], label="from the command line")
        self.stdout.write(f"{link.get_role_display()} link (add your site's address in front): "
                          f"{reverse('follow_link', args=[link.token])}")
