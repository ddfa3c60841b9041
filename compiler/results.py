"""Turn pass results into the protocol-free Analysis records: ops with lane and reason, regions, symbols."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from sys import intern

from compiler import ir
from compiler.analysis import CrossingInfo, KernelInfo, Lane, OpInfo, RegionInfo, ScopeInfo, SymbolInfo
from compiler.incremental import LastingMemo, nested_fold
from compiler.ops.registry import get_op
from compiler.passes import expand_mixed_kernel as emk
from compiler.passes.core_affinity import op_affinity
from compiler.passes.model import CROSSING_MOVE, Kernel, TOp, TRegion, ops_of, user_name, walk
from compiler.source import Span
from compiler.types import TensorType, TileType

_LANE = {"aic": Lane.AIC, "aiv": Lane.AIV, "both": Lane.BOTH}


def _reason(op: TOp, lane: str, mixed: bool, region: TRegion | None) -> str:
    if op.recross:
        return f"moves a value that already crossed → stays on the consuming lane ({lane.upper()})"
    if op.crossing is not None:
        d = "AIC → AIV" if op.crossing == "C2V" else "AIV → AIC"
        kind = "explicit" if op.origin != CROSSING_MOVE else "implicit"
        return f"{kind} {d} crossing: tpush on the producer lane, tpop on the consumer lane"
    if region is not None and lane == "aiv":
        half = ", each lane gets half the tile" if region.mode != "NONE" else ", both lanes run the full body"
        return f"inside pl.split_aiv region ({region.mode}) → AIV{half}"
    if not mixed:
        return f"pure {'cube' if lane == 'aic' else 'vector'} kernel → {lane.upper()}"
    if op.op == "tile.load":
        mem = op.memory or "Vec"
        return f"tile.load with target_memory={mem} → {'cube' if mem != 'Vec' else 'vector'} side"
    if op.op == "tile.store":
        space = op.in_spaces[0] if op.in_spaces else None
        return f"tile.store of a {space or 'Vec'} tile → {'cube side (fix-pipe)' if space == 'Acc' else 'vector side'}"
    aff = op_affinity(op).value
    if aff == "SHARED":
        return "core-agnostic (SHARED) → duplicated onto every lane that uses it"
    opdef = get_op(op.op)
    if opdef is not None and opdef.declared_affinity is not None:
        return f"{op.op} declares {aff} affinity → {lane.upper()}"
    if op.memory and op.memory != "Vec":
        return f"{op.op} produces {op.memory} → cube side"
    return f"{op.op} is {aff.lower()} work (result in {op.memory or 'Vec'}) → {lane.upper()}"


def op_infos(kernel: Kernel, lanes: emk.LaneResult) -> list[OpInfo]:
    """Every source op of a kernel with its lane after expansion, the reason, memory, shape and dtype."""
    out: list[OpInfo] = []
    for node, region in walk(kernel.body):
        if not isinstance(node, TOp) or node.line_span is None or node.origin in ("scalar", "alias"):
            continue
        if node.op in ("scalar", "alias", "call"):
            continue
        sides = lanes.op_sides.get(id(node), frozenset())
        if not sides:
            continue
        lane = emk.lane_name(sides)
        ttype = node.type
        shape = dtype = None
        # A tensor-level op of @pl.jit code keeps its tensor type: the tile it becomes has that shape.
        if isinstance(ttype, TileType) or (isinstance(ttype, TensorType) and ttype.ranked):
            shape = intern("[" + ", ".join(map(str, ttype.shape)) + "]")
            dtype = intern(ttype.dtype)
        opdef = get_op(node.op)
        # The texts are interned: the same few reasons, shapes and names recur in every op of every open
        # document (an idle document keeps its ops, and the ops of the helpers it reaches: thousands).
        out.append(
            OpInfo(
                span=node.call_span,
                dsl_name=intern(node.dsl_name),
                ir_name=node.op if node.origin != CROSSING_MOVE else "tile.move (implicit crossing)",
                implicit=node.origin == CROSSING_MOVE,
                lane=_LANE[lane],
                reason=intern(_reason(node, lane, lanes.mixed, region)),
                memory=intern(node.memory) if node.memory is not None else None,
                shape=shape,
                dtype=dtype,
                doc=opdef.doc if opdef else "",
                kernel=intern(kernel.name),
            )
        )
    return out


def region_infos(kernel: Kernel, crossings: list[CrossingInfo]) -> list[RegionInfo]:
    """Every pl.split_aiv region of a kernel with its ops and crossings."""
    out: list[RegionInfo] = []
    for node, _ in walk(kernel.body):
        if isinstance(node, TRegion):
            inner = [op for op, _ in ops_of(node.body) if op.op not in ("scalar", "alias")]
            xs = tuple(c for c in crossings if node.span.covers_line(c.span.line))
            out.append(
                RegionInfo(
                    node.span,
                    node.header,
                    node.mode,
                    user_name(node.lane_var) if node.lane_var else "_",
                    tuple(o.op for o in inner),
                    xs,
                )
            )
    return out


def symbols(
    module: ir.Module,
    kernels: list[KernelInfo],
    scopes: tuple[ScopeInfo, ...] = (),
    place: Callable[[Span], Span] = lambda span: span,
) -> tuple[SymbolInfo, ...]:
    """The document outline: programs, functions, kernels with their expanded type, regions, scopes.

    `place` puts the module's own spans where `kernels` and `scopes` are (document lines, when those are
    already rebased: then only the few function and program spans are mapped, not the whole outline)."""

    by_line = sorted(range(len(kernels)), key=lambda i: kernels[i].span.line)
    starts = [kernels[i].span.line for i in by_line]

    def kernel_children(function: ir.Function, span: Span) -> tuple[SymbolInfo, ...]:
        out = []
        low, high = bisect.bisect_left(starts, span.line), bisect.bisect_right(starts, span.end_line)
        for k in (kernels[i] for i in sorted(by_line[low:high])):  # in the kernels' own order
            if k.span != span:
                regions = tuple(
                    SymbolInfo(f"split_aiv({r.mode})", "region", r.span, r.header) for r in k.regions
                )
                out.append(SymbolInfo(k.name, "kernel", k.span, k.header, k.func_type, regions))
        return tuple(out)

    def function_symbol(function: ir.Function) -> SymbolInfo:
        span = place(function.span)
        own = next((k for k in kernels if k.span == span), None)
        detail = f"{function.func_type} → {own.func_type}" if own else function.func_type
        kids = kernel_children(function, span) + tuple(
            SymbolInfo(scope.kind, "scope", scope.span, scope.header, scope.detail)
            for scope in scopes
            if span.line <= scope.span.line <= span.end_line
        )
        if own is not None:
            kids = kids + tuple(
                SymbolInfo(f"split_aiv({r.mode})", "region", r.span, r.header) for r in own.regions
            )
        return SymbolInfo(function.name, "function", span, place(function.header), detail, kids)

    symbols = [function_symbol(f) for f in module.functions]
    for program in module.programs:
        symbols.append(
            SymbolInfo(
                program.name,
                "program",
                place(program.span),
                place(program.header),
                "pl.program",
                tuple(function_symbol(f) for f in program.functions),
            )
        )
    return tuple(sorted(symbols, key=lambda s: s.span.line))


def outline_key(module: ir.Module, place: Callable[[Span], Span] = lambda span: span) -> tuple[object, ...]:
    """All that `symbols` reads of the module: its functions and programs, as names, kinds and places."""

    def function(f: ir.Function) -> tuple[object, ...]:
        return (f.name, f.func_type, place(f.span), place(f.header))

    return (
        tuple(function(f) for f in module.functions),
        tuple(
            (p.name, place(p.span), place(p.header), tuple(function(f) for f in p.functions))
            for p in module.programs
        ),
    )


def scope_infos(
    module: ir.Module,
    kernels: list[Kernel],
    memo: dict[int, tuple[object, list[ir.Call]]] | None = None,
    scopes: LastingMemo | None = None,
) -> tuple[ScopeInfo, ...]:
    """Cluster scopes with the kernels inside them, and dispatch-form spmd scopes with what they launch
    (`memo` keeps the calls of unchanged scope bodies across analyses)."""
    from compiler.ir_walk import calls_in_block

    memo = memo if memo is not None else {}
    live: set[int] = set()

    def calls_of(body: tuple[ir.Stmt, ...]) -> list[ir.Call]:
        live.add(id(body))
        cached = memo.get(id(body))
        if cached is None or cached[0] is not body:
            cached = (body, calls_in_block(body))
            memo[id(body)] = cached
        return cached[1]

    scopes = scopes if scopes is not None else LastingMemo()

    by_name: dict[str, list[int]] = {}
    by_span: dict[object, list[int]] = {}
    for index, k in enumerate(kernels):
        by_name.setdefault(k.name, []).append(index)
        by_span.setdefault(k.span, []).append(index)
    starts = sorted((k.span.line, index) for index, k in enumerate(kernels))
    out: list[ScopeInfo] = []
    for function in module.all_functions():
        for stmt in (s for top in function.body for s in nested_fold(scopes, top, _launch_scope)):
            if stmt.kind == "cluster":
                low = bisect.bisect_left(starts, (stmt.span.line, -1))
                high = bisect.bisect_right(starts, (stmt.span.end_line, len(kernels)))
                inside = tuple(kernels[i].name for i in sorted(index for _, index in starts[low:high]))
                out.append(
                    ScopeInfo("pl.cluster", stmt.span, stmt.header, inside, "co-schedules AIC and AIV")
                )
                continue
            called = {c.func[5:] for c in calls_of(stmt.body) if c.func.startswith("self.")}
            picked = sorted({*(i for n in called for i in by_name.get(n, ())), *by_span.get(stmt.span, ())})
            launched = tuple(kernels[i].name for i in picked)
            candidates = sorted({i for n in set(launched) for i in by_name.get(n, ())})
            launch = next((kernels[i].launch for i in candidates if kernels[i].launch is not None), None)
            detail = ""
            if launch is not None:
                width = launch.width if launch.width is not None else "?"
                width_text = f"pl.system.{width}()" if isinstance(width, str) and width != "?" else str(width)
                detail = f"{width_text} blocks" + (", sync_start" if launch.sync_start else "")
            out.append(ScopeInfo("pl.spmd", stmt.span, stmt.header, launched, detail))
    for stale in [k for k in memo if k not in live]:
        del memo[stale]
    return tuple(out)


def _launch_scope(stmt: ir.Stmt) -> tuple[ir.With, ...]:
    """(stmt,) for a `pl.cluster()` or `pl.spmd` with-scope (the scopes nested in it give their own)."""
    return (stmt,) if isinstance(stmt, ir.With) and stmt.kind in ("cluster", "spmd") else ()
