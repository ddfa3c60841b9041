"""ExpandMixedKernel: split each mixed InCore kernel into AIC + AIV functions and a Group.

Decides, per statement, which lane(s) run it: CUBE statements go to AIC, VECTOR to AIV, SHARED to
both, and every crossing becomes a tpush on the producer lane and a tpop on the consumer lane.
Dead SHARED declarations are dropped per lane. Derives the automatic cross-core pipe.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from compiler.analysis import (
    CrossingInfo,
    ExpandedFunction,
    ExpandedKernel,
    ExpandedLine,
    ExpandedOp,
    LaneStep,
    PipeSetup,
    pack_rows,
)
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.ops.opdef import Affinity
from compiler.passes.core_affinity import op_affinity, rollup
from compiler.passes.lower_auto_vector_split import (
    SPLIT_DIM,
    ragged_extent,
    splits_on_its_own,
    transpose_moves_split_axis,
)
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
    last_use,
    names_used,
    ops_of,
    user_name,
    walk,
    with_children,
)
from compiler.rules.expand_mixed_kernel import SPLIT_REQUESTED
from compiler.source import Line
from compiler.types import TensorType, TileType, nbytes

AIC, AIV = "aic", "aiv"
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
SPLIT_CODE = {"NONE": 0, "UP_DOWN": 1, "LEFT_RIGHT": 2}
_REMOVABLE = frozenset(
    {SCALAR, ALIAS, "tile.create", "tile.get_block_idx", "tile.get_subblock_idx", "tile.full", "tensor.read"}
)


def value_label(name: str | None, producers: Mapping[str, TOp]) -> str:
    """How a crossing value reads to the user: its variable, or `pl.exp(…)` for an unnamed temporary."""
    producer = producers.get(name or "")
    if name and name.startswith("_t") and producer is not None and producer.dsl_name:
        return f"{producer.dsl_name}(…)"
    return user_name(name)


def _producers(kernel: Kernel) -> dict[str, TOp]:
    return {op.result: op for op, _ in ops_of(kernel.body) if op.result}


def transports(op: TOp) -> bool:
    """True for a statement that becomes a tpush / tpop pair (not a move of a value that already crossed)."""
    return op.crossing is not None and not op.recross


def op_sides(op: TOp, mixed: bool, single: str) -> frozenset[str]:
    """The lanes an op statement lands on before dead-code removal."""
    if not mixed:
        return frozenset({single})
    if op.pinned is not None:
        return frozenset({op.pinned})
    if op.recross and op.crossing is not None:
        return frozenset({_consumer_side(op)})
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
    if transports(op) and side == _consumer_side(op):
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
    """Compute the lanes of every statement of a kernel, with per-lane dead-code removal.

    Values are tracked by definition, not by name: a name assigned again later in the same block is a
    new value, so what reads the second value does not keep the first one alive on its lane.
    """
    versioned, back = _versioned(kernel)
    if versioned is kernel:
        return _assign_lanes(kernel)
    result = _assign_lanes(versioned)
    # Back to the kernel's own nodes (ids of the versioned copy are valid only while it lives: here).
    result.op_sides = {id(back[k][1]) if k in back else k: v for k, v in result.op_sides.items()}
    result.kept = {side: [_original(back, n) for n in nodes] for side, nodes in result.kept.items()}
    return result


def _original(back: dict[int, tuple[TNode, TNode]], node: TNode) -> TNode:
    """The kernel's own node a rewritten one stands for (the node itself when it was not rewritten)."""
    entry = back.get(id(node))
    return entry[1] if entry is not None and entry[0] is node else node


def _versioned(kernel: Kernel) -> tuple[Kernel, dict[int, tuple[TNode, TNode]]]:
    """A copy of the kernel in which every re-assignment of a name in the same block defines a new version
    `name__vN`, with the reads that follow it renamed; and the map from each rewritten node back to the
    original. A block's re-assignments are versioned when every other definition of the name lies
    inside the statements before its second one (a loop that accumulates it, then `x = f(x)`)."""
    defs: dict[str, list[int]] = {}
    other_defs: set[str] = set()
    for node, _ in walk(kernel.body):
        if isinstance(node, TLoop):
            other_defs.update(n for n in (node.var,) if n)
            other_defs.update(c for c, _ in node.carries)
        elif isinstance(node, TYield):
            other_defs.update(node.targets)
    blocks: list[tuple[TNode, ...]] = [kernel.body]
    for node, _ in walk(kernel.body):
        blocks.extend(children(node))
    tops: list[tuple[tuple[TNode, ...], dict[str, list[int]]]] = []
    for block in blocks:
        positions: dict[str, list[int]] = {}
        for pos, node in enumerate(block):
            if isinstance(node, TOp) and node.result:
                defs.setdefault(node.result, []).append(id(node))
                positions.setdefault(node.result, []).append(pos)
        tops.append((block, positions))
    versioned_ops: set[int] = set()
    for block, positions in tops:
        for name, at in positions.items():
            if len(at) < 2 or name in other_defs:
                continue
            top_ids = {id(block[p]) for p in at}
            before = {id(op) for op, _ in ops_of(block[: at[1]])}
            if all(i in top_ids or i in before for i in defs[name]):
                versioned_ops |= top_ids
    if not versioned_ops:
        return kernel, {}
    # id(rewritten) -> (rewritten, original): the entry keeps the rewritten node alive, so no later
    # node of the rewrite can take its address (an intermediate copy freed early would hand its id on).
    back: dict[int, tuple[TNode, TNode]] = {}

    def record(new: TNode, old: TNode) -> None:
        back[id(new)] = (new, _original(back, old))

    def rename_reads(node: TNode, current: dict[str, str]) -> TNode:
        if not current:
            return node
        new: TNode
        if isinstance(node, TOp):
            new = node.with_(
                operands=tuple(current.get(o, o) if o else o for o in node.operands),
                reads=tuple(current.get(r, r) for r in node.reads),
            )
        elif isinstance(node, TYield):
            new = replace(node, values=tuple(current.get(v, v) for v in node.values))
        else:
            blocks_ = tuple(tuple(rename_reads(c, current) for c in sub) for sub in children(node))
            new = with_children(node, blocks_)
            if isinstance(new, TLoop | TIf):
                new = replace(new, reads=tuple(current.get(r, r) for r in new.reads))
            if isinstance(new, TLoop):
                new = replace(new, carries=tuple((c, current.get(i, i)) for c, i in new.carries))
        if new == node:
            return node  # an equal copy would stand for no kernel node: keep the original's identity
        record(new, node)
        return new

    def rewrite(block: tuple[TNode, ...]) -> tuple[TNode, ...]:
        count: dict[str, int] = {}
        current: dict[str, str] = {}
        out: list[TNode] = []
        for node in block:
            node = rename_reads(node, current)
            if isinstance(node, TOp) and node.result and id(_original(back, node)) in versioned_ops:
                count[node.result] = count.get(node.result, 0) + 1
                if count[node.result] > 1:
                    versioned = f"{node.result}__v{count[node.result]}"
                    renamed = node.with_(result=versioned)
                    record(renamed, node)
                    current[node.result] = versioned
                    node = renamed
                elif node.result is not None:
                    current.pop(node.result, None)
            elif not isinstance(node, TOp):
                blocks_ = tuple(rewrite(sub) for sub in children(node))
                rebuilt = with_children(node, blocks_)
                if rebuilt != node:
                    record(rebuilt, node)
                    node = rebuilt
            out.append(node)
        return tuple(out)

    return kernel.with_body(rewrite(kernel.body)), back


@dataclass(frozen=True, slots=True)
class _Split:
    """How a kernel splits: mixed or single-lane, and the ops that a one-lane compound statement keeps."""

    mixed: bool
    single: str
    enclosed: Mapping[int, str]  # id(op) -> the lane of the CUBE / VECTOR loop or if around it
    type_reads: Mapping[int, tuple[str, ...]]  # id(op) -> the names its result's valid shape reads
    phis: Mapping[int, frozenset[str]]  # id(if) -> the names its branches assign and later code reads

    known: dict[int, frozenset[str]] = field(default_factory=dict)  # sides() asked before, by id(op)
    read: dict[tuple[int, str], tuple[str, ...]] = field(default_factory=dict)  # reads() asked before

    def reads(self, op: TOp, side: str) -> tuple[str, ...]:
        """The names an op statement on `side` keeps alive: its operands and reads (none for the consumer's
        half of a crossing), and what its result's valid shape reads."""
        key = (id(op), side)
        found = self.read.get(key)
        if found is None:
            found = self.read[key] = _reads_on(op, side) + self.type_reads.get(id(op), ())
        return found

    def sides(self, op: TOp) -> frozenset[str]:
        """The lanes an op statement lands on before dead-code removal."""
        found = self.known.get(id(op))
        if found is None:
            lane = self.enclosed.get(id(op)) if op.pinned is None else None
            found = frozenset({lane}) if lane is not None else op_sides(op, self.mixed, self.single)
            self.known[id(op)] = found
        return found


def _enclosed_lanes(block: tuple[TNode, ...]) -> dict[int, str]:
    """BuildCoreBody keeps a loop or if whose statements roll up to CUBE (VECTOR) whole on AIC (AIV),
    SHARED statements included: only a MIXED compound is pruned statement by statement."""
    found: dict[int, str] = {}
    for node in block:
        if not isinstance(node, TLoop | TIf):
            for sub in children(node):
                found.update(_enclosed_lanes(sub))
            continue
        aff = rollup((node,))
        if aff in (Affinity.CUBE, Affinity.VECTOR):
            lane = AIC if aff is Affinity.CUBE else AIV
            found.update((id(op), lane) for op, _ in ops_of((node,)))
        elif aff is Affinity.MIXED:
            for sub in children(node):
                found.update(_enclosed_lanes(sub))
    return found


def _valid_shape_reads(kernel: Kernel) -> dict[int, tuple[str, ...]]:
    """The names each op's result type reads through a runtime valid shape (`pl.set_validshape(t, M, n)`):
    DCE counts a type's variables as uses, so `n` lives on every lane that holds such a value (a tpop
    included: its tile has the type of the value that crossed)."""
    producers = _producers(kernel)
    found: dict[int, tuple[str, ...]] = {}
    for op, _ in ops_of(kernel.body):
        vtype = op.type
        if transports(op) and op.operands and op.operands[0] in producers:
            vtype = producers[op.operands[0]].type
        valid = getattr(vtype, "valid", None)
        if valid:
            names = tuple(n for dim in valid if isinstance(dim, str) for n in _IDENTIFIER.findall(dim))
            if names:
                found[id(op)] = names
    return found


def _if_phis(
    block: tuple[TNode, ...], live_after: frozenset[str], found: dict[int, frozenset[str]]
) -> dict[int, frozenset[str]]:
    """The return values ConvertToSSA gives each if: names assigned in a branch and read after the if.
    Their yields are live roots of DCE, so an if kept on a lane keeps what it yields there."""
    later = set(live_after)
    after: list[frozenset[str]] = []
    for node in reversed(block):
        after.append(frozenset(later))
        later |= names_used(node)
    for node, live in zip(block, reversed(after), strict=True):
        if isinstance(node, TIf):
            assigned = {n.result for n in (*node.body, *node.orelse) if isinstance(n, TOp) and n.result}
            if assigned & live:
                found[id(node)] = frozenset(assigned & live)
        for sub in children(node):
            _if_phis(sub, live, found)
    return found


def _assign_lanes(kernel: Kernel) -> LaneResult:
    """assign_lanes on a kernel whose values are already one definition per name where it matters."""
    if kernel.func_type in ("AIC", "AIV"):
        mixed, single = False, kernel.func_type.lower()
    else:
        aff = rollup(kernel.body)
        mixed = aff is Affinity.MIXED
        single = AIC if aff is Affinity.CUBE else AIV
    split = _Split(
        mixed,
        single,
        _enclosed_lanes(kernel.body) if mixed else {},
        _valid_shape_reads(kernel),
        _if_phis(kernel.body, frozenset(), {}) if mixed else {},
    )
    result = LaneResult(mixed, single)
    defs: dict[str, frozenset[str]] = {}
    for op, _ in ops_of(kernel.body):
        if op.result:
            if op.crossing is not None and mixed:
                defs[op.result] = frozenset({_consumer_side(op)})
            else:
                defs[op.result] = split.sides(op)
    for node, _ in walk(kernel.body):
        if isinstance(node, TYield):
            for target, value in zip(node.targets, node.values, strict=False):
                defs[target] = defs.get(value, frozenset({AIC, AIV}))
    sides = (AIC, AIV) if mixed else (single,)
    read_anywhere = frozenset(name for node in kernel.body for name in names_used(node))
    defined = frozenset(op.result for op, _ in ops_of(kernel.body) if op.result)
    all_ops = [op for op, _ in ops_of(kernel.body)]
    for side in sides:
        removed: set[int] = set()
        # What DCE may drop on this lane when nothing reads it: a dead one's reads keep nothing alive.
        removable = frozenset(
            id(op)
            for op in all_ops
            if op.op in _REMOVABLE
            # A single-lane kernel is not split: the scalar clean-up keeps an assignment with a call in it
            # (IsRemovableScalarAssign), so an unused pl.read stays (an anchor read).
            and (mixed or op.op != "tensor.read")
            and (
                op.op in (SCALAR, ALIAS)
                or op.origin in (SUBBLOCK_IDX, BLOCK_IDX)
                or op_affinity(op) is Affinity.SHARED
            )
            and side in split.sides(op)
        )
        # What the kernel reads before it writes it and also writes is carried across the scope (an
        # outlined kernel in a loop): its last value is an output, live at the end.
        carried: frozenset[str] = frozenset()
        while True:
            live_defs: set[int] = set()
            entry = _live_in(kernel.body, side, split, defs, removed, carried, live_defs, {}, removable)
            if not removed and entry & defined - carried:
                carried |= entry & defined
                continue  # the first pass found carried values: again, with them live at the end
            newly = removable - live_defs - removed
            if not newly:
                break
            removed |= newly
        kept = _place(kernel.body, side, split, defs, removed, result, kernel.statement_lines, read_anywhere)
        result.kept[side] = list(kept)
    return result


def _node_present(
    node: TNode,
    side: str,
    split: _Split,
    defs: dict[str, frozenset[str]],
    removed: set[int],
    memo: dict[int, bool] | None = None,
) -> bool:
    """Whether a node is on `side` (`memo`: the answers for compound nodes within one walk over the same
    `removed`, so nested bodies are not searched again at every level above them)."""
    if isinstance(node, TOp):
        return id(node) not in removed and side in split.sides(node)
    if isinstance(node, TYield):
        if not split.mixed:
            return True
        if node.is_return:  # the AIC function returns nothing; the AIV function keeps the return
            return side == AIV
        return any(side in defs.get(v, frozenset({AIC, AIV})) for v in node.values) or not node.values
    if memo is not None:
        found = memo.get(id(node))
        if found is not None:
            return found
    present = any(_node_present(c, side, split, defs, removed, memo) for sub in children(node) for c in sub)
    if memo is not None:
        memo[id(node)] = present
    return present


def _live_in(
    block: tuple[TNode, ...],
    side: str,
    split: _Split,
    defs: dict[str, frozenset[str]],
    removed: set[int],
    live_out: frozenset[str],
    live_defs: set[int],
    memo: dict[int, bool],
    removable: frozenset[int] = frozenset(),
    seen: dict[tuple[int, frozenset[str]], frozenset[str]] | None = None,
) -> frozenset[str]:
    """Backward liveness over the statements on `side` (DCE by definition, not by name): the names live
    before `block` given those live after it; adds to `live_defs` every op whose result is read (`seen`:
    the blocks already walked with the same names live after them, in this pass: a nested loop's body is
    not walked again for each round of the loop around it)."""
    seen = {} if seen is None else seen
    key = (id(block), live_out)
    done = seen.get(key)
    if done is not None:
        return done
    live = set(live_out)
    for node in reversed(block):
        if isinstance(node, TOp):  # _node_present inlined: most statements are ops
            if id(node) in removed or side not in split.sides(node):
                continue
            if node.result is not None and node.result in live:
                live_defs.add(id(node))
                live.discard(node.result)
            elif id(node) in removable:
                continue  # dead here: removed, what it reads is not read for it
            live.update(split.reads(node, side))
            continue
        if not _node_present(node, side, split, defs, removed, memo):
            continue
        if isinstance(node, TYield):
            live.update(node.values)
        elif isinstance(node, TIf):
            # The if's yields are live roots on a lane that keeps the if.
            phis = {n for n in split.phis.get(id(node), ()) if side in defs.get(n, frozenset())}
            after = frozenset(live | phis)
            then = _live_in(node.body, side, split, defs, removed, after, live_defs, memo, removable, seen)
            orelse = _live_in(
                node.orelse, side, split, defs, removed, after, live_defs, memo, removable, seen
            )
            live = set(then | orelse | after) | set(node.reads)
        elif isinstance(node, TLoop):
            after = frozenset(live)
            entry = _live_in(node.body, side, split, defs, removed, after, live_defs, memo, removable, seen)
            while True:  # the body's entry is live at its end too: the next iteration reads it
                again = _live_in(
                    node.body, side, split, defs, removed, after | entry, live_defs, memo, removable, seen
                )
                if again == entry:
                    break
                entry = again
            inner: set[str] = set()
            _collect_reads(node.body, side, split, defs, removed, inner, memo)
            # A carry this lane never reads is a dead iter_arg here: its init value is not needed.
            dead = {init for carry, init in node.carries if carry not in inner}
            live = set(entry | after) | {n for n in node.reads if n not in dead}
        else:
            for sub in reversed(children(node)):
                live = set(
                    _live_in(
                        sub, side, split, defs, removed, frozenset(live), live_defs, memo, removable, seen
                    )
                )
    found = seen[key] = frozenset(live)
    return found


def _collect_reads(
    block: tuple[TNode, ...],
    side: str,
    split: _Split,
    defs: dict[str, frozenset[str]],
    removed: set[int],
    used: set[str],
    memo: dict[int, bool] | None = None,
) -> None:
    memo = {} if memo is None else memo
    for node in block:
        if not _node_present(node, side, split, defs, removed, memo):
            continue
        if isinstance(node, TOp):
            used.update(split.reads(node, side))
        elif isinstance(node, TYield):
            used.update(node.values)
        else:
            inner: set[str] = set()
            for sub in children(node):
                _collect_reads(sub, side, split, defs, removed, inner, memo)
            used |= inner
            if isinstance(node, TIf):
                used.update(node.reads)
                used.update(n for n in split.phis.get(id(node), ()) if side in defs.get(n, frozenset()))
            elif isinstance(node, TLoop):
                # A carry this lane never reads is a dead iter_arg here: its init value is not needed.
                dead = {init for carry, init in node.carries if carry not in inner}
                used.update(name for name in node.reads if name not in dead)


def _place(
    block: tuple[TNode, ...],
    side: str,
    split: _Split,
    defs: dict[str, frozenset[str]],
    removed: set[int],
    result: LaneResult,
    statement_lines: bool = False,
    read_anywhere: frozenset[str] = frozenset(),
    in_if: bool = False,
    memo: dict[int, bool] | None = None,
) -> list[TNode]:
    memo = {} if memo is None else memo
    kept: list[TNode] = []
    for node in block:
        if not _node_present(node, side, split, defs, removed, memo):
            continue
        kept.append(node)
        line: int | None = None
        if isinstance(node, TOp):
            result.op_sides[id(node)] = result.op_sides.get(id(node), frozenset()) | {side}
            if node.line_span is not None:
                own_line = node.origin == CROSSING_MOVE or statement_lines
                line = node.line_span.line if own_line else node.call_span.line
        elif isinstance(node, TYield):
            # An if's results that nothing reads are dead: DCE removes the yield with them.
            dead = in_if and bool(node.targets) and not any(t in read_anywhere for t in node.targets)
            line = None if dead else node.span.line
        elif isinstance(node, TLoop | TIf):
            line = node.header.line
        if line is not None:
            result.line_sides.setdefault(line, set()).add(side)
        for sub in children(node):
            _place(
                sub,
                side,
                split,
                defs,
                removed,
                result,
                statement_lines,
                read_anywhere,
                isinstance(node, TIf),
                memo,
            )
    return kept


def dual_aiv_dispatch(kernel: Kernel, lanes: LaneResult, target: str) -> bool:
    """a2a3 runs a no-split mixed kernel (no pl.split, no region) on both AIV lanes; lane 1 replays handshakes."""
    if kernel.func_type == "AIV":
        return bool(dict(kernel.attrs).get("dual_aiv_dispatch"))
    has_region = any(isinstance(node, TRegion) for node, _ in walk(kernel.body))
    return lanes.mixed and target == "a2a3" and kernel.split is None and not has_region


def lane_name(sides: set[str] | frozenset[str]) -> str:
    """'aic' / 'aiv' / 'both'."""
    return "both" if len(sides) > 1 else next(iter(sides))


# ---------------------------------------------------------------- pipe setup and crossings
def _bytes(value: object) -> int | None:
    """Static byte size of a tile or tensor value (None when a dimension or the rank is unknown)."""
    if isinstance(value, TileType) or (isinstance(value, TensorType) and value.ranked):
        return nbytes(value.shape, value.dtype)
    return None


def _runtime_shape(value: object) -> bool:
    """A tile whose shape names a runtime value (not merely a dimension the model does not know)."""
    if not isinstance(value, TileType | TensorType) or (isinstance(value, TensorType) and not value.ranked):
        return False
    return any(isinstance(d, str) and d.isidentifier() for d in value.shape)


def _split_code(mode: str, extent: object, direction: str) -> int:
    """pto-isa TileSplitAxis code: 0 none, 1/2 even UP_DOWN/LEFT_RIGHT, 3/4 their odd (lane 0 one larger) forms."""
    if mode not in ("UP_DOWN", "LEFT_RIGHT"):
        return 0
    code = SPLIT_CODE[mode]
    if direction == "C2V" and isinstance(extent, int) and extent % 2 == 1:
        return code + 2
    return code


def _extent(ttype: object, mode: str) -> object:
    axis = 0 if mode == "UP_DOWN" else 1
    if isinstance(ttype, TileType | TensorType) and len(ttype.shape) > axis:
        return ttype.shape[axis]
    return None


def split_codes(kernel: Kernel, types: Mapping[str, object]) -> dict[int, int]:
    """The pto-isa split code of every crossing op (by identity), from its mode and full-width extent."""
    return {id(op): code for op, code, _, _ in _crossing_modes(kernel, types)}


def _crossing_modes(kernel: Kernel, types: Mapping[str, object]) -> list[tuple[TOp, int, str, object]]:
    """Each crossing op with its split code, mode and full-width extent on the split axis."""
    region_mode = {id(node): region.mode for node, region in walk(kernel.body) if region is not None}
    out: list[tuple[TOp, int, str, object]] = []
    for op, _ in ops_of(kernel.body):
        if not transports(op):
            continue
        mode = region_mode.get(id(op), kernel.split or "NONE")
        # The full-width tile: the shard's operand (C->V) or the gather's result (V->C).
        full = types.get(op.operands[0] or "") if op.crossing == "C2V" and op.operands else op.type
        if op.crossing == "V2C" and not isinstance(full, TileType | TensorType) and op.operands:
            full = types.get(op.operands[0] or "")
        extent = _extent(full, mode)
        out.append((op, _split_code(mode, extent, op.crossing or "C2V"), mode, extent))
    return out


def crossings(
    kernel: Kernel, types: Mapping[str, object], report: Callable[[Diagnostic], None] | None = None
) -> list[CrossingInfo]:
    """Every crossing of a kernel: explicit shard/gather or user move, implicit moves, and GM fences."""
    out: list[CrossingInfo] = []
    producers = _producers(kernel)
    dynamic_reported = False
    # A ragged C->V boundary next to a value split on its own cannot be rebalanced across the lanes (S-10).
    independent = splits_on_its_own([op for op, _ in ops_of(kernel.body)])
    for op, split, mode, extent in _crossing_modes(kernel, types):
        if (
            report is not None
            and op.crossing == "V2C"
            and mode != "NONE"
            and isinstance(extent, int)
            and extent % 2
            and extent > 1  # an extent of 1 leaves lane 1 empty, which the gather allows
        ):
            _odd_gather(op, mode, extent, report)
        if op.crossing == "C2V":
            transport = "tpush_to_aiv (AIC) → tpop_from_aic (AIV)"
        else:
            transport = "tpush_to_aic (AIV) → tpop_from_aiv (AIC)"
        ttype = types.get(op.operands[0] or "") if op.operands else None
        size = _bytes(ttype)
        if report is not None and mode != "NONE" and op.crossing == "V2C":
            _mx_scale_split(op, mode, ttype, report)
        if report is not None and mode != "NONE" and op.crossing == "C2V" and independent:
            _unbalanced_shard(op, mode, ttype, report)
        if report is not None and not dynamic_reported and _runtime_shape(ttype):
            # MK-4 on the AIC function the expansion creates (the verifier checks it first).
            report(
                diagnostic(
                    "PTO-MK4", kernel.header, stage="MixedKernelExpanded", function=f"{kernel.name}_aic"
                )
            )
            dynamic_reported = True
        value = value_label(op.operands[0] if op.operands else op.result, producers)
        out.append(
            CrossingInfo(
                op.call_span, op.crossing or "C2V", value, op.origin != CROSSING_MOVE, transport, split, size
            )
        )
    out.extend(gm_fences(kernel, types))
    return out


def _unbalanced_shard(op: TOp, mode: str, ttype: object, report: Callable[[Diagnostic], None]) -> None:
    """S-10: the lanes of a ragged C->V boundary must be equal, differ by one, or leave lane 1 empty."""
    dim = SPLIT_DIM[mode]
    valid, extent = ragged_extent(ttype, dim) or (None, None)
    if not (isinstance(valid, int) and isinstance(extent, int)):
        return
    half = (extent + 1) // 2
    lane0, lane1 = min(valid, half), max(valid - half, 0)
    if lane0 in (lane1, lane1 + 1) or lane1 == 0:
        return
    report(
        diagnostic(
            "PTO-S10",
            op.call_span,
            stage="ExpandMixedKernel",
            op="tile.aiv_shard",
            valid=valid,
            extent=extent,
            dim=dim,
            lane0=lane0,
            lane1=lane1,
            even_extent=2 * half,
            odd_extent=2 * half - 1,
            half=half,
        )
    )


# The scale-group axis of each MX scale operand: [M, K/32] groups along dim 1, [K/32, N] along dim 0.
_SCALE_GROUP_SPLIT = {"LeftScale": "LEFT_RIGHT", "RightScale": "UP_DOWN"}


def _mx_scale_split(op: TOp, mode: str, ttype: object, report: Callable[[Diagnostic], None]) -> None:
    """SP15 / SP16: an MX scale crossing to the cube under a split needs boxed-layout transport when the split
    runs along its scale-group axis, or when the box is only partially valid."""
    target = op.kwarg("target_memory")
    if target not in _SCALE_GROUP_SPLIT:
        return
    value = user_name(op.operands[0] or "") if op.operands else ""
    if _SCALE_GROUP_SPLIT[str(target)] == mode:
        report(diagnostic("PTO-SP15", op.call_span, stage="ExpandMixedKernel", value=value))
    elif isinstance(ttype, TileType | TensorType) and ttype.valid is not None and ttype.valid != ttype.shape:
        report(diagnostic("PTO-SP16", op.call_span, stage="ExpandMixedKernel", value=value))


def _odd_gather(op: TOp, mode: str, extent: int, report: Callable[[Diagnostic], None]) -> None:
    """S-11: the Vector -> Cube transport has no odd form, so an odd split axis cannot be gathered."""
    half = (extent + 1) // 2
    report(
        diagnostic(
            "PTO-S11",
            op.call_span,
            stage="ExpandMixedKernel",
            op="tile.aic_gather",
            dim=0 if mode == "UP_DOWN" else 1,
            lane0=half,
            lane1=extent - half,
            even_extent=2 * half,
        )
    )


def gm_fences(kernel: Kernel, types: Mapping[str, object]) -> list[CrossingInfo]:
    """CollectGmCrossLaneSyncs: a cube tile.store to GM read back by a vector tile.load gets a fence.

    Emitted only when deadlock-free: exactly one cube-side store to that tensor, the load in the same
    structural body, and the store before the load. Vector -> Cube GM hand-offs are never fenced.
    """
    stores: dict[str, list[tuple[int, int, TOp]]] = {}
    loads: list[tuple[int, int, TOp]] = []

    def scan(block: tuple[TNode, ...]) -> None:
        for position, node in enumerate(block):
            if isinstance(node, TOp):
                if node.op == "tile.store" and node.result and op_affinity(node) is Affinity.CUBE:
                    stores.setdefault(node.result, []).append((id(block), position, node))
                elif node.op == "tile.load" and node.memory == "Vec" and node.operands and node.operands[0]:
                    loads.append((id(block), position, node))
            for sub in children(node):
                scan(sub)

    scan(kernel.body)
    out: list[CrossingInfo] = []
    for block_id, position, load in loads:
        producers = stores.get(load.operands[0] or "", [])
        if len(producers) != 1:
            continue
        store_block, store_position, store = producers[0]
        if store_block != block_id or store_position >= position:
            continue
        tile = types.get(store.operands[0] or "") if store.operands else None
        size = _bytes(tile)
        out.append(
            CrossingInfo(
                store.call_span,
                "C2V",
                user_name(load.operands[0]),
                False,
                "GM fence: tpush_to_aiv after the store (AIC) → tpop_from_aic + tfree before the load (AIV)",
                0,
                size,
            )
        )
    return out


def retained_pops(kernel: Kernel) -> dict[str, int]:
    """Per direction, the most consumer-side pops held at once when each is freed after its last use."""
    most: dict[str, int] = {"C2V": 0, "V2C": 0}

    def scan(block: tuple[TNode, ...]) -> None:
        live: list[tuple[int, int, str]] = []  # (pop position, last use, direction)
        for position, node in enumerate(block):
            if isinstance(node, TOp) and transports(node) and node.result:
                last = last_use(block, node.result, position)
                live.append((position, last, node.crossing or "C2V"))
            for sub in children(node):
                scan(sub)
        for position in range(len(block)):
            for direction in most:
                held = sum(1 for a, b, d in live if d == direction and a <= position <= b)
                most[direction] = max(most[direction], held)

    scan(kernel.body)
    return most


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
    local = kernel.local_slot_num
    if local is not None and target == "a5":
        report(diagnostic("PTO-SP2", kernel.header, stage="ExpandMixedKernel", local_slot_num=local))
    retained = retained_pops(kernel)
    if local is not None and target != "a5" and max(retained.values()) > local:
        report(
            diagnostic(
                "PTO-SP3",
                kernel.header,
                stage="ExpandMixedKernel",
                local_slot_num=local,
                retained=max(retained.values()),
                function=kernel.name,
            )
        )
    mx_pops = _retained_mx_gathers(kernel)
    if mx_pops > slot_num:
        report(diagnostic("PTO-SP4", kernel.header, stage="ExpandMixedKernel", slot_num=slot_num))
    directions = bin(dir_mask).count("1")
    return PipeSetup(
        dir_mask,
        slot_size,
        slot_num,
        local,
        f"{kernel.name}_c2v_slot_buffer" if dir_mask & 1 else None,
        f"{kernel.name}_v2c_slot_buffer" if dir_mask & 2 else None,
        slot_size * (local or slot_num) * directions,
    )


def _retained_mx_gathers(kernel: Kernel) -> int:
    """How many gathered (V->C) tiles an MX matmul holds at once: every operand popped before any is used."""
    most = 0
    for op, _ in ops_of(kernel.body):
        if not op.op.startswith("tile.matmul_mx"):
            continue
        popped = {
            o
            for o, _ in ops_of(kernel.body)
            if transports(o) and o.crossing == "V2C" and o.result in op.operands
        }
        most = max(most, len(popped))
    return most if most >= 3 else 0


def transpose_check(kernel: Kernel, report: Callable[[Diagnostic], None], mixed: bool) -> int:
    """E-1: an AUTO pl.split kernel whose transpose swaps the split axis."""
    if not mixed or kernel.split not in ("UP_DOWN", "LEFT_RIGHT"):
        return 0
    if any(isinstance(n, TRegion) for n, _ in walk(kernel.body)):
        return 0
    dim = 0 if kernel.split == "UP_DOWN" else 1
    types = {op.result: op.type for op, _ in ops_of(kernel.body) if op.result}
    for op, _ in ops_of(kernel.body):
        if op.op != "tile.transpose":
            continue
        if not transpose_moves_split_axis(op, dim, types):
            continue
        related = (SPLIT_REQUESTED.at(kernel.header, mode=kernel.split),)
        if op.result is not None and op.bound:
            found = diagnostic(
                "PTO-E1", op.call_span, related=related, stage="ExpandMixedKernel",
                kernel=kernel.name, mode=kernel.split, dim=dim, result=user_name(op.result),
            )  # fmt: skip
        else:
            found = diagnostic(
                "PTO-E1b", op.call_span, related=related, stage="ExpandMixedKernel",
                kernel=kernel.name, mode=kernel.split, dim=dim,
            )  # fmt: skip
        report(found)
        return 1
    return 0


# ---------------------------------------------------------------- the entry point
@dataclass(frozen=True, slots=True)
class Expansion:
    """What ExpandMixedKernel makes of one kernel."""

    func_type: str  # "Mixed (Group)", "AIC" or "AIV"
    names: tuple[str | None, str | None, str | None]  # the AIC, AIV and Group functions
    crossings: tuple[CrossingInfo, ...]
    pipe: PipeSetup | None
    dual_aiv_dispatch: bool
    view: ExpandedKernel | None  # None when not asked for (`pypto-lsp check` renders no view)


def expand_mixed_kernel(
    kernel: Kernel,
    lanes: LaneResult,
    report: Callable[[Diagnostic], None],
    target: str,
    caller_group: str | None = None,
    check: bool = True,
    view: bool = True,
) -> Expansion:
    """ExpandMixedKernel on one kernel whose lanes are assigned: E-1 (when `check`: no earlier pass found
    an error), the crossings and their pipe, and the AIC / AIV / Group functions (as data for the editor's
    view when `view`). An existing Group caller (`caller_group`, hand-written or from pl.cluster) is
    rewritten in place; otherwise a new Group takes the kernel's own name."""
    if check:
        transpose_check(kernel, report, lanes.mixed)
    types = {op.result: op.type for op, _ in ops_of(kernel.body) if op.result}  # with the inserted moves
    found = crossings(kernel, types, report) if lanes.mixed else []
    pipe = pipe_setup(kernel, found, report, target) if lanes.mixed else None
    group = caller_group or kernel.group
    names: tuple[str | None, str | None, str | None]
    if lanes.mixed:
        names = (f"{kernel.name}_aic", f"{kernel.name}_aiv", group or kernel.name)
        func_type = "Mixed (Group)"
    else:
        func_type = lanes.single.upper()
        names = (kernel.name, None, None) if func_type == "AIC" else (None, kernel.name, None)
    dual = dual_aiv_dispatch(kernel, lanes, target)
    rendered = (
        _expanded(kernel, lanes, pipe, names, split_codes(kernel, types), dual, group is not None)
        if view
        else None
    )
    return Expansion(func_type, names, tuple(found), pipe, dual, rendered)


# ---------------------------------------------------------------- the expanded kernel, as data
@dataclass(frozen=True, slots=True)
class _Side:
    """What describing one lane's body needs."""

    side: str
    mixed: bool
    lanes: LaneResult
    codes: Mapping[int, int]


def _expanded_op(op: TOp, ctx: _Side) -> ExpandedOp:
    args = tuple(user_name(o) if o else "…" for o in op.operands)
    if ctx.mixed and transports(op):
        return ExpandedOp(
            op.op,
            user_name(op.result),
            args,
            "push" if ctx.side == _producer_side(op) else "pop",
            op.crossing or "",
            ctx.codes.get(id(op), 0),
            transfer_view(op),
            user_name(op.operands[0] if op.operands else None),
        )
    if op.op == SCALAR:
        return ExpandedOp(op.op, user_name(op.result), args, "scalar", reads=tuple(op.reads))
    if op.op == ALIAS:
        return ExpandedOp(op.op, user_name(op.result), args, "alias")
    return ExpandedOp(op.op, user_name(op.result) if op.result else "", args)


def transfer_view(op: TOp) -> tuple[str, str] | None:
    """BuildCrossCoreTransferView: Vec->Left / Vec->Right cross as NZ (col_major, row_major) on a2a3 and a5;
    Vec->Mat and Mat/Acc->Vec keep the tile's own layout."""
    target = op.kwarg("target_memory")
    if op.crossing == "V2C" and target in ("Left", "Right"):
        return ("col_major", "row_major")
    return None


def _body(nodes: list[TNode], ctx: _Side, depth: int = 1) -> list[ExpandedLine]:
    """One lane's body; each consumer-side tpop is freed after its last use in the block."""
    kept = [
        n for n in nodes if not isinstance(n, TOp) or ctx.side in ctx.lanes.op_sides.get(id(n), frozenset())
    ]
    frees: dict[int, list[ExpandedLine]] = {}
    for position, node in enumerate(kept):
        if isinstance(node, TOp) and ctx.mixed and transports(node) and ctx.side == _consumer_side(node):
            name = node.result or ""
            last = last_use(kept, name, position)
            free = "system.tfree_to_aic" if node.crossing == "C2V" else "system.tfree_to_aiv"
            frees.setdefault(last, []).append(
                ExpandedLine(depth, "free", name=free, values=(user_name(name),))
            )
    lines: list[ExpandedLine] = []
    inner = [ExpandedLine(depth + 1, "pass")]
    for position, node in enumerate(kept):
        if isinstance(node, TOp):
            line = Line(node.call_span.line) if node.line_span is not None else None
            lines.append(ExpandedLine(depth, "op", line, _expanded_op(node, ctx)))
        elif isinstance(node, TYield):
            values = tuple(user_name(v) for v in node.values)
            lines.append(ExpandedLine(depth, "return" if node.is_return else "yield", values=values))
        elif isinstance(node, TLoop):
            lines.append(
                ExpandedLine(depth, "for", Line(node.header.line), name=node.var or "_", loop=node.kind)
            )
            lines.extend(_body(list(node.body), ctx, depth + 1) or inner)
        elif isinstance(node, TIf):
            lines.append(ExpandedLine(depth, "if", Line(node.header.line)))
            lines.extend(_body(list(node.body), ctx, depth + 1) or inner)
            if node.orelse:
                lines.append(ExpandedLine(depth, "else"))
                lines.extend(_body(list(node.orelse), ctx, depth + 1) or inner)
        elif isinstance(node, TRegion):
            lines.append(ExpandedLine(depth, "region", Line(node.header.line), name=node.mode))
            lines.extend(_body(list(node.body), ctx, depth))
        elif isinstance(node, TScope):
            lines.extend(_body(list(node.body), ctx, depth))
        lines.extend(frees.get(position, []))
    return lines


def _diagram(kernel: Kernel, lanes: LaneResult, pipe: PipeSetup | None) -> tuple[LaneStep, ...]:
    """The ops in order with their lanes, every crossing with its value, direction and slot."""
    steps: list[LaneStep] = []
    # Each direction is its own FIFO ring: slots count per direction, modulo the ring depth.
    sent = {"C2V": 0, "V2C": 0}
    depth = pipe.slot_num if pipe else 2
    producers = _producers(kernel)
    for op, _ in ops_of(kernel.body):
        sides = lanes.op_sides.get(id(op), frozenset())
        if not sides or op.op in (SCALAR, ALIAS):
            continue
        line = Line(op.call_span.line) if op.line_span is not None else None
        name = user_name(op.result) if op.result and not op.result.startswith("_t") else ""
        if transports(op) and lanes.mixed:
            direction = op.crossing or "C2V"
            value = value_label(op.operands[0] if op.operands else None, producers)
            steps.append(
                LaneStep(line, op.op, name, crossing=direction, value=value, slot=sent[direction] % depth)
            )
            sent[direction] += 1
            continue
        steps.append(LaneStep(line, op.op, name, AIC in sides, AIV in sides))
    return tuple(steps)


def _expanded(
    kernel: Kernel,
    lanes: LaneResult,
    pipe: PipeSetup | None,
    names: tuple[str | None, str | None, str | None],
    codes: Mapping[int, int],
    dual: bool,
    rewritten_group: bool,
) -> ExpandedKernel:
    """The kernel after ExpandMixedKernel: its lane diagram and its AIC / AIV functions."""
    aic_name, aiv_name, group_name = names
    functions = tuple(
        ExpandedFunction(
            side, name, tuple(_body(lanes.kept.get(side, []), _Side(side, lanes.mixed, lanes, codes)))
        )
        for side, name in ((AIC, aic_name), (AIV, aiv_name))
        if name is not None
    )
    launch = kernel.launch
    rows, lines = pack_rows(_diagram(kernel, lanes, pipe), functions)
    return ExpandedKernel(
        kernel.name,
        kernel.source_kind,
        Line(kernel.header.line),
        lanes.mixed,
        lanes.single,
        aic_name,
        aiv_name,
        group_name,
        rewritten_group,
        str(launch.width or "?") if launch is not None and kernel.source_kind == "pl.spmd" else None,
        dual,
        pipe,
        rows,
        lines,
    )
