"""What a table enters, and nothing derived from it.

Balances, dealers, streaks, winds and open debts are never stored: the engine's
replay of a session's hands (selectors.session_replay) is the truth. `Session.revision`
changes with every write, so a replay cached under it is never stale.
"""
from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Value
from django.db.models.functions import Lower

SEATS = (0, 1, 2, 3)  # E, S, W, N: the order the players sit and play in
SEAT_FIELDS = ("east", "south", "west", "north")  # the Session fields of those seats, in that order


class Player(models.Model):
    """A name at one account's tables: another account's "Bob" is another player, never shown here.
    Sessions without an owner (reached by share links only) have players without one."""

    name = models.CharField(max_length=40)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="players")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), "owner", name="player_name_unique_per_owner")]

    def __str__(self) -> str:
        return self.name


class Session(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        FINISHED = "finished", "Finished"

    # Who started it and may share it; None for sessions from before accounts: only share links reach those.
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="scoring_sessions")
    ruleset = models.CharField(max_length=20)
    stakes = models.JSONField(default=dict, blank=True)
    options = models.JSONField(default=dict, blank=True)
    east = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    north = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    first_dealer = models.PositiveSmallIntegerField(default=0)
    # rules/README.md, `pay_as_you_go`: each hand's money changes hands at the table (True) or goes on a tab
    # settled at the end (False); Settle up asks only for what is still owed.
    pay_as_you_go = models.BooleanField(default=False)
    # How this table last entered a win ("figure" or "tiles"): the next win opens the same way.
    entry_mode = models.CharField(max_length=10, default="figure")
    # A figure chip saves the win at once (won, discarder, figure: three taps) unless the table asks to
    # see who pays first, then tap Save.
    confirm_before_saving = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    revision = models.UUIDField(default=uuid.uuid4)
    # The revision the hands' replay snapshots (HandReplay) were written for; any other: they are not
    # to be read, and the next read replays the session whole and writes them anew.
    replayed_revision = models.UUIDField(null=True, blank=True)
    # The engine that made them (snapshots.ENGINE_VERSION, a digest of its sources): snapshots another engine
    # made are not read either, so a deploy that changes scoring replays each session whole with the new
    # engine and never goes on from an older engine's checkpoints.
    replayed_engine = models.CharField(max_length=32, blank=True)
    # The last write sent from a phone's offline queue (services.offline_queue): the phone `queued_by`
    # built its queue on revision `queued_from`, and its writes left `queued_to`. While the revision is
    # still `queued_to`, every revision since `queued_from` is that queue's own, so more of it (a resend
    # whose answer was lost, the rest of a long queue) follows on without a conflict.
    queued_by = models.UUIDField(null=True, blank=True)
    queued_from = models.UUIDField(null=True, blank=True)
    queued_to = models.UUIDField(null=True, blank=True)
    # The one-time token of the form that started it ("Same table again"): a double tap finds this session
    # instead of starting a second one.
    start_token = models.UUIDField(null=True, blank=True, unique=True)
    # How long the table means to play (issue 23): rounds of the deal (1: 一圈, 4: 一將), or a number of
    # hands, or neither (open-ended). Reaching it only offers Settle up: a table may play on.
    length_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    length_hands = models.PositiveIntegerField(null=True, blank=True)
    # The table's last roll of the three dice for a deal (issue 39.3): only the latest is kept, on the session
    # so that every screen that shows it reads it with the session (no query of its own). `dice` holds the
    # values ("356"), `dice_seat` and `dice_by` who rolled (the seat, and the name sitting there then),
    # `dice_hand` the hand it was rolled for, `dice_at` when: the live screens watch it beside `revision`
    # (web/live_token.py), and a roll leaves `revision` alone (a form open on another phone stays valid).
    # A database default on each column a release adds (here and below): during a deploy the servers not yet
    # restarted insert rows without it, which a NOT NULL column without one refuses.
    dice = models.CharField(max_length=3, blank=True, default="", db_default="")
    dice_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    dice_by = models.CharField(max_length=40, blank=True, default="", db_default="")
    dice_hand = models.PositiveIntegerField(null=True, blank=True)
    dice_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        constraints = [
            models.CheckConstraint(condition=models.Q(first_dealer__lte=3), name="session_first_dealer_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.ruleset}: {', '.join(p.name for p in self.players)}"

    @property
    def players(self) -> list[Player]:
        return [self.east, self.south, self.west, self.north]

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class HandQuerySet(models.QuerySet["Hand"]):
    def live(self) -> HandQuerySet:
        """The hands the replay counts: not deleted."""
        return self.filter(deleted_at__isnull=True)

    def deleted(self) -> HandQuerySet:
        return self.filter(deleted_at__isnull=False)


class Hand(models.Model):
    """One entry of a session: a win, a draw, (taiwan) an on-the-spot payment, or a seat change.

    A win on a discard may have other winners on the same tile (`other_wins`, taiwan's 一炮多響): `winner` is
    the first the table entered, and the hand stays one entry (one place, one edit, one delete).

    A seat change (`seat`, `newcomer`) is an entry between hands: from the next hand on, `newcomer`
    sits in `seat` (tables/seating.py keeps who sat where; the engine sees only the seat).

    Seats are indexes 0-3 (E, S, W, N), as the engine counts them. A win holds either
    the table's figure (`figure` in `figure_field`) or the tiles (`tiles`: the engine's
    score fields that the table entered, without what the replay derives: winds, dealer).
    """

    class Kind(models.TextChoices):
        WIN = "win", "Win"
        DRAW = "draw", "Draw"
        SPOT = "spot", "On the spot"
        SEAT = "seat", "Seat change"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveIntegerField()  # ordering key; gaps after a delete are fine
    kind = models.CharField(max_length=4, choices=Kind.choices)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    discarder = models.PositiveSmallIntegerField(null=True, blank=True)  # null on a win: self-drawn
    responsible = models.PositiveSmallIntegerField(null=True, blank=True)
    figure = models.PositiveIntegerField(null=True, blank=True)
    figure_field = models.CharField(max_length=12, blank=True)  # fan, pattern_fan or points
    tiles = models.JSONField(null=True, blank=True)
    # taizhou: one entry per seat as the engine takes it: points, a loser's tiles, or null (the winner)
    loser_points = models.JSONField(null=True, blank=True)
    events = models.JSONField(default=list, blank=True)
    spot_kind = models.CharField(max_length=20, blank=True)
    spot_player = models.PositiveSmallIntegerField(null=True, blank=True)
    spot_count = models.PositiveSmallIntegerField(null=True, blank=True)
    spot_to = models.PositiveSmallIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # a seat change: the seat changing hands
    newcomer = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    # Several wins on one discard (一炮多響, taiwan's house option `several_winners`): the winners besides
    # `winner`, each {"winner", "figure", "figure_field", "tiles"} (hand_input.OtherWin); empty on any other hand.
    other_wins = models.JSONField(default=list, db_default=Value([], models.JSONField()), blank=True)
    note = models.CharField(max_length=200, blank=True)
    # The form's one-time token: a second submit of the same form finds this hand
    # instead of recording it twice.
    entry_token = models.UUIDField(null=True, blank=True, unique=True)
    # A deleted hand keeps its place (position) so that restoring it puts it back where it was.
    deleted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="hand_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} at {self.position} in session {self.session_id}"

    @property
    def by_tiles(self) -> bool:
        return self.tiles is not None


class HandReplay(models.Model):
    """Derived data: the engine's answer for one hand and where the replay stands after it.

    Written with the hand, in the same transaction (tables/replay/store.py), so a page or a save
    goes on from the last hand instead of replaying the session. Dropping every row changes
    nothing but speed: the hands stay the only truth."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, primary_key=True, related_name="replayed")
    # JSON kept as text: a cold read decodes a session's texts in one parse (tables/replay/store.py), where a
    # JSONField would decode each row apart.
    given = models.TextField()  # the hand as the engine's `settle` takes it
    answer = models.TextField()  # the engine's answer for the hand
    checkpoint = models.TextField()  # where the replay stands after it (engine.Checkpoint)
    balances = models.TextField()  # the answer's running balances, for the chart to read without the answer
    tally = models.TextField(blank=True)  # each seat's running tally after the hand, for the player page (tallies.py)

    def __str__(self) -> str:
        return f"replay of hand {self.hand_id}"


class SentChange(models.Model):
    """An edit, a delete or a restore sent from a phone's offline queue, and applied: sent again (its
    answer lost on the way back), it is found here instead of applied twice. A new hand needs none:
    its `entry_token` does that."""

    token = models.UUIDField(primary_key=True)
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"change {self.token} to hand {self.hand_id}"


def new_share_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits: as unguessable as a password that is never typed


class ShareLink(models.Model):
    """A link that lets a table-mate without an account in: to score (enter and edit hands) or to view.

    Revoking deletes the row, so the link and every grant made from it stop working at once.
    An `owner` row is no link: it is the grant of the phone that started the session without an
    account (views/guests.py), never listed, never followed; it goes when an account claims the session."""

    class Role(models.TextChoices):
        SCORER = "scorer", "Scorer"
        VIEWER = "viewer", "Viewer"
        OWNER = "owner", "Owner"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="share_links")
    token = models.CharField(max_length=64, unique=True, default=new_share_token)
    role = models.CharField(max_length=6, choices=Role.choices)
    label = models.CharField(max_length=40, blank=True)  # who it is for, as the owner noted it
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "-created_at"]

    def __str__(self) -> str:
        return f"{self.role} link to session {self.session_id}"


class DailyUse(models.Model):
    """What one account started and saved on one day (UTC): sessions (imports included) and hands, held to
    the quotas of services/quota.py. Counted by the writes themselves, in their own transactions."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    sessions = models.PositiveIntegerField(default=0)
    hands = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "day"], name="daily_use_unique")]

    def __str__(self) -> str:
        return f"{self.owner_id} on {self.day}: {self.sessions} sessions, {self.hands} hands"


class LoginAttempts(models.Model):
    """Log-in tries counted under one key (tables/login_guard.py): a name from one address, a name from
    anywhere, or a known device; the key is a digest, so no name or address is kept in the clear."""

    key = models.CharField(max_length=64, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    since = models.DateTimeField()  # the window's start
    last = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.count} tries since {self.since}"


class RecoveryCode(models.Model):
    """The way back into an account that has no e-mail: a code shown once (at sign-up, after each use, or made
    by the operator's `manage.py recovery_code`), kept only as a password hash, so the database never holds
    it in the clear. One an account; a new one replaces the old."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="recovery_code")
    code_hash = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"recovery code of {self.user_id}"
