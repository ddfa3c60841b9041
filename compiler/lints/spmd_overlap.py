"""PTO-H5: pl.spmd blocks that store block-dependent data at a block-independent offset.

pl.spmd asserts that the blocks are independent. A store whose data depends on the block index but
whose offsets do not makes every block write the same bytes with different values: a race. Stores that
all blocks make with the same data (redundant), atomic accumulations, and stores under a condition on the
block index are not flagged.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.lints.dataflow import KernelFacts, placed_ops, written_tensor, written_value
from compiler.passes.model import user_name
from compiler.types import TensorType, ValueType

_STORES = frozenset({"tile.store", "tensor.assemble", "tensor.write"})


def lint(facts: KernelFacts, types: Mapping[str, ValueType]) -> list[Diagnostic]:
    """Report block-dependent stores at block-independent offsets."""
    block = facts.blocks
    if not block:
        return []
    out: list[Diagnostic] = []
    for placed in placed_ops(facts.kernel.body, block):
        op = placed.op
        if op.op not in _STORES or placed.guards or op.kwarg("atomic") not in (None, "None_"):
            continue
        tensor = written_tensor(op)
        value = written_value(op)
        if not tensor or not isinstance(types.get(user_name(tensor)), TensorType):
            continue
        offsets = set(op.reads) - {value, tensor}
        if value in block and not offsets & block:
            out.append(diagnostic("PTO-H5", op.call_span, tensor=user_name(tensor)))
    return out
