"""Expression typing: the type of every value, and the check of every call and name in it (undefined
names, unknown ops, wrapper signatures, the op deducers' problems, calls of the program's functions)."""

from __future__ import annotations

import difflib
from dataclasses import replace
from typing import Any

from compiler import catalog, ir
from compiler.diagnostics import Problem
from compiler.evaluator import Dynamic, FunctionValue
from compiler.fixes import Fix, ReplaceText, SuggestText
from compiler.frontend.allreduce_targets import mesh_valid_error, packed_view_error, ring_valid_error
from compiler.frontend.checks.call_attrs import check_call_attrs
from compiler.frontend.checks.call_bindings import check_call_bindings, first_dynamic_axis
from compiler.frontend.checks.spelling import call_text, expr_text
from compiler.frontend.checks.state import CheckState, SplitTransfers, WalkContext
from compiler.frontend.checks.subscript_forms import check_subscript_read
from compiler.frontend.consts import (
    DSL_LOOPS,
    MAX_FOLDED_BITS,
    UNKNOWN_VALUE,
    attribute_value,
    dtype_bytes,
    enum_member_error,
    fold,
)
from compiler.frontend.subscripts import subscript_type
from compiler.ir_walk import names_in, walk_expr
from compiler.ops.deducers.core import is_float, is_int
from compiler.ops.deducers.indexing import SCRATCH_ALIAS
from compiler.ops.dsl import PLD_SHORT
from compiler.ops.resolve import op_error, resolve_call
from compiler.ops.signatures import SIGNATURES
from compiler.rules.frontend import NAME_NOT_DEFINED
from compiler.source import Span
from compiler.types import (
    UNKNOWN,
    ArgValue,
    RuntimeDim,
    RuntimeText,
    ScalarType,
    TensorType,
    TileType,
    ValueType,
)
from compiler.vocabulary import DTYPE_BITS, DTypeValue, EnumValue, dsl_constant, unbound_pl_class

_REMOTE_LOADS = frozenset({"pld.tile.remote_load", "pld.remote_load"})


def _literal_peer(call: ir.Call, target: ArgValue) -> bool:
    """pld.tile.remote_load(window, peer=<number literal>): the wrapper hands the keyword's Python number to the
    IR builder unconverted (the other pld ops normalise it), once its window check passed."""
    peer = call.kwarg("peer")
    literal = isinstance(peer, ir.Const) and isinstance(peer.value, int | float)
    return literal and isinstance(target, TensorType) and target.distributed


WINDOW_BUFFER_ALLOCS = frozenset({"pld.alloc_window_buffer", "pld.tensor.alloc_window_buffer"})

_FRONTEND_NAMES = frozenset(
    {
        "pl.const", "pl.yield_", "pl.dynamic", "pl.static_print", "pl.static_assert", "pl.func_attr",
        "pl.cond", "pl.no_dep", "pl.dump_tag",
    }
)  # fmt: skip

# Binary operators the parser has no IR for (parse_binop), by the ast class name it reports; a fold of
# constants never reaches it.
_UNSUPPORTED_BINOPS = {"**": "Pow", "@": "MatMult"}
# The IR node the parser builds for scalar arithmetic (Type::TypeName of the expression).
_NODE_OF_BINOP = {"+": "Add", "-": "Sub", "*": "Mul"}

# The enum member behind each string spelling of syncall / sync_set / sync_wait (spec 003).
_ENUM_SPELLING = {
    ("core_type", "mix"): "MIX",
    ("core_type", "mixed"): "MIX",
    ("core_type", "aic_only"): "AIC",
    ("core_type", "aic"): "AIC",
    ("core_type", "aiv_only"): "AIV",
    ("core_type", "aiv"): "AIV",
    ("mode", "hard"): "HARD",
    ("mode", "soft"): "SOFT",
}

# Decorators whose function has no level (a device-side body): host-only pld calls are rejected there.
DEVICE_LEVEL_DECORATORS = frozenset({"jit", "jit.incore"})


def outside_host(function: ir.Function, ctx: WalkContext) -> str | None:
    """The function level the parser prints when a host-only call (pld.world_size, alloc_window_buffer) sits
    outside HOST orchestration: in a function of another level, or in an InCore / SPMD scope of a host
    function. None when it is in host code, or when the level is not known here (an inline helper)."""
    if function.decorator in DEVICE_LEVEL_DECORATORS:
        level: str | None = None
    elif function.decorator == "jit.host":
        level = "HOST"
    elif function.decorator == "function" and function.level != "?":
        level = function.level
    else:
        return None
    if level == "HOST" and not ctx.in_core:
        return None
    return "None" if level is None else f"Level.{level}"


_IDENTITY_MEMBERSHIP = {"is": "Is", "is not": "IsNot", "in": "In", "not in": "NotIn"}
"""The comparisons parse_compare has no IR op for (the ast class name it prints)."""
_MGATHERS = frozenset({"pl.tile.mgather", "pl.mgather"})


def _scratch_aliases(call: ir.Call) -> bool:
    """`mgather(x, idx, ..., scratch=x)`: scratch= names the variable passed as mem or idx (one IR Var)."""
    scratch = call.kwarg("scratch")
    if not isinstance(scratch, ir.Name):
        return False
    operands = [*call.args[:2], call.kwarg("mem"), call.kwarg("idx")]
    return any(isinstance(o, ir.Name) and o.id == scratch.id for o in operands)


_OP_CATEGORIES = frozenset({"pl.tensor", "pl.tile", "pl.system", "pl.array", "pl.prefetch"})
"""The `pl.<category>.<op>` namespaces the parser routes (anything else is unsupported)."""


# isinstance tuples, built once (a union in the call is built at each call, and tested more slowly).
_NUMBER = (int, float)
_SHAPED = (TensorType, TileType)
_SEQUENCE = (ir.TupleExpr, ir.ListExpr)
_ARITHMETIC = (ir.BinOp, ir.UnaryOp)
_ARG_CONSTANT = (int, float, str, tuple, EnumValue)
# The scalar types most expressions have, one object each (types are immutable; a literal, a comparison, a
# name or an arithmetic result is typed this way tens of thousands of times in a large file).
_INDEX = ScalarType("INDEX")
# The operators PythonPrint writes infix, and the parser keeps as written, in an extent the model spells.
_PRINTED_OPS = frozenset({"+", "-", "*"})
_INDEX_LITERAL = ScalarType("INDEX", exact=True)
_FP32_LITERAL = ScalarType("FP32", exact=True)
_BOOL = ScalarType("BOOL")


class ExpressionTyper:
    """Types the expressions of one function; `pl.aiv_shard` / `pl.aic_gather` go to `transfers`."""

    def __init__(self, state: CheckState, transfers: SplitTransfers) -> None:
        self.state = state
        self.transfers = transfers
        # The window-buffer allocation the statement being walked makes in a form the walk checks itself
        # (`buf = pld.alloc_window_buffer(...)`, or a bare one): any other is nested somewhere (F145).
        self.statement_alloc: ir.Call | None = None

    def value(self, expr: ir.Expr, ctx: WalkContext) -> ValueType:
        """Type an expression, checking every call and name inside it."""
        state = self.state
        if isinstance(expr, ir.Call):
            return self.call(expr, ctx)
        if isinstance(expr, ir.Name):
            known = state.type_of(expr.id)
            if known is not None:
                return known
            return self._untyped_name(expr)
        if isinstance(expr, ir.Attribute):
            bad = enum_member_error(expr.dotted)
            root = expr.dotted.split(".", 1)[0]
            parts = expr.dotted.split(".")
            missing = len(parts) == 3 and parts[0] == "pl" and unbound_pl_class(parts[1])
            if missing:
                absent = f"module 'pypto.language' has no attribute '{parts[1]}'"
                state.error("PTO-F9", expr.span, expr=expr.dotted, detail=absent)
            elif bad is not None:
                state.error("PTO-F9", expr.span, expr=expr.dotted, detail=bad)
            elif root and state.unbound(root):
                # The parser evaluates a non-DSL attribute chain in the closure: a NameError.
                detail = NAME_NOT_DEFINED.remark(name=root)
                state.error("PTO-F10", expr.span, expr=expr.dotted, detail=detail)
            return UNKNOWN
        if isinstance(expr, ir.Const):
            literal = expr.value
            if isinstance(literal, float):
                return _FP32_LITERAL
            return _INDEX if isinstance(literal, bool) else _INDEX_LITERAL
        if isinstance(expr, ir.BinOp):
            left = self.value(expr.left, ctx)
            right = self.value(expr.right, ctx)
            unsupported = _UNSUPPORTED_BINOPS.get(expr.op)
            if unsupported is not None and fold(expr, state.env) is UNKNOWN_VALUE:
                state.error("PTO-F41", expr.span, operator=unsupported)
            if isinstance(left, _SHAPED) or isinstance(right, _SHAPED):
                return UNKNOWN
            return scalar_arithmetic(expr.op, left, right)
        if isinstance(expr, ir.UnaryOp):
            operand = self.value(expr.operand, ctx)
            if isinstance(operand, ScalarType) and operand.exact and expr.op not in ("-", "+"):
                return ScalarType(operand.dtype)  # `not` / `~`: the dtype is not modelled
            return operand
        if isinstance(expr, ir.Compare):
            self.value(expr.left, ctx)
            self.value(expr.right, ctx)
            unsupported = _IDENTITY_MEMBERSHIP.get(expr.op)
            # A module constant there (`MODE is None`) fails first as another parser error (silent).
            constant = any(name in state.env for name in names_in(expr))
            if unsupported is not None and not constant and fold(expr, state.env) is UNKNOWN_VALUE:
                state.error("PTO-F95", expr.span, op=unsupported)
            return _BOOL
        if isinstance(expr, ir.BoolOp):
            for v in expr.values:
                self.value(v, ctx)
            return _BOOL
        if isinstance(expr, _SEQUENCE):
            for e in expr.elts:
                self.value(e, ctx)
            return UNKNOWN
        if isinstance(expr, ir.Subscript):
            base = self.value(expr.value, ctx)
            self.value(expr.index, ctx)
            self.subscript_rank(base, expr)
            check_subscript_read(state, base, expr)
            return subscript_type(base, expr.index, state.env)
        if isinstance(expr, ir.SliceExpr):
            for part in (expr.lower, expr.upper, expr.step):
                if part is not None:
                    self.value(part, ctx)
            return UNKNOWN
        if isinstance(expr, ir.Opaque):
            state.error("PTO-F28", expr.span, kind=expr.kind)
        return UNKNOWN

    def _untyped_name(self, expr: ir.Name) -> ValueType:
        """`value` of a name `type_of` has no type for (F6 when it is bound nowhere)."""
        state = self.state
        if state.unbound_untyped(expr.id):
            state.error("PTO-F6", expr.span, fixes=self._near_names(expr), name=expr.id)
        value = state.env.get(expr.id, UNKNOWN_VALUE)
        return _INDEX if isinstance(value, _NUMBER) else UNKNOWN

    def subscript_rank(self, base: ValueType, expr: ir.Subscript) -> None:
        """F29 / F30: more subscript indices than the tensor's or tile's rank; F67: a slice with a step."""
        ranked = isinstance(base, TensorType) and base.ranked and base.shape
        if not (ranked or (isinstance(base, TileType) and base.shape)):
            return
        count = len(expr.index.elts) if isinstance(expr.index, ir.TupleExpr) else 1
        rank = len(base.shape)  # type: ignore[union-attr]
        if count > rank:
            code = "PTO-F29" if isinstance(base, TensorType) else "PTO-F30"
            self.state.error(code, expr.span, count=count, rank=rank)
        elif stepped(expr):
            self.state.error("PTO-F67", expr.span, kind="tensor" if isinstance(base, TensorType) else "tile")

    def _takes_device_value(self, call: ir.Call) -> bool:
        """A call handed a tensor, tile or scalar of the function: it cannot be a compile-time closure
        expression, so the parser must route it (and a plain Python function has no route)."""
        args = [*call.args, *(k.value for k in call.keywords)]
        names = {e.id for a in args for e in walk_expr(a) if isinstance(e, ir.Name)}
        return any(isinstance(self.state.type_of(n), TensorType | TileType | ScalarType) for n in names)

    def arg_value(self, expr: ir.Expr, ctx: WalkContext) -> ArgValue:
        """What the op registry gets for one argument."""
        if isinstance(expr, ir.Const):
            literal = expr.value
            if (
                isinstance(literal, int)
                and not isinstance(literal, bool)
                and literal.bit_length() > MAX_FOLDED_BITS
            ):
                return UNKNOWN  # a literal wider than any shape (its text alone could exhaust str())
            return literal
        if isinstance(expr, ir.Attribute):
            self.value(expr, ctx)
            value = attribute_value(expr.dotted)
            return None if value is UNKNOWN_VALUE else value  # type: ignore[return-value]
        if isinstance(expr, _SEQUENCE):
            return tuple(self._runtime_extent(e) or self.arg_value(e, ctx) for e in expr.elts)
        if isinstance(expr, ir.Name):
            known = self.state.type_of(expr.id)
            if isinstance(known, ScalarType):
                # A deducer names the node ("... got Var") or the Var (PythonPrint writes its name).
                return ScalarType(known.dtype, known.exact, "Var", self.printed(expr))
            if known is not None:
                return known  # what `value` gives it (a name folds to nothing below)
            value = self.state.env.get(expr.id, UNKNOWN_VALUE)
            self._untyped_name(expr)
            if isinstance(value, _ARG_CONSTANT):
                return value  # type: ignore[return-value]
            return UNKNOWN
        folded = fold(expr, self.state.env) if isinstance(expr, _ARITHMETIC) else UNKNOWN_VALUE
        typed = self.value(expr, ctx)
        if isinstance(folded, _NUMBER) and not isinstance(folded, bool):
            return folded
        if isinstance(typed, ScalarType):
            # The node kind a deducer names when it wants a compile-time constant ("... but got Var").
            node = (
                "Var"
                if isinstance(expr, ir.Name)
                else _NODE_OF_BINOP.get(expr.op, "")
                if isinstance(expr, ir.BinOp)
                else ""
            )
            if node:
                return replace(typed, node=node, name=self.printed(expr))
        return typed

    def printed(self, expr: ir.Expr) -> str:
        """What PythonPrint writes for a runtime scalar the model can spell: a scalar variable's name, or one
        +, - or * of such a name and an int literal (the parser keeps it as written); "" for anything else, and
        in a @pl.jit function, whose specializer may bake a scalar parameter (and what is built from it) in."""
        if self.state.function.decorator != "function":
            return ""
        if isinstance(expr, ir.Name):
            known = self.state.type_of(expr.id)
            return expr.id if isinstance(known, ScalarType) and known.name != "?" else ""
        if not (isinstance(expr, ir.BinOp) and expr.op in _PRINTED_OPS):
            return ""
        sides: list[str] = []
        for side in (expr.left, expr.right):
            if isinstance(side, ir.Const) and type(side.value) is int and side.value > (expr.op == "*"):
                sides.append(
                    str(side.value)
                )  # not k + 0 or k * 1: the analyzer may fold those (k * 0 is empty)
            elif isinstance(side, ir.Name) and (text := self.printed(side)):
                sides.append(text)
            else:
                return ""
        return f"{sides[0]} {expr.op} {sides[1]}" if not all(t.isdigit() for t in sides) else ""

    def _runtime_extent(self, expr: ir.Expr) -> RuntimeDim | None:
        """A shape or offset element naming a module `pl.dynamic` symbol: the parser turns it into the DynVar's
        ir.Var, a runtime extent (not a local name, which the function binds itself)."""
        if not isinstance(expr, ir.Name) or self.state.type_of(expr.id) is not None:
            return None
        value = self.state.env.get(expr.id)
        return RuntimeDim(value.name) if isinstance(value, Dynamic) else None

    def call(self, call: ir.Call, ctx: WalkContext) -> ValueType:
        """Check and type one call."""
        state = self.state
        func = call.func
        if func.startswith("self."):
            return self._program_call(call, ctx)
        self.host_only(call, ctx)
        if (
            func in WINDOW_BUFFER_ALLOCS
            and call is not self.statement_alloc
            and outside_host(state.function, ctx) is None
        ):
            # The parser takes an allocation only as the value of `name = ...`; its op parse rejects any other.
            state.error("PTO-F145", call.span)
            return UNKNOWN
        short = func.rsplit(".", 1)[-1]
        if func.startswith(("pl.", "pld.")) and short in ("aiv_shard", "aic_gather"):
            operand: ValueType = UNKNOWN
            for arg in call.args:
                operand = self.value(arg, ctx)
            return self.transfers.split_transfer(call, operand, ctx)
        if func == "pl.func_attr":
            return UNKNOWN  # the parser reads its dict literal; it emits no IR (F44 / F45 check its place)
        if dtype_bytes(call) is not None:
            return ScalarType("INDEX")  # pl.FP32.get_byte(): the parser folds it to a constant
        if (parsed := parser_call_error(call)) is not None:
            state.report_problem(parsed, call.span)
            return UNKNOWN
        if func in _FRONTEND_NAMES or not func.startswith(("pl.", "pld.")):
            return self._frontend_call(call, ctx)
        for kw in call.keywords:
            if kw.name == "attrs" and _attrs_dict(kw):
                # The parser takes an op's attrs={...} off the call before the wrapper sees it.
                call = replace(call, keywords=tuple(k for k in call.keywords if k is not kw))
                break
        args = [self.arg_value(a, ctx) for a in call.args]
        if func.startswith("pld."):
            # The parser reads a None literal as the "no producer yet" TaskId sentinel, a Scalar[TASK_ID].
            args = [
                ScalarType("TASK_ID") if isinstance(a, ir.Const) and a.value is None else v
                for a, v in zip(call.args, args, strict=True)
            ]
        kwargs = {
            kw.name: UNKNOWN if _attrs_dict(kw) else self.arg_value(kw.value, ctx) for kw in call.keywords
        }
        if func == "pl.system.task_dummy" and (dummy := task_dummy_error(call)) is not None:
            state.report_problem(dummy, call.span)
            return UNKNOWN
        text = next((a for a in call.args if isinstance(a, ir.Const) and isinstance(a.value, str)), None)
        if text is not None:
            # A positional op argument is parsed as an expression, and a string literal is none.
            state.error("PTO-F53", text.span, kind="<class 'str'>")
            return UNKNOWN
        dtype_kw = call.kwarg("dtype")
        if isinstance(dtype_kw, ir.Const) and dtype_kw.value is not None and dtype_kw.value is not Ellipsis:
            # The parser resolves every op's dtype= itself (TypeResolver.resolve_dtype): a literal is no dtype.
            state.error("PTO-F52", dtype_kw.span, expr=repr(dtype_kw.value))
            return UNKNOWN
        problem = signature_error(call)
        if problem is not None:
            self.op_problem(func, problem, call.span)
            return UNKNOWN
        shared = shared_exchange_buffer(func, call, args)
        if shared is not None:
            self.op_problem(func, shared, call.span)
            return UNKNOWN
        if func in _REMOTE_LOADS and _literal_peer(call, args[0] if args else kwargs.get("target")):
            self.op_problem(func, catalog.problem("PTO-TD194"), call.span)
            return UNKNOWN
        if (
            func == "pl.prefetch.async_prefetch"
            and call.args
            and isinstance(call.args[0], ir.Call | ir.Subscript)
        ):
            # CheckFlatContiguous1DSource's first check: the parser passes a nested expression, not a Var.
            self.op_problem(func, catalog.problem("PTO-TD228", op="prefetch.async_prefetch"), call.span)
            return UNKNOWN
        if func == "pl.prefetch.async_prefetch" and call.args and isinstance(call.args[0], ir.Name):
            # CheckFlatContiguous1DSource: after arity, a Var source's extents must all be constants.
            axis = first_dynamic_axis(args[0], state.env)
            if axis is not None:
                self.op_problem(
                    func, catalog.problem("PTO-TD227", op="prefetch.async_prefetch", dim=axis), call.span
                )
                return UNKNOWN
        if func in _MGATHERS and _scratch_aliases(call):
            kwargs = {**kwargs, SCRATCH_ALIAS: True}
        resolution = resolve_call(func, args, kwargs)
        state.record_call(call.span, resolution)
        if resolution.unknown:
            self.unknown_op(call)
            return UNKNOWN
        if self.syncall_enums(call):
            return UNKNOWN
        if resolution.error:
            self.op_problem(func, resolution.error, call.span)
            return UNKNOWN
        if resolution.ir_name == "pld.tensor.allreduce" and ctx.in_core:
            composite = composite_allreduce_error(args, kwargs)
            if composite is not None:
                state.error(composite[0], call.span, **composite[1])
                return UNKNOWN
        if resolution.ir_name == "pld.tensor.allgather" and ctx.in_core and args:
            local = args[0]
            if isinstance(local, TensorType) and local.distributed:
                # LowerTensorAllGatherRule: the InCore push path reads a plain Tensor source.
                state.error("PTO-LC7", call.span)
                return UNKNOWN
        if ctx.in_core and resolution.ir_name in MESH_SIGNAL_AT:
            mesh = mesh_signal_error(resolution.ir_name, args, kwargs)
            if (
                mesh is None
                and resolution.ir_name == "pld.tensor.allreduce"
                and kwargs.get("mode", "mesh") == "mesh"
            ):
                target = args[0] if args else kwargs.get("target")
                valid = (
                    mesh_valid_error(target)
                    if isinstance(target, TensorType) and target.distributed
                    else None
                )
                if valid is not None:  # LC10 / LC11, once the signal passed
                    state.error(valid[0], call.span, **valid[1])
                    return UNKNOWN
            if mesh is not None:
                state.error(mesh[0], call.span, op=resolution.ir_name, **mesh[1])
                return UNKNOWN
        result = resolution.result
        if short == "set_validshape" and isinstance(result, TileType | TensorType) and result.rank == 2:
            extents = call.args[1:3] if len(call.args) >= 3 else []
            if len(extents) == 2:
                result = replace(result, valid=tuple(self._extent(e) for e in extents))
                patched = replace(resolution, result=result)
                state.record_call(call.span, patched)  # the passes see it too
        return result

    def _type_arguments(self, call: ir.Call, ctx: WalkContext) -> list[ValueType]:
        """Type every argument of a call whose own check reads none of their types (the positional ones'
        types, UNKNOWN for a static_print f-string)."""
        types: list[ValueType] = []
        for arg in call.args:
            types.append(UNKNOWN)
            if (
                call.func == "pl.static_print"
                and isinstance(arg, ir.Opaque)
                and arg.kind == "JoinedStr"
                and arg.static
            ):
                continue  # the parser formats an f-string label itself
            if call.func == "pl.static_print" and isinstance(arg, ir.Opaque) and arg.kind == "JoinedStr":
                self.state.error("PTO-F174", arg.span)  # a conversion or a format spec: it formats none
                continue
            types[-1] = self.value(arg, ctx)
        for kw in call.keywords:
            if not _attrs_dict(kw):
                self.value(kw.value, ctx)
        return types

    def _program_call(self, call: ir.Call, ctx: WalkContext) -> ValueType:
        """F35 / F36: `self.<function>(...)`, a call of a function of the program."""
        state = self.state
        func = call.func
        arg_types = self._type_arguments(call, ctx)
        functions = state.program_functions
        target = functions.get(func[5:])
        if target is None and functions:
            state.error("PTO-F35", call.func_span, name=func[5:], available=str(list(functions)))
        stray = next((kw for kw in call.keywords if kw.name not in ("attrs", "device")), None)
        if target is not None and stray is not None:
            # The parser checks the keywords first: a plain call takes attrs= (and device= for an
            # orchestrator) only; the function's own parameters are positional.
            state.error(
                "PTO-F75", call.span, name=target.name, kw=stray.name, advice=_keyword_advice(stray.name)
            )
        elif target is not None and not call.star_kwargs:
            got = len(call.args)
            required = sum(1 for p in target.params if p.default is None)
            if not required <= got <= len(target.params):
                state.error(
                    "PTO-F36",
                    call.span,
                    name=target.name,
                    expected=len(target.params),
                    got=got,
                    parameters=", ".join(p.name for p in target.params),
                )
            elif got == len(target.params) and check_call_attrs(
                state, call, target.name, call.args, submit=False
            ):
                check_call_bindings(state, target, arg_types, state.env)
        return target.return_type or UNKNOWN if target is not None else UNKNOWN

    def op_problem(self, func: str, problem: Problem, span: Span) -> None:
        """An op's error in the parser's words: its op wrapper, except for `buf = pld.alloc_window_buffer(..)`,
        which the parser builds outside the op dispatch, so the error reaches the function's own wrapper
        ('Failed to parse function ...', on the def line)."""
        state = self.state
        if func in WINDOW_BUFFER_ALLOCS:
            detail = catalog.problem("PTO-F18", function=state.function.name, detail=problem)
            state.report_problem(detail, state.function.header)
            return
        state.report_problem(op_error(func, problem), span)

    def host_only(self, call: ir.Call, ctx: WalkContext) -> None:
        """F146: pld.world_size() is known only to the host orchestrator."""
        if call.func in ("pld.world_size", "pld.system.world_size"):
            level = outside_host(self.state.function, ctx)
            if level is not None:
                self.state.error("PTO-F146", call.span, level=level)

    def _frontend_call(self, call: ir.Call, ctx: WalkContext) -> ValueType:
        """F26 / F32: a call the parser handles itself (`pl.const`, `pl.static_assert`, ...) or a Python
        function's."""
        state = self.state
        func = call.func
        if func == "pl.dump_tag":
            self._dump_tag(call, ctx)
            return UNKNOWN
        self._type_arguments(call, ctx)
        if (
            state.function.decorator == "function"
            and _plain_python_function(state.env.get(func))
            and self._takes_device_value(call)
        ):
            state.error("PTO-F26", call.span, call=call_text(call))
            return UNKNOWN
        if func == "pl.yield_" and call.args:
            return self.value(call.args[0], ctx)
        if func == "pl.static_assert":
            self._static_assert(call)
        if func == "pl.static_print" and not call.args and not call.star_kwargs:
            state.error("PTO-F65", call.span)
        if func == "pl.const":
            if len(call.args) != 2:
                state.error("PTO-F96", call.span)
            elif not _numeric_literal(call.args[0]) and not (
                # A JIT entry's specializer writes a module constant's value into the source it parses.
                state.function.decorator != "function"
                and isinstance(fold(call.args[0], state.env), int | float)
            ):
                state.error("PTO-F97", call.span)
            return ScalarType()
        return UNKNOWN

    def _dump_tag(self, call: ir.Call, ctx: WalkContext) -> None:
        """F126 ... F130: `pl.dump_tag(t)` tags a tensor bound earlier, in an orchestration or inline body."""
        state = self.state
        function = state.function
        if function.func_type not in ("Orchestration", "Inline") and function.decorator not in (
            "jit",
            "jit.host",
        ):
            state.error("PTO-F126", call.span)
            return
        if len(call.args) != 1 or call.keywords or call.star_kwargs:
            state.error("PTO-F127", call.span)
            return
        arg = call.args[0]
        if not isinstance(arg, ir.Name):
            state.error("PTO-F128", arg.span)
            return
        known = state.type_of(arg.id)
        if known is None:
            if state.unbound(arg.id):
                state.error("PTO-F129", call.span, name=arg.id)
            return
        if isinstance(known, TileType) or (isinstance(known, ScalarType) and known.exact):
            state.error("PTO-F130", arg.span, name=arg.id, cls="Var")

    def _static_assert(self, call: ir.Call) -> None:
        """F32 / F63 / F64 / F66: pl.static_assert's arguments and its condition, as the parser evaluates it."""
        state = self.state
        if not 1 <= len(call.args) <= 2:
            state.error("PTO-F64", call.span)
            return
        message = call.args[1] if len(call.args) == 2 else None
        if message is not None and not (isinstance(message, ir.Const) and isinstance(message.value, str)):
            state.error("PTO-F98", message.span)  # the parser reads the message from the source text
            return
        condition = call.args[0]
        value = fold(condition, state.env)
        if value is UNKNOWN_VALUE:
            # A parameter or a variable of the function has no value at parse time (a name we cannot see
            # may be a constant: silent).
            if (
                isinstance(condition, ir.Name)
                and condition.id not in state.env
                and state.type_of(condition.id)
            ):
                state.error("PTO-F66", call.span, condition=expr_text(condition))
            return
        if value:
            return
        text = expr_text(condition)
        if message is not None and message.value:
            state.error("PTO-F32", call.span, text=message.value, condition=text, value=repr(value))
        else:
            state.error("PTO-F63", call.span, condition=text, value=repr(value))

    def _extent(self, expr: ir.Expr) -> int | str:
        """A valid extent: its folded int, or the text of the runtime value."""
        value = fold(expr, self.state.env)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        dynamic = self.state.env.get(expr.id) if isinstance(expr, ir.Name) else None
        if isinstance(dynamic, Dynamic):
            return dynamic.name  # the parser's Var of a pl.dynamic carries the DynVar's own name
        if isinstance(expr, ir.Name | ir.BinOp):
            return self.printed(expr) or RuntimeText(expr_text(expr))
        return expr_text(expr)

    def _near_names(self, expr: ir.Name) -> tuple[Fix, ...]:
        """'Did you mean' fixes for an undefined name: the closest defined names of this scope."""
        return tuple(SuggestText(expr.span, name) for name in self.state.near_names(expr.id))

    def unknown_op(self, call: ir.Call) -> None:
        """F1 / F2 / F3 / F27: a name the op namespaces do not define."""
        module, _, op = call.func.rpartition(".")
        state = self.state
        if module == "pl":
            state.error("PTO-F1", call.func_span, fixes=_near_ops(call, "pl."), op=op)
        elif call.func.startswith("pld."):
            state.error("PTO-F3", call.func_span, op=call.func.removeprefix("pld."))
        elif module in _OP_CATEGORIES:
            state.error("PTO-F2", call.func_span, module=module, op=op)
        else:  # pl.<not a category>.<op>: the parser has no route for it
            state.error("PTO-F27", call.span, call=call_text(call))

    def syncall_enums(self, call: ir.Call) -> bool:
        """Spec 003: syncall / sync_set / sync_wait take pl.KernelType / pl.SyncAllMode enums, not strings,
        and only the members of the op's domain; a soft syncall names its workspace. True when reported."""
        short = call.func.rsplit(".", 1)[-1]
        if short not in ("syncall", "sync_set", "sync_wait") or not call.func.startswith("pl."):
            return False
        state = self.state
        found = False
        for name, enum in (("core_type", "KernelType"), ("mode", "SyncAllMode")):
            expr = call.kwarg(name)
            if isinstance(expr, ir.Const) and isinstance(expr.value, str):
                member = _ENUM_SPELLING.get((name, expr.value.lower()))
                fixes = (ReplaceText(expr.span, f"pl.{enum}.{member}"),) if member else ()
                state.error(
                    "PTO-SP5", expr.span, fixes=fixes, op=short, param=name, enum=enum, value=expr.value
                )
                found = True
            elif short != "syncall" and name == "core_type" and isinstance(expr, ir.Attribute):
                value = attribute_value(expr.dotted)
                if isinstance(value, EnumValue) and value.member == "MIX":
                    state.error("PTO-SP5b", expr.span, op=short, param=name, member=expr.dotted)
                    found = True
        mode = call.kwarg("mode")
        if short == "syncall" and isinstance(mode, ir.Attribute) and mode.dotted.endswith("SyncAllMode.SOFT"):
            missing = [k for k in ("gm_workspace", "used_cores") if call.kwarg(k) is None]
            if missing:
                state.error("PTO-SP7", call.span, missing=", ".join(missing))
                found = True
        return found


# The namespaces the parser routes `pl.<X>.<op>` through before it reads `pl.<X>.get_byte()` as a dtype's size.
_ROUTED_NAMESPACES = frozenset({"tensor", "tile", "system", "array", "prefetch", "const"})
_PLD_CATEGORIES = frozenset({"system", "tensor", "tile"})


def parser_call_error(call: ir.Call) -> Problem | None:
    """Calls the parser reads itself before any op: printed `pl.tile.alloc` / `pl.tensor.alloc` (F264 ...
    F266), `pl.<X>.get_byte()` of no dtype (F268), `pld.<X>.<op>` of no category (F267). Constant work: the
    callee's text is split only for the last two forms."""
    func = call.func
    if not (func.endswith((".alloc", ".get_byte")) or func.startswith("pld.")):
        return None
    parts = func.split(".")
    if func in ("pl.tile.alloc", "pl.tensor.alloc"):
        op = call.func.removeprefix("pl.")
        if call.star_kwargs or any(isinstance(a, ir.Opaque) and a.kind == "Starred" for a in call.args):
            return None
        for kw in call.keywords:
            if kw.name != "pinned":
                return catalog.problem("PTO-F264", op=op, kw=kw.name)
            if not (isinstance(kw.value, ir.Const) and isinstance(kw.value.value, bool)):
                return catalog.problem("PTO-F265", op=op)
        if len(call.args) != 2:
            return catalog.problem("PTO-F266", op=op, count=len(call.args))
        return None
    if (
        len(parts) == 3
        and parts[0] == "pl"
        and parts[2] == "get_byte"
        and parts[1] not in _ROUTED_NAMESPACES
        and not isinstance(dsl_constant(f"pl.{parts[1]}"), DTypeValue)
    ):
        return catalog.problem("PTO-F268", dtype=parts[1])
    if (
        len(parts) == 3
        and parts[0] == "pld"
        and parts[1] not in _PLD_CATEGORIES
        and parts[2] not in ("alloc_window_buffer", "world_size")
    ):
        return catalog.problem("PTO-F267", category=parts[1])
    return None


def task_dummy_error(call: ir.Call) -> Problem | None:
    """The parser's own checks of pl.system.task_dummy (it never calls a wrapper): keywords only, deps= and
    attrs= alone, deps= present."""
    if call.args:
        return catalog.problem("PTO-F50", requirement="must not use positional arguments")
    if call.star_kwargs:
        return None
    for kw in call.keywords:
        if kw.name not in ("deps", "attrs"):
            return catalog.problem("PTO-F50", requirement=f"does not accept keyword argument '{kw.name}'")
    if all(kw.name != "deps" for kw in call.keywords):
        return catalog.problem("PTO-F50", requirement="requires keyword argument 'deps'")
    return None


def composite_allreduce_error(
    args: list[ArgValue], kwargs: dict[str, ArgValue]
) -> tuple[str, dict[str, Any]] | None:
    """LowerTensorAllReduceRule (lower_composite_ops_pass.cpp), which lowers a pld.tensor.allreduce outside
    host orchestrator functions: an explicit signal (PTO-LC1), core_num 1 (LC3), mode "ring" or "mesh" (LC4),
    and a ring signal of shape [2*(NR-1), NR] (LC6 / LC1). The rule and its fields, or None when it lowers (or
    the operands are not known well enough to tell)."""
    if len(args) < 2 and "signal" not in kwargs:
        return "PTO-LC1", {
            "requirement": "requires an explicit signal outside host orchestrator functions. Use "
            "pld.tensor.allreduce(target, signal, op=...) for InCore/lowered composite paths."
        }
    target = args[0] if args else kwargs.get("target")
    if isinstance(target, TensorType) and target.distributed and target.ranked:
        view = packed_view_error(target)  # the target's view (LC8 / LC9), before the kwargs
        if view is not None:
            return view
    core_num = kwargs.get("core_num", 1)
    if isinstance(core_num, int) and not isinstance(core_num, bool) and core_num != 1:
        return "PTO-LC3", {}
    mode = kwargs.get("mode", "mesh")
    if not isinstance(mode, str):
        return None
    if mode not in ("ring", "mesh"):
        return "PTO-LC4", {"mode": mode}
    signal = kwargs.get("signal", args[1] if len(args) > 1 else None)
    if mode != "ring" or not isinstance(signal, TensorType) or not signal.distributed or not signal.ranked:
        return None
    if signal.dtype != "INT32":
        return None  # the deducer's own dtype check reports it
    if signal.rank != 2:
        return "PTO-LC6", {}
    rounds, nr = signal.shape
    if isinstance(rounds, int) and isinstance(nr, int) and nr > 0 and rounds != 2 * (nr - 1):
        return "PTO-LC1", {
            "requirement": f"mode=ring signal shape[0] ({rounds}) must equal 2*(NR-1) = {2 * (nr - 1)} for NR = {nr}"
        }
    if isinstance(target, TensorType) and target.distributed:
        return ring_valid_error(target)  # LC12
    return None


# DeduceTensorAllGatherType / AllToAllType: the same expression as input and target, by op, in its words.
_SHARED_BUFFER = {"allgather": "buffers", "all_to_all": "windows"}


def shared_exchange_buffer(func: str, call: ir.Call, args: list[ArgValue]) -> Problem | None:
    """allgather / all_to_all given one variable as both input and its window-bound target (the deducer
    compares the expressions before anything else)."""
    kind = _SHARED_BUFFER.get(func.rpartition(".")[2])
    if kind is None or not func.startswith("pld.") or len(call.args) < 2:
        return None
    first, second = call.args[0], call.args[1]
    same = isinstance(first, ir.Name) and isinstance(second, ir.Name) and first.id == second.id
    if not same or not (isinstance(args[1], TensorType) and args[1].distributed):
        return None
    return catalog.problem(
        "PTO-TD145",
        op=f"tensor.{func.rpartition('.')[2]}",
        requirement=f"input and target must be different {kind}, but the same expression was passed for both",
    )


# The collectives whose composite lowering keeps one signal cell per rank (ValidateMeshSignalShape in
# lower_composite_ops_pass.cpp): op -> the signal's position.
MESH_SIGNAL_AT: dict[str, int] = {
    "pld.tensor.allreduce": 1,
    "pld.tensor.broadcast": 1,
    "pld.tensor.allgather": 2,
    "pld.tensor.reduce_scatter": 1,
    "pld.tensor.barrier": 0,
    "pld.tensor.all_to_all": 2,
    "pld.tensor.all_to_all_v": 2,
}


def mesh_signal_error(
    op: str, args: list[ArgValue], kwargs: dict[str, ArgValue]
) -> tuple[str, dict[str, Any]] | None:
    """A window-bound signal that is not [NR, 1] (a ring allreduce has its own shape): its rank (PTO-LC2) or its
    second extent (LC5); None when it lowers or the signal is not known well enough to tell."""
    if op == "pld.tensor.allreduce" and kwargs.get("mode", "mesh") != "mesh":
        return None
    at = MESH_SIGNAL_AT[op]
    signal = kwargs.get("signal", args[at] if at < len(args) else None)
    if not (isinstance(signal, TensorType) and signal.distributed and signal.ranked):
        return None
    if signal.rank != 2:
        return "PTO-LC2", {"requirement": f"must be 2D [NR, 1], got rank {signal.rank}"}
    cells = signal.shape[1]
    if isinstance(cells, int) and cells != 1:
        return "PTO-LC5", {"cells": cells}
    return None


def signature_error(call: ir.Call) -> Problem | None:
    """The TypeError Python raises when a DSL wrapper is called with arguments that do not fit its
    parameter list (a PTO-SG* rule; the parser wraps it in its op error)."""
    signature = SIGNATURES.get(call.func)
    if signature is None and call.func in PLD_SHORT and call.func != "pld.remote_store":
        signature = SIGNATURES.get(PLD_SHORT[call.func])  # the same function (remote_store dispatches)
    if signature is None or call.star_kwargs:
        return None
    positional, required, kwonly, kw_required, varargs, varkw = signature
    function = call.func.rpartition(".")[2]
    given = len(call.args)
    if given > len(positional) and not varargs:
        takes = (
            str(len(positional)) if required == len(positional) else f"from {required} to {len(positional)}"
        )
        # CPython's too_many_positional names the keyword-only arguments already bound, if any.
        kwonly_given = sum(1 for kw in call.keywords if kw.name in kwonly)
        counted = (
            f"{given} positional argument{'s' if given != 1 else ''} (and {kwonly_given} keyword-only "
            f"argument{'s' if kwonly_given != 1 else ''})"
            if kwonly_given
            else str(given)
        )
        return catalog.problem(
            "PTO-SG1",
            function=function,
            takes=takes,
            s="" if takes == "1" else "s",
            given=counted,
            was="was" if given == 1 and not kwonly_given else "were",
        )
    names = [kw.name for kw in call.keywords]
    for name in names:
        if name in positional[:given]:
            return catalog.problem("PTO-SG2", function=function, name=name)
        if name not in positional and name not in kwonly and not varkw:
            return catalog.problem("PTO-SG3", function=function, name=name)
    for code, missing in (
        ("PTO-SG4", [p for p in positional[given:required] if p not in names]),
        ("PTO-SG5", [k for k in kw_required if k not in names]),
    ):
        if missing:
            plural = "s" if len(missing) > 1 else ""
            return catalog.problem(
                code, function=function, count=len(missing), s=plural, names=_listed(missing)
            )
    return None


def _near_ops(call: ir.Call, prefix: str) -> tuple[Fix, ...]:
    """'Did you mean' fixes for an unknown `pl.<op>`: up to three registered ops spelled closest."""
    from compiler.ops.registry import dsl_names

    namespace = [n for n in dsl_names() if n.startswith(prefix) and n.count(".") == prefix.count(".")]
    op = call.func.rpartition(".")[2]
    span = call.func_span
    if span.line != span.end_line or span.end_col - len(op) < span.col:
        return ()
    op_span = Span(span.end_line, span.end_col - len(op), span.end_line, span.end_col)
    out = []
    for name in difflib.get_close_matches(call.func, namespace, n=3, cutoff=0.6):
        short = name.rsplit(".", 1)[1]
        out.append(SuggestText(op_span, short))
    return tuple(out)


def _plain_python_function(value: object) -> bool:
    """A module-level `def` without decorators (or a lambda): a Python function, not a DSL one."""
    return isinstance(value, FunctionValue) and value.plain


def _listed(names: list[str]) -> str:
    """Python's wording of a list of parameter names: 'a', 'a' and 'b', 'a', 'b', and 'c'."""
    quoted = [f"'{n}'" for n in names]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _keyword_advice(kw: str) -> str:
    """The parser's hint for a keyword a plain `self.<function>(...)` call does not take."""
    if kw == "deps":
        return (
            "Plain self.kernel(...) is fire-and-forget. To attach dependency edges, submit it: "
            "`out, tid = pl.submit(self.kernel, ..., deps=[...])`."
        )
    if kw in ("core_num", "sync_start"):
        return (
            f"'{kw}' is an SPMD launch parameter. Launch the kernel across multiple blocks with "
            "`out, tid = pl.spmd_submit(self.kernel, ..., core_num=N)`."
        )
    if kw == "dumps":
        return (
            "dumps= is only valid on pl.submit(...) / pl.at(...). For a plain self.kernel(...) call, declare "
            "the dump target with a `pl.dump_tag(x)` statement before the call instead."
        )
    return "Allowed keyword arguments: ['attrs']"


def _attrs_dict(kw: ir.Keyword) -> bool:
    """`attrs={...}` / `deps=[t[k] for k in range(K)]`: forms the parser reads itself (an attrs dict literal
    on an op, a loop or a function call; a comprehension of TaskIds, which it expands statically)."""
    if kw.name == "attrs":
        return isinstance(kw.value, ir.Opaque) and kw.value.kind == "Dict"
    if kw.name != "deps":
        return False
    if isinstance(kw.value, ir.ListExpr | ir.TupleExpr):
        return any(deps_comprehension(e) for e in kw.value.elts)
    return deps_comprehension(kw.value)


def deps_comprehension(value: ir.Expr) -> bool:
    """A deps= comprehension the parser unrolls itself: over no pl.* call, or over a DSL loop it rejects with
    its own message (PTO-F247)."""
    return (
        isinstance(value, ir.Opaque)
        and value.kind == "ListComp"
        and (value.static or (value.comp is not None and value.comp.iter_call in DSL_LOOPS))
    )


def stepped(expr: ir.Subscript) -> bool:
    """True when an axis of the subscript is a slice with a step (`x[0:16:2]`)."""
    items = expr.index.elts if isinstance(expr.index, ir.TupleExpr) else (expr.index,)
    return any(isinstance(i, ir.SliceExpr) and i.step is not None for i in items)


# Scalar arithmetic the parser builds with PromoteBinaryOperands (scalar_expr.h: MakeAdd / MakeSub / MakeMul).
_PROMOTING_BINOPS = frozenset({"+", "-", "*"})


def scalar_arithmetic(op: str, left: ValueType, right: ValueType) -> ScalarType:
    """The scalar a binary op of two scalars gives: PromoteSameCategoryDtype (one category, the wider dtype,
    the left one on a tie) when both dtypes are exact; otherwise INDEX, not exact."""
    if (
        op in _PROMOTING_BINOPS
        and isinstance(left, ScalarType)
        and isinstance(right, ScalarType)
        and left.exact
        and right.exact
    ):
        a, b = left.dtype, right.dtype
        same_category = (is_float(a) and is_float(b)) or (is_int(a) and is_int(b))
        if same_category and a in DTYPE_BITS and b in DTYPE_BITS:
            return ScalarType(b if DTYPE_BITS[b] > DTYPE_BITS[a] else a, exact=True)
    return _INDEX


def _numeric_literal(expr: ir.Expr) -> bool:
    """An int or float literal, or its negation, as pl.const's parser reads it (a bool is an int there)."""
    if isinstance(expr, ir.UnaryOp) and expr.op == "-":
        expr = expr.operand
    return isinstance(expr, ir.Const) and isinstance(expr.value, int | float)
