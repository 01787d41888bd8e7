"""Settle-up: the fewest payments that clear a set of balances.

How: players whose balance is zero take no part. If the n others can be split into
g groups that each sum to zero, each group is cleared on its own with (size − 1)
payments, n − g in all; and no plan does better, since the payments of any plan link
the players into groups that each sum to zero, each needing at least size − 1
payments. So the fewest payments is n − (the largest number of zero-sum groups).
That number comes from a dynamic programme over subsets (bitmasks): adding players
one at a time, best[mask] = max over the last player added of best[mask without
them], plus one when mask itself sums to zero; the order found closes a group each
time the running sum returns to zero. Each group is then settled greedily (the
biggest debtor pays the biggest creditor as much as both allow), which needs at
most size − 1 payments: each payment clears at least one of the two, the last
clears both. Exact up to `EXACT_UP_TO` players (2^8 subsets); beyond, the greedy
pass over everyone is used (not always minimal).
"""
from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from .money import Payment

EXACT_UP_TO = 8


def settle_up(balances: Sequence[Decimal]) -> list[Payment]:
    """Payments that bring every balance to zero (the balances must sum to zero)."""
    people = [seat for seat, amount in enumerate(balances) if amount]
    groups = zero_sum_groups(people, balances) if len(people) <= EXACT_UP_TO else [people]
    out: list[Payment] = []
    for group in groups:
        out.extend(_greedy(group, balances))
    return out


def zero_sum_groups(people: Sequence[int], balances: Sequence[Decimal]) -> list[list[int]]:
    """The people split into the largest number of groups that each sum to zero."""
    n = len(people)
    if n == 0:
        return []
    full = (1 << n) - 1
    sums = [Decimal(0)] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + balances[people[low]]
        closes = 1 if sums[mask] == 0 else 0
        best[mask] = max(best[mask ^ (1 << i)] for i in range(n) if mask >> i & 1) + closes
    order: list[int] = []
    mask = full
    while mask:
        last = max((i for i in range(n) if mask >> i & 1), key=lambda i: (best[mask ^ (1 << i)], -i))
        order.append(last)
        mask ^= 1 << last
    groups: list[list[int]] = []
    current: list[int] = []
    running = Decimal(0)
    for i in reversed(order):
        current.append(people[i])
        running += balances[people[i]]
        if running == 0:
            groups.append(sorted(current))
            current = []
    return groups


def _greedy(group: Sequence[int], balances: Sequence[Decimal]) -> list[Payment]:
    left = {seat: balances[seat] for seat in group}
    out: list[Payment] = []
    while True:
        debtors = [s for s in group if left[s] < 0]
        creditors = [s for s in group if left[s] > 0]
        if not debtors or not creditors:
            return out
        payer = min(debtors, key=lambda s: (left[s], s))
        payee = max(creditors, key=lambda s: (left[s], -s))
        amount = min(-left[payer], left[payee])
        out.append(Payment(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
