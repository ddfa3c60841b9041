"""PTO-F22 through a tile's valid region (issue 21): the parser's type match compares the TileView, so a
self-update that changes the rebound tile's valid region is rejected. Every verdict, message and line below
was recorded on the reference compiler (e2d0f78) with these programs (the memo test's [64, 64] edit: accepted)."""

from __future__ import annotations

import pytest

import compiler.memo
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer, analyze

_HEAD = """import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc = pl.tile.load(x, [0, 0], [64, 64], valid_shape=[16, 64])
"""
_TAIL = """        out = pl.store(acc, [0, 0], out)
        return out
"""
_VIEW16 = "pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 64])]"
_VIEW32 = "pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[32, 64])]"
_FULL = "pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]"


def _errors(body: str) -> list[tuple[int, str]]:
    analysis = analyze(_HEAD + body + _TAIL, path="valid_rebind.py")
    return [(d.span.line, d.message.splitlines()[0]) for d in analysis.diagnostics if d.is_error]


def _reassign(was: str, got: str) -> str:
    return f"Cannot reassign 'acc' with a different type: was {was}, got {got}"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # The assemble fills the rest of acc: fully valid, printed without a TileView.
        (
            "        part = pl.tile.load(x, [16, 0], [48, 64])\n"
            "        acc = pl.tile.assemble(acc, part, [16, 0])\n",
            [(10, _reassign(_VIEW16, _FULL))],
        ),
        # Grown to another partial region, through the unified op.
        (
            "        part = pl.tile.load(x, [16, 0], [16, 64])\n        acc = pl.assemble(acc, part, [16, 0])\n",
            [(10, _reassign(_VIEW16, _VIEW32))],
        ),
        ("        acc = pl.tile.set_validshape(acc, 32, 64)\n", [(9, _reassign(_VIEW16, _VIEW32))]),
    ],
)
def test_self_update_that_changes_the_region(body: str, expected: list[tuple[int, str]]) -> None:
    assert _errors(body) == expected


@pytest.mark.parametrize(
    "body",
    [
        # Accepted by the compiler: the write stays inside the region, or the region is restated.
        "        part = pl.tile.load(x, [0, 0], [16, 64])\n        acc = pl.tile.assemble(acc, part, [0, 0])\n",
        "        acc = pl.set_validshape(acc, 16, 64)\n",
        # Accepted: the grown tile gets a name of its own.
        "        part = pl.tile.load(x, [16, 0], [16, 64])\n"
        "        acc2 = pl.tile.assemble(acc, part, [16, 0])\n"
        "        acc = pl.exp(acc)\n",
    ],
)
def test_same_region_or_new_name_is_silent(body: str) -> None:
    assert _errors(body) == []


def test_an_earlier_region_the_model_did_not_set_stays_silent() -> None:
    # The compiler rejects this one at the set_validshape (was pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec], got the
    # [32, 64] view); the model cannot tell a full tile from a region some op kept that the model dropped, so a
    # region it did not set never decides.
    body = "        b = pl.tile.load(x, [0, 0], [64, 64])\n        b = pl.tile.set_validshape(b, 32, 64)\n"
    assert _errors(body) == []


def test_an_edited_region_is_judged_again_with_statement_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    # The statement memo reuses a statement whose reads compare equal; a type's valid region is no part of
    # its equality, so the assemble must still be checked again when only the load's region changes.
    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)
    body = "        part = pl.tile.load(x, [16, 0], [48, 64])\n        acc = pl.tile.assemble(acc, part, [16, 0])\n"
    partial = _HEAD + body + _TAIL
    full = partial.replace("valid_shape=[16, 64]", "valid_shape=[64, 64]")
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    versions = [partial, full, partial]
    results = [incremental.analyze(text, "valid_rebind.py") for text in versions]
    assert results == [Analyzer(graph=graph).analyze(text, "valid_rebind.py") for text in versions]
    assert [[d.code for d in r.diagnostics if d.is_error] for r in results] == [["PTO-F22"], [], ["PTO-F22"]]
