"""A line is read as the standard library reads it (``decode_slowly`` is the reference): the
same message, of the same types (a long integer stays an integer), and a line that is no
message refused with the same reason."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.net import protocol as P

scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text())
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20)


def read(decoder, line: bytes):
    """What ``decoder`` makes of ``line``: the message and its leaves' types, or why not."""
    try:
        message = decoder(line)
    except P.ProtocolError as refused:
        return ("refused", str(refused))
    return ("read", message, json.dumps(message, default=repr), _types(message))


def _types(value) -> list[str]:
    if isinstance(value, dict):
        return [t for k, x in value.items() for t in (k, *_types(x))]
    if isinstance(value, list):
        return [t for x in value for t in _types(x)]
    return [type(value).__name__]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=8), values, max_size=6), st.sampled_from(
    ["view", "act", 7, None]))
def test_a_message_reads_as_the_standard_library_reads_it(message, kind) -> None:
    message["type"] = kind
    line = json.dumps(message, ensure_ascii=bool(len(message) % 2)).encode("utf-8",
                                                                           "surrogatepass")
    assert read(P.decode, line) == read(P.decode_slowly, line)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=40) | st.builds(lambda a, b: a + b, st.sampled_from(
    [b'{"type":"a","x":', b'{"type":', b'[', b'{"type":"\\ud8']), st.binary(max_size=12)))
def test_any_bytes_are_read_or_refused_as_the_standard_library_does(line) -> None:
    assert read(P.decode, line) == read(P.decode_slowly, line)


@pytest.mark.parametrize("line, why", [
    (b'{"type":"a","n":123456789012345678901234567890}', None),
    (b'{"type":"a","n":-9223372036854775809}', None),
    (b'{"type":"a","n":18446744073709551616}', None),
    (b'{"type":"a","x":NaN}', None),
    (b'{"type":"a","x":1e400}', None),
    (b'{"type":"\\ud800"}', "a line holds a lone surrogate, which is not text"),
    (b'{"type":"\xff"}', "a line is not UTF-8"),
    (b'\xef\xbb\xbf{"type":"a"}', "a line is not JSON"),
    (b"[" * 70_000, "a line is longer than 65536 bytes"),
    (b"[" * 5_000, "a line is not JSON"),
    (b'{"type":"a","t":"\t"}', "a line is not JSON"),
    (b'["type"]', 'a message must be a JSON object with a "type"'),
], ids=lambda x: x[:24].decode("utf-8", "replace") if isinstance(x, bytes) else None)
def test_the_edges(line: bytes, why: str | None) -> None:
    """Numbers orjson would read otherwise than the standard library (a long integer as a
    float) or refuse (NaN, an infinite float), and each reason for a refusal."""
    assert read(P.decode, line) == read(P.decode_slowly, line)
    if why is not None:
        assert read(P.decode, line) == ("refused", why)
    else:
        assert read(P.decode, line)[0] == "read"
