"""Recovery codes: the way back into an account that has no e-mail address.

A code is 16 letters and digits from an alphabet without look-alikes (0/O, 1/I/L), in four groups
(`K7QM-2XDP-9HTR-WB4N`): 80 bits, as unguessable as a strong password, and short enough to copy onto
paper. It is stored as Django's password hash only and shown once. Redeeming it sets a new password and
spends it; the person is then shown a fresh one. Tries are counted and slowed by the log-in guard like
any password (views/accounts.py), so a code cannot be guessed faster than a password.
"""
from __future__ import annotations

import secrets

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction

from ..models import RecoveryCode

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # 31 symbols: no 0/O, 1/I/L
GROUPS, GROUP_SIZE = 4, 4


def recovery_code_issue(*, user: AbstractBaseUser) -> str:
    """A new code for this account, replacing any older one; the only time it exists in the clear."""
    code = "-".join("".join(secrets.choice(ALPHABET) for _ in range(GROUP_SIZE)) for _ in range(GROUPS))
    RecoveryCode.objects.update_or_create(user_id=user.pk, defaults={"code_hash": make_password(normalized(code))})
    return code


def normalized(code: str) -> str:
    """The code as typed, without the case, spaces and dashes people add or leave out."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def recovery_code_redeem(*, user: AbstractBaseUser | None, code: str, new_password: str) -> str | None:
    """Sets the new password if `code` is this account's; returns the account's next code, or None when the
    name or code is wrong (the same answer for both). A code works once, even for two tries at the same time."""
    with transaction.atomic():
        kept = (RecoveryCode.objects.select_for_update().filter(user_id=user.pk).first()
                if user is not None else None)
        if kept is None or not check_password(normalized(code), kept.code_hash):
            if kept is None:
                make_password(normalized(code))  # as slow as a real check: the time tells nothing
            return None
        assert user is not None
        user.set_password(new_password)
        user.save(update_fields=["password"])
        return recovery_code_issue(user=user)
