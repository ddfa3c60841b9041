"""A document's first diagnostics from the persistent cache (`pypto_lsp.warm_start`): exact for the saved
text and every module it read, shown at once over stdio and replaced by the server's own analysis."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from compiler.modules import ModuleGraph, read_disk_text
from compiler.pipeline import Analyzer
from pypto_lsp import warm_start
from pypto_lsp.check_cache import dependencies

from .conftest import CONFIG
from .helpers import open_doc

ROOT = Path(__file__).resolve().parents[2]
KERNEL = """

@pl.jit
def scaled_{i}(
    x: pl.Tensor[[ROWS, HIDDEN], pl.FP16],
    w: pl.Tensor[[64, HIDDEN], pl.FP16],
    out: pl.Out[pl.Tensor[[ROWS, HIDDEN], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scaled_{i}"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        out = pl.assemble(out, pl.exp(acc), offset=[0, 0])
    return out
"""


# Enough kernels that the server's own analysis of big.py is still running when the first pull arrives (with
# 40 the analysis sometimes landed first on an idle machine).
KERNELS = 160


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """Our real-style package, with a large model file whose kernels share a fault (K of x against w)."""
    root = tmp_path / "ws"
    shutil.copytree(ROOT / "tests" / "data" / "kernel_pkg", root / "kernel_pkg")
    head = "import pypto.language as pl\n\nfrom .config import ACTIVE as M\n\nROWS = M.tile_rows\nHIDDEN = M.hidden\n"
    (root / "kernel_pkg" / "big.py").write_text(head + "".join(KERNEL.format(i=i) for i in range(KERNELS)))
    return root


def _key(ws: Path) -> warm_start.CacheKey:
    key = warm_start.key_for(ws, None, {}, ())
    assert key is not None
    return key


def _codes(analysis: object) -> list[tuple[str, int]]:
    diagnostics = getattr(analysis, "diagnostics", ())
    return sorted((d.code, d.span.line) for d in diagnostics)


def test_a_stored_analysis_is_found_only_while_the_text_and_what_it_read_are_unchanged(ws: Path) -> None:
    path = ws / "kernel_pkg" / "model_faults.py"
    text = path.read_text()
    graph = ModuleGraph()
    analyzer = Analyzer(graph=graph)
    analysis = analyzer.analyze(text, path=str(path))
    assert analysis.diagnostics  # the package's faults
    deps = dependencies(graph, path, analyzer.imports(), ())
    assert any(p.endswith("config.py") for p, _ in deps.modules)

    key = _key(ws)
    assert warm_start.lookup(key, path, text, read_disk_text) is None  # nothing stored yet
    assert warm_start.store(key, [warm_start.Stored(path, text, analysis, deps)], read_disk_text) == 1
    found = warm_start.lookup(key, path, text, read_disk_text)
    assert found is not None and _codes(found) == _codes(analysis) and found.lanes == analysis.lanes

    # an unsaved edit: the editor text is not the file's, so the entry does not apply
    assert warm_start.lookup(key, path, text + "\n# typing\n", read_disk_text) is None
    # an edit to an imported module the analysis read: the entry is stale
    config = ws / "kernel_pkg" / "config.py"
    config.write_text(config.read_text() + "\nEXTRA = 1\n")
    assert warm_start.lookup(key, path, text, read_disk_text) is None
    # a module that is open with other text in the editor counts as changed too
    config.write_text(config.read_text().replace("\nEXTRA = 1\n", ""))
    assert warm_start.lookup(key, path, text, read_disk_text) is not None
    assert (
        warm_start.lookup(key, path, text, lambda p: "X = 1\n" if p == config else read_disk_text(p)) is None
    )
    # a text that is not saved is never stored
    assert warm_start.store(key, [warm_start.Stored(path, text + "#", analysis, deps)], read_disk_text) == 0


def test_an_entry_depends_on_the_files_its_own_imports_probed_and_only_on_those(ws: Path) -> None:
    graph = ModuleGraph()
    # another document analysed first by the same graph: what its imports looked for is none of the entry's
    other = ws / "elsewhere" / "other.py"
    other.parent.mkdir()
    other.write_text("import pypto.language as pl\nfrom .nowhere import THING\n")
    Analyzer(graph=graph).analyze(other.read_text(), path=str(other))
    path = ws / "kernel_pkg" / "model_faults.py"
    text = path.read_text()
    analyzer = Analyzer(graph=graph)
    analysis = analyzer.analyze(text, path=str(path))
    deps = dependencies(graph, path, analyzer.imports(), ())
    absent = {Path(p) for p, h in deps.modules if h is None}
    assert not any(p.is_relative_to(other.parent) for p in absent)
    # `import pypto.language` looked for the module in the package's root: a namespace folder there (no
    # `__init__.py`, so no folder listing changes) would be the module the import finds
    probed = ws / "pypto" / "language.py"
    assert probed in absent
    key = _key(ws)
    assert warm_start.store(key, [warm_start.Stored(path, text, analysis, deps)], read_disk_text) == 1
    assert warm_start.lookup(key, path, text, read_disk_text) is not None
    probed.parent.mkdir()
    probed.write_text("X = 1\n")
    assert warm_start.lookup(key, path, text, read_disk_text) is None
    probed.unlink()
    assert warm_start.lookup(key, path, text, read_disk_text) is not None


def test_the_server_never_writes_into_the_workspace(ws: Path) -> None:
    key = _key(ws)
    assert not key.server_root.is_relative_to(ws)
    assert key.server_root.is_relative_to(warm_start.user_cache_folder())


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, ws: Path):
    """Neovim profile (pulled diagnostics) with workspace/diagnostic/refresh, the package as the workspace,
    after `pypto-lsp check` has analysed it (its cache is in the workspace)."""
    proc = subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "check", "kernel_pkg", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ws,
    )
    assert proc.returncode == 1, proc.stderr
    lsp_client.checked = {  # type: ignore[attr-defined]
        Path(f["path"]).name: sorted((d["code"], d["line"]) for d in f["diagnostics"])
        for f in json.loads(proc.stdout)["files"]
    }
    capabilities = client_capabilities("neovim")
    assert capabilities.workspace is not None
    capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities, workspace_folders=[types.WorkspaceFolder(uri=ws.as_uri(), name="ws")]
        )
    )
    yield
    await lsp_client.shutdown_session()


async def _pull(client: LanguageClient, uri: str) -> types.RelatedFullDocumentDiagnosticReport:
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    return report


def _lines(report: types.RelatedFullDocumentDiagnosticReport) -> list[tuple[str, int]]:
    return sorted((str(d.code), d.range.start.line + 1) for d in report.items)


async def test_opening_a_checked_file_shows_the_cached_diagnostics_then_the_servers_own(
    client: LanguageClient, ws: Path
) -> None:
    path = ws / "kernel_pkg" / "big.py"
    uri = path.as_uri()
    checked = client.checked["big.py"]  # type: ignore[attr-defined]
    assert len(checked) == KERNELS  # one fault per kernel
    open_doc(client, uri, path.read_text())
    first = await _pull(client, uri)
    # the check's result, before the server's own analysis of the kernels has finished
    assert first.result_id is not None and first.result_id.endswith(":cached")
    assert _lines(first) == checked

    # the server's own analysis lands: pull clients are told to re-ask, and it says the same
    deadline = time.monotonic() + 60
    while client.diagnostic_refresh_count == 0 and time.monotonic() < deadline:  # type: ignore[attr-defined]
        await asyncio.sleep(0.1)
    final = await _pull(client, uri)
    assert final.result_id is not None and not final.result_id.endswith(":cached")
    assert _lines(final) == checked

    # hover waits for the server's own analysis (the cached result holds no IR), then answers
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(15, 20)
        )
    )
    assert hover is not None


async def test_an_unsaved_text_gets_no_cached_result(client: LanguageClient, ws: Path) -> None:
    path = ws / "kernel_pkg" / "big.py"
    uri = path.as_uri()
    open_doc(client, uri, "# not saved yet\n" + path.read_text())
    report = await _pull(client, uri)
    assert report.result_id is not None and not report.result_id.endswith(":cached")
    # the server's own analysis of the editor's text: every fault a line further down
    checked = client.checked["big.py"]  # type: ignore[attr-defined]
    assert _lines(report) == [(code, line + 1) for code, line in checked]


async def test_the_server_keeps_its_own_analysis_for_the_next_open(client: LanguageClient, ws: Path) -> None:
    path = ws / "kernel_pkg" / "big.py"
    uri = path.as_uri()
    shutil.rmtree(ws / ".pypto_lsp_cache")  # `check`'s entries are gone: only the server's own can be found
    open_doc(client, uri, path.read_text())
    first = await _pull(client, uri)
    assert first.result_id is not None and not first.result_id.endswith(":cached")
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    kept = warm_start.key_for(ws, None, {}, ())
    assert kept is not None
    deadline = time.monotonic() + 60  # written once the server is idle
    while not list(kept.server_root.rglob("*.json")) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    open_doc(client, uri, path.read_text(), version=2)
    again = await _pull(client, uri)
    assert again.result_id is not None and again.result_id.endswith(":cached")
    assert _lines(again) == _lines(first)


async def test_a_file_created_where_an_import_looked_makes_the_servers_entry_stale(
    client: LanguageClient, ws: Path
) -> None:
    path = ws / "kernel_pkg" / "big.py"
    uri = path.as_uri()
    shutil.rmtree(ws / ".pypto_lsp_cache")  # only the server's own entries
    open_doc(client, uri, path.read_text())
    first = await _pull(client, uri)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    kept = warm_start.key_for(ws, None, {}, ())
    assert kept is not None
    deadline = time.monotonic() + 60  # written once the server is idle
    while not list(kept.server_root.rglob("*.json")) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    # where `import pypto.language` looked (the package's root, a namespace folder: no listing changes)
    probed = ws / "pypto" / "language.py"
    probed.parent.mkdir()
    probed.write_text("X = 1\n")
    open_doc(client, uri, path.read_text(), version=2)
    again = await _pull(client, uri)
    assert again.result_id is not None and not again.result_id.endswith(":cached")
    assert _lines(again) == _lines(first)


def test_an_entry_is_written_as_the_json_of_its_values_in_short_pieces() -> None:
    from pypto_lsp.check_cache import _encode

    entry = {"lanes": [[i, "aiv"] for i in range(1000)], "x": {"y": [None] * 401, "z": []}, "s": 'é"'}
    pieces = list(_encode(entry))
    assert "".join(pieces) == json.dumps(entry, separators=(",", ":"))
    assert max(len(p) for p in pieces) < len(json.dumps(entry["lanes"])) / 4  # no long list in one call
