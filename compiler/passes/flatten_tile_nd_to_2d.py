"""FlattenTileNdTo2D: hardware tiles are 2D, so >2D tiles are flattened; ops that cannot be are rejected.

Only the rank is needed (symbolic dimensions never cause an error here): tile.read / tile.write /
tile.slice on a >2D tile (FT-6) and a >2D transpose involving a batch axis (FT-7).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Problem
from compiler.ops.lowering import REDEDUCED, as_tile, deduce_error, flattened
from compiler.ops.registry import get_op
from compiler.passes.model import Kernel, TOp, ops_of
from compiler.types import ArgValue, ScalarType, TensorType, TileType

_NO_ND = frozenset({"tile.read", "tile.write", "tile.slice"})


def flatten(kernel: Kernel, types: Mapping[str, object], report: Callable[[Diagnostic], None]) -> int:
    """Check every tile op of a kernel against the 2D flattening rules; returns the number of errors."""
    found = 0
    for op, _ in ops_of(kernel.body):
        problem = _flattened_problem(op, types)
        if problem is not None:
            report(diagnostic("PTO-FT8", op.call_span, detail=problem))
            found += 1
            continue
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


def _flattened_problem(op: TOp, types: Mapping[str, object]) -> Problem | None:
    """The deducer's error on the op's tile operands once >2D ones are flattened, when the unflattened
    operands deduce cleanly (an op whose every operand has one rank keeps lining up, so only mixed ranks)."""
    opdef = get_op(op.op)
    if opdef is None or opdef.deduce not in REDEDUCED or op.op == "tile.div":
        return None
    tiles: list[ArgValue] = []
    for i, name in enumerate(op.operands):
        value = types.get(name) if name else None
        const = op.consts[i] if i < len(op.consts) else None
        if isinstance(value, TensorType | TileType):
            tiles.append(as_tile(value))
        elif isinstance(value, ScalarType):
            tiles.append(value)
        elif name is None and isinstance(const, int | float) and not isinstance(const, bool):
            tiles.append(const)  # a literal scalar operand (tile.adds's rhs)
        else:
            return None
    if not tiles or not any(v.rank > 2 for v in tiles if isinstance(v, TileType)):
        return None
    if deduce_error(op.op, tiles, {}) is not None:
        return None
    return deduce_error(op.op, [flattened(v) for v in tiles], {})


def _input_rank(op: TOp, types: Mapping[str, object]) -> int | None:
    source = op.operands[0] if op.operands else None
    value = types.get(source) if source else None
    if isinstance(value, TileType | TensorType):
        return value.rank
    return None
