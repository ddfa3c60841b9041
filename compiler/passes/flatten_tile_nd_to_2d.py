"""FlattenTileNdTo2D: hardware tiles are 2D, so >2D tiles are flattened; ops that cannot be are rejected.

Only the rank is needed (symbolic dimensions never cause an error here): tile.read / tile.write /
tile.slice on a >2D tile (FT-6) and a >2D transpose involving a batch axis (FT-7).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.passes.model import Kernel, TOp, ops_of
from compiler.types import TensorType, TileType

_NO_ND = frozenset({"tile.read", "tile.write", "tile.slice"})


def flatten(kernel: Kernel, types: Mapping[str, object], report: Callable[[Diagnostic], None]) -> int:
    """Check every tile op of a kernel against the 2D flattening rules; returns the number of errors."""
    found = 0
    for op, _ in ops_of(kernel.body):
        rank = _input_rank(op, types)
        if rank is None or rank <= 2:
            continue
        if op.op in _NO_ND:
            report(diagnostic("PTO-FT6", op.call_span, op=op.op))
            found += 1
        elif op.op == "tile.transpose":
            a, b = (*op.consts[1:3], None, None)[:2]
            if isinstance(a, int) and isinstance(b, int) and {a % rank, b % rank} != {rank - 2, rank - 1}:
                report(diagnostic("PTO-FT7", op.call_span, a=a, b=b, n=rank))
                found += 1
    return found


def _input_rank(op: TOp, types: Mapping[str, object]) -> int | None:
    source = op.operands[0] if op.operands else None
    value = types.get(source) if source else None
    if isinstance(value, TileType | TensorType):
        return value.rank
    return None
