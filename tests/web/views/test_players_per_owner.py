"""Players belong to their owner: another account's spelling of a name never shows at this table, nor
tells that the name exists; existing data is split per owner by the migration, nothing lost."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.tables.models import Player


def test_another_accounts_spelling_never_shows(client, make_session, django_user_model):
    wu = django_user_model.objects.create_user("wu", password="x" * 12)
    theirs = make_session(names=["bob", "Cy", "Di", "Ann"], owned_by=wu)
    mine = make_session(names=["Bob", "Cy", "Di", "Ann"])
    assert mine.south.name != theirs.east.name and mine.south.pk != theirs.east.pk
    assert "Bob" in client.get(f"/sessions/{mine.pk}/").content.decode()
    page = client.get("/sessions/new/?ruleset=taiwan").content.decode()
    assert ">bob<" not in page and '"bob"' not in page


def test_the_same_owner_keeps_one_player_per_name(make_session, owner):
    first = make_session(names=["Bob", "Cy", "Di", "Ann"])
    second = make_session(names=["BOB", "Cy", "Di", "Ann"])
    assert first.east.pk == second.east.pk
    assert Player.objects.filter(owner=owner).count() == 4


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_each_owner_their_own_player(django_user_model):
    executor = MigrationExecutor(connection)
    executor.migrate([("tables", "0004_session_entry_mode")])
    old = executor.loader.project_state([("tables", "0004_session_entry_mode")]).apps
    OldPlayer, OldSession = old.get_model("tables", "Player"), old.get_model("tables", "Session")
    ann = django_user_model.objects.create_user("ann-m", password="x" * 12)
    wu = django_user_model.objects.create_user("wu-m", password="x" * 12)
    bob, cy, di, eve = (OldPlayer.objects.create(name=n) for n in ("Bob", "Cy", "Di", "Eve"))
    seats = {"east": bob, "south": cy, "west": di, "north": eve}
    a = OldSession.objects.create(ruleset="taiwan", owner_id=ann.pk, **seats)
    w = OldSession.objects.create(ruleset="taiwan", owner_id=wu.pk, **seats)
    nobody = OldSession.objects.create(ruleset="taiwan", owner_id=None, **seats)

    call_command("migrate", "tables", verbosity=0)

    from scorekeeper.tables.models import Session
    a, w, nobody = (Session.objects.get(pk=s.pk) for s in (a, w, nobody))
    assert [p.name for p in a.players] == [p.name for p in w.players] == ["Bob", "Cy", "Di", "Eve"]
    assert {p.owner_id for p in a.players} == {ann.pk} and {p.owner_id for p in w.players} == {wu.pk}
    assert {p.owner_id for p in nobody.players} == {None}
    assert a.east.pk == bob.pk  # the first owner keeps the original row (its page and stats)
    assert Player.objects.count() == 12
