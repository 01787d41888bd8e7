"""The camera's benchmark (issue 38): rendered photos of winning hands (benchmarks/camera_corpus.py) read by the
detector alone and after the engine's choice of reading (scorekeeper/engine/photo_reading.py).

    .venv/bin/python benchmarks/camera.py [--seed 2026] [--photos 120]

Prints, for light tiles and dark tiles apart: tiles right before and after the engine's choice (each photo's
reading aligned with its hand, so a missed tile costs one tile, not the rest of the row), hands fully right, the
readings the engine accepted and how many of those were right, the server's time a photo (the whole read: decode,
detector, search; median and p95, wall and CPU), and the taps from the photo to the saved hand (TAPS_* below).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from camera_corpus import Photo, corpus  # noqa: E402

from scorekeeper.camera.reading import read_photo, tile_groups  # noqa: E402
from scorekeeper.engine.photo_reading import hand_tiles  # noqa: E402
from scorekeeper.engine.rulesets import get_ruleset  # noqa: E402

# The taps from the photo to the saved hand, on the win form as it is (tests/browser/test_keypad_stays_still.py
# counts the keypad's 24): who won (1), the discarder or self-draw (1), By tiles (1), the camera button (1), the
# phone camera's shutter (1) and its "use photo" (1), Save (1). The winning tile is the row's last (the photo is
# taken with it at the right end, as the keypad takes it last today). Each tile read wrong: a tap on it, a suit
# tab, the right key (3, the tab counted even where it is already open); each tile the photo missed: a suit tab
# and a key (2). A wrong tile the reading marked, its true kind among its box's next guesses: a tap on it and one
# on that guess (2, static/js/photo.js's one-tap fixes); that one choice replaces too every tile the answer puts in
# its look-alike group (`alike`) read as the same kind, so a pung read wrong the same way costs 2 taps, not 6 (a
# tile it makes wrong costs 3 more).
TAPS_BASE = 7
TAPS_WRONG = 3
TAPS_MISSING = 2
TAPS_CHOICE = 2


@dataclass
class Result:
    photo: Photo
    before: tuple[int, ...]
    after: tuple[int, ...]
    accepted: bool
    doubtful: int
    wall: float
    cpu: float
    marked: tuple[bool, ...] = ()  # the reading's doubtful tiles
    choices: tuple[tuple[int, ...], ...] = ()  # each tile's kind, then its box's next likeliest
    groups: tuple[int, ...] = ()  # each tile's look-alike label (scorekeeper/camera/reading.py tile_groups)

    @property
    def taps_without_fixes(self) -> int:
        return taps_to_save(self.after, self.photo.tiles)

    @property
    def right_before(self) -> int:
        return matched(self.before, self.photo.tiles)

    @property
    def right_after(self) -> int:
        return matched(self.after, self.photo.tiles)

    @property
    def taps_tile_by_tile(self) -> int:
        return taps_to_save(self.after, self.photo.tiles, self.marked, self.choices)

    @property
    def taps(self) -> int:
        return taps_to_save(self.after, self.photo.tiles, self.marked, self.choices, self.groups)


def matched(read: Sequence[int], truth: Sequence[int]) -> int:
    """Tiles of the hand read right, in order: the longest common subsequence of the reading and the hand."""
    previous = [0] * (len(truth) + 1)
    for tile in read:
        current = [0]
        for index, want in enumerate(truth):
            current.append(previous[index] + 1 if tile == want else max(previous[index + 1], current[index]))
        previous = current
    return previous[-1]


def taps_to_save(read: Sequence[int], truth: Sequence[int], marked: Sequence[bool] = (),
                 choices: Sequence[Sequence[int]] = (), groups: Sequence[int] = ()) -> int:
    """TAPS_BASE, then what fixes the reading: a wrong tile replaced (a marked one from its box's guesses when the
    true kind is among them, with the tiles of its look-alike group read as the same kind), a missed one added, an
    extra one taken out (a tap on it and the delete key: 2)."""
    right = matched(read, truth)
    missing = max(0, len(truth) - len(read))
    extra = max(0, len(read) - len(truth))
    wrong = min(len(read), len(truth)) - right
    pairs = taken_for(read, truth)
    truth_of = dict(pairs)
    choices_made = fixed = broken = 0
    done: set[int] = set()
    for i, j in pairs:
        if i in done or not (i < len(marked) and marked[i] and i < len(choices) and truth[j] in choices[i]):
            continue
        choices_made += 1
        alike = [k for k in range(len(read)) if k != i and k < len(groups) and i < len(groups)
                 and groups[k] == groups[i] and read[k] == read[i] and k not in done]
        for k in (i, *alike):
            done.add(k)
            if k in truth_of and truth[truth_of[k]] == truth[j]:
                fixed += 1
            elif k not in truth_of:
                broken += 1  # read right (or an extra), now the choice's kind: replaced again by the keypad
    fixed = min(fixed, wrong)
    return (TAPS_BASE + TAPS_WRONG * (wrong - fixed + broken) + TAPS_CHOICE * choices_made
            + TAPS_MISSING * missing + 2 * extra)


def taken_for(read: Sequence[int], truth: Sequence[int]) -> list[tuple[int, int]]:
    """(read index, hand index) of each tile read as another: between two tiles read right (the longest common
    subsequence's), the wrong ones are paired with the hand's in order."""
    rows, cols = len(read), len(truth)
    after = [[0] * (cols + 1) for _ in range(rows + 1)]  # after[i][j]: the LCS of read[i:] and truth[j:]
    for i in range(rows - 1, -1, -1):
        for j in range(cols - 1, -1, -1):
            after[i][j] = after[i + 1][j + 1] + 1 if read[i] == truth[j] else max(after[i + 1][j], after[i][j + 1])
    pairs: list[tuple[int, int]] = []
    gap_read: list[int] = []
    gap_truth: list[int] = []
    i = j = 0
    while i < rows and j < cols:
        if read[i] == truth[j] and after[i][j] == after[i + 1][j + 1] + 1:
            pairs.extend(zip(gap_read, gap_truth))
            gap_read, gap_truth = [], []
            i, j = i + 1, j + 1
        elif after[i + 1][j] >= after[i][j + 1]:
            gap_read.append(i)
            i += 1
        else:
            gap_truth.append(j)
            j += 1
    pairs.extend(zip(gap_read + list(range(i, rows)), gap_truth + list(range(j, cols))))
    return pairs


def run(photos: Sequence[Photo]) -> list[Result]:
    results = []
    for photo in photos:
        ruleset = get_ruleset(photo.ruleset)
        wall, cpu = time.perf_counter(), time.process_time()
        reading, boxes = read_photo(photo.jpeg, ruleset=ruleset)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        before = tuple(max(box.scores, key=lambda kind: box.scores[kind]) for box in boxes)
        results.append(Result(photo, before, reading.tiles, reading.accepted, sum(reading.doubtful), wall, cpu,
                              reading.doubtful, reading.choices, tile_groups(reading, boxes)))
    return results


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def report(title: str, results: Sequence[Result]) -> None:
    if not results:
        return
    tiles = sum(len(r.photo.tiles) for r in results)
    right_before = sum(r.right_before for r in results)
    right_after = sum(r.right_after for r in results)
    hands_before = sum(r.before == r.photo.tiles for r in results)
    hands_after = sum(r.after == r.photo.tiles for r in results)
    accepted = [r for r in results if r.accepted]
    print(f"\n{title}: {len(results)} photos, {tiles} tiles")
    print(f"  tiles right          detector {right_before}/{tiles} ({right_before / tiles:.1%})   "
          f"engine's choice {right_after}/{tiles} ({right_after / tiles:.1%})")
    print(f"  hands fully right    detector {hands_before}/{len(results)} ({hands_before / len(results):.1%})   "
          f"engine's choice {hands_after}/{len(results)} ({hands_after / len(results):.1%})")
    right_accepted = sum(r.after == r.photo.tiles for r in accepted)
    print(f"  accepted as a win    {len(accepted)}/{len(results)}, of which right {right_accepted}; "
          f"doubtful tiles marked, median a photo {statistics.median(r.doubtful for r in results):.0f}")
    walls = [r.wall * 1000 for r in results]
    cpus = [r.cpu * 1000 for r in results]
    print(f"  server time a photo  wall median {statistics.median(walls):.0f} ms, p95 {p95(walls):.0f} ms; "
          f"CPU median {statistics.median(cpus):.0f} ms, p95 {p95(cpus):.0f} ms")
    taps = [r.taps for r in results]
    single = [r.taps_tile_by_tile for r in results]
    plain = [r.taps_without_fixes for r in results]
    print(f"  taps photo → saved   median {statistics.median(taps):.0f} (p95 {p95(taps):.0f}, mean {mean(taps)}; "
          f"a fix for one tile only {statistics.median(single):.0f}, p95 {p95(single):.0f}, mean {mean(single)}; "
          f"without the one-tap fixes {statistics.median(plain):.0f}, p95 {p95(plain):.0f}; keypad alone: "
          f"{statistics.median(keypad_taps(r.photo) for r in results):.0f})")


def mean(values: Sequence[int]) -> str:
    return f"{statistics.mean(values):.2f}"


def keypad_taps(photo: Photo) -> int:
    """The keypad alone (tests/browser/test_keypad_stays_still.py): who won, how, By tiles, each tile, a suit tab
    whenever the suit changes, Save."""
    tabs = sum(1 for a, b in zip(photo.tiles, photo.tiles[1:]) if a // 9 != b // 9)
    return 3 + hand_tiles(get_ruleset(photo.ruleset)) + tabs + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--photos", type=int, default=120)
    parser.add_argument("--show", action="store_true", help="print every photo that was read wrong")
    args = parser.parse_args()
    started = time.perf_counter()
    photos = corpus(args.seed, args.photos)
    print(f"corpus: seed {args.seed}, {len(photos)} photos rendered in {time.perf_counter() - started:.1f} s")
    results = run(photos)
    report("light tiles", [r for r in results if not r.photo.dark])
    report("dark tiles", [r for r in results if r.photo.dark])
    report("all", results)
    if args.show:
        from scorekeeper.engine.tiles import format_tiles
        for r in results:
            if r.after != r.photo.tiles:
                print(f"{r.photo.label}\n    detector {format_tiles(r.before, sort=False)}\n"
                      f"    engine   {format_tiles(r.after, sort=False)} accepted={r.accepted}")


if __name__ == "__main__":
    main()
