"""A helper module over stdio: its lines get lanes (inlay hints, hovers, lane tokens) and faults from the
workspace entries that reach them, open or not (the server's background workspace index)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from .conftest import CONFIG
from .helpers import change, open_doc, published_for, rng, wait_published

HELPERS = (
    "import pypto.language as pl\n"
    "\n"
    "\n"
    "@pl.jit.inline\n"
    "def gate(x: pl.Tensor, y: pl.Out[pl.Tensor]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        y[:] = pl.exp(x)\n"  # line 7 (0-based 6): AIV
    "    return y\n"
    "\n"
    "\n"
    "@pl.jit.inline\n"
    "def project(a: pl.Tensor, b: pl.Tensor, y: pl.Out[pl.Tensor]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        y[:] = pl.matmul(a, b, out_dtype=pl.FP32)\n"  # line 14 (0-based 13): AIC
    "    return y\n"
)
ENTRY = (
    "import pypto.language as pl\n"
    "from helpers import gate, project\n"
    "\n"
    "\n"
    "@pl.jit\n"
    "def block(\n"
    "    a: pl.Tensor[[64, {k}], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]\n"
    "):\n"
    "    y = project(a, b, y)\n"  # line 9 (0-based 8): the call site
    "    y = gate(y, y)\n"
    "    return y\n"
)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "kernels").mkdir(parents=True)
    (root / "kernels" / "helpers.py").write_text(HELPERS)
    (root / "kernels" / "entry.py").write_text(ENTRY.format(k=32))  # K=32 against 64: a fault in `project`
    return root


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, ws: Path):
    """VS Code profile, the temporary package as the workspace folder (no document of it open)."""
    lsp_client.set_configuration({"inlayHints": {"enabled": True}}, section="pypto")
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            workspace_folders=[types.WorkspaceFolder(uri=ws.as_uri(), name="ws")],
        )
    )
    yield
    await lsp_client.shutdown_session()


def _whole(uri: str) -> types.InlayHintParams:
    return types.InlayHintParams(text_document=types.TextDocumentIdentifier(uri=uri), range=rng(0, 0, 40, 0))


async def _hints(client: LanguageClient, uri: str, want: int, timeout: float = 60.0) -> dict[int, str]:
    """The inlay hints of the document once at least `want` lines have one (the background index and the
    entries' analyses take a moment)."""
    deadline = time.monotonic() + timeout
    while True:
        hints = await client.text_document_inlay_hint_async(_whole(uri))
        found = {h.position.line: str(h.label) for h in hints or []}
        if len(found) >= want or time.monotonic() > deadline:
            return found
        await asyncio.sleep(0.2)


async def _published_with(
    client: LanguageClient, uri: str, code: str, timeout: float = 60.0
) -> types.Diagnostic:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for published in reversed(published_for(client, uri)):
            hit = [d for d in published.diagnostics if d.code == code]
            if hit:
                return hit[0]
        await asyncio.sleep(0.2)
    raise AssertionError(f"no {code} for {uri}: {[p.diagnostics for p in published_for(client, uri)]}")


async def test_a_helper_module_alone_gets_the_lanes_and_faults_of_the_workspace_entries(
    client: LanguageClient, ws: Path
) -> None:
    helpers = (ws / "kernels" / "helpers.py").as_uri()
    entry = (ws / "kernels" / "entry.py").as_uri()
    open_doc(client, helpers, HELPERS)
    first = await wait_published(client, helpers, 1)
    assert [d.code for d in first.diagnostics] in ([], ["PTO-F15"])  # before or after the entry's analysis

    # lanes: the entry is not open, so it is found by the workspace index and analysed in the background
    hints = await _hints(client, helpers, 2)
    assert hints == {6: "⟵ AIV", 13: "⟵ AIC"}

    # the fault is on the helper's own line, with the entry's call site as related information
    fault = await _published_with(client, helpers, "PTO-F15")
    assert fault.range.start.line == 13 and fault.severity == types.DiagnosticSeverity.Error
    assert "matching inner dimensions" in fault.message
    (site,) = fault.related_information or []
    assert site.location.uri == entry and site.location.range.start.line == 8
    assert not [p for p in published_for(client, entry)]  # nothing is published for a file that is not open

    # hover and lane tokens come from the same entry
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=helpers), position=types.Position(6, 19)
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "AIV" in hover.contents.value and "entry.py" in hover.contents.value
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=helpers))
    )
    assert tokens is not None and tokens.data


async def test_the_entry_file_changing_on_disk_updates_the_helper(client: LanguageClient, ws: Path) -> None:
    helpers = (ws / "kernels" / "helpers.py").as_uri()
    entry_path = ws / "kernels" / "entry.py"
    open_doc(client, helpers, HELPERS)
    await _published_with(client, helpers, "PTO-F15")
    entry_path.write_text(ENTRY.format(k=64))  # the fault is fixed
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=entry_path.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        last = published_for(client, helpers)[-1]
        if not last.diagnostics:
            break
        await asyncio.sleep(0.2)
    assert published_for(client, helpers)[-1].diagnostics == []
    assert await _hints(client, helpers, 2) == {6: "⟵ AIV", 13: "⟵ AIC"}


async def test_an_open_entry_gives_its_lanes_and_faults_and_editing_it_updates_them(
    client: LanguageClient, ws: Path
) -> None:
    helpers = (ws / "kernels" / "helpers.py").as_uri()
    entry = (ws / "kernels" / "entry.py").as_uri()
    open_doc(client, entry, ENTRY.format(k=32))
    at_call = await wait_published(client, entry, 1)
    (call,) = at_call.diagnostics
    assert call.range.start.line == 8 and call.code == "PTO-F15"
    (where,) = call.related_information or []
    assert where.location.uri == helpers and where.location.range.start.line == 13
    open_doc(client, helpers, HELPERS)
    await _published_with(client, helpers, "PTO-F15")
    change(client, entry, 2, [(rng(6, 22, 6, 24), "64")])  # K=64: the fault is gone
    assert (await wait_published(client, entry, 2)).diagnostics == []
    deadline = time.monotonic() + 30
    while published_for(client, helpers)[-1].diagnostics and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert published_for(client, helpers)[-1].diagnostics == []


CONFIG = "VOCAB = 1000\nVOCAB_CHUNK = 64\nassert VOCAB % VOCAB_CHUNK == 0\n"
CONFIG_ENTRY = (
    "import pypto.language as pl\n"
    "from config import VOCAB_CHUNK\n"
    "\n"
    "\n"
    "@pl.jit\n"
    "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        y[:] = pl.exp(x)\n"
    "    return y\n"
)


async def test_a_configuration_module_that_fails_at_import_shows_it_on_its_line(
    client: LanguageClient, ws: Path
) -> None:
    (ws / "kernels" / "config.py").write_text(CONFIG)
    (ws / "kernels" / "model.py").write_text(CONFIG_ENTRY)
    config = (ws / "kernels" / "config.py").as_uri()
    model = (ws / "kernels" / "model.py").as_uri()
    open_doc(client, config, CONFIG)  # a plain module: no entry of its own, not open elsewhere
    fault = await _published_with(client, config, "PTO-F48")
    assert fault.range.start.line == 2 and fault.message.startswith(
        "AssertionError: assert VOCAB % VOCAB_CHUNK == 0"
    )
    (site,) = fault.related_information or []
    assert site.location.uri == model and site.location.range.start.line == 1
    # the entry, opened, reports it at its import statement
    open_doc(client, model, CONFIG_ENTRY)
    at_import = await _published_with(client, model, "PTO-F48")
    assert at_import.range.start.line == 1
    (where,) = at_import.related_information or []
    assert where.location.uri == config and where.location.range.start.line == 2
    # fixing the module in the editor clears both
    change(client, config, 2, [(rng(0, 8, 0, 12), "1024")])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (
        published_for(client, model)[-1].diagnostics or published_for(client, config)[-1].diagnostics
    ):
        await asyncio.sleep(0.1)
    assert published_for(client, model)[-1].diagnostics == []
    assert published_for(client, config)[-1].diagnostics == []
