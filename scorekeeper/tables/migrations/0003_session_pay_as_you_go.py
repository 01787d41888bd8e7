from django.db import migrations, models


def paying_as_the_screens_said(apps, schema_editor):
    """Before the choice existed, taiwan's screens said chain ends and on-the-spot payments were
    "paid at once": those tables paid as they went. Other rulesets' tables kept a tab."""
    Session = apps.get_model("tables", "Session")
    Session.objects.filter(ruleset="taiwan").update(pay_as_you_go=True)


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0002_accounts_share_links_soft_delete"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="pay_as_you_go",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(paying_as_the_screens_said, migrations.RunPython.noop),
    ]
