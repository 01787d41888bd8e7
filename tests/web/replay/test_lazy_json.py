"""Snapshot texts decoded when read: one at a time, or all at once for the chart, with the same values."""
from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tables.replay.lazy_json import Decoded

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=8)


@given(st.lists(VALUES, max_size=12), st.sets(st.integers(0, 11)))
def test_all_at_once_equals_one_by_one_whichever_were_read_before(values, read_first):
    texts = [json.dumps(value) for value in values]
    lazy = Decoded(texts)
    for index in read_first:
        if index < len(values):
            assert lazy[index] == values[index]
    assert lazy.decoded() == values
    assert list(lazy) == values  # and the values stay decoded, read again


def test_values_added_or_set_are_kept_as_they_are_even_strings():
    lazy = Decoded(['"a"']) + ["[1]"]
    lazy[0] = "{"
    lazy.insert(0, "null")
    assert lazy.decoded() == ["null", "{", "[1]"]


def test_a_slice_is_decoded_apart_from_its_source():
    lazy = Decoded(['"a"', '["b"]', "3"])
    tail = lazy[1:]
    assert tail.decoded() == [["b"], 3]
    assert lazy.decoded() == ["a", ["b"], 3]
