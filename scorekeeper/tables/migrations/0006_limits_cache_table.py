"""The database cache django-ratelimit counts in (settings.CACHES["limits"]): made by every `migrate`,
so a fresh install, the test databases and each app server need no extra command."""
from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):

    dependencies = [("tables", "0005_players_per_owner")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
