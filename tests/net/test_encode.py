"""A message is written as the standard library writes it, byte for byte: compact JSON in
UTF-8, text kept as it is but for the characters JSON must escape; what the standard library
refuses (a lone surrogate, an object that is no JSON) is refused the same way. The one
difference is a float so small or so large that it is written with an exponent (6e-08 there,
6e-8 here), which no message of the protocol holds: it reads back the same."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.net import protocol as P

scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(st.characters(exclude_categories=["Cs"])))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20)


# a hundred messages hold every case many times over (counted: about ten with an integer past
# 64 bits, which the standard library writes; sixty with a float written with an exponent;
# nearly all with text to escape or beyond ASCII)
@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(max_size=8), values, max_size=6))
def test_a_message_is_the_bytes_the_standard_library_writes(message) -> None:
    assert json.loads(P.encode(message)) == json.loads(P.encode_slowly(message))
    if not any(isinstance(x, float) and x and not 1e-4 <= abs(x) < 1e16
               for x in _leaves(message)):
        assert P.encode(message) == P.encode_slowly(message)


def _leaves(value):
    if isinstance(value, dict):
        for x in value.values():
            yield from _leaves(x)
    elif isinstance(value, list):
        for x in value:
            yield from _leaves(x)
    else:
        yield value


def test_what_is_no_json_text_is_refused_as_before() -> None:
    with pytest.raises(UnicodeEncodeError):
        P.encode({"name": "\ud800"})

    @dataclasses.dataclass
    class Thing:
        x: int

    with pytest.raises(TypeError):
        P.encode({"thing": Thing(1)})
