"""The stdio transport (`pypto_lsp.transport`): bytes reach pygls unchanged, and every read request enters
the read gate as soon as its last byte arrives, however the stream is cut into chunks."""

from __future__ import annotations

import asyncio
import io
import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pypto_lsp.protocol import READ_METHODS
from pypto_lsp.scheduler import ReadGate
from pypto_lsp.transport import ReadAnnouncer, ThreadedStdinReader


def frame(message: object) -> bytes:
    """One JSON-RPC message with its header."""
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


HOVER = {"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {"position": {"line": 1}}}
INLAY = {"jsonrpc": "2.0", "id": "i-8", "method": "textDocument/inlayHint", "params": {}}
PULL = {"jsonrpc": "2.0", "id": 9, "method": "textDocument/diagnostic", "params": {}}  # waits: not a read
CHANGE = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"text": "x = 1\n" * 2000}}
BOOL_ID = {"jsonrpc": "2.0", "id": True, "method": "textDocument/hover", "params": {}}
STREAM = (
    frame(CHANGE)
    + frame(HOVER)
    + b"X-Junk: no length here\r\n\r\n"  # a header block without a length: skipped
    + frame(PULL)
    + b"Content-Length: 5\r\n\r\n{not}"  # a body that is not JSON
    + frame(BOOL_ID)
    + frame(INLAY)
)


def announced(chunks: list[bytes]) -> set[object]:
    """The ids a fresh announcer enters into a fresh gate for the stream cut into `chunks`."""
    gate = ReadGate()
    announcer = ReadAnnouncer(READ_METHODS, gate)
    for chunk in chunks:
        announcer.feed(chunk)
    return set(gate.pending)


def test_read_requests_are_announced_and_nothing_else() -> None:
    assert announced([STREAM]) == {7, "i-8"}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(STREAM)), max_size=12))
def test_any_cut_of_the_stream_announces_the_same_reads(cuts: list[int]) -> None:
    points = sorted({0, len(STREAM), *cuts})
    chunks = [STREAM[a:b] for a, b in itertools.pairwise(points)]
    assert announced(chunks) == {7, "i-8"}


def test_a_half_arrived_read_is_not_announced_until_its_last_byte() -> None:
    whole = frame(HOVER)
    gate = ReadGate()
    announcer = ReadAnnouncer(READ_METHODS, gate)
    announcer.feed(whole[:-1])
    assert not gate.pending
    announcer.feed(whole[-1:])
    assert set(gate.pending) == {7}


def test_the_reader_hands_pygls_the_bytes_unchanged_then_the_end() -> None:
    async def read_all() -> list[bytes]:
        gate = ReadGate()
        reader = ThreadedStdinReader(io.BufferedReader(io.BytesIO(STREAM)), ReadAnnouncer(READ_METHODS, gate))
        parts = [await reader.readline(), await reader.readline()]
        length = int(parts[0].split(b":")[1])
        parts.append(await reader.readexactly(length))
        rest = await reader.readexactly(len(STREAM))  # more than is left: what is left, at the end
        parts += [rest, await reader.readline()]
        assert set(gate.pending) == {7, "i-8"}
        return parts

    first, blank, body, rest, end = asyncio.run(read_all())
    assert first + blank + body + rest == STREAM
    assert json.loads(body) == CHANGE
    assert end == b""
