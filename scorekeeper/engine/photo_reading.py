"""The reading of a photographed hand that the engine accepts (issue 38).

A tile detector sees a row of boxes and, for each, a score for every tile kind; alone it reads two tiles in three
right. What it cannot know and the engine does: the photo is a winning hand of the ruleset's size, with at most four
of a kind. `pick_reading` walks the readings in order of likelihood (best first) and returns, of those the
ruleset's own arrangement search completes (`Ruleset.wins_on`), the likeliest once the row's order is counted
(below); if none wins within the budget, the detector's best.

The likelihood of a reading is the product over boxes of the chosen kind's share of that box's scores, times, for a
box left out, the chance that the detector saw something that is not a tile. The walk is the classic k-best
enumeration over per-box alternatives sorted by cost: each reading has one parent (its last changed box stepped
back one rank), so a heap pops every reading once, in order. Readings that drop boxes (the detector found more boxes
than the hand has tiles) are streams of their own, one per set of dropped boxes, merged into the same heap.

Boxes whose faces look alike in the photo (`alike`: the detector's word, scorekeeper/camera/detector.py `_pooled`)
are one kind: a reading that gives them two kinds is passed over, as one with a fifth copy is. On rendered photos
(light hands right) that reads 140 against 137 on seeds 1, 100 and 300 (169 photos), 167 against 162 on seeds 21,
42, 55 and 77 (211 photos), never fewer on a seed: a wrong reading that wins by changing one tile of a look-alike
three is no longer the first found. The converse (faces unlike, so two kinds) was tried and left out: 0.7% of
pairs of one kind correlate below 0.5, and passing over readings that gave such a pair one kind read fewer hands
right (138 against 140 at 0.5, 139 at 0.2 or 0.3).

Players line their tiles up by suit and, within a suit, in number order; a reading that puts a lower tile after a
higher one of its suit is less likely to be what was photographed. The walk therefore goes on past the first
winning reading and picks the one whose cost plus `_disorder_cost` is least. That cost is the negative log of a
mixture: a share ORDERED of rows are in order (each tile below the one before it in its suit then costs STEP),
the rest in any order. So it is at most -log(1 - ORDERED) (4.6): a row in no order at all is not pushed towards
some other reading, and the walk stops once the readings' own cost passes the best total found (exact). Honours
are left out: tables put winds and dragons in any order. On rendered photos (light hands right, 652 photos of
seeds 1, 42, 100, 300, 55 and 77, where it was chosen): 569 against 530 (81.3% → 87.3%); the same boxes with the
row shuffled (each photo's boxes and hand in one random order): 529 against 530. ORDERED 0.95 read 564 and 527;
a plain cost per tile out of order (no mixture, honours counted too), 2 a tile, read 556 in order but 525
shuffled, and 8 a tile 147 of 227 shuffled on seeds 1 and 42 (184 without). Fresh seeds: docs/benchmarks.md.

Pure Python, like the rest of the engine: the detector (numpy, onnxruntime) lives in scorekeeper/camera/.
"""
from __future__ import annotations

import heapq
import itertools
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .ruleset import Ruleset
from .tiles import KINDS, is_honor

ALTERNATIVES = 5  # kinds tried per box: the detector's sixth guess is next to never the tile
MOST_EXTRA = 3  # boxes past the hand's size that may be left out; the weakest beyond are dropped at once
FLOOR = 1e-4  # the least share a kind keeps, so a kind the detector scored 0 stays reachable
# A tile whose kind had less than this share of its box's scores is marked. On rendered photos (seed 100) 0.75
# marks 70% of the wrong tiles with 2.25 marks a photo (the grey channel: 0.6 half of them with 2, 0.9 nine in
# ten with 6).
DOUBTFUL_BELOW = 0.75
CHOICES = 3  # the box's likeliest kinds offered for a tile, the reading's own first
BUDGET = 30_000  # readings popped from the heap at most
SECONDS = 0.8  # and the wall time they may take (the detector takes ~0.1-0.3 s of the 1.5 s a photo may cost)
ORDERED = 0.99  # the share of photographed rows whose tiles are in order within each suit (_disorder_cost)
STEP = 5.0  # in such a row, what each tile lower than the one before it in its suit costs (-log of its chance)


@dataclass(frozen=True)
class Reading:
    """What a photo reads as: tiles in the photo's order, left to right."""

    tiles: tuple[int, ...]
    doubtful: tuple[bool, ...]  # one per tile: worth a look before saving
    sure: float  # the reading's likelihood over the detector's best reading's (1.0: the detector's own)
    accepted: bool  # the ruleset completes it as a winning hand
    missing: int  # tiles the hand has that the photo showed no box for
    choices: tuple[tuple[int, ...], ...] = ()  # one per tile: its kind, then the box's next likeliest kinds
    dropped: tuple[int, ...] = ()  # the boxes left out, by their index
    tried: int = 0  # readings looked at
    boxes: tuple[int, ...] = ()  # one per tile: the box it was read from, by its index (dropped ones are not)


@dataclass(frozen=True)
class _Box:
    alternatives: tuple[tuple[float, int], ...]  # (cost, kind), cheapest first; cost = -log(share)
    top: int  # the detector's own choice
    shares: Mapping[int, float]
    drop_cost: float  # what leaving this box out costs over keeping its best kind (may be below 0: a weak box)


def hand_tiles(ruleset: Ruleset) -> int:
    """Tiles a complete hand shows when none is melded: its size and the winning tile (taiwan, fujian 17, others 14)."""
    return ruleset.hand_size + 1


def pick_reading(boxes: Sequence[Mapping[int, float]], *, ruleset: Ruleset, wild: int | None = None,
                 budget: int = BUDGET, seconds: float = SECONDS, alike: Sequence[int] | None = None) -> Reading:
    """The likeliest reading of the boxes (each: tile kind → the detector's score, left to right) that wins, the row's
    order counted (_disorder_cost); boxes with the same `alike` label (one per box) are read as one kind."""
    size = hand_tiles(ruleset)
    allowed = ruleset.concealed_kinds()
    prepared = [_prepare(scores, allowed) for scores in boxes]
    if len(prepared) > size + MOST_EXTRA:  # the weakest boxes beyond those that might be tiles go at once
        keep = sorted(sorted(range(len(prepared)), key=lambda i: prepared[i].drop_cost)[-(size + MOST_EXTRA):])
        prepared = [prepared[i] for i in keep]
    else:
        keep = list(range(len(prepared)))
    labels = [alike[i] for i in keep] if alike is not None else list(range(len(prepared)))
    best_cost = sum(box.alternatives[0][0] for box in prepared)  # the detector's best, every box kept
    if len(prepared) < size:
        return _detector_best(prepared, keep, (), best_cost, size - len(prepared))
    extra = len(prepared) - size
    drop_sets = sorted(itertools.combinations(range(len(prepared)), extra),
                       key=lambda drops: sum(prepared[i].drop_cost for i in drops))
    best_cost += sum(prepared[i].drop_cost for i in drop_sets[0])  # the detector's best of the hand's size
    found, tried = _search(prepared, labels, drop_sets, ruleset, wild, budget, seconds)
    if found is None:
        return _detector_best(prepared, keep, drop_sets[0], best_cost, 0, tried=tried)
    cost, drops, ranks = found
    kept = [i for i in range(len(prepared)) if i not in drops]
    kinds = tuple(prepared[i].alternatives[r][1] for i, r in zip(kept, ranks))
    doubtful = tuple(_is_doubtful(prepared[i], kind) for i, kind in zip(kept, kinds))
    choices = tuple(_choices(prepared[i], kind) for i, kind in zip(kept, kinds))
    return Reading(kinds, doubtful, math.exp(best_cost - cost), True, 0, choices,
                   tuple(keep[i] for i in drops), tried, tuple(keep[i] for i in kept))


def _prepare(scores: Mapping[int, float], allowed: frozenset[int]) -> _Box:
    usable = {kind: max(score, 0.0) for kind, score in scores.items() if kind in allowed and 0 <= kind < KINDS}
    total = sum(usable.values())
    if total <= 0:
        shares = {kind: 1 / len(allowed) for kind in allowed}
    else:
        shares = {kind: max(score / total, FLOOR) for kind, score in usable.items()}
    ranked = sorted(shares.items(), key=lambda item: -item[1])[:ALTERNATIVES]
    alternatives = tuple((-math.log(share), kind) for kind, share in ranked)
    # the box is a tile with the chance of its best score; left out, it was something else
    present = min(max(max(scores.values(), default=0.0), 0.02), 0.98)
    # kept at its best kind the box costs -log(present) + its best cost; left out, -log(1 - present)
    return _Box(alternatives, ranked[0][0], shares, math.log(present / (1 - present)) - alternatives[0][0])


def _search(boxes: list[_Box], labels: list[int], drop_sets: list[tuple[int, ...]], ruleset: Ruleset,
            wild: int | None, budget: int,
            seconds: float) -> tuple[tuple[float, tuple[int, ...], tuple[int, ...]] | None, int]:
    """Best first over (set of boxes left out, rank of each kept box's kind): of the readings that win, the one
    whose cost and order's cost (_disorder_cost) are least (its cost, the boxes left out, each kept box's rank), or
    None; and how many readings were looked at."""
    deadline = time.monotonic() + seconds
    streams = [[boxes[i] for i in range(len(boxes)) if i not in drops] for drops in drop_sets]
    stream_labels = [[labels[i] for i in range(len(boxes)) if i not in drops] for drops in drop_sets]

    every = sum(box.alternatives[0][0] for box in boxes)

    def root(index: int) -> tuple[float, int, tuple[int, ...], int]:
        return (every + sum(boxes[i].drop_cost for i in drop_sets[index]), index, (0,) * len(streams[index]), 0)

    heap = [root(0)]
    judged: dict[tuple[int, ...], bool] = {}
    best: tuple[float, tuple[float, tuple[int, ...], tuple[int, ...]]] | None = None  # (cost + disorder, found)
    tried = 0
    while tried < budget and heap and (tried % 256 or time.monotonic() < deadline):
        if best is not None and heap[0][0] >= best[0]:
            break  # every reading left costs more than the best found, before its order is counted
        tried += 1
        cost, stream, ranks, pivot = heapq.heappop(heap)
        kept = streams[stream]
        if not any(ranks) and stream + 1 < len(streams):
            heapq.heappush(heap, root(stream + 1))  # the next set of boxes left out costs at least this one
        for j in range(pivot, len(ranks)):
            alternatives = kept[j].alternatives
            if ranks[j] + 1 < len(alternatives):
                step = alternatives[ranks[j] + 1][0] - alternatives[ranks[j]][0]
                heapq.heappush(heap, (cost + step, stream, ranks[:j] + (ranks[j] + 1,) + ranks[j + 1:], j))
        kinds = [box.alternatives[r][1] for box, r in zip(kept, ranks)]
        if not _one_kind_each(stream_labels[stream], kinds):
            continue
        counts = [0] * KINDS
        for kind in kinds:
            counts[kind] += 1
        key = tuple(counts)
        if max(counts) > 4:
            continue
        if key not in judged:
            judged[key] = ruleset.wins_on(kinds, wild)
        if judged[key]:
            total = cost + _disorder_cost(kinds)
            if best is None or total < best[0]:
                best = (total, (cost, drop_sets[stream], ranks))
    return (best[1] if best else None), tried


def _disorder_cost(kinds: Sequence[int]) -> float:
    """-log of the chance of the row's order: in order (a share ORDERED), each suited tile lower than the one before
    it in its suit costing STEP; or in any order. 0 for a row in order, at most -log(1 - ORDERED)."""
    out_of_order = sum(1 for before, after in zip(kinds, kinds[1:])
                       if not is_honor(before) and after < before and before // 9 == after // 9)
    return -math.log(ORDERED * math.exp(-STEP * out_of_order) + 1 - ORDERED)


def _one_kind_each(labels: list[int], kinds: list[int]) -> bool:
    """Whether boxes with the same label are read as one kind."""
    kind_of: dict[int, int] = {}
    return all(kind_of.setdefault(label, kind) == kind for label, kind in zip(labels, kinds))


def _detector_best(boxes: list[_Box], keep: list[int], drops: tuple[int, ...], best_cost: float, missing: int,
                   tried: int = 0) -> Reading:
    kept = [box for i, box in enumerate(boxes) if i not in drops]
    read_from = tuple(keep[i] for i in range(len(boxes)) if i not in drops)
    doubtful = tuple(box.shares[box.top] < DOUBTFUL_BELOW for box in kept)
    cost = sum(box.alternatives[0][0] for box in boxes) + sum(boxes[i].drop_cost for i in drops)
    return Reading(tuple(box.top for box in kept), doubtful, math.exp(best_cost - cost), False, missing,
                   tuple(_choices(box, box.top) for box in kept), tuple(keep[i] for i in drops), tried, read_from)


def _choices(box: _Box, kind: int) -> tuple[int, ...]:
    others = [k for _cost, k in box.alternatives if k != kind]
    return (kind, *others[:CHOICES - 1])


def _is_doubtful(box: _Box, kind: int) -> bool:
    return kind != box.top or box.shares[kind] < DOUBTFUL_BELOW
