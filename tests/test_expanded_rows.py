"""The expanded-kernel view is kept packed: a kept Analysis holds each kernel's rows as bytes, they read back as
the rows ExpandMixedKernel made, equal rows pack to equal bytes, and the rows' lines move with the kernel."""

from __future__ import annotations

import gc
import sys

from compiler import analyze
from compiler.analysis import (
    ExpandedFunction,
    ExpandedLine,
    ExpandedOp,
    LaneStep,
    pack_rows,
    unpack_rows,
)
from compiler.pipeline import Analyzer
from compiler.source import Line
from pypto_lsp.features.expanded_kernels import render, render_lines
from tests.test_expand_mixed_kernel import EXAMPLE_1

PATH = "/tmp/expanded_rows.py"


def _kinds(root: object) -> set[type]:
    """The types of every object reachable from `root` (classes and modules are not walked)."""
    seen: set[int] = set()
    kinds: set[type] = set()
    pending = [root]
    while pending:
        obj = pending.pop()
        if id(obj) in seen or isinstance(obj, type | type(sys)):
            continue
        seen.add(id(obj))
        kinds.add(type(obj))
        pending.extend(gc.get_referents(obj))
    return kinds


def test_a_kept_analysis_holds_no_row_objects() -> None:
    analysis = analyze(EXAMPLE_1)
    assert analysis.kernels[0].expansion is not None
    assert not _kinds(analysis) & {LaneStep, ExpandedLine, ExpandedOp, ExpandedFunction}


def test_the_rows_read_back_as_expand_mixed_kernel_made_them() -> None:
    view = analyze(EXAMPLE_1).kernels[0].expansion
    assert view is not None
    diagram, functions = view.diagram, view.functions
    assert [f.side for f in functions] == ["aic", "aiv"]
    aic = [(e.op.op, e.op.role) for e in functions[0].body if e.op is not None]
    aiv = [(e.op.op, e.op.role) for e in functions[1].body if e.op is not None]
    assert ("tile.matmul", "op") in aic and ("tile.move", "push") in aic
    assert ("tile.move", "pop") in aiv and ("tile.store", "op") in aiv
    assert any(step.crossing == "C2V" and step.value for step in diagram)
    assert pack_rows(diagram, functions) == (view.rows, view.lines)
    assert unpack_rows(view.rows, view.lines) == (diagram, functions)


def test_equal_rows_pack_to_equal_bytes_whatever_objects_hold_them() -> None:
    built = "".join(["z_", "tile"])  # an equal text that is not interned
    assert built is not sys.intern("z_tile")
    ops = (
        ExpandedOp("tile.move", built, (built,)),
        ExpandedOp("tile.move", sys.intern("z_tile"), ("z_tile",)),
    )
    packed = [
        pack_rows(
            (LaneStep(Line(7), "tile.move", op.result), LaneStep(Line(7), "tile.store", op.result)),
            (ExpandedFunction("aiv", "k_aiv", (ExpandedLine(1, "op", Line(7), op),)),),
        )
        for op in ops
    ]
    assert packed[0] == packed[1]


def test_the_rows_lines_follow_an_edit_above_the_kernel() -> None:
    analyzer = Analyzer()
    before = analyzer.analyze(EXAMPLE_1, PATH).kernels[0]
    after = analyzer.analyze("# two new lines\n\n" + EXAMPLE_1, PATH).kernels[0]
    old = [line for _, line in render_lines(before) if line is not None]
    new = [line for _, line in render_lines(after) if line is not None]
    assert len(old) > 10 and new == [line + 2 for line in old]
    assert render(after) == render(analyze("# two new lines\n\n" + EXAMPLE_1, PATH).kernels[0])
