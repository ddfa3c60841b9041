"""Open documents nobody edits (past the scheduler's ACTIVE_DOCUMENTS last opened or edited) keep their
finished result only: hover, inlay hints and diagnostics still answer from it, and an edit of such a
document gives the diagnostics a fresh analysis gives."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from pypto_lsp.scheduler import ACTIVE_DOCUMENTS

from .helpers import change, corpus_uri, open_doc, published_for, rng, wait_published

pytestmark = pytest.mark.engine

SHARD = "013_program_manual_updown_shard.py"
OTHERS = (
    "001_jit_linear_bias_updown.py",
    "002_program_matmul_scale_leftright.py",
    "003_jit_elementwise_axpy.py",
    "004_jit_row_softmax.py",
)

KERNEL = """import pypto.language as pl

import config

ROWS = 64


@pl.jit
def entry(x: pl.Tensor[[ROWS, ROWS], pl.FP32], y: pl.Out[pl.Tensor[[ROWS, ROWS], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:] = pl.exp(x)
    return y
"""


def _rows(diagnostics: list[types.Diagnostic]) -> list[tuple[object, ...]]:
    return sorted((d.range.start.line, d.range.start.character, str(d.code), d.message) for d in diagnostics)


async def _hover_first_line(client: LanguageClient, uri: str, text: str) -> str:
    line = text.splitlines()[24]
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=24, character=line.index("pl.matmul") + 4),
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    return hover.contents.value.splitlines()[0]


async def test_an_idle_document_answers_from_its_result_and_its_edit_is_analysed_whole(
    client: LanguageClient, tmp_path: Path
) -> None:
    assert len(OTHERS) > ACTIVE_DOCUMENTS  # the first document becomes idle
    uri, text = corpus_uri(SHARD)
    open_doc(client, uri, text)
    first = await wait_published(client, uri, 1, timeout=30)
    hovered = await _hover_first_line(client, uri, text)
    assert "**AIC**" in hovered
    for k, name in enumerate(OTHERS):  # copies, so that none of them is the shard program's own file
        other = tmp_path / f"other_{k}.py"
        other.write_text(corpus_uri(name)[1])
        open_doc(client, other.as_uri(), other.read_text())
        await wait_published(client, other.as_uri(), 1, timeout=30)
    # Idle now: the same answers as before.
    assert await _hover_first_line(client, uri, text) == hovered
    whole = rng(0, 0, len(text.splitlines()), 0)
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=types.TextDocumentIdentifier(uri=uri), range=whole)
    )
    assert hints
    # Edited: a full analysis; an error typed in and taken out again gives the first diagnostics back.
    lines = text.splitlines()
    end = len(lines[24])
    change(client, uri, 2, [(rng(24, end, 24, end), "\n        t = pl.exp(undefined_name)")])
    typed = await wait_published(client, uri, 2, timeout=30)
    assert len(typed.diagnostics) > len(first.diagnostics)
    change(client, uri, 3, [(rng(24, end, 25, len("        t = pl.exp(undefined_name)")), "")])
    back = await wait_published(client, uri, 3, timeout=30)
    assert _rows(back.diagnostics) == _rows(first.diagnostics)
    assert await _hover_first_line(client, uri, text) == hovered


async def test_opening_a_storing_module_as_it_is_on_disk_reanalyses_nothing(
    client: LanguageClient, tmp_path: Path
) -> None:
    """A module that stores into another (`config.TP = 2`) was read from disk when the importer was
    analysed: opening it unchanged changes no store, so the importer is not analysed again (an idle
    importer's analysis would be a full one)."""
    (tmp_path / "config.py").write_text("TP = 1\n")
    setter = tmp_path / "setter.py"
    setter.write_text("import pypto.language as pl\nimport config\n\nconfig.TP = 2\n")
    kernel = tmp_path / "kernel.py"
    kernel.write_text(KERNEL)
    open_doc(client, kernel.as_uri(), KERNEL)
    await wait_published(client, kernel.as_uri(), 1, timeout=30)
    assert len(published_for(client, kernel.as_uri())) == 1
    open_doc(client, setter.as_uri(), setter.read_text())
    await wait_published(client, setter.as_uri(), 1, timeout=30)
    await asyncio.sleep(1.0)  # a re-analysis would be scheduled at once, with a short debounce
    assert len(published_for(client, kernel.as_uri())) == 1
    # Opened with a different store, the importer is analysed again.

    change(client, setter.as_uri(), 2, [(rng(4, 0, 4, 0), "config.ROWS = 3\n")])
    await wait_published(client, setter.as_uri(), 2, timeout=30)
    for _ in range(50):
        if len(published_for(client, kernel.as_uri())) > 1:
            break
        await asyncio.sleep(0.1)
    assert len(published_for(client, kernel.as_uri())) > 1
