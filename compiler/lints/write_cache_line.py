"""PTO-H6: concurrent instances that pl.write different elements of one 64-byte cache line.

DDR receives whole lines. Instances are the blocks of a pl.spmd launch, or the two lanes of a mode=NONE
region. The element index must be affine in the instance index with known loop ranges; anything else is
not decided (silent).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.lints.dataflow import KernelExprs, KernelFacts, call_arg, is_block_source, is_lane_source
from compiler.passes.model import TNode, TOp, user_name, walk
from compiler.types import TensorType, ValueType
from compiler.vocabulary import DTYPE_BITS

LINE_BYTES = 64
_PAIRS_CHECKED = 64


def lint(facts: KernelFacts, types: Mapping[str, ValueType]) -> list[Diagnostic]:
    """Report pl.write calls whose concurrent instances share a cache line."""
    kernel = facts.kernel
    out: list[Diagnostic] = []
    if facts.blocks:
        width = kernel.launch.width if kernel.launch and isinstance(kernel.launch.width, int) else None
        out.extend(
            _writes(kernel.body, _sources(kernel.body, is_block_source), facts.blocks, width, facts, types)
        )
    for region, lane in facts.lane_regions:
        out.extend(_writes(region.body, _sources(region.body, is_lane_source), lane, 2, facts, types))
    return out


def _sources(block: tuple[TNode, ...], test: Callable[[TOp], bool]) -> set[str]:
    return {n.result for n, _ in walk(block) if isinstance(n, TOp) and n.result and test(n)}


def _writes(
    block: tuple[TNode, ...],
    instance_vars: set[str],
    dependent_names: set[str],
    width: int | None,
    facts: KernelFacts,
    types: Mapping[str, ValueType],
) -> list[Diagnostic]:
    """`dependent_names`: what depends on the instance index (its sources are `instance_vars`)."""
    writes = [n for n, _ in walk(block) if isinstance(n, TOp) and n.op == "tensor.write"]
    if not instance_vars or not writes:
        return []
    exprs = facts.exprs  # built only for kernels that pl.write
    out: list[Diagnostic] = []
    for node in writes:
        if not node.operands or not node.operands[0]:
            continue
        tensor = user_name(node.operands[0])
        ttype = types.get(tensor)
        call = exprs.call_at(node)
        if not isinstance(ttype, TensorType) or call is None or not set(node.reads) & dependent_names:
            continue
        stride = _instance_stride(call, ttype, instance_vars, exprs)
        if stride is None:
            continue
        step, low, high = stride
        if step and _shares_line(step, low, high, width):
            elem = max(DTYPE_BITS.get(ttype.dtype, 32) // 8, 1)
            out.append(
                diagnostic(
                    "PTO-H6",
                    node.call_span,
                    tensor=tensor,
                    stride=abs(step),
                    line_elems=max(LINE_BYTES // elem, 1),
                )
            )
    return out


def _instance_stride(
    call: object, ttype: TensorType, instance_vars: set[str], exprs: KernelExprs
) -> tuple[int, int, int] | None:
    """(bytes between consecutive instances, lowest and highest byte one instance writes), or None."""
    indices = call_arg(call, 1, "indices")  # type: ignore[arg-type]
    elts = getattr(indices, "elts", None)
    shape = ttype.shape
    if elts is None or len(elts) != len(shape) or not all(isinstance(d, int) for d in shape):
        return None
    elem = max(DTYPE_BITS.get(ttype.dtype, 32) // 8, 1)
    strides = [1] * len(shape)
    for axis in range(len(shape) - 2, -1, -1):
        strides[axis] = strides[axis + 1] * int(shape[axis + 1])
    step = low = high = 0
    for elt, axis_stride in zip(elts, strides, strict=True):
        form = exprs.affine(elt, instance_vars)
        if form is None:
            return None
        for var, coef in form.items():
            scaled = coef * axis_stride * elem
            if var == "":
                low += scaled
                high += scaled
            elif var in instance_vars:
                step += scaled
            else:
                bounds = exprs.ranges.get(var)
                if bounds is None:
                    return None
                a, b = scaled * bounds[0], scaled * bounds[1]
                low += min(a, b)
                high += max(a, b)
    return step, low, high + elem - 1


def _shares_line(step: int, low: int, high: int, width: int | None) -> bool:
    """Two consecutive instances touch a common cache line."""
    count = min(width if width is not None else _PAIRS_CHECKED, _PAIRS_CHECKED)
    for i in range(max(count - 1, 0)):
        a = (low + i * step) // LINE_BYTES, (high + i * step) // LINE_BYTES
        b = (low + (i + 1) * step) // LINE_BYTES, (high + (i + 1) * step) // LINE_BYTES
        if max(a[0], b[0]) <= min(a[1], b[1]):
            return True
    return False
