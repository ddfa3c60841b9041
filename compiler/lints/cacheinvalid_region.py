"""PTO-H8: the tensor-region form of `pl.system.cacheinvalid` naming a view wider than one cache line.

That form invalidates only the line holding the view's base address. A view of more than 64 bytes
(known statically) needs the whole-GM form.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.fixes import ReplaceText
from compiler.lints.dataflow import KernelFacts, call_arg
from compiler.passes.model import TOp, user_name, walk
from compiler.types import TensorType, ValueType, nbytes

LINE_BYTES = 64


def lint(facts: KernelFacts, types: Mapping[str, ValueType]) -> list[Diagnostic]:
    """Report region-form cache invalidations of views wider than one line."""
    out: list[Diagnostic] = []
    for node, _ in walk(facts.kernel.body):
        if not isinstance(node, TOp) or node.op != "system.cacheinvalid" or not node.operands:
            continue
        exprs = facts.exprs  # built only for kernels that invalidate a region
        tensor = node.operands[0]
        ttype = types.get(user_name(tensor)) if tensor else None
        if not isinstance(ttype, TensorType):
            continue
        call = exprs.call_at(node)
        shapes = exprs.const_ints(call_arg(call, 1, "shapes")) if call is not None else None
        if call is not None and call_arg(call, 1, "shapes") is None:
            shapes = tuple(d for d in ttype.shape if isinstance(d, int))
            if len(shapes) != len(ttype.shape):
                shapes = None
        size = nbytes(shapes, ttype.dtype) if shapes is not None else None
        if size is not None and size > LINE_BYTES:
            fix = ReplaceText(node.call_span, "pl.system.cacheinvalid()")
            out.append(
                diagnostic("PTO-H8", node.call_span, fixes=(fix,), tensor=user_name(tensor), nbytes=size)
            )
    return out
