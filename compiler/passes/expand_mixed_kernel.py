"""ExpandMixedKernel: split each mixed InCore kernel into AIC + AIV functions and a Group.

Decides, per statement, which lane(s) run it: CUBE statements go to AIC, VECTOR to AIV, SHARED to
both, and every crossing becomes a tpush on the producer lane and a tpop on the consumer lane.
Dead SHARED declarations are dropped per lane. Derives the automatic cross-core pipe.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from compiler.analysis import CrossingInfo, PipeSetup
from compiler.diagnostics import Diagnostic, Related, Severity
from compiler.ops.registry import Affinity
from compiler.passes.core_affinity import op_affinity, rollup
from compiler.passes.model import (
    ALIAS,
    BLOCK_IDX,
    CROSSING_MOVE,
    SCALAR,
    SUBBLOCK_IDX,
    Kernel,
    TIf,
    TLoop,
    TNode,
    TOp,
    TRegion,
    TScope,
    TYield,
    children,
    ops_of,
)
from compiler.types import TensorType, TileType, nbytes

AIC, AIV = "aic", "aiv"
SPLIT_CODE = {"NONE": 0, "UP_DOWN": 1, "LEFT_RIGHT": 2}
_REMOVABLE = frozenset(
    {SCALAR, ALIAS, "tile.create", "tile.get_block_idx", "tile.get_subblock_idx", "tile.full"}
)


def _user(name: str | None) -> str:
    return (name or "?").split("__", 1)[0]


def op_sides(op: TOp, mixed: bool, single: str) -> frozenset[str]:
    """The lanes an op statement lands on before dead-code removal."""
    if not mixed:
        return frozenset({single})
    aff = op_affinity(op)
    if aff is Affinity.CUBE:
        return frozenset({AIC})
    if aff is Affinity.VECTOR:
        return frozenset({AIV})
    return frozenset({AIC, AIV})


def _producer_side(op: TOp) -> str:
    return AIC if op.crossing == "C2V" else AIV


def _consumer_side(op: TOp) -> str:
    return AIV if op.crossing == "C2V" else AIC


def _reads_on(op: TOp, side: str) -> tuple[str, ...]:
    if op.crossing is not None and side == _consumer_side(op):
        return ()
    return tuple(op.reads) + tuple(o for o in op.operands if o)


@dataclass(slots=True)
class LaneResult:
    """Lanes per source line and per op, after expansion of one kernel."""

    mixed: bool
    single: str
    line_sides: dict[int, set[str]] = field(default_factory=dict)
    op_sides: dict[int, frozenset[str]] = field(default_factory=dict)  # id(op) -> kept sides
    kept: dict[str, list[TNode]] = field(default_factory=dict)


def assign_lanes(kernel: Kernel) -> LaneResult:
    """Compute the lanes of every statement of a kernel, with per-lane dead-code removal."""
    if kernel.func_type in ("AIC", "AIV"):
        mixed, single = False, kernel.func_type.lower()
    else:
        aff = rollup(kernel.body)
        mixed = aff is Affinity.MIXED
        single = AIC if aff is Affinity.CUBE else AIV
    result = LaneResult(mixed, single)
    defs: dict[str, frozenset[str]] = {}
    for op, _ in ops_of(kernel.body):
        if op.result:
            if op.crossing is not None and mixed:
                defs[op.result] = frozenset({_consumer_side(op)})
            else:
                defs[op.result] = op_sides(op, mixed, single)
    for node, _ in _walk_regions(kernel.body):
        if isinstance(node, TYield):
            for target, value in zip(node.targets, node.values, strict=False):
                defs[target] = defs.get(value, frozenset({AIC, AIV}))
    sides = (AIC, AIV) if mixed else (single,)
    for side in sides:
        removed: set[int] = set()
        while True:
            used: set[str] = set()
            _collect_reads(kernel.body, side, mixed, single, defs, removed, used)
            newly = {
                id(op)
                for op, _ in ops_of(kernel.body)
                if id(op) not in removed
                and op.op in _REMOVABLE | {op.op for _ in () if False}
                and (
                    op.op in (SCALAR, ALIAS)
                    or op.origin in (SUBBLOCK_IDX, BLOCK_IDX)
                    or op_affinity(op) is Affinity.SHARED
                )
                and side in op_sides(op, mixed, single)
                and op.result not in used
            }
            if not newly:
                break
            removed |= newly
        kept = _place(kernel.body, side, mixed, single, defs, removed, result)
        result.kept[side] = list(kept)
    return result


def _node_present(
    node: TNode, side: str, mixed: bool, single: str, defs: dict[str, frozenset[str]], removed: set[int]
) -> bool:
    if isinstance(node, TOp):
        return id(node) not in removed and side in op_sides(node, mixed, single)
    if isinstance(node, TYield):
        if not mixed:
            return True
        return any(side in defs.get(v, frozenset({AIC, AIV})) for v in node.values) or not node.values
    return any(_node_present(c, side, mixed, single, defs, removed) for sub in children(node) for c in sub)


def _collect_reads(
    block: tuple[TNode, ...],
    side: str,
    mixed: bool,
    single: str,
    defs: dict[str, frozenset[str]],
    removed: set[int],
    used: set[str],
) -> None:
    for node in block:
        if not _node_present(node, side, mixed, single, defs, removed):
            continue
        if isinstance(node, TOp):
            used.update(_reads_on(node, side))
        elif isinstance(node, TYield):
            used.update(node.values)
        else:
            if isinstance(node, TLoop | TIf):
                used.update(node.reads)
            for sub in children(node):
                _collect_reads(sub, side, mixed, single, defs, removed, used)


def _place(
    block: tuple[TNode, ...],
    side: str,
    mixed: bool,
    single: str,
    defs: dict[str, frozenset[str]],
    removed: set[int],
    result: LaneResult,
) -> list[TNode]:
    kept: list[TNode] = []
    for node in block:
        if not _node_present(node, side, mixed, single, defs, removed):
            continue
        kept.append(node)
        line: int | None = None
        if isinstance(node, TOp):
            result.op_sides[id(node)] = result.op_sides.get(id(node), frozenset()) | {side}
            if node.line_span is not None:
                line = node.line_span.line if node.origin == CROSSING_MOVE else node.call_span.line
        elif isinstance(node, TYield):
            line = node.span.line
        elif isinstance(node, TLoop | TIf):
            line = node.header.line
        if line is not None:
            result.line_sides.setdefault(line, set()).add(side)
        for sub in children(node):
            _place(sub, side, mixed, single, defs, removed, result)
    return kept


def lane_name(sides: set[str] | frozenset[str]) -> str:
    """'aic' / 'aiv' / 'both'."""
    return "both" if len(sides) > 1 else next(iter(sides))


# ---------------------------------------------------------------- pipe setup and crossings
def crossings(kernel: Kernel, types: Mapping[str, object]) -> list[CrossingInfo]:
    """Every crossing of a kernel: explicit shard/gather or user move, and implicit inserted moves."""
    out: list[CrossingInfo] = []
    region_mode: dict[int, str] = {}
    for node, region in _walk_regions(kernel.body):
        if isinstance(node, TOp) and region is not None:
            region_mode[id(node)] = region.mode
    for op, _ in ops_of(kernel.body):
        if op.crossing is None:
            continue
        value = _user(op.operands[0] if op.operands else op.result)
        explicit = op.origin != CROSSING_MOVE
        split = SPLIT_CODE.get(region_mode.get(id(op), kernel.split or "NONE"), 0)
        if op.crossing == "C2V":
            transport = "tpush_to_aiv (AIC) → tpop_from_aic (AIV)"
        else:
            transport = "tpush_to_aic (AIV) → tpop_from_aiv (AIC)"
        ttype = types.get(op.operands[0] or "") if op.operands else None
        size = nbytes(ttype.shape, ttype.dtype) if isinstance(ttype, TileType | TensorType) else None
        out.append(CrossingInfo(op.call_span, op.crossing, value, explicit, transport, split, size))
    return out


def _walk_regions(
    block: tuple[TNode, ...], region: TRegion | None = None
) -> list[tuple[TNode, TRegion | None]]:
    out: list[tuple[TNode, TRegion | None]] = []
    for node in block:
        out.append((node, region))
        inner = node if isinstance(node, TRegion) else region
        for sub in children(node):
            out.extend(_walk_regions(sub, inner))
    return out


def pipe_setup(
    kernel: Kernel, found: list[CrossingInfo], report: Callable[[Diagnostic], None], target: str
) -> PipeSetup | None:
    """dir_mask, slot_size (max tile bytes), slot_num (default 2 or pl.cross_core_slot) and buffers."""
    if not found:
        return None
    dir_mask = (1 if any(c.direction == "C2V" for c in found) else 0) | (
        2 if any(c.direction == "V2C" for c in found) else 0
    )
    sizes = [c.slot_bytes for c in found if c.slot_bytes]
    slot_size = max(sizes) if sizes else 0
    slot_num = kernel.slot_num or 2
    if kernel.local_slot_num is not None and target == "a5":
        report(
            Diagnostic(
                "PTO-SP2",
                Severity.ERROR,
                f"kernel '{kernel.name}': local_slot_num={kernel.local_slot_num} is not supported on the a5 "
                "(Ascend950) backend: the 950 frontend pipe lowering rejects the local_slot_num operand whatever "
                "its value",
                kernel.header,
                "Drop local_slot_num= from pl.cross_core_slot(...) on a5.",
                stage="ExpandMixedKernel",
            )
        )
    buffers = slot_size * slot_num
    return PipeSetup(
        dir_mask,
        slot_size,
        slot_num,
        kernel.local_slot_num,
        f"{kernel.name}_c2v_buf" if dir_mask & 1 else None,
        f"{kernel.name}_v2c_buf" if dir_mask & 2 else None,
        buffers * (2 if dir_mask == 3 else 1),
    )


def transpose_check(kernel: Kernel, report: Callable[[Diagnostic], None], mixed: bool) -> int:
    """E-1: an AUTO pl.split kernel whose transpose swaps the split axis."""
    if not mixed or kernel.split not in ("UP_DOWN", "LEFT_RIGHT"):
        return 0
    if any(isinstance(n, TRegion) for n, _ in _walk_regions(kernel.body)):
        return 0
    dim = 0 if kernel.split == "UP_DOWN" else 1
    for op, _ in ops_of(kernel.body):
        if op.op != "tile.transpose":
            continue
        axes = [c for c in op.consts[1:3]]
        if len(axes) == 2 and isinstance(axes[0], int) and isinstance(axes[1], int) and dim not in axes:
            continue
        result = f" (result '{_user(op.result)}')" if op.result and op.bound else ""
        report(
            Diagnostic(
                "PTO-E1",
                Severity.ERROR,
                f"ExpandMixedKernel: kernel '{kernel.name}' requests pl.split({kernel.split}) but contains a "
                f"tile.transpose{result} that swaps the split axis (dim {dim}). SplitVectorKernel halves the split "
                "axis while the transpose moves that data to the other dimension, so the split cannot be applied "
                'correctly. Fix it one of two ways: (1) drop the split — set attrs={"split": pl.SplitMode.NONE} (or '
                "remove the pl.split optimization); or (2) eliminate this transpose, e.g. replace a "
                "transpose-then-row-index with a direct column slice such as pre[:, h:h+1].",
                op.call_span,
                None,
                (Related(kernel.header, f"pl.split({kernel.split}) requested here"),),
                stage="ExpandMixedKernel",
            )
        )
        return 1
    return 0


# ---------------------------------------------------------------- expanded text
def _render_op(op: TOp, side: str, mixed: bool) -> str:
    args = ", ".join(_user(o) if o else "…" for o in op.operands)
    if mixed and op.crossing is not None:
        value = _user(op.operands[0] if op.operands else None)
        if side == _producer_side(op):
            direction = "aiv" if op.crossing == "C2V" else "aic"
            return f"tile.tpush_to_{direction}({value})"
        source = "aic" if op.crossing == "C2V" else "aiv"
        res = _user(op.result)
        free = "system.tfree_to_aic" if source == "aic" else "system.tfree_to_aiv"
        return f"{res} = tile.tpop_from_{source}()  ·  {free}({res})"
    if op.op in (SCALAR, ALIAS):
        return (
            f"{_user(op.result)} = <scalar {', '.join(op.reads)}>"
            if op.op == SCALAR
            else f"{_user(op.result)} = {args}"
        )
    lhs = f"{_user(op.result)} = " if op.result else ""
    return f"{lhs}{op.op}({args})"


def render_side(nodes: list[TNode], side: str, mixed: bool, lanes: LaneResult, indent: int = 1) -> list[str]:
    """DSL-like text of one lane's body."""
    pad = "    " * indent
    lines: list[str] = []
    for node in nodes:
        if isinstance(node, TOp):
            if side not in lanes.op_sides.get(id(node), frozenset()):
                continue
            where = f"  # line {node.call_span.line}" if node.line_span is not None else ""
            lines.append(f"{pad}{_render_op(node, side, mixed)}{where}")
        elif isinstance(node, TYield):
            word = "return" if node.is_return else "pl.yield_"
            lines.append(f"{pad}{word} {', '.join(_user(v) for v in node.values)}")
        else:
            kept = [c for sub in children(node) for c in sub]
            if isinstance(node, TLoop):
                lines.append(f"{pad}for {node.var or '_'} in pl.{node.kind}(...):  # line {node.header.line}")
                lines.extend(
                    render_side(list(node.body), side, mixed, lanes, indent + 1) or [pad + "    pass"]
                )
            elif isinstance(node, TIf):
                lines.append(f"{pad}if ...:  # line {node.header.line}")
                lines.extend(
                    render_side(list(node.body), side, mixed, lanes, indent + 1) or [pad + "    pass"]
                )
                if node.orelse:
                    lines.append(f"{pad}else:")
                    lines.extend(
                        render_side(list(node.orelse), side, mixed, lanes, indent + 1) or [pad + "    pass"]
                    )
            elif isinstance(node, TRegion):
                lines.append(f"{pad}# pl.split_aiv region, mode={node.mode} (line {node.header.line})")
                lines.extend(render_side(list(node.body), side, mixed, lanes, indent))
            elif isinstance(node, TScope):
                lines.extend(render_side(kept, side, mixed, lanes, indent))
    return lines


def lane_diagram(kernel: Kernel, lanes: LaneResult, pipe: PipeSetup | None) -> list[str]:
    """Two columns, AIC | AIV, ops in order, every crossing drawn as an arrow with value, transport and slot."""
    width = 44
    rows = [f"{'AIC (cube)':<{width}}│ AIV (vector)", f"{'─' * width}┼{'─' * width}"]
    slot = 0
    for op, _ in ops_of(kernel.body):
        sides = lanes.op_sides.get(id(op), frozenset())
        if not sides:
            continue
        label = _user(op.result) if op.result else op.op
        if op.crossing is not None and lanes.mixed:
            value = _user(op.operands[0] if op.operands else None)
            slot_text = f"slot {slot % (pipe.slot_num if pipe else 2)}"
            slot += 1
            if op.crossing == "C2V":
                left = f"tpush_to_aiv({value}) ──{slot_text}──"
                rows.append(f"{left:─<{width}}┼──▶ {label} = tpop_from_aic()")
            else:
                left = f"{label} = tpop_from_aiv() ◀──{slot_text}──"
                rows.append(f"{left:<{width}}┼── tpush_to_aic({value})")
            continue
        text = f"{label} = {op.op}" if op.result else op.op
        if op.op in (SCALAR, ALIAS):
            continue
        aic = text if AIC in sides else ""
        aiv = text if AIV in sides else ""
        rows.append(f"{aic[: width - 1]:<{width}}│ {aiv}")
    return rows


def expanded_text(
    kernel: Kernel,
    lanes: LaneResult,
    pipe: PipeSetup | None,
    names: tuple[str | None, str | None, str | None],
) -> str:
    """The kernel after ExpandMixedKernel, as DSL-like text, preceded by its lane diagram."""
    aic_name, aiv_name, group_name = names
    head = [f"# kernel {kernel.name} ({kernel.source_kind}, line {kernel.header.line})"]
    if lanes.mixed:
        head.append(f"# mixed → Group {group_name}: AIC {aic_name} + AIV {aiv_name}")
    else:
        head.append(f"# pure {lanes.single.upper()} kernel → {aic_name or aiv_name}")
    if pipe is not None:
        dirs = {1: "C2V", 2: "V2C", 3: "C2V+V2C"}[pipe.dir_mask]
        head.append(
            f"# pipe: dir_mask={pipe.dir_mask} ({dirs}), slot_size={pipe.slot_size} B, slot_num={pipe.slot_num}, "
            f"buffers {pipe.buffer_bytes} B on chip"
        )
    out = [*head, "#", *("# " + r for r in lane_diagram(kernel, lanes, pipe)), ""]
    for side, name in ((AIC, aic_name), (AIV, aiv_name)):
        if name is None:
            continue
        out.append(f"@pl.function(type=pl.FunctionType.{side.upper()})")
        out.append(f"def {name}(...):")
        if pipe is not None and lanes.mixed:
            init = "aic_initialize_pipe" if side == AIC else "aiv_initialize_pipe"
            out.append(
                f"    pl.{init}(dir_mask={pipe.dir_mask}, slot_size={pipe.slot_size}, slot_num={pipe.slot_num})"
            )
        body = render_side(lanes.kept.get(side, []), side, lanes.mixed, lanes)
        out.extend(body or ["    pass"])
        out.append("")
    if lanes.mixed:
        out.append("@pl.function(type=pl.FunctionType.Group)")
        out.append(f"def {group_name}(...):")
        out.append(f"    self.{aic_name}(...)")
        out.append(f"    self.{aiv_name}(...)")
    return "\n".join(out)
