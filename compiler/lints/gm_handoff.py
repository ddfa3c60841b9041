"""PTO-H4: a GM hand-off between the cube and vector lanes of one mixed kernel that nothing orders.

ExpandMixedKernel fences one case by itself: the only cube `tile.store` of a tensor followed by a vector
`tile.load` of it in the same body or a body nested there. A communication op that sends the tensor
(`pld.tensor.put(src=...)`) reads it from GM on the vector lane too, and is never fenced. Every other hand-off (vector to cube, sibling
bodies, several cube stores) needs the publish / fence / barrier / invalidate sequence before the read.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.lints.dataflow import Placed, placed_ops, written_tensor
from compiler.passes.model import Kernel, TOp, user_name
from compiler.rules.hazards import STORED_ON_LANE
from compiler.source import Line
from compiler.types import TensorType, ValueType

_SIDE_NAMES = {"aic": "cube", "aiv": "vector"}
_BARRIERS = frozenset({"system.syncall", "system.sync_wait", "pld.system.wait"})


def lint(
    kernel: Kernel, op_sides: Mapping[int, frozenset[str]], types: Mapping[str, ValueType]
) -> list[Diagnostic]:
    """Report each load of a GM tensor that the other lane of this mixed kernel stored, unordered."""
    ops = placed_ops(kernel.body)
    stores: dict[str, list[tuple[Placed, str]]] = {}
    out: list[Diagnostic] = []
    for placed in ops:
        op = placed.op
        side = _side(op_sides, id(op))
        if side is None:
            continue
        if op.op == "tile.store":
            tensor = user_name(written_tensor(op))
            if isinstance(types.get(tensor), TensorType):
                stores.setdefault(tensor, []).append((placed, side))
            continue
        source = _read_tensor(op)
        if source is None:
            continue
        tensor = user_name(source)
        earlier = [(s, s_side) for s, s_side in stores.get(tensor, []) if s_side != side]
        if not earlier:
            continue
        cube_stores = [s for s, s_side in stores.get(tensor, []) if s_side == "aic"]
        unfenced = [
            (s, s_side)
            for s, s_side in earlier
            if not (
                op.op == "tile.load"
                and s_side == "aic"
                and len(cube_stores) == 1
                and _fenced_by_compiler(s, placed)
            )
            and not _ordered(ops, s, placed)
        ]
        if unfenced:
            store, writer = unfenced[-1]
            out.append(
                diagnostic(
                    "PTO-H4",
                    op.call_span,
                    related=(STORED_ON_LANE.at(store.op.call_span, tensor=tensor, lane=_SIDE_NAMES[writer]),),
                    tensor=tensor,
                    writer=_SIDE_NAMES[writer],
                    reader=_SIDE_NAMES[side],
                    line=Line(store.op.call_span.line),
                )
            )
    return out


def _read_tensor(op: TOp) -> str | None:
    """The GM tensor a consumer reads: a tile load's source, or the `src` a communication op sends."""
    index = {"tile.load": 0, "pld.tensor.put": 2}.get(op.op)
    if index is None or index >= len(op.operands):
        return None
    return op.operands[index]


def _side(op_sides: Mapping[int, frozenset[str]], key: int) -> str | None:
    sides = op_sides.get(key, frozenset())
    return next(iter(sides)) if len(sides) == 1 else None


def _fenced_by_compiler(store: Placed, load: Placed) -> bool:
    """The load sits after the store in the store's own body, or in a body nested there."""
    parent, (block, index) = store.path[:-1], store.path[-1]
    if load.path[: len(parent)] != parent or len(load.path) <= len(parent):
        return False
    load_block, load_index = load.path[len(parent)]
    return load_block == block and load_index > index


def _ordered(ops: list[Placed], store: Placed, load: Placed) -> bool:
    """Publish, fence, barrier and invalidate, in that order, between the store and the load."""
    wanted = ("system.cacheinvalid", "system.fence", "barrier", "system.cacheinvalid")
    step = 0
    for placed in ops[store.order + 1 : load.order]:
        name = "barrier" if placed.op.op in _BARRIERS else placed.op.op
        if step < len(wanted) and name == wanted[step]:
            step += 1
    return step == len(wanted)
