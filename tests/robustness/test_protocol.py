"""Hostile protocol traffic against the real server over stdio: every message gets the JSON-RPC answer
the specification gives, and the server keeps answering."""

from __future__ import annotations

import asyncio
import inspect
import json
import time
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from tests.lsp.helpers import change, open_doc, raw_request, tmp_uri, wait_published

VALID = (
    "import pypto.language as pl\n\n\n@pl.jit\n"
    "def f(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        y[:] = pl.exp(x)\n"
    "    return y\n"
)


def _record_errors(client: LanguageClient) -> list[tuple[Any, Any]]:
    """Every response error the client receives, with its id (even a null id no request waits for)."""
    seen: list[tuple[Any, Any]] = []
    protocol = client.protocol
    original = protocol._handle_response

    def spy(msg_id: Any, result: Any = None, error: Any = None) -> None:
        if error is not None:
            seen.append((msg_id, error))
        if msg_id is not None:
            original(msg_id, result, error)

    protocol._handle_response = spy  # type: ignore[method-assign]
    return seen


async def _write(client: LanguageClient, body: bytes) -> None:
    writer = client.protocol.writer
    assert writer is not None
    res = writer.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    if inspect.isawaitable(res):
        await res


async def _still_answers(client: LanguageClient, uri: str) -> None:
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(6, 18)
            )
        ),
        5.0,
    )
    assert hover is not None


async def _error_code(seen: list[tuple[Any, Any]]) -> int:
    for _ in range(100):
        if seen:
            return int(seen[-1][1].code)
        await asyncio.sleep(0.05)
    raise AssertionError("no error response")


async def test_truncated_json_gets_a_parse_error(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "ok.py")
    open_doc(client, uri, VALID)
    await wait_published(client, uri, 1)
    seen = _record_errors(client)
    await _write(client, b'{"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "par')
    assert await _error_code(seen) == -32700
    assert seen[-1][0] is None
    await _still_answers(client, uri)


async def test_a_non_string_method_is_an_invalid_request(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "ok.py")
    open_doc(client, uri, VALID)
    await wait_published(client, uri, 1)
    seen = _record_errors(client)
    await _write(client, json.dumps({"jsonrpc": "2.0", "id": 8, "method": 42}).encode())
    assert await _error_code(seen) == -32600
    await _still_answers(client, uri)


async def test_expanded_kernels_with_a_negative_position(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "ok.py")
    open_doc(client, uri, VALID)
    await wait_published(client, uri, 1)
    try:
        await raw_request(
            client, "pypto/expandedKernels", {"uri": uri, "position": {"line": -3, "character": -1}}
        )
    except JsonRpcException as exc:
        assert exc.code == -32602
    else:
        raise AssertionError("a negative position must be rejected as invalid params")
    await _still_answers(client, uri)


async def test_changes_to_documents_that_are_not_open_do_not_disturb_the_server(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = tmp_uri(tmp_path, "ok.py")
    ghost = tmp_uri(tmp_path, "never_opened.py")
    open_doc(client, uri, VALID)
    await wait_published(client, uri, 1)
    change(client, ghost, 2, [(types.Range(types.Position(0, 0), types.Position(0, 0)), "x")])
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=ghost))
    )
    await _still_answers(client, uri)


async def test_hover_on_another_document_while_a_hostile_one_is_analysed(
    client: LanguageClient,
    tmp_path: Path,
) -> None:
    uri = tmp_uri(tmp_path, "ok.py")
    open_doc(client, uri, VALID)
    await wait_published(client, uri, 1)
    hostile = tmp_uri(tmp_path, "hostile.py")
    open_doc(client, hostile, "import pypto.language as pl\nX = 10 ** 10 ** 10\nY = 1 << 10 ** 18\n" + VALID)
    started = time.perf_counter()
    await _still_answers(client, uri)
    assert time.perf_counter() - started < 1.0
    await wait_published(client, hostile, 1, timeout=5.0)
