"""Features on real corpus programs; they need the analysis engine (front end + passes) to land."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .helpers import change, corpus_uri, open_doc, wait_published

pytestmark = pytest.mark.engine

SHARD = "013_program_manual_updown_shard.py"
NO_SHARD = "052_program_missing_shard_updown.py"


def _doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def _open_corpus(client: LanguageClient, name: str) -> tuple[str, str]:
    uri, text = corpus_uri(name)
    open_doc(client, uri, text)
    await wait_published(client, uri, 1, timeout=30)
    return uri, text


async def test_hover_on_matmul_shows_aic(client: LanguageClient) -> None:
    uri, text = await _open_corpus(client, SHARD)
    line = text.splitlines()[24]
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=_doc(uri), position=types.Position(line=24, character=line.index("pl.matmul") + 4)
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "**AIC**" in hover.contents.value.splitlines()[0]


async def test_hover_on_split_aiv_header_summarises_region(client: LanguageClient) -> None:
    uri, text = await _open_corpus(client, SHARD)
    line = text.splitlines()[25]
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=_doc(uri), position=types.Position(line=25, character=line.index("split_aiv") + 2)
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "UP_DOWN" in hover.contents.value


async def test_inlay_hints_show_lanes(client: LanguageClient) -> None:
    uri, _text = await _open_corpus(client, SHARD)
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=40, character=0))
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=_doc(uri), range=whole)
    )
    assert hints
    by_line = {h.position.line: h.label for h in hints}
    assert isinstance(by_line.get(27), str) and "⟵ AIV" in by_line[27]
    assert isinstance(by_line.get(24), str) and "⟵ AIC" in by_line[24]
    assert "⟵ AIC+AIV" in str(by_line.get(26))
    assert 5 not in by_line  # declarations carry no lane

    client.set_configuration({"inlayHints": {"enabled": False}}, section="pypto")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    for _ in range(100):
        hints = await client.text_document_inlay_hint_async(
            types.InlayHintParams(text_document=_doc(uri), range=whole)
        )
        if not hints:
            break
        await asyncio.sleep(0.05)
    assert not hints


async def test_code_action_adds_missing_aiv_shard(client: LanguageClient) -> None:
    uri, _ = await _open_corpus(client, NO_SHARD)
    pub = await wait_published(client, uri, 1, timeout=30)
    errors = [d for d in pub.diagnostics if d.severity == types.DiagnosticSeverity.Error]
    target = [d for d in errors if d.range.start.line <= 23 <= d.range.end.line]
    assert target, f"expected an error covering line 24, got {errors}"
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=_doc(uri),
            range=target[0].range,
            context=types.CodeActionContext(diagnostics=target),
        )
    )
    assert actions
    action = next(a for a in actions if isinstance(a, types.CodeAction) and "aiv_shard" in a.title)
    assert action.edit is not None and action.edit.document_changes
    doc_edit = action.edit.document_changes[0]
    assert isinstance(doc_edit, types.TextDocumentEdit) and doc_edit.text_document.version == 1
    edits = sorted(doc_edit.edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
    change(client, uri, 2, [(e.range, e.new_text) for e in edits])
    after = await wait_published(client, uri, 2, timeout=30)
    assert not [d for d in after.diagnostics if d.severity == types.DiagnosticSeverity.Error]


async def test_expanded_kernels_and_code_lens_and_symbols(client: LanguageClient) -> None:
    uri, _ = await _open_corpus(client, SHARD)
    result = await client.protocol.send_request_async(
        "pypto/expandedKernels", {"uri": uri, "position": {"line": 24, "character": 0}}
    )
    text = result["text"] if isinstance(result, dict) else result.text
    assert text.strip()
    everything = await client.protocol.send_request_async("pypto/expandedKernels", {"uri": uri})
    assert (everything["text"] if isinstance(everything, dict) else everything.text).strip()

    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=_doc(uri)))
    assert lenses and lenses[0].command is not None
    assert lenses[0].command.title.startswith("mixed: AIC + AIV")
    assert lenses[0].command.command == "pypto.showExpandedKernels"

    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=_doc(uri))
    )
    assert symbols
    names = {s.name for s in symbols if isinstance(s, types.DocumentSymbol)}
    assert "ShardScale" in names


async def _hover_at(client: LanguageClient, uri: str, text: str, needle: str, offset: int = 3) -> str:
    (line,) = [i for i, t in enumerate(text.splitlines()) if needle in t]
    character = text.splitlines()[line].index(needle) + offset
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=_doc(uri), position=types.Position(line=line, character=character))
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    return hover.contents.value


async def test_hover_on_a_vector_op_with_an_implicit_crossing_describes_the_op(
    client: LanguageClient,
) -> None:
    uri, text = await _open_corpus(client, "001_jit_linear_bias_updown.py")
    value = await _hover_at(client, uri, text, "pl.add(acc, bias)")
    first, *rest = value.split("\n\n")
    assert first.startswith("**AIV**") and "tile.add" in value
    assert "shape: `[64, 64]`" in value and "dtype: `FP32`" in value and "memory: `Vec`" in value
    assert any("crossing C2V" in part and "`acc`" in part for part in rest)  # the crossing, as a later item
    assert "tile.move" not in first


async def test_hover_on_an_op_without_a_lane_says_so(client: LanguageClient) -> None:
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "manual_split.py"
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    open_doc(client, uri, text)
    await wait_published(client, uri, 1, timeout=30)
    value = await _hover_at(client, uri, text, "pl.mul(", 1)
    assert value.startswith("**no lane**") and "PTO-AV-E" in value
    assert "**AIV**" not in value


def test_hover_markdown_keeps_brackets_outside_code() -> None:
    from pypto_lsp.features.hover import escape_markdown

    assert escape_markdown("Left [M, K] and `x[0]`") == "Left \\[M, K\\] and `x[0]`"
    assert escape_markdown("```\na[1]\n```") == "```\na[1]\n```"
