from django.apps import AppConfig


class TablesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scorekeeper.tables"
    verbose_name = "Tables"
