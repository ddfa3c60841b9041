"""LegalizeTileCast: a tile.cast must have a chain of native pto.tcvt conversions on the target backend."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.passes.model import Kernel, ops_of
from compiler.types import TileType, ValueType

_A2A3 = {
    "FP32": ("FP16", "BF16", "INT16", "INT32", "INT64"),
    "FP16": ("FP32", "INT32", "INT16", "INT8", "UINT8", "INT4"),
    "BF16": ("FP32", "INT32"),
    "INT16": ("FP16", "FP32"),
    "INT32": ("FP32", "INT16", "INT64", "FP16"),
    "INT64": ("FP32", "INT32"),
    "UINT8": ("FP16",),
    "INT8": ("FP16",),
    "INT4": ("FP16",),
}
_A5 = {
    "FP32": ("FP16", "BF16", "INT16", "INT32", "INT64", "FP8E4M3FN", "FP8E5M2", "HF8"),
    "FP16": ("FP32", "INT32", "INT16", "INT8", "UINT8", "HF8"),
    "BF16": ("FP32", "INT32", "FP16", "FP4"),
    "INT16": ("FP16", "FP32", "UINT8", "UINT32", "INT32"),
    "INT32": ("FP32", "INT16", "INT64", "UINT16", "UINT8"),
    "INT64": ("FP32", "INT32"),
    "UINT8": ("FP16", "UINT16"),
    "INT8": ("FP16", "INT16", "INT32"),
    "UINT32": ("UINT8", "UINT16", "INT16"),
    "FP8E4M3FN": ("FP32",),
    "FP8E5M2": ("FP32",),
    "HF8": ("FP32",),
    "FP4": ("BF16",),
}
TCVT_EDGES: dict[str, Mapping[str, tuple[str, ...]]] = {"a2a3": _A2A3, "a5": _A5}
"""Each backend's native pto.tcvt conversions (GetTcvtAdjacency of the 910B and 950 handlers)."""


def reachable(edges: Mapping[str, tuple[str, ...]], src: str) -> frozenset[str]:
    """Every dtype a chain of native conversions reaches from `src` (FindCastChain's search)."""
    seen = {src}
    todo = [src]
    while todo:
        for nxt in edges.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)


def legalize_tile_cast(
    kernel: Kernel, types: Mapping[str, ValueType], target: str, report: Callable[[Diagnostic], None]
) -> int:
    """PTO-FT22 for each tile.cast between two different dtypes with no native conversion chain on the target
    backend: the first only, as the pass throws at it. Returns the errors."""
    edges = TCVT_EDGES.get(target)
    if edges is None:
        return 0
    for op, _ in ops_of(kernel.body):
        if op.op != "tile.cast" or not op.operands or op.operands[0] is None:
            continue
        src, dst = types.get(op.operands[0]), op.type
        if not isinstance(src, TileType) or not isinstance(dst, TileType) or src.dtype == dst.dtype:
            continue  # a same-dtype cast never reaches the search; an unknown dtype stays silent
        if dst.dtype not in reachable(edges, src.dtype):
            report(
                diagnostic(
                    "PTO-FT22", op.call_span, src=src.dtype.lower(), dst=dst.dtype.lower(), arch=target
                )
            )
            return 1
    return 0


L0_OPERAND_BYTES = 64 * 1024
"""GetL0aCapacityBytes / GetL0bCapacityBytes: 64 KiB on both a2a3 and a5."""

_MATMUL_LHS = {"tile.matmul": 0, "tile.matmul_bias": 0, "tile.matmul_acc": 1}
_DTYPE_BYTES = {
    "FP32": 4,
    "INT32": 4,
    "FP16": 2,
    "BF16": 2,
    "INT16": 2,
    "INT8": 1,
    "UINT8": 1,
    "FP8E4M3FN": 1,
}


def explicit_l0_capacity(
    kernel: Kernel, types: Mapping[str, ValueType], report: Callable[[Diagnostic], None]
) -> int:
    """PTO-FT23 (AutoTileMatmulL0, the pass after LegalizeTileCast): a matmul operand the user already placed
    in Left / Right whose one tile is larger than the whole L0A / L0B. Only fractal-aligned static shapes are
    judged, whose physical size is their plain size. The first one only, as the pass throws. Returns the errors."""
    defs = {op.result: op for op, _ in ops_of(kernel.body) if op.result}
    for op, _ in ops_of(kernel.body):
        lhs = _MATMUL_LHS.get(op.op)
        if lhs is None or len(op.operands) < lhs + 2:
            continue
        for name, space, role, hardware in (
            (op.operands[lhs], "Left", "left", "L0A"),
            (op.operands[lhs + 1], "Right", "right", "L0B"),
        ):
            tile = types.get(name) if name else None
            if not isinstance(tile, TileType) or tile.memory != space or len(tile.shape) != 2:
                continue
            rows, cols = tile.shape
            size = _DTYPE_BYTES.get(tile.dtype)
            if not isinstance(rows, int) or not isinstance(cols, int) or size is None:
                continue
            if rows % 16 or (cols * size) % 32:
                continue  # padded to the fractal: the physical size is not the plain one
            required = rows * cols * size
            if required <= L0_OPERAND_BYTES:
                continue
            where = defs.get(name) if name else None
            report(
                diagnostic(
                    "PTO-FT23",
                    where.call_span if where is not None else op.call_span,
                    op=op.op,
                    role=role,
                    name=name,
                    space=space,
                    hardware=hardware,
                    shape=f"[{rows}, {cols}]",
                    dtype=tile.dtype.lower(),
                    required=required,
                    capacity=L0_OPERAND_BYTES,
                )
            )
            return 1
    return 0
