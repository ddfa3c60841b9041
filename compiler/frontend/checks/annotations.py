"""The parser's check of an annotated assignment `x: pl.Tile[[64], pl.FP32] = expr`: the annotation must
agree with the type the expression gets (kind, dtype, rank, then each static dimension)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from compiler import ir
from compiler.frontend.checks.spelling import expr_text, printed_type
from compiler.frontend.checks.state import CheckState
from compiler.frontend.consts import fold
from compiler.ops.deducers.core import dtype_text
from compiler.types import Dim, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPES, DTypeValue, enum_members

_DTYPE_LIKE = re.compile(r"^(FP|BF|INT|UINT|HF|BOOL|FLOAT)[A-Z0-9_]*$")


def check_annotation_form(state: CheckState, annotation: ir.Expr | None) -> bool:
    """F141 / F31 / F138 / F137 / F133: a local `pl.Tile[...]` annotation as the parser's type resolver reads
    it (the item count, the dtype, then each trailing item). False when one is reported."""
    if not isinstance(annotation, ir.Subscript) or not isinstance(annotation.value, ir.Attribute):
        return True
    kind = annotation.value.dotted
    if kind not in ("pl.Tile", "pl.Tensor"):
        return True
    items = annotation.index.elts if isinstance(annotation.index, ir.TupleExpr) else None
    if kind == "pl.Tile" and (items is None or len(items) not in (2, 3, 4, 5)):
        state.error("PTO-F141", annotation.index.span, annotation=expr_text(annotation.index))
        return False
    if items is None or len(items) < 2:
        return True
    dtype = items[1]
    if isinstance(dtype, ir.Attribute) and dtype.dotted.startswith("pl."):
        name = dtype.dotted.removeprefix("pl.")
        if _DTYPE_LIKE.match(name) and name not in DTYPES:
            state.error("PTO-F31", dtype.span, dtype=name, available=", ".join(DTYPES))
            return False
    if kind != "pl.Tile":
        return True
    memory_seen = False
    for extra in items[2:]:
        text = extra.dotted if isinstance(extra, ir.Attribute) else ""
        if isinstance(extra, ir.Call) and extra.func in ("pl.TileView", "pl.MemRef"):
            continue
        space = text.rsplit(".", 1)[-1]
        if text.startswith(("pl.Mem.", "pl.MemorySpace.")) and space in (enum_members("Mem") or ()):
            if memory_seen:
                state.error("PTO-F138", extra.span)
                return False
            memory_seen = True
            continue
        if text.startswith(("pl.TensorLayout.", "pl.Layout.")) or text in ("pl.ND", "pl.DN", "pl.NZ"):
            state.error("PTO-F137", extra.span, arg=expr_text(extra))
            return False
        if text.startswith(("pl.Mem.", "pl.MemorySpace.")) or isinstance(extra, ir.Const):
            state.error("PTO-F133", extra.span, arg=expr_text(extra))
            return False
        # A MemRefType variable, a declared allocation's slot (`buf[0]`) or a name the model cannot see.
    return True


def check_annotation(state: CheckState, stmt: ir.Assign, inferred: ValueType) -> None:
    """F76 ... F79 on one annotated assignment of a single name, in the parser's order."""
    if stmt.annotation is None or stmt.declared is not None or len(stmt.targets) != 1:
        return
    target = stmt.targets[0]
    if not isinstance(target, ir.Name) or not isinstance(inferred, TensorType | TileType):
        return
    if isinstance(inferred, TensorType) and (not inferred.ranked or inferred.distributed):
        return
    declared = _annotated(stmt.annotation, state.env)
    if declared is None:
        return
    kind, shape, dtype = declared
    name, hint, span = target.id, printed_type(inferred), stmt.span
    own = "Tile" if isinstance(inferred, TileType) else "Tensor"
    if kind != own:
        state.error("PTO-F76", span, ann=kind, inf=own, name=name, inferred=hint)
        return
    if dtype is not None and not _compatible(dtype, inferred.dtype):
        state.error(
            "PTO-F77", span, ann=dtype_text(dtype), inf=dtype_text(inferred.dtype), name=name, inferred=hint
        )
        return
    if shape is None or not (isinstance(stmt.value, ir.Call) and stmt.value.func in _EXPLICIT_SHAPE):
        return  # elsewhere the model's shape may differ from the parser's (clamps, promotions): silent
    if len(shape) > 2 or len(inferred.shape) > 2:
        return  # an N-D tile load may already be flattened to 2-D in IR the parser reads back: silent
    if len(shape) != len(inferred.shape):
        state.error("PTO-F78", span, ann=len(shape), inf=len(inferred.shape), name=name, inferred=hint)
        return
    for axis, (want, have) in enumerate(zip(shape, inferred.shape, strict=True)):
        if _int(want) and _int(have) and want != have:
            state.error("PTO-F79", span, axis=axis, ann=want, inf=have, name=name, inferred=hint)
            return


_EXPLICIT_SHAPE = frozenset(
    {
        "pl.load",
        "pl.tile.load",
        "pl.create_tensor",
        "pl.tensor.create",
        "pl.full",
        "pl.tile.full",
        "pl.tile.create",
    }
)
"""Calls whose result shape is the shape list they are given: the rank and dimensions are checked only there."""


def _annotated(
    node: ir.Expr, env: Mapping[str, object]
) -> tuple[str, tuple[Dim | None, ...] | None, str | None] | None:
    """`pl.Tile[[64, n], pl.FP32, ...]` -> ("Tile", (64, None), "FP32"); None for anything else."""
    if not isinstance(node, ir.Subscript) or not isinstance(node.value, ir.Attribute):
        return None
    kind = node.value.dotted
    if kind not in ("pl.Tile", "pl.Tensor"):
        return None
    items = node.index.elts if isinstance(node.index, ir.TupleExpr) else (node.index,)
    shape: tuple[Dim | None, ...] | None = None
    if items and isinstance(items[0], ir.ListExpr | ir.TupleExpr):
        dims = [fold(d, env) for d in items[0].elts]
        shape = tuple(d if _int(d) else None for d in dims)  # type: ignore[misc]
    dtype = None
    for extra in items[1:]:
        value = fold(extra, env)
        if isinstance(value, DTypeValue):
            dtype = value.name
    return kind.removeprefix("pl."), shape, dtype


def _compatible(ann: str, inf: str) -> bool:
    """INDEX stands for any integer dtype (loop variables, addressing), both ways."""
    if ann == inf:
        return True
    ints = ann.startswith(("INT", "UINT")), inf.startswith(("INT", "UINT"))
    return (ann == "INDEX" and ints[1]) or (inf == "INDEX" and ints[0])


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
