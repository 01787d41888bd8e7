"""Names stored before every way in normalised them (issue 35.20), made what the app now stores.

1. Every player's name in NFC, spaces collapsed (entry.forms.seat_name). An account's player whose name,
   so normalised, is another of its players' (the account's "José" typed two ways) is not merged into it:
   the two may have sat at one table at once. It becomes "José (2)", as the app tells two people of one
   name apart (services.sessions.player_not_among). Players without an account have no such rule.
2. A session that already seats one player in two seats at once (a guest's table with "José" typed two
   ways, signed up on the old code) gets the later newcomer back as a player of their own, "José (2)":
   its later seat changes and its backup work again. Money is per seat in the replay: nothing changes.
"""
from __future__ import annotations

import unicodedata

from django.db import migrations

SEATS = ("east_id", "south_id", "west_id", "north_id")


def stored(name):
    return unicodedata.normalize("NFC", " ".join(name.split()))


def free(name, taken):
    """`name`, else the first of "name (2)", "name (3)"… none of `taken` (casefolded) is."""
    number = 1
    candidate = name
    while candidate.casefold() in taken:
        number += 1
        suffix = f" ({number})"
        candidate = name[:40 - len(suffix)] + suffix
    return candidate


def owners_names(Player, owner_id, but):
    return {n.casefold() for n in Player.objects.filter(owner_id=owner_id).exclude(pk=but)
            .values_list("name", flat=True)}


def names_in_nfc(apps, schema_editor):
    Player = apps.get_model("tables", "Player")
    for player in Player.objects.all().iterator():
        name = stored(player.name)
        if name != player.name:
            if player.owner_id is not None:
                name = free(name, owners_names(Player, player.owner_id, player.pk))
            player.name = name
            player.save(update_fields=["name"])


def one_seat_each(apps, schema_editor):
    Player, Session, Hand = (apps.get_model("tables", name) for name in ("Player", "Session", "Hand"))
    live_changes = Hand.objects.filter(kind="seat", deleted_at__isnull=True, newcomer__isnull=False)
    for session in Session.objects.filter(pk__in=live_changes.values("session_id")).iterator():
        seated = [getattr(session, seat) for seat in SEATS]
        for change in live_changes.filter(session=session).order_by("position").select_related("newcomer"):
            others = [pk for seat, pk in enumerate(seated) if seat != change.seat]
            if change.newcomer_id in others:
                first = change.newcomer
                if first.owner_id is not None:
                    taken = owners_names(Player, first.owner_id, None)
                else:
                    taken = {p.name.casefold() for p in Player.objects.filter(pk__in=seated)}
                change.newcomer = Player.objects.create(name=free(first.name, taken), owner_id=first.owner_id)
                change.save(update_fields=["newcomer"])
            seated[change.seat] = change.newcomer_id


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0015_recovery_code"),
    ]

    operations = [
        migrations.RunPython(names_in_nfc, migrations.RunPython.noop),
        migrations.RunPython(one_seat_each, migrations.RunPython.noop),
    ]
