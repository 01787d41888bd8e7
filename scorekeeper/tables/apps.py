from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class TablesConfig(AppConfig):
    default = True  # the app's own config; StaffAdminConfig below is the admin's, named in INSTALLED_APPS
    default_auto_field = "django.db.models.BigAutoField"
    name = "scorekeeper.tables"
    verbose_name = "Tables"


class StaffAdminConfig(admin_apps.AdminConfig):
    """Django's admin, for the server's staff (accounts, sessions, share links), on a site whose log-in is the
    app's own: guesses there are counted and slowed by the log-in guard like any other (admin_site.py)."""

    default = False  # named in INSTALLED_APPS; TablesConfig is this module's default
    default_site = "scorekeeper.admin_site.StaffSite"
