"""Real-library code over stdio: imported helpers, configuration values from settings, pulls after edits."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from .helpers import change, open_doc, published_for, rng, tmp_uri, wait_published

CONFIG = 'import os\n\nK = 128 if os.environ.get("KMODE", "small") == "big" else 64\n'
ENTRY = (
    "import pypto.language as pl\n"
    "from config import K\n"
    "from helpers import act\n\n\n"
    "@pl.jit\n"
    "def run(a: pl.Tensor[[64, K], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], "
    "y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        acc = pl.matmul(a, b, out_dtype=pl.FP32)\n"
    "    y = act(acc, y)\n"
    "    return y\n"
)
HELPERS = (
    "import pypto.language as pl\n\n\n"
    "@pl.jit.inline\n"
    "def act(x: pl.Tensor, y: pl.Out[pl.Tensor]):\n"
    "    with pl.at(level=pl.Level.CORE_GROUP):\n"
    "        y[:] = pl.exp(x)\n"
    "    return y\n"
)


def _workspace(tmp_path: Path) -> tuple[str, str, str]:
    (tmp_path / "config.py").write_text(CONFIG)
    (tmp_path / "helpers.py").write_text(HELPERS)
    (tmp_path / "entry.py").write_text(ENTRY)
    return tmp_uri(tmp_path, "entry.py"), tmp_uri(tmp_path, "helpers.py"), tmp_uri(tmp_path, "config.py")


async def _next_publish(client: LanguageClient, uri: str, before: int) -> list[types.Diagnostic]:
    for _ in range(200):
        published = published_for(client, uri)
        if len(published) > before:
            return published[-1].diagnostics
        await asyncio.sleep(0.05)
    raise AssertionError(f"no new diagnostics for {uri}")


async def test_env_setting_selects_the_configuration(client: LanguageClient, tmp_path: Path) -> None:
    entry, _, _ = _workspace(tmp_path)
    open_doc(client, entry, ENTRY)
    first = await wait_published(client, entry, 1)
    assert first.diagnostics == []  # KMODE unset: its literal default "small" gives K = 64
    before = len(published_for(client, entry))
    client.set_configuration({"env": {"KMODE": "big"}}, section="pypto")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    diagnostics = await _next_publish(client, entry, before)
    assert [(d.code, d.range.start.line) for d in diagnostics] == [("PTO-F15", 8)]
    assert "lhs K=128 and rhs K=64" in diagnostics[0].message


async def test_editing_a_helper_module_reanalyses_the_entry(client: LanguageClient, tmp_path: Path) -> None:
    entry, helpers, _ = _workspace(tmp_path)
    open_doc(client, helpers, HELPERS)
    open_doc(client, entry, ENTRY)
    first = await wait_published(client, entry, 1)
    assert first.diagnostics == []
    before = len(published_for(client, entry))
    change(client, helpers, 2, [(rng(6, 18, 6, 21), "expo")])  # pl.exp -> pl.expo, unsaved
    diagnostics = await _next_publish(client, entry, before)
    assert [(d.code, d.range.start.line) for d in diagnostics] == [("PTO-F1", 9)]
    assert "in inline helper 'act', helpers.py:7" in diagnostics[0].message


async def test_pull_after_edits_reports_the_latest_version(nvim: LanguageClient, tmp_path: Path) -> None:
    entry, _, _ = _workspace(tmp_path)
    nvim.set_configuration({"debounceMs": 3000}, section="pypto")
    nvim.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    open_doc(nvim, entry, ENTRY)
    doc = types.TextDocumentIdentifier(uri=entry)
    first = await nvim.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc))
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport) and list(first.items) == []
    for version in range(2, 4):  # a few edits so the adaptive debounce would apply
        change(nvim, entry, version, [(rng(10, 12, 10, 12), " ")])
    change(nvim, entry, 4, [(rng(8, 17, 8, 23), "matmul_bad")])
    report = await nvim.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc))
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert [d.code for d in report.items] == ["PTO-F1"]
    assert (
        report.result_id is not None and report.result_id.split(":")[1] == "4"
    )  # generation:version:request


async def test_hover_in_a_helper_module_shows_what_an_open_entry_gives(
    client: LanguageClient, tmp_path: Path
) -> None:
    entry, helpers, _ = _workspace(tmp_path)
    open_doc(client, entry, ENTRY)
    await wait_published(client, entry, 1)
    open_doc(client, helpers, HELPERS)
    await wait_published(client, helpers, 1)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=helpers), position=types.Position(6, 18)
        )
    )
    assert hover is not None
    text = hover.contents.value if isinstance(hover.contents, types.MarkupContent) else str(hover.contents)
    assert "AIV" in text and "tile.exp" in text
    assert "as reached from kernel" in text and "entry.py" in text
