"""AivSplitValid: the manual split_aiv placement rules, checks (a) to (h) (reference §2.4)."""

from __future__ import annotations

from collections.abc import Callable

from compiler.diagnostics import Diagnostic, Fix, Related, Severity
from compiler.ops.registry import Affinity
from compiler.passes.core_affinity import op_affinity, stated_lane
from compiler.passes.model import CROSSING_MOVE, Kernel, TOp, TRegion, ops_of, walk
from compiler.source import Span

BOUNDARY = frozenset({"tile.aiv_shard", "tile.aic_gather", "tensor.aiv_shard", "tensor.aic_gather"})
LOAD_STORE = frozenset({"tile.load", "tile.store"})
ROW_REDUCE = frozenset(f"tile.row_{k}" for k in ("sum", "max", "min", "prod", "argmax", "argmin"))
COL_REDUCE = frozenset(f"tile.col_{k}" for k in ("sum", "max", "min", "prod", "argmax", "argmin"))
_SHARD_HINT = (
    " Only a cube-produced value reaches the vector lane through this boundary: Acc is the matmul result the "
    "c2v pipe can push. A Vec operand is vector-produced (pl.load / pl.full) and already lives on the AIV lane "
    "— drop the pl.aiv_shard and let the implicit affinity-gated split halve it. A Mat operand is not a "
    "supported producer pipe; move it through a pl.matmul, or load it on the vector lane instead."
)
_GATHER_HINT = " Gather the value only after it has been computed by vector ops on the AIV lane."


def _user(name: str | None) -> str:
    return (name or "?").split("__", 1)[0]


def verify(kernel: Kernel, report: Callable[[Diagnostic], None]) -> int:
    """Run checks (a)-(h) on one kernel (after ConvertTensorToTileOps); returns the number of errors."""
    found = 0

    def error(
        code: str, message: str, span: Span, related: tuple[Related, ...] = (), fixes: tuple[Fix, ...] = ()
    ) -> None:
        nonlocal found
        found += 1
        report(Diagnostic(code, Severity.ERROR, message, span, None, related, fixes, "AivSplitValid"))

    nodes = walk(kernel.body)
    regions = [n for n, _ in nodes if isinstance(n, TRegion)]
    manual = bool(regions)
    # (h): a region authored inside a function declared InCore.
    if kernel.hand_incore:
        for authored in regions:
            error(
                "PTO-AV-H",
                "'pl.split_aiv' opens a CORE_GROUP-level region, so it cannot be authored inside a function "
                "declared 'pl.FunctionType.InCore' — that function is already a core function. A region reaches "
                "an InCore function only when OutlineIncoreScopes lifted the enclosing CORE_GROUP scope into it, "
                "and that pass processes only Opaque / Orchestration functions. Declare the enclosing function "
                "with plain @pl.function / @pl.jit (Opaque), or open the region inside a 'with "
                "pl.at(level=pl.Level.CORE_GROUP):' scope in such a function, and let pass 8 outline it.",
                authored.header,
                (Related(kernel.header, "declared InCore here"),),
            )
    all_ops = ops_of(kernel.body)
    # Checks run on the program as ConvertTensorToTileOps left it: look through inserted crossing moves.
    moved = {op.result: op.operands[0] for op, _ in all_ops if op.origin == CROSSING_MOVE and op.result}
    ops = [(op, region) for op, region in all_ops if op.origin != CROSSING_MOVE]
    # Definitions: AssignStmt-bound calls, with the region they sit in.
    defs: dict[str, tuple[TOp, TRegion | None]] = {}
    for op, where in ops:
        if op.result and op.bound:
            defs[op.result] = (op, where)
    for op, region in ops:
        aff = op_affinity(op)
        boundary = op.op in BOUNDARY
        if region is not None:
            data_parallel = region.mode in ("UP_DOWN", "LEFT_RIGHT")
            # (a) cube op inside a region.
            if not boundary and aff is Affinity.CUBE:
                tail = (
                    ", and each AIV lane holds only half the tile so it cannot be vector-split either; move it "
                    "outside the region, or gather the lanes back to a full tile (tile.aic_gather) first."
                    if data_parallel
                    else "; move it outside the region."
                )
                error(
                    "PTO-AV-A",
                    f"cube op '{op.op}' inside a pl.split_aiv region: the region body is AIV work, so cube ops do "
                    f"not belong in it{tail}",
                    op.call_span,
                    (Related(region.header, f"pl.split_aiv region ({region.mode})"),),
                    (
                        Fix(
                            "move_out_of_region",
                            op.line_span or op.call_span,
                            (("region_line", str(region.span.line)),),
                        ),
                    ),
                )
            # (b) reduce over the split axis.
            if data_parallel and (
                (op.op in ROW_REDUCE and region.mode == "LEFT_RIGHT")
                or (op.op in COL_REDUCE and region.mode == "UP_DOWN")
            ):
                dim = 1 if op.op in ROW_REDUCE else 0
                error(
                    "PTO-AV-B",
                    f"reduce op '{op.op}' reduces over the split axis (dim {dim}) inside a pl.split_aiv region, "
                    "producing a partial reduction; reduce the non-split axis, or gather the lanes back "
                    "(tile.aic_gather) before reducing.",
                    op.call_span,
                    (Related(region.header, f"pl.split_aiv region ({region.mode})"),),
                )
            # (d) boundary memory contract.
            if boundary and op.in_spaces and op.in_spaces[0] is not None:
                required, producer, hint = (
                    ("Acc", "cube", _SHARD_HINT)
                    if op.op.endswith("aiv_shard")
                    else ("Vec", "vector", _GATHER_HINT)
                )
                if op.in_spaces[0] != required:
                    fixes = (
                        (Fix("remove_aiv_shard", op.call_span, (("value", _user(op.operands[0])),)),)
                        if op.op.endswith("aiv_shard") and op.in_spaces[0] == "Vec"
                        else ()
                    )
                    error(
                        "PTO-AV-D1",
                        f"'{op.op}' operand is in {op.in_spaces[0]}, but it transfers a {producer}-produced value "
                        f"across the cross-core boundary and requires {required}.{hint}",
                        op.call_span,
                        _def_related(defs, op.operands[0]),
                        fixes,
                    )
        else:
            # (c) boundary op outside every region.
            if boundary:
                error(
                    "PTO-AV-C",
                    f"'{op.op}' must appear inside a pl.split_aiv region (it marks the AIV-split boundary and is only "
                    "meaningful there).",
                    op.call_span,
                )
            # (e) vector op outside the regions in manual mode.
            elif manual and op.op not in LOAD_STORE and not stated_lane(op) and aff is Affinity.VECTOR:
                error(
                    "PTO-AV-E",
                    f"vector op '{op.op}' sits outside every pl.split_aiv region, but this function already opens "
                    "one, so the regions are authoritative for where vector work runs and this op has no lane to "
                    "run on. Wrap this phase in its own region — 'for _ in pl.split_aiv(2, "
                    "mode=pl.SplitMode.NONE):' runs the full body on both AIV lanes and is the task-parallel form "
                    "for full-width compute — or move the op into an existing region.",
                    op.call_span,
                    (),
                    (Fix("wrap_split_aiv_none", op.line_span or op.call_span),),
                )
        if not manual or boundary or op.op in LOAD_STORE:
            continue
        # (f) / (g): implicit crossings of a region edge.
        lane = {"C2V": Affinity.VECTOR, "V2C": Affinity.CUBE}.get(op.crossing or "", aff)
        seen: set[str] = set()
        for index, raw in enumerate(op.operands):
            operand = moved.get(raw, raw) if raw else raw
            if operand is None or operand in seen or operand not in defs:
                continue
            seen.add(operand)
            dop, dregion = defs[operand]
            if dop.op in LOAD_STORE:
                continue
            if (
                region is None
                and lane is Affinity.CUBE
                and dregion is not None
                and not dop.op.endswith("aic_gather")
            ):
                v = _user(operand)
                error(
                    "PTO-AV-F",
                    f"'{v}' is defined inside a pl.split_aiv region but '{op.op}' reads it on the CUBE lane outside "
                    "that region, so the value crosses the AIV -> AIC boundary implicitly. In manual mode (this "
                    "function opens a region) the crossing must be written down: wrap it in pl.aic_gather(...) "
                    f"inside the region — '{v} = pl.aic_gather({v})' — and read the gathered value here.",
                    op.call_span,
                    (Related(dop.call_span, f"'{v}' is produced on the AIV lane here"),),
                    (Fix("insert_aic_gather", dop.line_span or dop.call_span, (("value", v),)),),
                )
            elif (
                region is not None
                and lane is Affinity.VECTOR
                and dregion is None
                and op_affinity(dop) is Affinity.CUBE
            ):
                v = _user(operand)
                error(
                    "PTO-AV-G",
                    f"'{v}' is produced on the CUBE lane by '{dop.op}' outside every pl.split_aiv region, but "
                    f"'{op.op}' reads it on the VECTOR lane inside one, so the value crosses the AIC -> AIV boundary "
                    "implicitly. In manual mode (this function opens a region) the crossing must be written down: "
                    f"bring it in with pl.aiv_shard(...) at the top of the region — '{v} = pl.aiv_shard({v})' — and "
                    "read the sharded value here.",
                    op.call_span,
                    (Related(dop.call_span, f"'{v}' is produced on the AIC lane by '{dop.op}' here"),),
                    (Fix("wrap_aiv_shard", _operand_span(op, index), (("value", v),)),),
                )
    return found


def _operand_span(op: TOp, index: int) -> Span:
    """Where the operand is written (the fix wraps exactly that text), else the whole call."""
    span = op.arg_spans[index] if index < len(op.arg_spans) else None
    return span or op.call_span


def _def_related(defs: dict[str, tuple[TOp, TRegion | None]], name: str | None) -> tuple[Related, ...]:
    if name is None or name not in defs:
        return ()
    dop = defs[name][0]
    return (Related(dop.call_span, f"'{_user(name)}' is produced by '{dop.op}' here"),)
