"""ConvertTensorToTileOps (with FlattenCallExpr): lower a kernel's surface body to tile-level op statements.

Nested calls are hoisted into temporaries, tensor ops become their tile ops in place (same span),
GM parameters read by vector ops get an entry `tile.load(Vec)`, GM matmul operands get a bridge
`tile.load(Mat)` with the matmul's span, and `out[...] = v` / `pl.assemble(out, v, ...)` into a GM
tensor become `tile.store`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from compiler import budget, ir
from compiler.catalog import diagnostic, problem
from compiler.diagnostics import Diagnostic, Problem
from compiler.frontend.checks.facts import FunctionFacts
from compiler.frontend.consts import UNKNOWN_VALUE, attribute_value, fold
from compiler.frontend.subscripts import subscript_type
from compiler.ir_walk import names_in, structure, sub_exprs
from compiler.ops.deduce import format_shape
from compiler.ops.deducers.core import dtype_text, known, promote_dtypes
from compiler.ops.lowering import as_tile, deduce_error, valid_rank_mismatch
from compiler.ops.registry import get_op, is_boundary
from compiler.passes.model import (
    ALIAS,
    BLOCK_IDX,
    BRIDGE_LOAD,
    ENTRY_LOAD,
    SCALAR,
    SUBBLOCK_IDX,
    USER,
    Kernel,
    TIf,
    TLoop,
    TNode,
    TOp,
    TRegion,
    TScope,
    TYield,
    ops_of,
    user_name,
    walk,
)
from compiler.passes.outline_incore_scopes import OutlinedKernel
from compiler.source import Span
from compiler.types import UNKNOWN, ArgValue, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS

MATMUL_OPERANDS: dict[str, tuple[int, ...]] = {
    "tile.matmul": (0, 1), "tile.matmul_acc": (1, 2), "tile.matmul_bias": (0, 1), "tile.gemv": (0, 1),
    "tile.gemv_acc": (1, 2), "tile.gemv_bias": (0, 1), "tile.batch_matmul": (0, 1), "tile.batch_matmul_acc": (1, 2),
    "tile.matmul_mx": (0, 1, 2, 3), "tile.matmul_mx_acc": (1, 2, 3, 4), "tile.matmul_mx_bias": (0, 1, 2, 3),
}  # fmt: skip
"""The cube-fed operand slots of each matmul (MX: data and scale operands alike)."""
_GM_SCALAR_ACCESS = ("tensor.read", "tensor.write", "tensor.dim")
# Tensor ops whose tile op ConvertTensorToTileOps deduces over its Vec tiles, and whose deducer we re-run there.
LOWERED_DEDUCE = frozenset({"binary", "row_expand", "row_reduce", "row_arg", "matmul"})
_TENSOR_TO_TILE = {
    "tensor.create": "tile.create",
    "tensor.slice": "tile.load",
    "tensor.assemble": "tile.store",
}


_SEQUENCES = frozenset({ir.ListExpr, ir.TupleExpr})


@dataclass(slots=True)
class _Lowering:
    kernel: Kernel
    facts: FunctionFacts
    env: Mapping[str, object]
    params: dict[str, ir.Param]
    tile_vars: dict[str, ValueType] = field(default_factory=dict)
    loaded: dict[str, str] = field(default_factory=dict)
    entry: list[TNode] = field(default_factory=list)
    temp: int = 0
    carries: tuple[tuple[str, str], ...] = ()

    def fresh(self) -> str:
        self.temp += 1
        return f"_t{self.temp}"

    # ------------------------------------------------------------ values
    def is_gm(self, name: str | None) -> bool:
        """True for a GM tensor visible to the kernel (a parameter or an orchestration tensor)."""
        if name is None or name in self.tile_vars:
            return False
        return isinstance(self.facts.types.get(name), TensorType)

    def gm_operand(self, name: str, span: Span) -> str:
        """The entry `tile.load(Vec)` of a GM parameter read by a vector op (loaded once)."""
        if name in self.loaded:
            return self.loaded[name]
        loaded = f"{name}__tile"
        param = self.params.get(name)
        line = param.span if (param is not None and not self.kernel.outlined) else None
        ttype = self.facts.types.get(name, UNKNOWN)
        shape = ttype.shape if isinstance(ttype, TensorType) else ()
        dtype = ttype.dtype if isinstance(ttype, TensorType) else "FP32"
        self.entry.append(
            TOp(
                "tile.load",
                loaded,
                operands=(name,),
                reads=(name,),
                kwargs=(("target_memory", "Vec"),),
                call_span=param.span if param else span,
                line_span=line,
                dsl_name="pl.load",
                origin=ENTRY_LOAD,
                memory="Vec",
                type=TileType(shape, dtype, "Vec"),
            )
        )
        self.loaded[name] = loaded
        self.tile_vars[loaded] = TileType(shape, dtype, "Vec")
        return loaded

    # ------------------------------------------------------------ expressions
    def operand(self, expr: ir.Expr, out: list[TNode], stmt_span: Span) -> str | None:
        """Lower an argument: calls and subscripts are hoisted into temporaries."""
        if isinstance(expr, ir.Name):
            return expr.id
        if isinstance(expr, ir.Call) and (
            expr.func.startswith(("pl.", "pld.", "self.")) or expr.span in self.facts.calls
        ):
            return self.call(expr, None, out, stmt_span)
        if isinstance(expr, ir.Subscript):
            return self.subscript(expr, None, out, stmt_span)
        return None

    def reads(self, exprs: Sequence[ir.Expr | None]) -> tuple[str, ...]:
        """Names read directly by these expressions; a call is hoisted (not entered) unless it sits in a list
        or tuple (an offsets list's `pl.cast(blk, pl.INDEX)`), whose names the op itself reads."""
        names: list[str] = []
        stack: list[tuple[ir.Expr, bool]] = [(e, False) for e in reversed(exprs) if e is not None]
        push, pop = stack.append, stack.pop
        while stack:
            node, listed = pop()
            # By exact type (IR classes are never subclassed): this runs over every operand of the kernel.
            if type(node) is ir.Name:
                if node.id not in names:
                    names.append(node.id)
            elif listed or type(node) is not ir.Call:
                inner = listed or type(node) in _SEQUENCES
                for sub in reversed(sub_exprs(node)):
                    push((sub, inner))
        return tuple(names)

    def kwargs(self, call: ir.Call) -> tuple[tuple[str, object], ...]:
        out: list[tuple[str, object]] = []
        for kw in call.keywords:
            value = (
                attribute_value(kw.value.dotted)
                if isinstance(kw.value, ir.Attribute)
                else fold(kw.value, self.env)
            )
            member = getattr(value, "member", None)
            out.append(
                (kw.name, member if member is not None else (None if value is UNKNOWN_VALUE else value))
            )
        return tuple(out)

    def subscript(self, expr: ir.Subscript, result: str | None, out: list[TNode], stmt_span: Span) -> str:
        """`x[:, a:b]` of a GM tensor is a tensor.slice: a tile.load whose space its consumer decides."""
        base = expr.value.id if isinstance(expr.value, ir.Name) else self.operand(expr.value, out, stmt_span)
        name = result or self.fresh()
        base_type = self.facts.types.get(base or "", UNKNOWN)
        op = "tile.load" if self.is_gm(base) else "tile.slice"
        rtype: ValueType = UNKNOWN
        if isinstance(base_type, TensorType | TileType):
            rtype = subscript_type(base_type, expr.index, self.env)
        out.append(
            TOp(
                op,
                name,
                operands=(base,),
                reads=self.reads([expr]),
                kwargs=(("target_memory", None),) if op == "tile.load" else (),
                call_span=expr.span,
                line_span=stmt_span,
                dsl_name="pl.slice",
                type=rtype,
                bound=result is not None,
                consts=(None, None, self.window_offsets(expr.index)),
            )
        )
        self.tile_vars[name] = rtype
        return name

    def window_offsets(self, index: ir.Expr) -> tuple[object, ...]:
        """The folded start of each axis of `x[a:b, c]` (UNKNOWN_VALUE where it is not constant)."""
        items = index.elts if isinstance(index, ir.TupleExpr) else (index,)
        starts: list[object] = []
        for item in items:
            start = item.lower if isinstance(item, ir.SliceExpr) else item
            starts.append(0 if start is None else fold(start, self.env))
        return tuple(starts)

    def call(self, call: ir.Call, result: str | None, out: list[TNode], stmt_span: Span) -> str | None:
        """Lower one call into op statements; returns the variable holding its value."""
        resolution = self.facts.calls.get(call.span)
        if call.func == "pl.yield_":
            names = [self.operand(a, out, stmt_span) for a in call.args]
            if result is not None and not (names and self.is_gm(names[0])):
                self.tile_vars[result] = (
                    UNKNOWN  # the loop / if result is on-chip unless a GM tensor is yielded
                )
            out.append(TYield(tuple(n for n in names if n), stmt_span, False, (result,) if result else ()))
            return names[0] if names else None
        if resolution is None or resolution.ir_name is None:
            # Function calls, pl.const and friends: SHARED scalar-ish statements.
            call_operands = tuple(self.operand(a, out, stmt_span) for a in call.args)
            scalar_name = result or self.fresh()
            op = "call" if call.func.startswith("self.") or not call.func.startswith("pl") else SCALAR
            out.append(
                TOp(
                    op,
                    scalar_name,
                    operands=call_operands,
                    reads=self.reads(list(call.args) + [k.value for k in call.keywords]),
                    kwargs=(),
                    call_span=call.span,
                    line_span=stmt_span,
                    dsl_name=call.func,
                    origin=SCALAR,
                    type=ScalarType(),
                    bound=result is not None,
                    consts=tuple(None if (v := fold(a, self.env)) is UNKNOWN_VALUE else v for a in call.args),
                )
            )
            return scalar_name
        ir_name = resolution.ir_name
        opdef = get_op(ir_name)
        first = call.args[0] if call.args else None
        l1_buffer = ir_name == "tensor.create_l1"  # an L1 (Mat) buffer: the cube side's
        if ir_name in _GM_SCALAR_ACCESS and isinstance(first, ir.Name) and self.is_gm(first.id):
            # A scalar read / write / dim query of a GM tensor stays a tensor op (SHARED, no tile load).
            pass
        elif ir_name.startswith("tensor."):
            ir_name = (
                _TENSOR_TO_TILE.get(ir_name)
                or (opdef.tile_op if opdef and opdef.tile_op else None)
                or ("tile." + ir_name.split(".", 1)[1])
            )
        args = list(call.args)
        kwargs = self.kwargs(call)
        if ir_name == "tile.load" and call.func.endswith("load") and call.kwarg("target_memory") is None:
            kwargs = (*kwargs, ("target_memory", "Vec"))  # the DSL writes the default explicitly
        if l1_buffer:
            kwargs = (*(kw for kw in kwargs if kw[0] != "target_memory"), ("target_memory", "Mat"))
        if ir_name == "tile.store" and call.func.endswith("assemble"):
            # pl.assemble(target, source, offset): a store into GM, or tile.assemble into a local tile.
            target = args[0] if args else None
            target_name = target.id if isinstance(target, ir.Name) else None
            if not self.is_gm(target_name):
                ir_name = "tile.assemble"
            elif len(args) >= 2:
                args = [args[1], args[2] if len(args) > 2 else None, args[0]]  # type: ignore[list-item]
        if ir_name == "tile.load" and call.func.endswith("slice"):
            base = args[0] if args else None
            base_name = base.id if isinstance(base, ir.Name) else None
            if not self.is_gm(base_name):
                ir_name = "tile.slice"
            else:
                kwargs = (*kwargs, ("target_memory", None))
        operands: list[str | None] = [
            self.operand(a, out, stmt_span) if a is not None else None for a in args
        ]
        name: str = result if result is not None else self.fresh()
        if ir_name == "tile.store":
            name = result or (operands[2] if len(operands) > 2 else None) or name
        # Names read besides the operands (offsets, shapes, scalars): operands are tracked separately so a
        # crossing that replaces an operand does not keep the original value alive on the consumer lane.
        # A subscript argument is hoisted into its own slice statement, as a call is: its names are that
        # statement's reads, not this one's.
        reads = self.reads(
            [a for a in args if a is not None and not isinstance(a, ir.Name | ir.Subscript)]
            + [k.value for k in call.keywords]
        )
        # GM operands: matmul operands get a bridge load to Mat next to the matmul; others an entry load.
        matmul_slots = MATMUL_OPERANDS.get(ir_name, ())
        boundary = is_boundary(ir_name)  # tile.aiv_shard / tile.aic_gather take a GM operand as it is
        for i, operand in enumerate(operands):
            if (
                boundary
                or ir_name in ("tile.load", "tile.store", *_GM_SCALAR_ACCESS)
                or not self.is_gm(operand)
            ):
                if boundary and self.is_gm(operand):
                    operands[i] = self.gm_operand(operand, call.span)  # type: ignore[arg-type]
                continue
            if i in matmul_slots:
                bridged = f"{operand}__mat{self.temp}"
                self.temp += 1
                ttype = self.facts.types.get(operand or "", UNKNOWN)
                out.append(
                    TOp(
                        "tile.load",
                        bridged,
                        operands=(operand,),
                        reads=(operand or "",),
                        kwargs=(("target_memory", "Mat"),),
                        call_span=call.span,
                        line_span=stmt_span,
                        dsl_name="pl.load",
                        origin=BRIDGE_LOAD,
                        memory="Mat",
                        type=TileType(ttype.shape, ttype.dtype, "Mat")
                        if isinstance(ttype, TensorType)
                        else UNKNOWN,
                    )
                )
                operands[i] = bridged
            elif ir_name.startswith("tile.") and ir_name not in ("tile.assemble",):
                operands[i] = self.gm_operand(operand, call.span)  # type: ignore[arg-type]
        arg_spans = tuple(a.span if a is not None else None for a in args)
        consts = tuple(None if a is None or (v := fold(a, self.env)) is UNKNOWN_VALUE else v for a in args)
        out.append(
            TOp(
                ir_name,
                name,
                operands=tuple(operands),
                reads=reads,
                kwargs=kwargs,
                call_span=call.span,
                line_span=stmt_span,
                dsl_name=call.func,
                type=resolution.result,
                bound=result is not None,
                consts=consts,
                arg_spans=arg_spans,
            )
        )
        if ir_name == "tile.store" and isinstance(resolution.result, TensorType):
            self.tile_vars.pop(name, None)  # `t = pl.assemble(t, ...)` into GM: `t` is still the GM tensor
        else:
            self.tile_vars[name] = resolution.result
        return name

    # ------------------------------------------------------------ statements
    def block(self, stmts: tuple[ir.Stmt, ...]) -> tuple[TNode, ...]:
        out: list[TNode] = []
        for stmt in stmts:
            budget.check()
            self.stmt(stmt, out)
        return tuple(out)

    def stmt(self, stmt: ir.Stmt, out: list[TNode]) -> None:
        if isinstance(stmt, ir.Assign):
            self.assign(stmt, out)
        elif isinstance(stmt, ir.ExprStmt):
            if isinstance(stmt.value, ir.Call):
                before = len(out)
                self.call(stmt.value, None, out, stmt.span)
                if len(out) > before and isinstance(out[-1], TOp):
                    out[-1] = out[-1].with_(result=None)
        elif isinstance(stmt, ir.Return):
            values: list[str] = []
            if stmt.value is not None:
                items = stmt.value.elts if isinstance(stmt.value, ir.TupleExpr) else (stmt.value,)
                for item in items:
                    name = self.operand(item, out, stmt.span)
                    if name:
                        values.append(name)
            if not self.kernel.outlined:
                out.append(TYield(tuple(values), stmt.span, True))
        elif isinstance(stmt, ir.For):
            self.for_loop(stmt, out)
        elif isinstance(stmt, ir.While):
            out.append(
                TLoop("while", None, self.reads([stmt.test]), self.block(stmt.body), stmt.span, stmt.header)
            )
        elif isinstance(stmt, ir.If):
            out.append(
                TIf(
                    self.reads([stmt.test]),
                    self.block(stmt.body),
                    self.block(stmt.orelse),
                    stmt.span,
                    stmt.header,
                )
            )
        elif isinstance(stmt, ir.With):
            body = self.block(stmt.body)
            if stmt.kind in ("at", "spmd") and self.kernel.outlined is False:
                out.append(TScope(stmt.kind, body, stmt.span, stmt.header))
            else:
                out.extend(body)

    def for_loop(self, stmt: ir.For, out: list[TNode]) -> None:
        var = stmt.target.id if isinstance(stmt.target, ir.Name) else None
        if stmt.kind == "split_aiv":
            mode = self.facts.regions.get(stmt.span, "NONE")
            body: list[TNode] = []
            if var:
                body.append(
                    TOp(
                        "tile.get_subblock_idx",
                        var,
                        operands=(),
                        reads=(),
                        kwargs=(),
                        call_span=stmt.span,
                        line_span=stmt.span,
                        dsl_name="pl.split_aiv",
                        origin=SUBBLOCK_IDX,
                        type=ScalarType(),
                        bound=True,
                    )
                )
            body.extend(self.block(stmt.body))
            out.append(TRegion(mode, var, tuple(body), stmt.span, stmt.header))
            return
        if stmt.kind == "unroll":
            # UnrollLoops runs first: the loop statement disappears, its body keeps its spans.
            out.extend(self.block(stmt.body))
            return
        if stmt.kind == "spmd":
            if var:
                out.append(
                    TOp(
                        "tile.get_block_idx",
                        var,
                        operands=(),
                        reads=(),
                        kwargs=(),
                        call_span=stmt.span,
                        line_span=None,
                        dsl_name="pl.spmd",
                        origin=BLOCK_IDX,
                        type=ScalarType(),
                        bound=True,
                    )
                )
            out.extend(self.block(stmt.body))
            return
        fill = self.scalar_fill(stmt)
        if fill is not None:
            out.extend(fill)
            return
        out.append(
            TLoop(
                stmt.kind,
                var,
                self.reads([*stmt.iter.args, *(k.value for k in stmt.iter.keywords)]),
                self.block_with_carries(stmt),
                stmt.span,
                stmt.header,
                self.carries,
            )
        )

    def scalar_fill(self, stmt: ir.For) -> list[TNode] | None:
        """ConstantScalarFillLoopCanonicalizer: `for i in pl.range(N): pl.write(t, [.., base + i, ..], c)`
        writing one contiguous run with a constant becomes a tile.full + tile.store (no loop is left)."""
        loop_var = stmt.target.id if isinstance(stmt.target, ir.Name) else None
        bounds = [fold(a, self.env) for a in stmt.iter.args]
        if loop_var is None or stmt.kind != "range" or stmt.iter.keywords or not 1 <= len(bounds) <= 3:
            return None
        start, stop, step = (0, bounds[0], 1) if len(bounds) == 1 else (*bounds, 1)[:3]
        if start != 0 or step != 1 or type(stop) is not int or stop <= 0 or not stmt.body:
            return None
        reference: tuple[object, ...] | None = None
        fill: list[TNode] = []
        for body_stmt in stmt.body:
            write = body_stmt.value if isinstance(body_stmt, ir.ExprStmt) else None
            resolution = self.facts.calls.get(write.span) if isinstance(write, ir.Call) else None
            if not isinstance(write, ir.Call) or resolution is None or resolution.ir_name != "tensor.write":
                return None
            if len(write.args) != 3 or write.keywords:
                return None
            target, indices, value = write.args
            if not isinstance(target, ir.Name):
                return None
            ttype = self.facts.types.get(target.id)
            constant = fold(value, self.env)
            if (
                not self.is_gm(target.id)
                or not isinstance(ttype, TensorType)
                or not isinstance(indices, ir.ListExpr | ir.TupleExpr)
                or len(indices.elts) != len(ttype.shape)
                or type(constant) not in (int, float)
                or not isinstance(value, ir.Const | ir.UnaryOp | ir.Name)
            ):
                return None
            # Several writes are hoisted only when they share one access pattern, shape and dtype.
            key = (ttype.shape, ttype.dtype, tuple(_expr_key(e, self.env) for e in indices.elts))
            if reference is not None and key != reference:
                return None
            reference = key
            varying = [i for i, e in enumerate(indices.elts) if loop_var in names_in(e)]
            if len(varying) != 1 or not _unit_stride(indices.elts[varying[0]], loop_var):
                return None
            bits = DTYPE_BITS.get(ttype.dtype)
            if bits is None or (stop * bits) % 256:
                return None
            for axis in range(varying[0] + 1, len(ttype.shape)):
                if ttype.shape[axis] != 1 or fold(indices.elts[axis], self.env) != 0:
                    return None
            storage = self.fresh()
            fill.append(
                TOp(
                    "tile.full",
                    storage,
                    operands=(),
                    reads=(),
                    kwargs=(("dtype", ttype.dtype),),
                    call_span=write.span,
                    line_span=body_stmt.span,
                    dsl_name=write.func,
                    memory="Vec",
                    type=TileType((1, stop), ttype.dtype, "Vec"),
                )
            )
            fill.append(
                TOp(
                    "tile.store",
                    target.id,
                    operands=(storage, None, target.id),
                    reads=tuple(n for n in self.reads([indices]) if n != loop_var),
                    kwargs=(),
                    call_span=write.span,
                    line_span=body_stmt.span,
                    dsl_name=write.func,
                    type=ttype,
                )
            )
        return fill

    def block_with_carries(self, stmt: ir.For) -> tuple[TNode, ...]:
        """Lower a loop body whose `init_values=` carries are on-chip unless initialised from a GM tensor."""
        carries: list[tuple[str, str]] = []
        target, inits = stmt.target, stmt.iter.kwarg("init_values")
        if isinstance(target, ir.TupleExpr) and len(target.elts) == 2 and inits is not None:
            names = target.elts[1].elts if isinstance(target.elts[1], ir.TupleExpr) else (target.elts[1],)
            values = inits.elts if isinstance(inits, ir.TupleExpr | ir.ListExpr) else (inits,)
            for carry, init in zip(names, values, strict=False):
                if isinstance(carry, ir.Name) and isinstance(init, ir.Name):
                    carries.append((carry.id, init.id))
                    if not self.is_gm(init.id):
                        self.tile_vars[carry.id] = UNKNOWN
        self.carries = tuple(carries)
        body = self.block(stmt.body)
        self.carries = tuple(carries)  # nested loops reset it; the TLoop built after this reads it
        return body

    def assign(self, stmt: ir.Assign, out: list[TNode]) -> None:
        target = stmt.targets[0] if stmt.targets else None
        value = stmt.value
        if isinstance(target, ir.Name):
            name = target.id
            if isinstance(value, ir.Call) and (
                value.func.startswith(("pl.", "pld.", "self.")) or value.span in self.facts.calls
            ):
                self.call(value, name, out, stmt.span)
                return
            if isinstance(value, ir.Subscript):
                self.subscript(value, name, out, stmt.span)
                return
            if isinstance(value, ir.Name):
                out.append(
                    TOp(
                        ALIAS,
                        name,
                        operands=(value.id,),
                        reads=(value.id,),
                        kwargs=(),
                        call_span=stmt.span,
                        line_span=stmt.span,
                        origin=ALIAS,
                        type=self.facts.types.get(value.id, UNKNOWN),
                    )
                )
                return
            out.append(
                TOp(
                    SCALAR,
                    name,
                    operands=(),
                    reads=self.reads([value]),
                    kwargs=(),
                    call_span=stmt.span,
                    line_span=stmt.span,
                    origin=SCALAR,
                    type=ScalarType(),
                    bound=True,
                )
            )
            return
        if isinstance(target, ir.Subscript) and isinstance(target.value, ir.Name):
            # out[...] = v: an assemble of v into the GM tensor, i.e. a tile.store.
            src = self.operand(value, out, stmt.span)
            dest = target.value.id
            out.append(
                TOp(
                    "tile.store",
                    dest,
                    operands=(src, None, dest),
                    reads=self.reads([value, target]),
                    kwargs=(),
                    call_span=stmt.span,
                    line_span=stmt.span,
                    dsl_name="pl.assemble",
                    type=self.facts.types.get(dest, UNKNOWN),
                )
            )
            return
        if isinstance(target, ir.TupleExpr) and isinstance(value, ir.Call):
            produced = self.call(value, None, out, stmt.span)
            for elt in target.elts:
                if isinstance(elt, ir.Name):
                    out.append(
                        TOp(
                            ALIAS,
                            elt.id,
                            operands=(produced,),
                            reads=(produced,) if produced else (),
                            kwargs=(),
                            call_span=stmt.span,
                            line_span=stmt.span,
                            origin=ALIAS,
                            bound=True,
                        )
                    )


def convert(item: OutlinedKernel, facts: FunctionFacts, env: Mapping[str, object]) -> Kernel:
    """Lower one kernel's body to tile-level op statements."""
    params = {p.name: p for p in item.function.params}
    lowering = _Lowering(item.kernel, facts, env, params)
    body: list[TNode] = []
    for var, kind in item.lane_vars:
        if kind == "block_idx":
            body.append(
                TOp(
                    "tile.get_block_idx",
                    var,
                    operands=(),
                    reads=(),
                    kwargs=(),
                    call_span=item.kernel.span,
                    line_span=None,
                    dsl_name="pl.spmd",
                    origin=BLOCK_IDX,
                    type=ScalarType(),
                    bound=True,
                )
            )
    lowered = lowering.block(item.body)
    return item.kernel.with_body(tuple(lowering.entry) + tuple(body) + lowered)


def _expr_key(expr: object, env: Mapping[str, object]) -> object:
    """An expression's structure without its spans, constants folded and moved to the right of a `+` or
    `*` (AreExprVectorsEqual after Simplify's canonical order)."""
    return structure(expr, partial(_folded_key, env))


def _folded_key(env: Mapping[str, object], node: object) -> object | None:
    """`_expr_key`'s key of a name or arithmetic node (a function, not a recursive closure: that is a
    cycle only a collection frees, with the environment it holds)."""
    if isinstance(node, ir.Name | ir.BinOp | ir.UnaryOp) and (value := fold(node, env)) is not UNKNOWN_VALUE:
        return ("const", value)
    if isinstance(node, ir.BinOp):
        folded = partial(_folded_key, env)
        left, right = structure(node.left, folded), structure(node.right, folded)
        if node.op in ("+", "*") and _is_const_key(left) and not _is_const_key(right):
            left, right = right, left
        return ("binop", node.op, left, right)
    return None


def _is_const_key(key: object) -> bool:
    return isinstance(key, tuple) and bool(key) and key[0] == "const"


def _unit_stride(index: ir.Expr, loop_var: str) -> bool:
    """`i`, `base + i` or `i + base` with `base` free of the loop variable (MatchUnitStrideIndex)."""
    if isinstance(index, ir.Name):
        return index.id == loop_var
    if not isinstance(index, ir.BinOp) or index.op != "+":
        return False
    for var_side, other in ((index.left, index.right), (index.right, index.left)):
        if isinstance(var_side, ir.Name) and var_side.id == loop_var and loop_var not in names_in(other):
            return True
    return False


def check_put_sources(
    kernel: Kernel,
    gm: Callable[[str], bool],
    plain: Callable[[str], bool],
    report: Callable[[Diagnostic], None],
) -> int:
    """CT-12 / CT-20: a `pld.tensor.put` src or `pld.tensor.get` dst that is a tile when the op is converted.
    TPUT / TGET move GM to GM. A computed value is a tile, and so is a plain (non-window) tensor handed in
    when the call is assigned: the entry loads of Phase 1 collect the tensor operands of assignment statements
    only (TensorArgsInConvertedOpsCollector), so `r = pld.tensor.put(dst, p, x)` loads `x` into Vec. Returns
    the errors. `plain(name)`: a GM tensor that is not window-bound."""
    ops = [op for op, _ in ops_of(kernel.body)]
    if not any(op.op in _GM_TRANSFER_SLOTS for op in ops):
        return 0  # nearly every kernel: no set below is built for it
    # Values computed in the kernel (not GM tensors handed in, nor what a store returns).
    computed = {
        op.result for op in ops if op.result and op.op not in ("tile.store", ALIAS) and op.origin != SCALAR
    }
    defined = {op.result for op in ops if op.result}
    # A name rebound later in a loop may be the loop's carried value there: no verdict on it.
    looped = {id(op) for node, _ in walk(kernel.body) if type(node) is TLoop for op, _ in ops_of(node.body)}
    before: set[str] = set()  # names bound in the kernel before the op at hand
    errors = 0
    for op in ops:
        slot, code = _GM_TRANSFER_SLOTS.get(op.op, (None, ""))
        name = op.operands[slot] if slot is not None and len(op.operands) > slot else None
        if name is not None:
            # A parameter of the kernel as outlined: not yet bound in the kernel at this op.
            handed_in = plain(name) and name not in before and (name not in defined or id(op) not in looped)
            # A put src the kernel cannot see as GM is a tile too; a get dst of unknown type stays silent.
            unseen = code == "PTO-CT12" and not gm(name)
            if name in computed or unseen or (op.bound and handed_in):
                report(diagnostic(code, op.call_span, stage="ConvertTensorToTileOps"))
                errors += 1
        if op.result:
            before.add(op.result)
    return errors


# The GM operand TPUT / TGET take by address: put's src, get's dst.
_GM_TRANSFER_SLOTS = {"pld.tensor.put": (2, "PTO-CT12"), "pld.tensor.get": (0, "PTO-CT20")}


# pl.write of a tensor: a tile.store destination is a GM tensor, so a write to the same name is scalar.
_SCALAR_WRITES = frozenset({"tensor.write", "tile.write"})
_Origins = dict[str, frozenset[str]]


@dataclass(slots=True)
class _StorePaths:
    """UpgradeWrittenTensorParamDirections: which GM parameters each name aliases, and the first MTE3 and
    scalar store of each parameter, over the whole function (both branches of an if, every loop body)."""

    gm: Callable[[str], bool]
    staged: frozenset[str] = frozenset()
    dma: set[str] = field(default_factory=set)
    scalar: dict[str, TOp] = field(default_factory=dict)

    def origins(self, name: str | None, names: _Origins) -> frozenset[str]:
        """The parameters a name aliases: its binding's, or itself for a GM tensor handed in."""
        if name is None:
            return frozenset()
        if name in names:
            return names[name]
        return frozenset({name}) if self.gm(name) else frozenset()

    def block(self, body: tuple[TNode, ...], names: _Origins) -> None:
        """Walk a statement list in order, rebinding `names` as its assignments do."""
        for node in body:
            if isinstance(node, TOp):
                self.op(node, names)
            elif isinstance(node, TLoop | TScope | TRegion):
                # Alias transfers only keep or union origins: one pass over the body finds every store.
                inner = dict(names)
                self.block(node.body, inner)
                _merge(names, inner)
            elif isinstance(node, TIf):
                then, orelse = dict(names), dict(names)
                self.block(node.body, then)
                self.block(node.orelse, orelse)
                _merge(names, then)
                _merge(names, orelse)

    def op(self, op: TOp, names: _Origins) -> None:
        """A store records its target's parameters; its result (and an alias) carries them on."""
        carried: frozenset[str] = frozenset()
        if op.op == "tile.store" and len(op.operands) > 2:
            carried = self.origins(op.operands[2], names)
            self.dma.update(carried)
        elif op.op in _SCALAR_WRITES and op.operands:
            carried = self.origins(op.operands[0], names)
            if op.operands[0] not in self.staged:
                for param in carried:
                    self.scalar.setdefault(param, op)
        elif op.op == ALIAS and op.operands:
            carried = self.origins(op.operands[0], names)
        if op.result:
            names[op.result] = carried


def _staged_full_tensors(body: tuple[TNode, ...], gm: Callable[[str], bool]) -> frozenset[str]:
    """CanonicalizeFullTensorScalarUpdates: `t[...] = pl.full(shape of t)` at the top of the function, then only
    pl.write into t: the writes go to the local full and the one assemble moves to the end, so t sees MTE3
    alone. A later use of t or of the full (other than the writes) keeps the GM writes. The compiler also
    wants zero offsets; a full as large as t fits only there, so the model does not read them."""
    staged: set[str] = set()
    for index in range(1, len(body)):
        full, store = body[index - 1], body[index]
        if not (isinstance(full, TOp) and isinstance(store, TOp) and full.op == "tile.full" and full.result):
            continue
        if store.op != "tile.store" or len(store.operands) < 3 or store.operands[0] != full.result:
            continue
        target = store.operands[2]
        if target is None or not gm(target) or not isinstance(full.type, TileType | TensorType):
            continue
        target_type = store.type
        if not (isinstance(target_type, TensorType) and target_type.ranked):
            continue
        if full.type.shape != target_type.shape or full.type.dtype != target_type.dtype:
            continue
        if not all(isinstance(d, int) for d in target_type.shape):
            continue
        if not _used_after(body[index + 1 :], (target, full.result)):
            staged.add(target)
    return frozenset(staged)


def _used_after(body: tuple[TNode, ...], names: tuple[str, str]) -> bool:
    """Whether a statement reads one of `names`, a pl.write into the first (its target) aside."""
    for node, _ in walk(body):
        if isinstance(node, TOp):
            skip = 1 if node.op in _SCALAR_WRITES and node.operands and node.operands[0] == names[0] else 0
            read = {*node.reads, *(n for n in node.operands[skip:] if n)}
        elif isinstance(node, TYield):
            read = set(node.values)
        else:
            read = set(getattr(node, "reads", ()))
        if read & set(names):
            return True
    return False


def _merge(names: _Origins, branch: _Origins) -> None:
    """After a branch or a loop: a name may alias what it aliased on any path."""
    for name, origins in branch.items():
        names[name] = names.get(name, frozenset()) | origins


def _mixed_store_paths(
    kernel: Kernel, gm: Callable[[str], bool], report: Callable[[Diagnostic], None], order: Sequence[str]
) -> int:
    """CT-4: one GM parameter written through MTE3 (tile.store / assemble) and through the scalar path
    (tensor.write) anywhere in one InCore function, outlined scopes included. The check stops at the first
    parameter (in `order`, then by name) and points at its first scalar write."""
    paths = _StorePaths(gm, _staged_full_tensors(kernel.body, gm))
    paths.block(kernel.body, {})
    mixed = paths.dma & set(paths.scalar)
    if not mixed:
        return 0
    rank = {name: i for i, name in enumerate(order)}
    param = min(mixed, key=lambda name: (rank.get(name, len(rank)), paths.scalar[name].call_span, name))
    report(
        diagnostic(
            "PTO-CT4", paths.scalar[param].call_span, stage="ConvertTensorToTileOps", param=user_name(param)
        )
    )
    return 1


def check_conversions(
    kernel: Kernel,
    types: Mapping[str, ValueType],
    report: Callable[[Diagnostic], None],
    target: str = "a2a3",
    gm: Callable[[str], bool] | None = None,
    params: Sequence[str] = (),
) -> int:
    """The ConvertTensorToTileOps rejections of ops it cannot lower (CT-1 ... CT-19). Returns the errors.

    CT-4 (DMA and scalar stores to one GM tensor) needs `gm`, which names are GM tensors handed to the kernel
    (`params`: their order, the order the compiler checks them in); without it CT-4 is not checked."""
    ops = [op for op, _ in ops_of(kernel.body)]
    computed = {op.result for op in ops if op.result and op.op != ALIAS}
    # Values an op lowered to a tile produced (loads of GM parameters and views of them stay tensor-like).
    lowered = {
        op.result
        for op in ops
        if op.result and op.origin == USER and op.dsl_name.rsplit(".", 1)[-1] not in _TENSOR_VIEWS
    }
    entry = {
        op.result: op.operands[0] for op in ops if op.origin == ENTRY_LOAD and op.result and op.operands[0]
    }

    def gm_type(name: str | None) -> ValueType | None:
        """The type of an operand as written: through the entry load, the GM tensor's own type."""
        return types.get(entry.get(name or "", name or ""))

    dn: set[str] = set()  # tensors in DN layout: a transpose of the last two axes, and views of it
    found: list[tuple[TOp, str, dict[str, Any]]] = []
    for op in ops:
        short = op.dsl_name.rsplit(".", 1)[-1]
        source = op.operands[0] if op.operands else None
        if op.result and isinstance(op.type, TensorType) and op.type.ranked:
            swaps = short == "transpose" and _swaps_last_two(op.consts[1:3], op.type.rank)
            if swaps or (short in ("slice", "reshape") and source in dn):
                dn.add(op.result)
        if short == "div" and len(op.operands) >= 2:
            problem = _row_broadcast_div(gm_type(op.operands[0]), gm_type(op.operands[1]))
            if problem is not None:
                found.append((op, *problem))
        if short in ("gather", "scatter", "scatter_update") and op.dsl_name.startswith(("pl.", "pl.tensor.")):
            problem = _indexed_access(op, short, gm_type, target)
            if problem is None and short == "scatter_update":
                problem = _scatter_update_rows(op, gm_type)
            if problem is not None:
                found.append((op, *problem))
        if short == "reinterpret_view" and source in dn:
            found.append((op, "PTO-CT1", {}))
        elif short == "view" and op.op == "tile.view" and source in lowered:
            found.append((op, "PTO-CT2", {}))
        dropped = op.kwarg("drop_dims")
        ranked = isinstance(op.type, TileType) or (isinstance(op.type, TensorType) and op.type.ranked)
        if (
            short == "slice"
            and dropped
            and ranked
            and isinstance(op.type, TensorType | TileType)
            and not op.type.shape
        ):
            found.append((op, "PTO-CT3", {}))
        elif op.op == "tile.cast" and not op.dsl_name.startswith("pl.tile.") and _int_target_type(op):
            found.append((op, "PTO-CT19", {"got": "int"}))
        elif op.dsl_name == "pl.tensor.alloc" and op.bound:
            found.append((op, "PTO-CT16", {}))  # no tile conversion is registered for tensor.alloc
        elif short == "matmul_acc" and _gm_accumulator(op, entry):
            found.append((op, "PTO-E10", {}))
        elif short == "matmul_acc" and any(k == "init_cond" for k, _ in op.kwargs):
            ranks = [_rank(types.get(name or "")) for name in op.operands[:3]]
            if len(ranks) == 3 and all(r is not None for r in ranks) and any(r > 2 for r in ranks if r):
                found.append(
                    (op, "PTO-CT8", {"acc_rank": ranks[0], "lhs_rank": ranks[1], "rhs_rank": ranks[2]})
                )
        elif short == "assemble" and op.kwarg("atomic") == "Add":
            if op.op == "tile.assemble":
                found.append((op, "PTO-CT6", {}))
            elif op.op == "tile.store" and op.operands and op.operands[0] is not None:
                src = op.operands[0]
                if src not in computed and isinstance(types.get(src), TensorType):
                    found.append((op, "PTO-CT6b", {}))
        elif short == "gather_row" and op.op == "tile.gather_row" and not op.dsl_name.startswith("pl.tile."):
            # tensor.gather_row converts in place: only a create_l1 accumulator is an on-chip tile by then.
            if op.operands and op.operands[0] in entry:
                found.append((op, "PTO-CT15", {}))
        elif short == "paged_gather" and len(op.operands) > 1:
            indices = types.get(op.operands[1] or "")
            limit = op.consts[5] if len(op.consts) > 5 else None
            if (
                isinstance(indices, TensorType | TileType)
                and indices.rank == 1
                and isinstance(indices.shape[0], int)
                and isinstance(limit, int)
                and indices.shape[0] > limit
            ):
                found.append((op, "PTO-CT10", {"length": indices.shape[0], "max_indices": limit}))
    for op, code, fields in found:
        report(diagnostic(code, op.call_span, stage="ConvertTensorToTileOps", **fields))
    lowered_errors = _lowered_tile_ops(ops, types, report)
    mixed = _mixed_store_paths(kernel, gm, report, params) if gm and kernel.func_type == "InCore" else 0
    return len(found) + mixed + lowered_errors


def _int_target_type(op: TOp) -> bool:
    """A lowered tensor.cast whose target_type is an int literal: LegalizeTileCast reads it as a DataType."""
    value = _arg(op, 1, "target_type")
    return isinstance(value, int) and not isinstance(value, bool)


def _gm_accumulator(op: TOp, entry: Mapping[str, str]) -> bool:
    """A tensor.matmul_acc whose accumulator is a GM tensor: its entry load puts it in Vec, from where it has to
    cross to the cube into Acc, a cross-core move ExpandMixedKernel cannot build (PTO-E10)."""
    if op.op != "tile.matmul_acc" or op.dsl_name.startswith("pl.tile.") or not op.operands:
        return False
    if not isinstance(op.type, TensorType):
        return False  # its own deducer rejected it first
    if any(k == "init_cond" for k, _ in op.kwargs):
        return False  # lowered through its own select of the first step (not modelled): stay silent
    return op.operands[0] in entry


def _lowered_tile_ops(
    ops: Sequence[TOp], types: Mapping[str, ValueType], report: Callable[[Diagnostic], None]
) -> int:
    """The tile op of each call, deduced as the pipeline builds it: a tensor op's tile op over the Vec tiles
    ConvertTensorToTileOps gives it (CT-13, CT-14), and a user tile op whose result valid_shape has fewer dims
    than its shape (the pipeline-input type check, TD-109, once for the variable and once for the call)."""
    errors = 0
    for op in ops:
        opdef = get_op(op.op)
        if opdef is None or op.origin != USER or not op.op.startswith("tile."):
            continue
        lowered = isinstance(op.type, TensorType) and op.type.ranked
        if op.op == "tile.div":
            div = _lowered_div_problem(op, types) if lowered else None
            if div is not None:
                report(diagnostic("PTO-CT14", op.call_span, detail=div))
                errors += 1
            continue
        if not lowered and not isinstance(op.type, TileType):
            continue  # the op's own deducer failed (reported at parse) or its result is not a tile
        operands = [types.get(name) if name else None for name in op.operands]
        tiles: list[ArgValue] = [
            as_tile(v) if isinstance(v, TensorType | TileType) else None for v in operands
        ]
        stored = (
            _col_reduction_store(op, types) if lowered and op.op in _COL_REDUCTIONS and op.bound else None
        )
        if stored is not None:
            report(diagnostic("PTO-CT14", op.call_span, detail=stored))
            errors += 1
            continue
        window = _window_rank_problem(op) if lowered and op.op == "tile.load" else None
        if window is not None:
            report(diagnostic("PTO-CT14", op.call_span, detail=window))
            errors += 1
            continue
        created = _created_shape_problem(op) if lowered and opdef.deduce in ("create", "full") else None
        if created is not None:
            report(diagnostic("PTO-CT14", op.call_span, detail=created))
            errors += 1
            continue
        mismatch = valid_rank_mismatch(opdef.deduce, tiles)
        if mismatch is not None:
            if lowered:
                report(diagnostic("PTO-CT13", op.call_span, **mismatch))
            else:
                subjects = ([f"Var '{op.result}'"] if op.bound and op.result else []) + ["Call result"]
                for subject in subjects:
                    report(diagnostic("PTO-TD109", op.call_span, subject=subject, **mismatch))
            errors += 1
            continue
        if lowered and opdef.deduce in LOWERED_DEDUCE and all(v is not None for v in tiles[:1]):
            problem = _lowered_problem(op, opdef.deduce, tiles)
            if problem is not None:
                report(diagnostic("PTO-CT14", op.call_span, detail=problem))
                errors += 1
    return errors


def _lowered_problem(op: TOp, family: str, tiles: Sequence[ArgValue]) -> Problem | None:
    """The tile deducer's error on the lowered operands (tensor matmuls: only the dtype pairing)."""
    if family == "matmul":
        lhs, rhs = (*tiles, None, None)[:2]
        if op.op == "tile.matmul" and isinstance(lhs, TileType) and isinstance(rhs, TileType):
            # No operand above 2D: the conversion picks tile.matmul, which takes 2D operands only.
            for side, value in (("lhs", lhs), ("rhs", rhs)):
                if value.rank < 2 and max(lhs.rank, rhs.rank) <= 2:
                    return problem("PTO-TD18", op=op.op, operand=side, rank=value.rank)
        if (
            isinstance(lhs, TileType)
            and isinstance(rhs, TileType)
            and known(lhs.dtype)
            and known(rhs.dtype)
            and lhs.dtype != rhs.dtype
        ):
            return problem("PTO-TD19", op=op.op, lhs=dtype_text(lhs.dtype), rhs=dtype_text(rhs.dtype))
        return None
    if any(v is None for v in tiles):
        return None  # a scalar or unknown operand: the tile deducer would judge a value we do not model
    return deduce_error(op.op, tiles, {})


_COL_REDUCTIONS = frozenset(
    {"tile.col_sum", "tile.col_max", "tile.col_min", "tile.col_prod", "tile.col_argmax", "tile.col_argmin"}
)
_STORE_REMEDY = (
    "A store performs no layout conversion (RFC #1300 P7): the offsets and the tile extent must already be in the "
    "destination's coordinate system. If the tile was read through a view whose layout differs from the "
    "destination's -- a DN view transposes it -- take the matching view of the destination, pl.view(out, "
    "layout=...), and store into that"
)


def _col_reduction_store(op: TOp, types: Mapping[str, ValueType]) -> Problem | None:
    """A tensor column reduction of a >2D tensor reduces its second-to-last axis, but the tile op it lowers to
    reduces the first ([B, M, N] -> [1, M, N], not [B, 1, N]): storing that tile into the tensor result runs
    past the end of the reduced axis."""
    source = types.get(op.operands[0]) if op.operands and op.operands[0] else None
    if (
        not isinstance(source, TensorType | TileType)
        or source.rank < 3
        or not isinstance(op.type, TensorType)
    ):
        return None
    tile = (1, *source.shape[1:])
    for i, (extent, bound) in enumerate(zip(tile, op.type.shape, strict=False)):
        if isinstance(extent, int) and isinstance(bound, int) and extent > bound:
            return problem(
                "PTO-TD127",
                op="tile.store",
                axis=i,
                offset=0,
                extent=extent,
                target=bound,
                remedy=_STORE_REMEDY,
            )
    return None


def _window_rank_problem(op: TOp) -> Problem | None:
    """tensor.slice becomes tile.load, whose deducer takes one offset per window dimension (the tensor op does
    not check the two lists against each other)."""
    shape, offsets = (*op.consts[1:3], None, None)[:2]
    if not (isinstance(shape, list | tuple) and isinstance(offsets, list | tuple)) or len(shape) == len(
        offsets
    ):
        return None
    return problem(
        "PTO-TD117",
        op="The operator tile.load",
        requirement=f"offsets and shapes to have same number of dimensions, but got {len(offsets)} offsets and "
        f"{len(shape)} shapes",
    )


def _created_shape_problem(op: TOp) -> Problem | None:
    """tensor.create / tensor.full become tile.create / tile.full, whose deducer takes only a non-empty shape of
    positive static extents (the tensor op takes any)."""
    shape = op.type.shape if isinstance(op.type, TensorType) else None
    if shape is None:
        return None
    for i, d in enumerate(shape):
        if isinstance(d, int) and d <= 0:
            return problem("PTO-TD139", op=op.op, index=i, dim=d)
    if not shape:
        return problem("PTO-TD138", name=op.op.split(".", 1)[1], requirement="requires non-empty shape")
    return None


def _lowered_div_problem(op: TOp, types: Mapping[str, ValueType]) -> Problem | None:
    """tensor.div's conversion: both tiles cast to the promoted dtype, then a [M, 1] divisor becomes
    tile.row_expand_div (not modelled: silent) and anything else tile.div, which does not broadcast."""
    values = [types.get(name) if name else None for name in op.operands[:2]]
    tiles = [as_tile(v) for v in values if isinstance(v, TensorType | TileType)]
    if len(op.operands) < 2 or len(tiles) != 2:
        return None
    lhs, rhs = tiles
    if not isinstance(lhs, TileType) or not isinstance(rhs, TileType):
        return None
    if not known(lhs.dtype) or not known(rhs.dtype):
        return None
    dtype = promote_dtypes(lhs.dtype, rhs.dtype)
    lhs, rhs = replace(lhs, dtype=dtype), replace(rhs, dtype=dtype)
    if lhs.rank == 2 and rhs.rank == 2 and (lhs.shape[1] == 1) != (rhs.shape[1] == 1):
        return None  # DetectRowBroadcast: a column-vector operand lowers to tile.row_expand_div
    return deduce_error("tile.div", [lhs, rhs], {})


_INT16_FLAT = 32767  # the largest flat index an INT16 index can address
_TWO_BYTE = frozenset({"FP16", "BF16", "INT16", "UINT16"})


def _arg(op: TOp, position: int, name: str) -> object:
    """A folded attribute of the call, written by keyword or at its position."""
    value = op.kwarg(name)
    if value is None and position < len(op.consts):
        value = op.consts[position]
    return value


def _indexed_access(
    op: TOp, short: str, gm_type: Callable[[str | None], ValueType | None], target: str
) -> tuple[str, dict[str, Any]] | None:
    """CT-7 / CT-9 / CT-11: the index forms tensor.gather / scatter / scatter_update can lower."""
    src = gm_type(op.operands[0] if op.operands else None)
    if not isinstance(src, TensorType) or not src.ranked or not all(isinstance(d, int) for d in src.shape):
        return None
    shape = [d for d in src.shape if isinstance(d, int)]
    if short == "scatter_update":
        value = gm_type(op.operands[-1] if op.operands else None)
        if isinstance(value, TensorType | TileType) and value.shape and (src.rank != 2 or value.rank != 2):
            return "PTO-CT7", {"input_rank": src.rank, "src_rank": value.rank}
        if src.rank == 2 and src.dtype in _TWO_BYTE and shape[0] * shape[1] > _INT16_FLAT:
            return "PTO-CT7b", {"dtype": src.dtype, "elements": shape[0] * shape[1]}
        return None
    if op.kwarg("mask_pattern") is not None or op.kwarg("kvalue") is not None:
        return None  # the mask / compare forms take no index tensor
    dim = _arg(op, 1, "dim")
    if not isinstance(dim, int) or isinstance(dim, bool) or not -src.rank <= dim < src.rank:
        return None
    norm = dim % src.rank
    if short == "gather":
        # The lowering has a case for (2, 1), (3, 0), (3, 1) and (3, 2) only.
        if src.rank > 3 or (src.rank == 2 and norm == 0):
            return "PTO-CT9c", {"rank": src.rank, "dim": norm}
        if src.rank == 3 and norm in (0, 1) and src.dtype in _TWO_BYTE:
            return "PTO-CT9b", {"dim": norm, "dtype": src.dtype}
        index = gm_type(op.operands[2] if len(op.operands) > 2 else None)
        int16 = isinstance(index, TensorType | TileType) and index.dtype == "INT16"
        if target == "a5" and int16 and src.rank == 2 and shape[0] * shape[1] - 1 > _INT16_FLAT:
            return "PTO-CT9", {"rows": shape[0], "cols": shape[1], "max_rows": (_INT16_FLAT + 1) // shape[1]}
        return None
    if src.rank == 2 and src.dtype in _TWO_BYTE and shape[0] * shape[1] - 1 > _INT16_FLAT:
        return "PTO-CT11", {
            "dtype": src.dtype,
            "rows": shape[0],
            "cols": shape[1],
            "max_rows": (_INT16_FLAT + 1) // shape[1],
        }
    return None


def _scatter_update_rows(
    op: TOp, gm_type: Callable[[str | None], ValueType | None]
) -> tuple[str, dict[str, Any]] | None:
    """The row-scatter lowering of scatter_update (tensor or tile form, 2D input and src, static shapes): src
    has one row per index element (CT17), and the flat [n, d] index it builds has the input's d columns, which
    tile.scatter needs src to match (CT18)."""
    if len(op.operands) != 4:
        return None
    values = [gm_type(name) for name in (op.operands[0], op.operands[2], op.operands[3])]
    shapes: list[tuple[int, int]] = []
    for value in values:
        if not isinstance(value, TensorType | TileType) or value.rank != 2:
            return None
        dims = [d for d in value.shape if isinstance(d, int)]
        if len(dims) != 2:
            return None
        shapes.append((dims[0], dims[1]))
    (_, cols), (b, s), (rows, src_cols) = shapes
    if rows != b * s:
        return "PTO-CT17", {"rows": rows, "size": b * s}
    if src_cols != cols:
        return "PTO-CT18", {"src_cols": src_cols, "cols": cols}
    return None


def _row_broadcast_div(dividend: object, divisor: object) -> tuple[str, dict[str, Any]] | None:
    """CT-5: a [M, 1] divisor broadcast along the rows must be valid wherever the dividend is (the tensor.div
    conversion; a tile-level div is the user's own lowering)."""
    if not (isinstance(dividend, TensorType) and isinstance(divisor, TensorType)):
        return None
    if dividend.rank != 2 or divisor.rank != 2 or divisor.shape[1] != 1 or dividend.shape[1] == 1:
        return None
    if dividend.valid is None and divisor.valid is None:
        return None
    top = [d for d in dividend.valid or dividend.shape if isinstance(d, int)]
    bottom = [d for d in divisor.valid or divisor.shape if isinstance(d, int)]
    if len(top) != 2 or len(bottom) != 2:
        return None  # a runtime extent: the conversion decides at run time
    if bottom[0] < top[0]:
        return "PTO-CT5", {"dividend": format_shape(top), "divisor": format_shape(bottom)}
    if bottom[1] == 0:
        return "PTO-CT5b", {"valid_shape": format_shape(bottom)}
    return None


_TENSOR_VIEWS = frozenset({"view", "slice", "reshape", "transpose", "reinterpret_view", "load"})


def _swaps_last_two(axes: Sequence[object], rank: int) -> bool:
    """transpose(x, a, b) exchanges the two innermost axes: ND becomes DN."""
    if len(axes) != 2 or not all(isinstance(a, int) and not isinstance(a, bool) for a in axes) or rank < 2:
        return False
    normalized = {a % rank for a in axes if isinstance(a, int)}
    return normalized == {rank - 2, rank - 1}


def _rank(vtype: object) -> int | None:
    return vtype.rank if isinstance(vtype, TensorType | TileType) else None
