"""Engine benchmark: prints median and p99 microseconds per hand (figures, not a test).

    make bench            # or: .venv/bin/python benchmarks/engine.py [--hands N]

Hands are random but seeded, so runs compare. Sections:
- arrangement search on standard 14-tile hands, side by side with the PyPI `mahjong`
  library's HandDivider on the same hands (ratio < 1 means we are faster);
- the search on 17-tile hands, 17-tile hands with 3-4 wilds, and 14-tile hands with
  3 wilds plus 2 white dragons that may stand in for the indicator (Taizhou);
- a full score per ruleset;
- the replay of a 1,000-hand session per ruleset, with table figures and with full hands.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.engine import (  # noqa: E402
    RULESET_KEYS,
    get_ruleset,
    score_hand,  # noqa: E402
)
from scorekeeper.engine.groups import SEVEN_PAIRS, STANDARD  # noqa: E402
from scorekeeper.engine.search import arrangements  # noqa: E402
from scorekeeper.engine.tiles import WHITE, counts_of, format_tiles, tile_code  # noqa: E402

Hand = list[int]


def random_winning_tiles(rng: random.Random, sets: int, kinds: Sequence[int] = tuple(range(34))) -> Hand:
    """Random sets + a pair, no tile more than 4 times."""
    suited = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds]
    while True:
        tiles: Hand = []
        for _ in range(sets):
            if rng.random() < 0.45 or not suited:
                tiles += [rng.choice(kinds)] * 3
            else:
                start = rng.choice(suited)
                tiles += [start, start + 1, start + 2]
        tiles += [rng.choice(kinds)] * 2
        if max(counts_of(tiles)) <= 4:
            rng.shuffle(tiles)
            return tiles


def with_wilds(rng: random.Random, tiles: Hand, count: int) -> tuple[Hand, int]:
    """Take `count` tiles out to be wilds: the search sees the rest plus a wild count."""
    return tiles[count:], count


def timed(fn: Callable[[Any], Any], items: Sequence[Any]) -> list[float]:
    times = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        times.append((time.perf_counter() - start) * 1e6)
    return times


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def row(name: str, times: list[float], note: str = "") -> tuple[float, float]:
    median, p99 = summary(times)
    print(f"{name:<58} {len(times):>6} {median:>10.1f} {p99:>10.1f}  {note}")
    return median, p99


def search_sections(rng: random.Random, n: int) -> None:
    print(f"{'arrangement search':<58} {'hands':>6} {'median µs':>10} {'p99 µs':>10}")
    standard = [random_winning_tiles(rng, 4) for _ in range(n)]
    ours = timed(lambda t: arrangements(counts_of(t), 0, (STANDARD, SEVEN_PAIRS)), standard)
    our_median, our_p99 = row("14-tile standard hands (ours, with seven pairs)", ours)
    try:
        from mahjong.hand_calculating.divider import HandDivider
    except ImportError:
        print("  (PyPI mahjong not installed: pip install '.[bench]' for the comparison)")
    else:
        theirs = timed(lambda t: HandDivider.divide_hand(counts_of(t)[:34]), standard)
        their_median, their_p99 = row("14-tile standard hands (mahjong HandDivider)", theirs)
        print(f"  ratio ours/theirs: median {our_median / their_median:.2f}, p99 {our_p99 / their_p99:.2f}")
    seventeen = [random_winning_tiles(rng, 5) for _ in range(n)]
    row("17-tile hands", timed(lambda t: arrangements(counts_of(t), 0), seventeen))
    wild17 = [with_wilds(rng, random_winning_tiles(rng, 5), rng.choice((3, 4))) for _ in range(n)]
    row("17-tile hands with 3-4 wilds", timed(lambda h: arrangements(counts_of(h[0]), h[1]), wild17))
    whites = [_whites_hand(rng) for _ in range(n)]
    row("14-tile hands, 3 wilds + 2 whites standing in", timed(_search_with_whites, whites))


def _whites_hand(rng: random.Random) -> tuple[Hand, int]:
    """14 tiles: 3 fortunes (wild), and 2 white dragons standing for the indicator's kind."""
    tiles = random_winning_tiles(rng, 4, [k for k in range(34) if k != WHITE])
    indicator = next(k for k in tiles if tiles.count(k) >= 2)
    for _ in range(2):
        tiles[tiles.index(indicator)] = WHITE
    rest = [t for t in tiles if t != WHITE]
    return rest[3:] + [WHITE, WHITE], indicator


def _search_with_whites(item: tuple[Hand, int]) -> int:
    tiles, indicator = item
    found = 0
    whites = tiles.count(WHITE)
    for standing_in in range(whites + 1):
        counts = counts_of(tiles)
        counts[WHITE] -= standing_in
        counts[indicator] += standing_in
        found += len(arrangements(counts, 3))
    return found


# -- full scores ------------------------------------------------------------------------
def score_inputs(rng: random.Random, key: str, n: int) -> list[dict[str, Any]]:
    ruleset = get_ruleset(key)
    sets = (ruleset.hand_size - 1) // 3
    kinds = sorted(k for k in ruleset.tile_set if k < 34)
    if key == "fujian":
        kinds = [k for k in kinds if k < 27]
    out = []
    while len(out) < n:
        tiles = random_winning_tiles(rng, sets, kinds)
        fields: dict[str, Any] = {"ruleset": key, "win": rng.choice(("self_draw", "discard")),
                                  "seat_wind": rng.choice("ESWN"), "round_wind": "E"}
        if key in ("taizhou", "fujian"):
            wild = rng.choice([k for k in kinds if k < 27])
            wilds = rng.choice((0, 1, 2, 3))
            if tiles.count(wild) + wilds > 3:
                continue
            tiles = [wild] * wilds + tiles[wilds:]
            fields["wild"] = tile_code(wild)
        winning = tiles.pop()
        if key in ("taizhou",) and fields.get("wild") == tile_code(winning):
            fields["win"] = "self_draw"
        fields["concealed"] = format_tiles(tiles)
        fields["winning_tile"] = tile_code(winning)
        out.append(fields)
    return out


def score_sections(rng: random.Random, n: int) -> None:
    print(f"\n{'full score (score_hand, all arrangements)':<58} {'hands':>6} {'median µs':>10} {'p99 µs':>10}")
    for key in ("zung-jung", "taiwan", "hk-old", "taizhou", "fujian"):
        if key not in RULESET_KEYS:
            print(f"{key:<58} not available yet")
            continue
        inputs = score_inputs(rng, key, n)
        answers = [score_hand(h) for h in inputs]
        wins = sum(1 for a in answers if a["ok"])
        row(f"{key}", timed(score_hand, inputs), f"({wins} scored, {len(inputs) - wins} refused)")


# -- session replay ---------------------------------------------------------------------
FIGURE_FIELD = {"taiwan": "fan", "zung-jung": "points", "hk-old": "points", "taizhou": "points", "fujian": "points"}


def figure_session(rng: random.Random, key: str, n: int) -> dict[str, Any]:
    """A session of n hands given as the table's figures: wins, some draws, taiwan spots."""
    hands: list[dict[str, Any]] = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.1:
            hands.append({"draw": True})
        elif roll < 0.2 and key == "taiwan":
            hands.append({"spot": rng.choice(["flower", "grass", "concealed_kong", "chase", "false_win"]),
                          "player": rng.randrange(4)})
        else:
            hands.append(_win(rng, key, {FIGURE_FIELD[key]: rng.choice((2, 4, 8, 16, 30, 64))}))
    return {"ruleset": key, "players": ["A", "B", "C", "D"], "dealer": 0, "hands": hands}


def _win(rng: random.Random, key: str, fields: dict[str, Any], self_draw: bool | None = None) -> dict[str, Any]:
    winner = rng.randrange(4)
    if self_draw is None:
        self_draw = rng.random() < 0.4
    hand = {"winner": winner, "discarder": None if self_draw else rng.choice([s for s in range(4) if s != winner])}
    hand.update(fields)
    if key == "taizhou":
        hand["loser_points"] = [rng.choice((0, 2, 6, 12, 24)) for _ in range(4)]
    return hand


def hand_session(rng: random.Random, key: str, n: int) -> dict[str, Any]:
    """A session of n wins each given as its full hand, scored by the replay itself."""
    pool = [h for h in score_inputs(rng, key, n * 2) if score_hand(h)["ok"]]
    hands = []
    for fields in pool[:n]:
        scored = {k: v for k, v in fields.items() if k not in ("seat_wind", "round_wind")}
        hands.append(_win(rng, key, {"hand": scored}, self_draw=fields["win"] == "self_draw"))
    return {"ruleset": key, "players": ["A", "B", "C", "D"], "dealer": 0, "hands": hands}


def replay_sections(rng: random.Random, hands: int, runs: int) -> None:
    from scorekeeper.engine import settle_session
    print(f"\n{'session replay (settle_session)':<58} {'hands':>6} {'median ms':>10} {'max ms':>10}")
    for key in ("taiwan", "zung-jung", "hk-old", "taizhou", "fujian"):
        for label, build in (("table figures", figure_session), ("full hands", hand_session)):
            session = build(rng, key, hands)
            answer = settle_session(session)
            assert answer["ok"], answer
            times = [t / 1000 for t in timed(settle_session, [session] * runs)]
            print(f"{key + ', ' + label:<58} {len(session['hands']):>6} {statistics.median(times):>10.1f} "
                  f"{max(times):>10.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--session-hands", type=int, default=1000)
    parser.add_argument("--replays", type=int, default=9)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    search_sections(rng, args.hands)
    score_sections(rng, args.hands)
    replay_sections(rng, args.session_hands, args.replays)


if __name__ == "__main__":
    main()
