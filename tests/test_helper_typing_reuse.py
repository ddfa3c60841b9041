"""Typing inside an inline helper that a long function splices several times: each call site re-splices
only the helper's statements that changed (InlineFunctions' nested steps), the first keystroke already
reuses them, and equal splices of a foreign helper keep the read-out of the kernels. Each shortcut gives
what a fresh analysis gives."""

from __future__ import annotations

from pathlib import Path

import pytest

import compiler.passes.inline_functions as inline_functions
import compiler.pipeline as pipeline
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer

LIB = """import pypto.language as pl


@pl.jit.inline
def scale(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:] = pl.mul(x, 2.0)
    return y
"""

STEP = """    with pl.at(level=pl.Level.CORE_GROUP):
        y[:] = pl.add(x, y)
    y = scale(x, y)
"""

DOC = (
    """import pypto.language as pl

from lib import scale


@pl.jit.inline
def layer(x: pl.Tensor, y: pl.Out[pl.Tensor]):
"""
    + STEP * 12
    + """    with pl.at(level=pl.Level.CORE_GROUP):
        y[:] = pl.exp(x)
    return y


@pl.jit
def model(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    y = layer(x, y)
    y = layer(x, y)
    y = layer(x, y)
    return y
"""
)
AFTER = "        y[:] = pl.exp(x)"
TYPED = "t = pl.exp(x)"


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memos are kept for bodies of 300 lines and more; this one is shorter, to stay readable."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def _versions() -> list[str]:
    """Enter after AFTER, TYPED a character at a time, then deleted, then the newline."""
    lines = DOC.split("\n")
    at = lines.index(AFTER)
    versions = []
    for k in [*range(len(TYPED) + 1), *range(len(TYPED) - 1, -1, -1)]:
        versions.append("\n".join([*lines[: at + 1], "    " + TYPED[:k], *lines[at + 1 :]]))
    return [*versions, DOC]


def test_typing_in_a_spliced_helper_resplices_only_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "lib.py").write_text(LIB)
    path = str(tmp_path / "model.py")
    graph = ModuleGraph()
    nested: list[int] = []  # per analysis of `incremental`
    read_outs: list[int] = []
    counting = [True]  # off while the fresh analysis to compare with runs
    spliced = inline_functions._Splicer._stmt

    def counted_stmt(self: object, stmt: object, stack: tuple[str, ...], helpers: object) -> object:
        if len(stack) > 1 and counting[0]:
            nested[-1] += 1
        return spliced(self, stmt, stack, helpers)  # type: ignore[arg-type]

    read_out = pipeline.Analyzer._read_out

    def counted_read_out(self: Analyzer, *args: object) -> object:
        read_outs[-1] += counting[0]
        return read_out(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(inline_functions._Splicer, "_stmt", counted_stmt)
    monkeypatch.setattr(pipeline.Analyzer, "_read_out", counted_read_out)
    incremental = Analyzer(graph=graph)
    nested.append(0)
    read_outs.append(0)
    first = incremental.analyze(DOC, path)
    whole = nested[0]
    assert whole > 3 * 12 * 3  # the three splices of `layer` walk its statements and `scale`'s
    assert first.lanes  # the kernels ran
    for text in _versions():
        counting[0] = False
        fresh = Analyzer(graph=graph).analyze(text, path)
        counting[0] = True
        nested.append(0)
        read_outs.append(0)
        assert incremental.analyze(text, path) == fresh
    typed = nested[1:]
    # Each keystroke walks the typed statement and the `with` blocks around it again at each of the
    # three call sites, not the helper's other statements (before: every statement, every keystroke).
    assert max(typed) <= 3 * 4, typed
    # `t` defines a name no kernel reads: the kernels and their splices of `scale` stay, so does the
    # read-out (the statement is typed on the helper's own lines: no line of a kernel moves).
    assert read_outs[3:-3] == [0] * len(read_outs[3:-3]), read_outs
