"""Players belong to their owner: a name another account typed is no longer shared with this one.

Existing data is kept: a player seated at several accounts' sessions becomes one player per account
(the same name), each account's sessions re-seated with its own; no session or hand changes otherwise.
"""
import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models

SEATS = ("east", "south", "west", "north")


def one_player_per_owner(apps, schema_editor):
    Player = apps.get_model("tables", "Player")
    Session = apps.get_model("tables", "Session")
    for player in Player.objects.all().iterator():
        owners = set()
        for seat in SEATS:
            owners |= set(Session.objects.filter(**{seat: player}).values_list("owner_id", flat=True))
        first, *others = sorted(owners, key=lambda owner: (owner is None, owner or 0)) or [None]
        player.owner_id = first
        player.save(update_fields=["owner"])
        for owner in others:
            own = Player.objects.create(name=player.name, owner_id=owner)
            sessions = Session.objects.filter(owner__isnull=True) if owner is None else \
                Session.objects.filter(owner_id=owner)
            for seat in SEATS:
                sessions.filter(**{seat: player}).update(**{seat: own})


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0004_session_entry_mode"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="player",
            name="player_name_unique_ci",
        ),
        migrations.AddField(
            model_name="player",
            name="owner",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="players", to=settings.AUTH_USER_MODEL),
        ),
        migrations.RunPython(one_player_per_owner, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower("name"), models.F("owner"),
                                               name="player_name_unique_per_owner"),
        ),
    ]
