"""Document sync and diagnostics, push and pull, against the real server over stdio."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pytest_lsp import LanguageClient

from .helpers import change, open_doc, published_for, raw_request, rng, tmp_uri, wait_published

BROKEN = "import pypto.language as pl\n\n\ndef f(:\n    pass\n"
FIXED_LINE = "def f():"


async def test_syntax_error_published_with_version(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "broken.py")
    open_doc(client, uri, BROKEN, version=7)
    pub = await wait_published(client, uri, 7)
    assert len(pub.diagnostics) == 1
    diag = pub.diagnostics[0]
    assert diag.source == "pypto"
    assert diag.severity == types.DiagnosticSeverity.Error
    assert diag.code
    assert diag.range.start.line == 3


async def test_incremental_fix_clears_diagnostics(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "fixme.py")
    open_doc(client, uri, BROKEN)
    assert len((await wait_published(client, uri, 1)).diagnostics) == 1
    change(client, uri, 2, [(rng(3, 6, 3, 6), ")")])  # def f(: -> def f():
    pub = await wait_published(client, uri, 2)
    assert pub.diagnostics == []
    await asyncio.sleep(0.5)
    assert published_for(client, uri)[-1].version == 2  # nothing older arrived afterwards
    assert len(client.diagnostics[uri]) == 0


async def test_rapid_edits_last_publish_matches_final_text(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "rapid.py")
    text = "import pypto.language as pl\nx = 1\n"
    open_doc(client, uri, text)
    await wait_published(client, uri, 1)
    # ten edits in a row on line 1, alternating broken / valid; the last one leaves `x = (10`
    for i in range(2, 12):
        new = f"x = ({i}" if i % 2 else f"x = {i}"
        change(client, uri, i, [(rng(1, 0, 1, 100), new)])
    pub = await wait_published(client, uri, 11)
    assert len(pub.diagnostics) == 1 and pub.diagnostics[0].range.start.line == 1
    await asyncio.sleep(0.6)
    assert published_for(client, uri)[-1].version == 11
    assert all(p.version is not None and p.version >= 1 for p in published_for(client, uri))
    versions = [p.version for p in published_for(client, uri)]
    assert versions == sorted(versions)  # never an older result after a newer one


async def test_close_clears_diagnostics(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "closing.py")
    open_doc(client, uri, BROKEN)
    await wait_published(client, uri, 1)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    for _ in range(50):
        if published_for(client, uri)[-1].diagnostics == []:
            break
        await asyncio.sleep(0.05)
    assert published_for(client, uri)[-1].diagnostics == []


async def test_non_dsl_file_gets_no_diagnostics(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "plain.py")
    open_doc(client, uri, "def f(:\n    pass\n")
    dsl_uri = tmp_uri(tmp_path, "dsl.py")
    open_doc(client, dsl_uri, BROKEN)
    await wait_published(client, dsl_uri, 1)  # the server is alive and analysing
    await asyncio.sleep(0.3)
    assert published_for(client, uri) == []
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=4)
        )
    )
    assert hover is None


async def test_pull_mode_returns_report_and_never_pushes(nvim: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "pulled.py")
    open_doc(nvim, uri, BROKEN)
    report = await nvim.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert len(report.items) == 1 and report.items[0].range.start.line == 3
    assert report.result_id
    again = await nvim.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id
        )
    )
    assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
    change(nvim, uri, 2, [(rng(3, 6, 3, 6), ")")])
    fixed = await nvim.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id
        )
    )
    assert isinstance(fixed, types.RelatedFullDocumentDiagnosticReport)
    assert len(fixed.items) == 0
    await asyncio.sleep(0.3)
    assert published_for(nvim, uri) == []


# `s = "注😀" $`: the `$` is code point 9, UTF-16 unit 10 (😀 is a surrogate pair), UTF-8 byte 14
NON_ASCII = 'import pypto.language as pl\ns = "注😀" $  # 注释\n'


async def test_utf16_columns(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "utf16.py")
    open_doc(client, uri, NON_ASCII)
    pub = await wait_published(client, uri, 1)
    assert pub.diagnostics[0].range.start == types.Position(line=1, character=10)
    assert pub.diagnostics[0].range.end == types.Position(line=1, character=11)


async def test_utf8_columns(nvim: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "utf8.py")
    open_doc(nvim, uri, NON_ASCII)
    report = await nvim.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert report.items[0].range.start == types.Position(line=1, character=14)
    assert report.items[0].range.end == types.Position(line=1, character=15)


async def test_malformed_params_get_error_and_server_survives(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "survive.py")
    open_doc(client, uri, BROKEN)
    await wait_published(client, uri, 1)
    with pytest.raises(JsonRpcException) as info:
        await raw_request(client, types.TEXT_DOCUMENT_HOVER, {"textDocument": {"uri": uri}})
    assert info.value.code == JsonRpcInvalidParams.CODE
    with pytest.raises(JsonRpcException) as info:
        await raw_request(client, "pypto/expandedKernels", {"uri": 5})
    assert info.value.code == JsonRpcInvalidParams.CODE
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=0, character=3),
            )
        ),
        5,
    )
    assert hover is None or isinstance(hover, types.Hover)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert symbols is not None


async def test_configuration_change_reanalyses(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "config.py")
    open_doc(client, uri, BROKEN)
    await wait_published(client, uri, 1)
    before = len(published_for(client, uri))
    client.set_configuration({"target": "a5", "debounceMs": 50}, section="pypto")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    for _ in range(100):
        if len(published_for(client, uri)) > before:
            break
        await asyncio.sleep(0.05)
    after = published_for(client, uri)
    assert len(after) > before, "a settings change must re-analyse open documents"
    assert after[-1].version == 1 and len(after[-1].diagnostics) == 1


async def test_editing_an_imported_module_reanalyses_its_importers(
    client: LanguageClient, tmp_path: Path
) -> None:
    """Constants come from the open editor text of `config.py`; editing it refreshes kernel.py."""
    config = tmp_uri(tmp_path, "config.py")
    kernel = tmp_uri(tmp_path, "kernel.py")
    open_doc(client, config, "M = 64\nK = 128\n")
    source = (
        "import pypto.language as pl\nfrom .config import K, M\n\n\n@pl.jit\n"
        "def mm(a: pl.Tensor[[M, K], pl.FP16], b: pl.Tensor[[M, M], pl.FP16], "
        "out: pl.Out[pl.Tensor[[M, M], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        out[:] = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "    return out\n"
    )
    open_doc(client, kernel, source)
    first = await wait_published(client, kernel, 1)
    assert [d.code for d in first.diagnostics] == ["PTO-F15"]  # K=128 from the unsaved config text
    change(client, config, 2, [(rng(1, 4, 1, 7), "64")])  # K = 64: now the shapes agree
    for _ in range(100):
        if len(published_for(client, kernel)) > 1:
            break
        await asyncio.sleep(0.05)
    assert published_for(client, kernel)[-1].diagnostics == []


async def test_each_analysis_asks_the_client_to_refresh_hints_and_lenses(
    client: LanguageClient, tmp_path: Path
) -> None:
    """Code lenses follow the analysis: after a fix lands, the client (VS Code 1.65 supports only the
    code-lens refresh) is asked to re-request them."""
    uri = tmp_uri(tmp_path, "refresh.py")
    await _refreshed_after_fix(client, uri, {types.WORKSPACE_CODE_LENS_REFRESH})


async def test_neovim_gets_inlay_hint_refresh_after_a_fix(nvim: LanguageClient, tmp_path: Path) -> None:
    """Neovim 0.11 keeps inlay hints until asked again: the refresh comes with every new analysis."""
    uri = tmp_uri(tmp_path, "refresh.py")
    await _refreshed_after_fix(nvim, uri, {types.WORKSPACE_INLAY_HINT_REFRESH})


async def _refreshed_after_fix(client: LanguageClient, uri: str, wanted: set[str]) -> None:
    open_doc(client, uri, BROKEN)
    await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    seen = len(client.refreshes)  # type: ignore[attr-defined]
    change(client, uri, 2, [(rng(3, 6, 3, 6), ")")])
    await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    for _ in range(60):
        if wanted <= set(client.refreshes[seen:]):  # type: ignore[attr-defined]
            break
        await asyncio.sleep(0.05)
    assert wanted <= set(client.refreshes[seen:])  # type: ignore[attr-defined]
