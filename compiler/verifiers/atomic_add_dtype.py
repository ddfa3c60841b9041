"""AtomicAddDtypeValid: a bf16 atomic-add needs a backend whose store pipe honours set_atomic_bf16."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.passes.model import Kernel, ops_of
from compiler.types import TensorType

DEST_OPERAND = {
    "tile.store": 2,  # tensor.assemble is lowered to tile.store by then, with the same destination
    "pld.tensor.put": 0,
    "pld.tile.put": 0,
    "pld.tensor.remote_store": 1,
    "pld.tile.remote_store": 1,
}
"""The global-memory destination operand of each atomic-capable op (the verifier's GetDestArgIndex)."""

BF16_ATOMIC_TARGETS = frozenset({"a2a3"})
"""The backends whose SupportsBf16AtomicAdd() holds (Ascend910B); a5 does not."""


def verify(
    kernel: Kernel,
    function: str,
    types: Mapping[str, object],
    target: str,
    report: Callable[[Diagnostic], None],
) -> int:
    """PTO-HS9 for each atomic-add into a BF16 tensor on a backend without bf16 atomics. Returns the errors."""
    if target in BF16_ATOMIC_TARGETS:
        return 0
    found = 0
    for op, _ in ops_of(kernel.body):
        index = DEST_OPERAND.get(op.op)
        if index is None or op.kwarg("atomic") not in ("Add", 1) or len(op.operands) <= index:
            continue
        dest = op.operands[index]
        dest_type = types.get(dest) if dest else None
        if isinstance(dest_type, TensorType) and dest_type.dtype == "BF16":
            report(diagnostic("PTO-HS9", op.call_span, target=target, function=function))
            found += 1
    return found
