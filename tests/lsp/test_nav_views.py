"""Views that read the navigation index (hover, inlay hints) pair the last finished analysis with the index
of the same text: while the user types, a hover never waits behind the build of the newest analysed text's
index (it answers from the previous complete pair, whose positions agree); a document at rest waits for its
index and is answered exactly."""

from __future__ import annotations

import asyncio
import gc
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from compiler.navigation.index import DocumentIndex
from compiler.navigation.workspace import Workspace
from compiler.pipeline import Analyzer
from pypto_lsp import server as server_module
from pypto_lsp.document import Analyzed, Snapshot, run_analysis
from pypto_lsp.scheduler import DocState
from pypto_lsp.server import PyptoServer, create_server

from .conftest import CORPUS

HEALTHY = CORPUS / "013_program_manual_updown_shard.py"  # a valid kernel with a pl.matmul


def _server(root: Path) -> PyptoServer:
    server = create_server()
    pull = types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    init = types.InitializeParams(
        capabilities=types.ClientCapabilities(text_document=pull), root_uri=root.as_uri()
    )
    for _ in server.protocol.lsp_initialize(init):  # the workspace, without a client to talk to
        pass
    return server


def _type(server: PyptoServer, uri: str, version: int, text: str) -> None:
    """The editor's text of the document is now `text` (the didChange pygls applies)."""
    item = types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)
    server.workspace.put_text_document(item)


def _land(server: PyptoServer, uri: str, version: int, text: str) -> None:
    """An analysis of `text` at `version` finished and is the document's latest."""
    path = Path(server.workspace.get_text_document(uri).path)
    state = server.scheduler.docs.setdefault(uri, DocState(Analyzer(graph=server.graph)))
    snap = Snapshot(uri=uri, version=version, text=text, path=str(path))
    result = Analyzed(snap, run_analysis(text, str(path), None), 0.0, server.generation)
    previous, state.result = state.result, result
    server.landed(uri, result, previous)


def _matmul(text: str) -> types.Position:
    line = next(n for n, code in enumerate(text.split("\n")) if "pl.matmul(" in code)
    return types.Position(line=line, character=text.split("\n")[line].index("pl.matmul(") + 4)


def _hover(server: PyptoServer, uri: str, at: types.Position) -> Any:
    handler: Callable[[types.HoverParams], Any] = server.protocol.fm.features[types.TEXT_DOCUMENT_HOVER]
    return handler(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at))


def _block_builds(monkeypatch: pytest.MonkeyPatch, release: threading.Event) -> None:
    """Index builds started from now on wait (on the analysis thread) until `release` is set."""
    build = Workspace.document_with_imports

    def slow(self: Workspace, path: str, text: str) -> DocumentIndex:
        release.wait(10.0)
        return build(self, path, text)

    monkeypatch.setattr(Workspace, "document_with_imports", slow)


async def test_a_hover_while_typing_does_not_wait_for_the_newest_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text1 = HEALTHY.read_text(encoding="utf-8")
    uri = (tmp_path / "kernel.py").as_uri()  # an unsaved buffer: nothing goes to the persistent cache
    server = _server(tmp_path)
    _type(server, uri, 1, text1)
    _land(server, uri, 1, text1)
    at1 = _matmul(text1)
    first = await asyncio.wait_for(_hover(server, uri, at1), 10.0)  # the first pair is waited for
    assert first is not None and "matmul" in first.contents.value
    assert first.range.start.line == at1.line

    # Two lines inserted above the kernel: the next analysis moves every position; its index is slow.
    release = threading.Event()
    _block_builds(monkeypatch, release)
    lines = text1.split("\n")
    text2 = "\n".join([*lines[:4], "", "", *lines[4:]])
    _type(server, uri, 2, text2)
    _land(server, uri, 2, text2)
    _type(server, uri, 3, text2 + "\n# typing")  # the user typed on: the text moved past the analysis
    try:
        found = await asyncio.wait_for(_hover(server, uri, at1), 2.0)
        # the previous complete pair: the op at its own line, never the new analysis at the old index
        assert found is not None and "matmul" in found.contents.value
        assert found.range.start.line == at1.line
        assert uri in server.nav_lagged  # views are asked for again once the newer pair lands
    finally:
        release.set()
    await asyncio.wait_for(server.nav_builds[uri][1], 10.0)
    assert server.nav_views[uri].view.snapshot.version == 2
    assert server.nav_views[uri].nav.text == text2
    assert uri not in server.nav_lagged
    at2 = _matmul(text2)
    newer = await asyncio.wait_for(_hover(server, uri, at2), 2.0)
    assert newer is not None and "matmul" in newer.contents.value and newer.range.start.line == at2.line


async def test_a_document_at_rest_waits_for_its_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text1 = HEALTHY.read_text(encoding="utf-8")
    uri = (tmp_path / "kernel.py").as_uri()  # an unsaved buffer: nothing goes to the persistent cache
    server = _server(tmp_path)
    _type(server, uri, 1, text1)
    _land(server, uri, 1, text1)
    await asyncio.wait_for(_hover(server, uri, _matmul(text1)), 10.0)

    release = threading.Event()
    _block_builds(monkeypatch, release)
    lines = text1.split("\n")
    text2 = "\n".join([*lines[:4], "", "", *lines[4:]])
    _type(server, uri, 2, text2)
    _land(server, uri, 2, text2)  # the analysis of the current text: answered exactly, after its index
    at2 = _matmul(text2)
    pending = asyncio.ensure_future(_hover(server, uri, at2))
    await asyncio.sleep(0.3)
    assert not pending.done()
    release.set()
    found = await asyncio.wait_for(pending, 10.0)
    assert found is not None and "matmul" in found.contents.value and found.range.start.line == at2.line


def _record_builds(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """The texts index builds ran for from now on, each with whether the cyclic GC was enabled then."""
    build = Workspace.document_with_imports
    seen: list[tuple[str, bool]] = []

    def recorded(self: Workspace, path: str, text: str) -> DocumentIndex:
        seen.append((text, gc.isenabled()))
        return build(self, path, text)

    monkeypatch.setattr(Workspace, "document_with_imports", recorded)
    return seen


async def test_a_slow_index_build_waits_for_a_typing_pause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text1 = HEALTHY.read_text(encoding="utf-8")
    uri = (tmp_path / "kernel.py").as_uri()
    server = _server(tmp_path)
    _type(server, uri, 1, text1)
    _land(server, uri, 1, text1)
    at1 = _matmul(text1)
    await asyncio.wait_for(_hover(server, uri, at1), 10.0)

    monkeypatch.setattr(server_module, "NAV_SLOW_S", -1.0)  # every build counts as slow
    built = _record_builds(monkeypatch)
    lines = text1.split("\n")
    text2 = "\n".join([*lines[:4], "", "", *lines[4:]])
    server.pause_background()  # a didChange: the user is typing
    _type(server, uri, 2, text2)
    _land(server, uri, 2, text2)  # the analysis of the current text lands while the user types
    found = await asyncio.wait_for(_hover(server, uri, at1), 0.2)  # no wait for an index build
    assert found is not None and "matmul" in found.contents.value and found.range.start.line == at1.line
    assert built == [] and uri in server.nav_lagged  # nothing built before the pause; views re-asked after

    await asyncio.wait_for(server.nav_builds[uri][1], 10.0)  # the pause comes: the newest text is built
    assert [text for text, _ in built] == [text2]
    assert server.nav_views[uri].nav.text == text2 and uri not in server.nav_lagged
    at2 = _matmul(text2)
    newer = await asyncio.wait_for(_hover(server, uri, at2), 2.0)
    assert newer is not None and newer.range.start.line == at2.line


async def test_an_index_build_runs_with_the_cyclic_gc_paused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = HEALTHY.read_text(encoding="utf-8")
    uri = (tmp_path / "kernel.py").as_uri()
    server = _server(tmp_path)
    _type(server, uri, 1, text)
    _land(server, uri, 1, text)
    built = _record_builds(monkeypatch)
    assert gc.isenabled()
    await asyncio.wait_for(_hover(server, uri, _matmul(text)), 10.0)
    assert built == [(text, False)]  # its collections would hold the interpreter read requests need
    assert gc.isenabled()  # and it runs again after


async def test_a_document_at_rest_with_a_slow_index_does_not_wait_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text1 = HEALTHY.read_text(encoding="utf-8")
    uri = (tmp_path / "kernel.py").as_uri()
    server = _server(tmp_path)
    _type(server, uri, 1, text1)
    _land(server, uri, 1, text1)
    at1 = _matmul(text1)
    await asyncio.wait_for(_hover(server, uri, at1), 10.0)

    monkeypatch.setattr(server_module, "NAV_SLOW_S", -1.0)  # every build counts as slow
    release = threading.Event()
    _block_builds(monkeypatch, release)
    lines = text1.split("\n")
    text2 = "\n".join([*lines[:4], "", "", *lines[4:]])
    _type(server, uri, 2, text2)
    _land(server, uri, 2, text2)  # at rest: no edit for long, the analysis of the current text landed
    try:
        found = await asyncio.wait_for(_hover(server, uri, at1), 2.0)  # the previous pair, at once
        assert found is not None and found.range.start.line == at1.line and uri in server.nav_lagged
    finally:
        release.set()
    await asyncio.wait_for(server.nav_builds[uri][1], 10.0)
    assert server.nav_views[uri].nav.text == text2 and uri not in server.nav_lagged
