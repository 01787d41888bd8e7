"""What must hold for every ruleset's score: tile order never matters; relabelling the suits
changes nothing where the ruleset is suit-blind (taiwan's All Green needs bamboo, so there
only characters and dots swap)."""
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import get_ruleset
from scorekeeper.engine.tiles import counts_of, format_tiles, tile_code

from engine_helpers import score_json

SUIT_ORDERS = {
    "zung-jung": [(1, 0, 2), (2, 1, 0), (1, 2, 0)],
    "hk-old": [(1, 0, 2), (2, 1, 0), (1, 2, 0)],
    "taizhou": [(1, 0, 2), (2, 1, 0), (1, 2, 0)],
    "fujian": [(1, 0, 2), (2, 1, 0), (1, 2, 0)],
    "hk-faan": [(1, 0, 2), (2, 1, 0), (1, 2, 0)],
    "taiwan": [(1, 0, 2)],
}


@st.composite
def winning_fields(draw, key: str):
    ruleset = get_ruleset(key)
    kinds = [k for k in sorted(ruleset.tile_set) if k < 34 and (key != "fujian" or k < 27)]
    sets = (ruleset.hand_size - 1) // 3
    tiles: list[int] = []
    for _ in range(sets):
        if draw(st.booleans()):
            tiles += [draw(st.sampled_from(kinds))] * 3
        else:
            start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            tiles += [start, start + 1, start + 2]
    tiles += [draw(st.sampled_from(kinds))] * 2
    assume(max(counts_of(tiles)) <= 4)
    fields = {"ruleset": key, "win": draw(st.sampled_from(["self_draw", "discard"])),
              "seat_wind": draw(st.sampled_from("ESWN")), "round_wind": draw(st.sampled_from("ESWN"))}
    if key in ("taizhou", "fujian"):
        wild = draw(st.integers(0, 26))
        assume(tiles.count(wild) <= 3)
        fields["wild"] = tile_code(wild)
    order = draw(st.permutations(range(len(tiles))))
    tiles = [tiles[i] for i in order]
    fields["winning_tile"] = tile_code(tiles[-1])
    fields["concealed"] = tiles[:-1]
    return fields


def written(fields, concealed):
    return {**fields, "concealed": "".join(tile_code(t) for t in concealed)}


def relabel(fields, order):
    def move(kind: int) -> int:
        return kind if kind >= 27 else order[kind // 9] * 9 + kind % 9
    out = {**fields, "concealed": [move(k) for k in fields["concealed"]]}
    out["winning_tile"] = tile_code(move(_kind(fields["winning_tile"])))
    if "wild" in fields:
        out["wild"] = tile_code(move(_kind(fields["wild"])))
    return out


def _kind(code: str) -> int:
    from scorekeeper.engine.tiles import parse_kind
    return parse_kind(code)


def summary(answer):
    if not answer["ok"]:
        return answer["error"]["code"]
    return answer["total"], sorted((p["key"], str(p["value"])) for p in answer["patterns"])


def check_ruleset(key, fields, reverse):
    base = score_json(written(fields, fields["concealed"]))
    shuffled = score_json(written(fields, list(reversed(fields["concealed"])) if reverse else fields["concealed"]))
    assert summary(base) == summary(shuffled)
    assert summary(score_json({**fields, "concealed": format_tiles(fields["concealed"])})) == summary(base)
    for order in SUIT_ORDERS[key]:
        moved = relabel(fields, order)
        other = score_json(written(moved, moved["concealed"]))
        if base["ok"]:
            assert other["ok"] and other["total"] == base["total"], (fields, order, base, other)
        else:
            assert not other["ok"] and other["error"]["code"] == base["error"]["code"]


PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.filter_too_much])


def _property(key):
    @PROPERTY
    @given(winning_fields(key), st.booleans())
    def test(fields, reverse):
        check_ruleset(key, fields, reverse)
    test.__name__ = f"test_{key.replace('-', '_')}_order_and_suits_do_not_matter"
    return test


for _key in sorted(SUIT_ORDERS):
    globals()[f"test_{_key.replace('-', '_')}_order_and_suits_do_not_matter"] = _property(_key)
