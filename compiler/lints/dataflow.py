"""Facts the hazard lints share: which values depend on a lane or block index, and affine index forms.

Dependence is data dependence (an op reads a dependent name) or control dependence (it runs under an
`if` or loop whose condition or bounds depend on one). Nothing here can raise on odd input: what it
cannot follow is "not dependent" for taint and `None` (unknown) for affine forms, so lints stay silent.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Set
from dataclasses import dataclass

from compiler import ir
from compiler.frontend.consts import UNKNOWN_VALUE, fold
from compiler.ir_walk import stmt_exprs, walk_expr, walk_stmts
from compiler.passes.model import (
    BLOCK_IDX,
    SUBBLOCK_IDX,
    Kernel,
    TIf,
    TLoop,
    TNode,
    TOp,
    TRegion,
    TYield,
    children,
)

# Ops that write a GM tensor (the destination is named by `written_tensor`).
GM_WRITES = frozenset({"tile.store", "tensor.assemble", "tensor.write", "pld.tensor.put", "pld.tile.put"})
NOTIFY = "pld.system.notify"
_MAX_ROUNDS = 6
_MAX_DEPTH = 24


def is_lane_source(op: TOp) -> bool:
    """The op yields the AIV lane index (a region's loop variable, `pl.tile.get_subblock_idx()`)."""
    return op.op == "tile.get_subblock_idx" or op.origin == SUBBLOCK_IDX


def is_block_source(op: TOp) -> bool:
    """The op yields the SPMD block index (the `pl.spmd` loop variable, `pl.tile.get_block_idx()`)."""
    return op.op == "tile.get_block_idx" or op.origin == BLOCK_IDX


def op_names(op: TOp) -> set[str]:
    """Every name an op statement reads."""
    return {o for o in op.operands if o} | set(op.reads)


def dependent(block: tuple[TNode, ...], is_source: Callable[[TOp], bool]) -> set[str]:
    """Names whose value depends on a source op, by data or control dependence (to a fixpoint)."""
    found: set[str] = set()
    for _ in range(_MAX_ROUNDS):
        if not _depend(block, False, is_source, found):
            break
    return found


def _depend(
    nodes: tuple[TNode, ...], controlled: bool, is_source: Callable[[TOp], bool], found: set[str]
) -> bool:
    """One round of `dependent` over a block: whether `found` grew (a function, not a recursive closure:
    that is a cycle only a collection frees)."""
    grew = False
    for node in nodes:
        if isinstance(node, TOp):
            if (
                node.result
                and node.result not in found
                and (is_source(node) or controlled or op_names(node) & found)
            ):
                found.add(node.result)
                grew = True
            continue
        if isinstance(node, TYield):
            if controlled or set(node.values) & found:
                new = {t for t in node.targets if t} - found
                found.update(new)
                grew = grew or bool(new)
            continue
        inner = controlled
        if isinstance(node, TLoop | TIf) and set(node.reads) & found:
            inner = True
        if isinstance(node, TLoop) and node.var and inner and node.var not in found:
            found.add(node.var)
            grew = True
        for sub in children(node):
            grew = _depend(sub, inner, is_source, found) or grew
    return grew


@dataclass(frozen=True, slots=True)
class Placed:
    """An op with its position: walk order, enclosing blocks, and the conditions that guard it."""

    op: TOp
    order: int
    path: tuple[tuple[int, int], ...]  # (id of the enclosing block, index in it), outermost first
    guards: tuple[tuple[int, int], ...]  # (id of a guarding if / loop, branch) outermost first


def placed_ops(block: tuple[TNode, ...], guard_names: Set[str] = frozenset()) -> list[Placed]:
    """Every op of a block in program order; `guards` lists the ifs / loops whose condition reads a name
    of `guard_names`."""
    out: list[Placed] = []
    _place(block, (), (), guard_names, out)
    return out


def _place(
    nodes: tuple[TNode, ...],
    path: tuple[tuple[int, int], ...],
    guards: tuple[tuple[int, int], ...],
    guard_names: Set[str],
    out: list[Placed],
) -> None:
    """`placed_ops` of one block (a function, not a recursive closure: that is a cycle only a collection
    frees, with every op it holds)."""
    for index, node in enumerate(nodes):
        here = (*path, (id(nodes), index))
        if isinstance(node, TOp):
            out.append(Placed(node, len(out), here, guards))
            continue
        guarded = isinstance(node, TIf | TLoop) and bool(set(node.reads) & guard_names)
        for branch, sub in enumerate(children(node)):
            _place(sub, here, (*guards, (id(node), branch)) if guarded else guards, guard_names, out)


def regions(block: tuple[TNode, ...]) -> Iterator[TRegion]:
    """Every `pl.split_aiv` region of a block, outermost first."""
    for node in block:
        if isinstance(node, TRegion):
            yield node
        for sub in children(node):
            yield from regions(sub)


def concurrent_blocks(kernel: Kernel) -> bool:
    """The kernel runs on more than one SPMD block (or on an unknown number of them)."""
    launch = kernel.launch
    if launch is None:
        return kernel.source_kind == "pl.spmd"
    return not (isinstance(launch.width, int) and launch.width <= 1)


class KernelFacts:
    """What the lints of one kernel share, each computed once: the mode=NONE regions (their bodies run on
    both AIV lanes) with the names that depend on the lane, the names that depend on the SPMD block index
    when several blocks run, and (only when a lint needs index arithmetic) the IR behind the kernel."""

    def __init__(self, kernel: Kernel, body: tuple[ir.Stmt, ...], env: Mapping[str, object]) -> None:
        self.kernel = kernel
        self._body = body
        self._env = env
        self.lane_regions: tuple[tuple[TRegion, set[str]], ...] = tuple(
            (region, dependent(region.body, is_lane_source))
            for region in regions(kernel.body)
            if region.mode == "NONE"
        )
        self.blocks: set[str] = (
            dependent(kernel.body, is_block_source) if concurrent_blocks(kernel) else set()
        )

    @functools.cached_property
    def exprs(self) -> KernelExprs:
        """Calls by span, scalar definitions and loop ranges of the kernel's IR."""
        return KernelExprs(self._body, self._env)


def written_tensor(op: TOp) -> str | None:
    """The GM tensor a write op writes, or None."""
    if op.op == "tile.store":
        return op.operands[2] if len(op.operands) > 2 else op.result
    if op.op in ("tensor.assemble", "tensor.write", "pld.tensor.put", "pld.tile.put"):
        return op.operands[0] if op.operands else None
    return None


def written_value(op: TOp) -> str | None:
    """The value a write op stores."""
    index = {"tile.store": 0, "tensor.assemble": 1, "tensor.write": 2, "pld.tensor.put": 2}.get(op.op)
    if index is None or index >= len(op.operands):
        return None
    return op.operands[index]


# ----------------------------------------------------------------------------------------------------
# Affine index forms over the IR (for cache-line arithmetic)
# ----------------------------------------------------------------------------------------------------

Affine = dict[str, int]  # variable -> coefficient; "" is the constant term


class KernelExprs:
    """The IR behind one kernel: calls by span, single-assignment scalar definitions, loop ranges."""

    def __init__(self, body: tuple[ir.Stmt, ...], env: Mapping[str, object]) -> None:
        self.env = env
        self.calls: dict[object, ir.Call] = {}
        self.assigns: dict[object, ir.Assign] = {}
        self.defs: dict[str, ir.Expr | None] = {}
        self.ranges: dict[str, tuple[int, int]] = {}
        for stmt in walk_stmts(body):
            if isinstance(stmt, ir.Assign):
                self.assigns[stmt.span] = stmt
                for target in stmt.targets:
                    if isinstance(target, ir.Name):
                        # A name assigned twice has no one definition.
                        self.defs[target.id] = None if target.id in self.defs else stmt.value
            if isinstance(stmt, ir.For) and isinstance(stmt.target, ir.Name):
                self.defs[stmt.target.id] = None
                bounds = self._range(stmt)
                if bounds is not None:
                    self.ranges[stmt.target.id] = bounds
            for expr in stmt_exprs(stmt):
                for node in walk_expr(expr):
                    if isinstance(node, ir.Call):
                        self.calls.setdefault(node.span, node)

    def _range(self, stmt: ir.For) -> tuple[int, int] | None:
        if stmt.kind not in ("range", "parallel", "pipeline", "unroll"):
            return None
        args = [fold(a, self.env) for a in stmt.iter.args[:3]]
        if not args or not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            return None
        ints = [int(a) for a in args]  # type: ignore[call-overload]
        start, stop, step = (
            (0, ints[0], 1) if len(ints) == 1 else (ints[0], ints[1], ints[2] if len(ints) > 2 else 1)
        )
        if step <= 0 or stop <= start:
            return None
        return start, start + (stop - start - 1) // step * step

    def call_at(self, op: TOp) -> ir.Call | None:
        """The IR call an op statement came from."""
        return self.calls.get(op.call_span)

    def affine(self, expr: ir.Expr | None, variables: set[str], depth: int = 0) -> Affine | None:
        """`expr` as constant + sum(coefficient * variable), or None when it is not of that form."""
        if expr is None or depth > _MAX_DEPTH:
            return None
        if isinstance(expr, ir.Const):
            literal = expr.value
            return {"": int(literal)} if isinstance(literal, int) and not isinstance(literal, bool) else None
        if isinstance(expr, ir.Name):
            if expr.id in variables or expr.id in self.ranges:
                return {expr.id: 1}
            definition = self.defs.get(expr.id, UNKNOWN_VALUE)
            if definition is None:
                return None
            if definition is UNKNOWN_VALUE:
                known = self.env.get(expr.id, UNKNOWN_VALUE)
                return {"": known} if isinstance(known, int) and not isinstance(known, bool) else None
            return self.affine(definition, variables, depth + 1)  # type: ignore[arg-type]
        if isinstance(expr, ir.Call) and expr.func.endswith((".cast", ".index_cast")) and expr.args:
            return self.affine(expr.args[0], variables, depth + 1)
        if isinstance(expr, ir.UnaryOp) and expr.op == "-":
            inner = self.affine(expr.operand, variables, depth + 1)
            return None if inner is None else {k: -v for k, v in inner.items()}
        if isinstance(expr, ir.BinOp):
            left = self.affine(expr.left, variables, depth + 1)
            right = self.affine(expr.right, variables, depth + 1)
            if left is None or right is None:
                return None
            if expr.op in ("+", "-"):
                sign = 1 if expr.op == "+" else -1
                out = dict(left)
                for key, value in right.items():
                    out[key] = out.get(key, 0) + sign * value
                return out
            if expr.op == "*":
                if set(left) <= {""}:
                    left, right = right, left
                if set(right) <= {""}:
                    factor = right.get("", 0)
                    return {k: v * factor for k, v in left.items()}
                return None
            if expr.op in ("//", "%") and set(left) <= {""} and set(right) <= {""} and right.get("", 0):
                a, b = left.get("", 0), right[""]
                return {"": a // b if expr.op == "//" else a % b}
        return None

    def const_ints(self, expr: ir.Expr | None) -> tuple[int, ...] | None:
        """A list of constant ints (a shape), or None."""
        if not isinstance(expr, ir.ListExpr | ir.TupleExpr):
            return None
        values = []
        for elt in expr.elts:
            form = self.affine(elt, set())
            if form is None or set(form) - {""}:
                return None
            values.append(form.get("", 0))
        return tuple(values)


def call_arg(call: ir.Call, index: int, name: str) -> ir.Expr | None:
    """A call's argument by position or keyword."""
    if index < len(call.args):
        return call.args[index]
    return call.kwarg(name)
