"""The server's stdin reader (pypto_lsp.stdio) hands pygls's reading loop the same parts pygls's own reader
would, a whole message per wake-up of the event loop."""

from __future__ import annotations

import asyncio
import io
import json
import threading
from typing import Any

import pytest
from pygls.io_ import StdinAsyncReader, run_async

from pypto_lsp import server as server_module
from pypto_lsp.stdio import ReadAheadReader, read_message


def _framed(body: dict[str, Any], extra: bytes = b"") -> bytes:
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n" % len(data) + extra + b"\r\n" + data


STREAM = b"".join(
    [
        _framed({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}),
        _framed(
            {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"text": "é\r\n" * 3000}},
            extra=b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n",
        ),
        b"X-Stray: header\r\n",  # a header before Content-Length, as a sloppy client may send
        _framed({"jsonrpc": "2.0", "id": "h", "method": "textDocument/hover", "params": {}}),
        _framed({"jsonrpc": "2.0", "method": "exit"})[:-5],  # the stream ends inside a body
    ]
)


class _Recorder:
    """The part of a protocol run_async talks to: each message as it is handled."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    def structure_message(self, data: dict[str, Any]) -> Any:
        return data

    def handle_message(self, message: Any) -> None:
        self.messages.append(message)


async def _messages(reader: Any) -> list[Any]:
    protocol = _Recorder()
    await asyncio.wait_for(run_async(threading.Event(), reader, protocol), 10.0)  # type: ignore[arg-type]
    return protocol.messages


async def test_the_messages_are_those_pyglss_reader_gives() -> None:
    ours = await _messages(ReadAheadReader(io.BytesIO(STREAM)))
    theirs = await _messages(StdinAsyncReader(io.BytesIO(STREAM)))
    assert ours == theirs
    assert [m.get("method") for m in ours] == ["initialize", "textDocument/didChange", "textDocument/hover"]


def test_a_message_is_read_whole() -> None:
    stream = io.BytesIO(STREAM)
    first = read_message(stream)
    assert first[0].startswith(b"Content-Length: ") and first[1] == b"\r\n"
    assert json.loads(first[2])["method"] == "initialize"
    assert read_message(stream)[-1].startswith(b'{"jsonrpc"')


async def test_each_message_takes_one_wake_up_of_the_event_loop() -> None:
    reader = ReadAheadReader(io.BytesIO(STREAM))
    delivered: list[int] = []
    deliver = reader._deliver
    reader._deliver = lambda parts: (delivered.append(len(parts)), deliver(parts))  # type: ignore[method-assign]
    messages = await _messages(reader)
    assert len(messages) == 3  # the fourth ends inside its body
    assert len(delivered) == 5  # four messages, then the end of the stream


def test_the_server_reads_stdin_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    used: list[Any] = []

    async def run(**kwargs: Any) -> None:
        used.append(kwargs["reader"])

    monkeypatch.setattr(server_module, "run_async", run)
    server = server_module.create_server()
    server.start_io(io.BytesIO(b""), io.BytesIO())
    assert len(used) == 1 and isinstance(used[0], ReadAheadReader)
