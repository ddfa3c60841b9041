"""InsertMxScaleAddr: binds each MX matmul's scale tile to its data tile, on the Ascend950 backend only."""

from __future__ import annotations

from collections.abc import Callable

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.passes.model import Kernel, ops_of

# GetDataScalePairs (insert_mx_scale_addr_pass.cpp): the ops whose operands hold (data, scale) pairs.
MX_MATMULS = frozenset({"tile.matmul_mx", "tile.matmul_mx_bias", "tile.matmul_mx_acc"})


def insert_mx_scale_addr(kernel: Kernel, target: str, report: Callable[[Diagnostic], None]) -> int:
    """PTO-FT30 for the first MX matmul when the backend is not a5 (the pass throws there). Returns the errors."""
    if target == "a5":
        return 0
    for op, _ in ops_of(kernel.body):
        if op.op in MX_MATMULS:
            report(diagnostic("PTO-FT30", op.call_span, op=op.op, arch=target))
            return 1
    return 0
