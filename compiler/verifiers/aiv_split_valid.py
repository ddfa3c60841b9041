"""AivSplitValid: the manual split_aiv placement rules, checks (a) to (h) (reference §2.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.catalog import diagnostic, variant_fields
from compiler.diagnostics import Diagnostic, Related
from compiler.fixes import (
    Fix,
    InsertAicGather,
    MoveOutOfRegion,
    RemoveAivShard,
    ShardAtRegionTop,
    WrapSplitAivNone,
)
from compiler.ops.opdef import Affinity
from compiler.ops.registry import is_boundary, is_crossing_exempt, reduced_axis
from compiler.passes.core_affinity import op_affinity, stated_lane
from compiler.passes.model import (
    ALIAS,
    CROSSING_MOVE,
    Kernel,
    TIf,
    TLoop,
    TNode,
    TOp,
    TRegion,
    TScope,
    TYield,
    names_used,
    ops_of,
    user_name,
    walk,
)
from compiler.rules.aiv_split_valid import DECLARED_INCORE, PRODUCED_BY, PRODUCED_ON_AIC, PRODUCED_ON_AIV
from compiler.rules.shared import SPLIT_AIV_REGION
from compiler.source import Line, Span


def verify(kernel: Kernel, report: Callable[[Diagnostic], None]) -> int:
    """Run checks (a)-(h) on one kernel (after ConvertTensorToTileOps); returns the number of errors."""
    found = 0

    def error(
        code: str, span: Span, related: tuple[Related, ...] = (), fixes: tuple[Fix, ...] = (), **fields: Any
    ) -> None:
        nonlocal found
        found += 1
        report(diagnostic(code, span, related=related, fixes=fixes, stage="AivSplitValid", **fields))

    nodes = walk(kernel.body)
    regions = [n for n, _ in nodes if isinstance(n, TRegion)]
    manual = bool(regions)
    # A new region reuses a lane index the function already binds: the unused-variable check works by
    # name, so that adds no warning (an unread one has its warning already).
    wrap_lane = next((user_name(r.lane_var) for r in regions if r.lane_var), None)
    # (h): a region authored inside a function declared InCore.
    if kernel.hand_incore:
        for authored in regions:
            error("PTO-AV-H", authored.header, (DECLARED_INCORE.at(kernel.header),))
    all_ops = ops_of(kernel.body)
    # Checks run on the program as ConvertTensorToTileOps left it: look through inserted crossing moves.
    moved = {op.result: op.operands[0] for op, _ in all_ops if op.origin == CROSSING_MOVE and op.result}
    ops = [(op, region) for op, region in all_ops if op.origin != CROSSING_MOVE]
    # Definitions: AssignStmt-bound calls, with the region they sit in.
    defs: dict[str, tuple[TOp, TRegion | None]] = {}
    for op, where in ops:
        if op.result and op.bound:
            defs[op.result] = (op, where)
    reaching = reaching_definitions(kernel.body, moved)
    for op, region in ops:
        aff = op_affinity(op)
        boundary = is_boundary(op.op)
        exempt = is_crossing_exempt(op.op)
        if region is not None:
            data_parallel = region.mode in ("UP_DOWN", "LEFT_RIGHT")
            # (a) cube op inside a region.
            if not boundary and aff is Affinity.CUBE:
                error(
                    "PTO-AV-A",
                    op.call_span,
                    (SPLIT_AIV_REGION.at(region.header, mode=region.mode),),
                    (MoveOutOfRegion(op.line_span or op.call_span, Line(region.span.line)),),
                    op=op.op,
                    **variant_fields("PTO-AV-A", "data_parallel" if data_parallel else "none"),
                )
            # (b) reduce over the split axis.
            dim = reduced_axis(op.op)
            if data_parallel and (
                (dim == 1 and region.mode == "LEFT_RIGHT") or (dim == 0 and region.mode == "UP_DOWN")
            ):
                error(
                    "PTO-AV-B",
                    op.call_span,
                    (SPLIT_AIV_REGION.at(region.header, mode=region.mode),),
                    op=op.op,
                    dim=dim,
                )
            # (d) boundary memory contract.
            if boundary and op.in_spaces and op.in_spaces[0] is not None:
                clauses = variant_fields("PTO-AV-D1", op.op.split(".", 1)[1])
                if op.in_spaces[0] != clauses["required"]:
                    fixes = (
                        (RemoveAivShard(op.call_span),)
                        if op.op.endswith("aiv_shard") and op.in_spaces[0] == "Vec"
                        else ()
                    )
                    error(
                        "PTO-AV-D1",
                        op.call_span,
                        _def_related(defs, op.operands[0]),
                        fixes,
                        **{**clauses, "op": op.op, "actual": op.in_spaces[0]},
                    )
        else:
            # (c) boundary op outside every region.
            if boundary:
                error("PTO-AV-C", op.call_span, op=op.op)
            # (e) vector op outside the regions in manual mode.
            elif manual and not exempt and not stated_lane(op) and aff is Affinity.VECTOR:
                error(
                    "PTO-AV-E",
                    op.call_span,
                    (),
                    (WrapSplitAivNone(op.line_span or op.call_span, wrap_lane or ""),),
                    op=op.op,
                )
        if not manual or boundary or exempt:
            continue
        # (f) / (g): implicit crossings of a region edge.
        lane = {"C2V": Affinity.VECTOR, "V2C": Affinity.CUBE}.get(op.crossing or "", aff)
        seen: set[str] = set()
        for raw in op.operands:
            operand = moved.get(raw, raw) if raw else raw
            if operand is None or operand in seen:
                continue
            seen.add(operand)
            definition = reaching.get(id(op), {}).get(operand)
            if definition is None:  # a parameter, loop carry, if / loop result or alias: no recorded definer
                continue
            dop, dregion = definition
            if is_crossing_exempt(dop.op):
                continue
            if (
                region is None
                and lane is Affinity.CUBE
                and dregion is not None
                and not dop.op.endswith("aic_gather")
            ):
                v = user_name(operand)
                error(
                    "PTO-AV-F",
                    op.call_span,
                    (PRODUCED_ON_AIV.at(dop.call_span, value=v),),
                    # Gathering is the fix only for vector work (a Vec value); a cube op belongs outside instead.
                    (InsertAicGather(dop.line_span or dop.call_span, v),) if dop.memory == "Vec" else (),
                    value=v,
                    op=op.op,
                )
            elif (
                region is not None
                and lane is Affinity.VECTOR
                and dregion is None
                and op_affinity(dop) is Affinity.CUBE
            ):
                v = user_name(operand)
                error(
                    "PTO-AV-G",
                    op.call_span,
                    (PRODUCED_ON_AIC.at(dop.call_span, value=v, op=dop.op),),
                    (_shard_at_top(region, v, read_after(kernel.body, region, operand)),),
                    value=v,
                    defop=dop.op,
                    op=op.op,
                )
    return found


def _shard_at_top(region: TRegion, value: str, read_later: bool) -> Fix:
    """`value = pl.aiv_shard(value)` as the region's first statement, so every read in it is sharded; when
    the cube reads `value` after the region, the shard gets a name of its own and the region reads that."""
    return ShardAtRegionTop(
        region.header, value, Line(region.span.end_line), f"{value}_shard" if read_later else value
    )


def read_after(body: tuple[TNode, ...], region: TRegion, name: str) -> bool:
    """True when a node after the region (in program order, outside it) reads `name`."""
    nodes = [n for n, _ in walk(body)]
    start = next((i for i, n in enumerate(nodes) if n is region), None)
    if start is None:
        return False
    inside = {id(n) for n, _ in walk(region.body)}
    return any(name in names_used(n) for n in nodes[start + 1 :] if id(n) not in inside and not _compound(n))


def _compound(node: TNode) -> bool:
    return not isinstance(node, TOp | TYield)


Definition = tuple[TOp, TRegion | None]


def reaching_definitions(
    body: tuple[TNode, ...], moved: dict[str, str | None]
) -> dict[int, dict[str, Definition | None]]:
    """For every op, the definition each operand name reaches it from, in SSA terms.

    Only an assignment of a call is a definition; a value that arrives through a loop carry, a loop or
    if result (a phi after the compound), a parameter or a plain alias has none (None). Operands are
    named as ConvertTensorToTileOps left them (`moved` maps an inserted crossing move to its source).
    """
    uses: dict[int, dict[str, Definition | None]] = {}
    _reach(body, {}, None, moved, uses)
    return uses


def _assigned(block: tuple[TNode, ...]) -> set[str]:
    names: set[str] = set()
    for node, _ in walk(block):
        if isinstance(node, TOp) and node.result and node.origin != CROSSING_MOVE:
            names.add(node.result)
        elif isinstance(node, TYield):
            names.update(node.targets)
    return names


def _reach(
    block: tuple[TNode, ...],
    env: dict[str, Definition | None],
    region: TRegion | None,
    moved: dict[str, str | None],
    uses: dict[int, dict[str, Definition | None]],
) -> None:
    """`reaching_definitions` of one block (a function, not a recursive closure: that is a cycle only a
    collection frees, with every op it holds)."""
    for node in block:
        if isinstance(node, TOp):
            names = [moved.get(o) or o for o in node.operands if o]
            uses[id(node)] = {name: env.get(name) for name in names}
            if node.result and node.origin != CROSSING_MOVE:
                env[node.result] = (node, region) if node.bound and node.op != ALIAS else None
        elif isinstance(node, TLoop):
            changed = _assigned(node.body)
            inner = {**env, **dict.fromkeys(changed)}  # carried values are iter_args at the top
            _reach(node.body, inner, region, moved, uses)
            env.update(dict.fromkeys(changed))  # and loop results after it
        elif isinstance(node, TIf):
            changed = _assigned(node.body) | _assigned(node.orelse)
            _reach(node.body, dict(env), region, moved, uses)
            _reach(node.orelse, dict(env), region, moved, uses)
            env.update(dict.fromkeys(changed))  # if results (phis)
        elif isinstance(node, TRegion):
            _reach(node.body, env, node, moved, uses)
        elif isinstance(node, TScope):
            _reach(node.body, env, region, moved, uses)


def _def_related(defs: dict[str, tuple[TOp, TRegion | None]], name: str | None) -> tuple[Related, ...]:
    if name is None or name not in defs:
        return ()
    dop = defs[name][0]
    return (PRODUCED_BY.at(dop.call_span, value=user_name(name), op=dop.op),)
