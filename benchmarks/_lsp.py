"""Client-side helpers shared by the stdio benchmarks."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from lsprotocol import types
from pygls.lsp.client import LanguageClient


async def timed_edit(
    client: LanguageClient,
    uri: str,
    version: int,
    rng: types.Range,
    text: str,
    answered: Callable[[], Awaitable[object]],
) -> float:
    """Send one incremental didChange and return the seconds until `answered()` completes."""
    change = types.TextDocumentContentChangePartial(range=rng, text=text)
    params = types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[change],
    )
    started = time.perf_counter()
    client.text_document_did_change(params)
    await answered()
    return time.perf_counter() - started


async def shutdown(client: LanguageClient) -> None:
    """Shut the server down cleanly, killing it when it does not answer."""
    server = client._server
    try:
        await asyncio.wait_for(client.shutdown_async(None), 5.0)
        client.exit(None)
        await asyncio.wait_for(client.stop(), 5.0)
    except Exception as exc:
        print(f"clean shutdown failed ({exc!r}); killing pid {server.pid if server else None}")
        if server is not None and server.returncode is None:
            server.kill()
