"""Small helpers for driving the server from tests."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import time
import uuid
from pathlib import Path
from typing import Any

from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import CORPUS, Published, RecordingClient


def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    """Send textDocument/didOpen."""
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)
        )
    )


def change(client: LanguageClient, uri: str, version: int, edits: list[tuple[types.Range, str]]) -> None:
    """Send one incremental textDocument/didChange with the given (range, text) changes, in order."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=r, text=t) for r, t in edits],
        )
    )


def rng(line: int, char: int, end_line: int, end_char: int) -> types.Range:
    """A 0-based LSP range."""
    return types.Range(
        start=types.Position(line=line, character=char), end=types.Position(line=end_line, character=end_char)
    )


async def wait_published(client: LanguageClient, uri: str, version: int, timeout: float = 10.0) -> Published:
    """The last publishDiagnostics for uri at `version`, waiting for it to arrive."""
    assert isinstance(client, RecordingClient)
    deadline = time.monotonic() + timeout
    while True:
        hits = [p for p in client.published if p.uri == uri and p.version == version]
        if hits:
            return hits[-1]
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            seen = [(p.uri, p.version, len(p.diagnostics)) for p in client.published]
            raise AssertionError(f"no diagnostics for {uri} v{version}; got {seen}")
        client.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.changed.wait(), min(remaining, 0.2))


def published_for(client: LanguageClient, uri: str) -> list[Published]:
    """Every publishDiagnostics received for uri."""
    assert isinstance(client, RecordingClient)
    return [p for p in client.published if p.uri == uri]


def corpus_uri(name: str) -> tuple[str, str]:
    """URI and text of a corpus program."""
    path = CORPUS / name
    return path.as_uri(), path.read_text(encoding="utf-8")


def tmp_uri(tmp_path: Path, name: str) -> str:
    """A file URI in the test's temporary folder (the file need not exist)."""
    return (tmp_path / name).as_uri()


async def raw_request(client: LanguageClient, method: str, params: Any, timeout: float = 5.0) -> Any:
    """Send a request whose params bypass the client's type checks (to test malformed input)."""
    msg_id = f"raw-{uuid.uuid4()}"
    body = json.dumps({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params}).encode()
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    client.protocol._request_futures[msg_id] = future
    writer = client.protocol.writer
    assert writer is not None
    res = writer.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    if inspect.isawaitable(res):
        await res
    return await asyncio.wait_for(future, timeout)
