"""How the server stays responsive, over stdio: analyses run off the event loop, a slow document does not
hold up another, a keystroke cancels the stale analysis, reads answer from the last finished result, and
edits elsewhere (an imported module's buffer or file) re-analyse the documents that import it.

The slow document is a budget-heavy file: inline helpers that call the next one twice, 18 deep, so each
entry would splice 2^18 copies; every entry stops at its 2 s unit budget and the whole analysis at the
10 s document budget. Budgets count CPU time, so on a busy machine the slow analysis takes longer in
wall time, never shorter: the bounds on the healthy document sit far below it, the waits for the slow
one far above it.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from compiler import budget

from .conftest import CORPUS, RecordingClient
from .helpers import change, open_doc, published_for, rng, tmp_uri, wait_published
from .test_real_code import ENTRY, HELPERS, _next_publish, _workspace

HEALTHY = "013_program_manual_updown_shard.py"  # a valid manual UP_DOWN kernel with a matmul on line 25
SLOW_ANALYSIS_S = 10.0  # the document budget the slow document runs into


def slow_text(entries: int = 5, depth: int = 18) -> str:
    """A valid DSL file whose analysis runs into its time budgets (helpers fanning out exponentially)."""
    lines = ["import pypto.language as pl", "", ""]
    for i in range(depth):
        lines += [
            "@pl.jit.inline",
            f"def h{i}(x: pl.Tensor, y: pl.Out[pl.Tensor]):",
            f"    y = h{i + 1}(x, y)",
            f"    y = h{i + 1}(x, y)",
            "    return y",
            "",
            "",
        ]
    lines += [
        "@pl.jit.inline",
        f"def h{depth}(x: pl.Tensor, y: pl.Out[pl.Tensor]):",
        "    with pl.at(level=pl.Level.CORE_GROUP):",
        "        y[:] = pl.exp(x)",
        "    return y",
        "",
        "",
    ]
    for e in range(entries):
        lines += [
            "@pl.jit",
            f"def run{e}(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):",
            "    y = h0(x, y)",
            "    return y",
            "",
            "",
        ]
    return "\n".join(lines)


def _healthy() -> tuple[str, str]:
    path = CORPUS / HEALTHY
    return path.as_uri(), path.read_text(encoding="utf-8")


def _matmul(text: str) -> types.Position:
    line = next(n for n, code in enumerate(text.split("\n")) if "pl.matmul(" in code)
    return types.Position(line=line, character=text.split("\n")[line].index("pl.matmul(") + 4)


async def _hover(
    client: LanguageClient, uri: str, position: types.Position
) -> tuple[float, types.Hover | None]:
    started = time.perf_counter()
    found = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
        ),
        SLOW_ANALYSIS_S,
    )
    return time.perf_counter() - started, found


async def test_a_slow_document_does_not_hold_up_another(client: LanguageClient, tmp_path: Path) -> None:
    slow = tmp_uri(tmp_path, "slow.py")
    slow_opened = time.perf_counter()
    open_doc(client, slow, slow_text())
    # an editor asks for the outline at once: the request waits for the first analysis, off the loop
    slow_symbols = asyncio.ensure_future(_symbols(client, slow))
    await asyncio.sleep(0.5)  # the slow analysis is under way
    healthy, text = _healthy()
    opened = time.perf_counter()
    open_doc(client, healthy, text)
    symbols = await _symbols(client, healthy)
    assert symbols  # answered from the healthy document's own first analysis ...
    assert time.perf_counter() - opened < SLOW_ANALYSIS_S / 2  # ... which did not wait for the slow one
    elapsed, found = await _hover(client, healthy, _matmul(text))
    assert found is not None and "AIC" in str(found.contents)
    assert elapsed < 1.0  # from the finished result: no analysis on the way
    healthy_published = await wait_published(client, healthy, 1, timeout=SLOW_ANALYSIS_S / 2)
    assert not healthy_published.diagnostics
    assert time.perf_counter() - opened < SLOW_ANALYSIS_S / 2
    slow_published = await wait_published(client, slow, 1, timeout=12 * SLOW_ANALYSIS_S)
    # the slow one really was slow: it ran into its budgets, or (when a cancelled first run left finished
    # entries to the next) it still took longer than the healthy document's whole round trip
    slow_elapsed = time.perf_counter() - slow_opened
    budgets_hit = any(d.code == "PTO-F47b" for d in slow_published.diagnostics)
    assert budgets_hit or slow_elapsed > budget.UNIT_BUDGET_S, [d.code for d in slow_published.diagnostics]
    assert client.published.index(slow_published) > client.published.index(healthy_published)
    # the outline asked before the slow document's first analysis was answered too (with its symbols,
    # or empty when that analysis took longer than a request waits, 30 s, on a very busy machine)
    assert isinstance(await asyncio.wait_for(slow_symbols, SLOW_ANALYSIS_S), list)


async def _symbols(client: LanguageClient, uri: str) -> list[types.DocumentSymbol]:
    found = await asyncio.wait_for(
        client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
        ),
        12 * SLOW_ANALYSIS_S,
    )
    return [s for s in found or [] if isinstance(s, types.DocumentSymbol)]


async def test_a_keystroke_cancels_the_running_analysis(client: LanguageClient, tmp_path: Path) -> None:
    uri = tmp_uri(tmp_path, "typing.py")
    slow = slow_text()
    open_doc(client, uri, slow)
    await asyncio.sleep(1.0)  # version 1 is being analysed
    _, fast = _healthy()
    started = time.perf_counter()
    change(client, uri, 2, [(rng(0, 0, slow.count("\n") + 1, 0), fast)])
    published = await wait_published(client, uri, 2, timeout=2 * SLOW_ANALYSIS_S)
    # version 1 would have run to its 10 s budget: it stopped at the keystroke instead
    assert time.perf_counter() - started < SLOW_ANALYSIS_S / 2
    assert not published.diagnostics
    await asyncio.sleep(0.5)
    # the stale version's result is never published, before or after the newer one
    assert [p.version for p in published_for(client, uri)] == [2]


async def test_reads_answer_from_the_last_result_during_a_slow_analysis(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = tmp_uri(tmp_path, "growing.py")
    _, text = _healthy()
    open_doc(client, uri, text)
    await wait_published(client, uri, 1)
    end = text.count("\n") + 1
    change(client, uri, 2, [(rng(end, 0, end, 0), "\n" + slow_text().split("\n", 1)[1])])
    await asyncio.sleep(0.5)  # version 2's slow analysis is under way
    for _ in range(3):
        elapsed, found = await _hover(client, uri, _matmul(text))
        assert found is not None and "AIC" in str(found.contents)  # version 1's result
        assert elapsed < 1.0
    hints = await asyncio.wait_for(
        client.text_document_inlay_hint_async(
            types.InlayHintParams(
                text_document=types.TextDocumentIdentifier(uri=uri), range=rng(0, 0, end, 0)
            )
        ),
        1.0,
    )
    assert hints


async def test_an_imported_module_edit_refreshes_pulled_diagnostics(
    nvim_refresh: LanguageClient, tmp_path: Path
) -> None:
    entry, helpers, _ = _workspace(tmp_path)
    open_doc(nvim_refresh, helpers, HELPERS)
    open_doc(nvim_refresh, entry, ENTRY)
    doc = types.TextDocumentIdentifier(uri=entry)
    first = await nvim_refresh.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=doc)
    )
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport) and list(first.items) == []
    refreshes = nvim_refresh.diagnostic_refresh_count
    change(nvim_refresh, helpers, 2, [(rng(6, 18, 6, 21), "expo")])  # pl.exp -> pl.expo, unsaved
    for _ in range(300):
        if nvim_refresh.diagnostic_refresh_count > refreshes:
            break
        await asyncio.sleep(0.05)
    assert nvim_refresh.diagnostic_refresh_count > refreshes  # the entry's text did not change: re-ask
    report = await nvim_refresh.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=doc, previous_result_id=first.result_id)
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert [d.code for d in report.items] == ["PTO-F1"]
    assert "in inline helper 'act', helpers.py:7" in report.items[0].message


async def test_a_changed_file_on_disk_reanalyses_its_importers(
    client: LanguageClient, tmp_path: Path
) -> None:
    assert isinstance(client, RecordingClient)
    for _ in range(100):  # the server registers it once `initialized` has pulled the configuration
        if any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in client.registrations):
            break
        await asyncio.sleep(0.05)
    (watcher,) = [r for r in client.registrations if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
    options = watcher.register_options  # as the client receives it: plain JSON
    assert isinstance(options, dict)
    patterns = [w["globPattern"] for w in options["watchers"]]
    assert "**/*.py" in patterns and "**/pyproject.toml" in patterns
    entry, _, config = _workspace(tmp_path)
    open_doc(client, entry, ENTRY)
    assert (await wait_published(client, entry, 1)).diagnostics == []
    before = len(published_for(client, entry))
    (tmp_path / "config.py").write_text("K = 128\n")  # not open in the editor: only the disk changed
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=config, type=types.FileChangeType.Changed)]
        )
    )
    diagnostics = await _next_publish(client, entry, before)
    assert [(d.code, d.range.start.line) for d in diagnostics] == [("PTO-F15", 8)]


async def test_closing_an_imported_modules_buffer_reanalyses_its_importers(
    client: LanguageClient, tmp_path: Path
) -> None:
    entry, helpers, _ = _workspace(tmp_path)
    open_doc(client, helpers, HELPERS)
    open_doc(client, entry, ENTRY)
    await wait_published(client, entry, 1)
    before = len(published_for(client, entry))
    change(client, helpers, 2, [(rng(6, 18, 6, 21), "expo")])  # unsaved: the disk keeps pl.exp
    assert [d.code for d in await _next_publish(client, entry, before)] == ["PTO-F1"]
    before = len(published_for(client, entry))
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=helpers))
    )
    assert await _next_publish(client, entry, before) == []  # the file on disk again


async def _settles_on(client: LanguageClient, uri: str, codes: list[tuple[str, int]]) -> None:
    """Wait (bounded) until the latest diagnostics published for uri are `codes` (code, 0-based line)."""
    for _ in range(300):
        published = published_for(client, uri)
        if published and [(d.code, d.range.start.line) for d in published[-1].diagnostics] == codes:
            return
        await asyncio.sleep(0.05)
    seen = [[(d.code, d.range.start.line) for d in p.diagnostics] for p in published_for(client, uri)]
    raise AssertionError(f"{uri} never showed {codes}: {seen}")


async def test_a_removed_module_store_stops_hiding_the_value(client: LanguageClient, tmp_path: Path) -> None:
    entry, _, _ = _workspace(tmp_path)
    (tmp_path / "config.py").write_text("K = 128\n")  # a K mismatch for the entry's matmul (PTO-F15) ...
    tweak_text = "import config\n\nconfig.K = 64\n"  # ... which an imported module's store makes unknown
    (tmp_path / "tweak.py").write_text(tweak_text)
    tweak = tmp_uri(tmp_path, "tweak.py")
    open_doc(client, entry, ENTRY + "\nimport tweak  # noqa: E402\n")
    assert (await wait_published(client, entry, 1)).diagnostics == []
    open_doc(client, tweak, tweak_text)
    change(client, tweak, 2, [(rng(2, 0, 3, 0), "")])  # the store is deleted (unsaved)
    await _settles_on(client, entry, [("PTO-F15", 8)])
    change(client, tweak, 3, [(rng(2, 0, 2, 0), "config.K = 64\n")])  # and typed again
    await _settles_on(client, entry, [])
