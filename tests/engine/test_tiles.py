import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import EngineError, Tile, format_tiles, parse_tiles
from scorekeeper.engine.tiles import tile_name


def test_parses_mpsz_with_shared_suit_letters():
    assert parse_tiles("123m456p789s1122z") == [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28]


def test_formats_in_suit_order_sharing_letters():
    assert format_tiles(parse_tiles("1z9s5p1m")) == "1m5p9s1z"


def test_flowers_and_seasons_are_tiles():
    assert format_tiles(parse_tiles("1f8f")) == "18f"
    assert tile_name(parse_tiles("5f")[0]) == "Spring (5f)"


def test_tile_value_type_round_trips():
    tile = Tile.from_str("5p")
    assert tile.code == "5p" and tile.suit == "p" and tile.number == 5
    assert repr(tile) == "Tile.from_str('5p')"
    assert Tile.from_str(str(tile)) == tile


@pytest.mark.parametrize("text, part", [("0m", "0m"), ("8z", "8z"), ("9f", "9f"), ("12x", "12x"), ("m12", "m")])
def test_unreadable_notation_is_bad_tile_naming_the_part(text, part):
    with pytest.raises(EngineError) as caught:
        parse_tiles(text)
    assert caught.value.code == "bad_tile"
    assert part in caught.value.message


kinds = st.lists(st.integers(min_value=0, max_value=41), max_size=20)


@given(kinds)
def test_notation_round_trips(tiles):
    assert parse_tiles(format_tiles(tiles)) == sorted(tiles)


@given(kinds)
def test_written_order_does_not_matter(tiles):
    text = "".join(Tile(t).code for t in tiles)
    assert sorted(parse_tiles(text)) == sorted(tiles)
