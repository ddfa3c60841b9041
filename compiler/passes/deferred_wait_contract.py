"""The deferred-waiter task contract (upstream deferred_wait_contract.h).

A scope that holds a pld.system.defer_wait is a deferred waiter: its body may hold only scalar bookkeeping
and defer_wait registrations. The outliners validate it on every scope they lift (before the scope's own
checks, PTO-OI2 / OI3) and ExpandMixedKernel on a hand-written waiter. The walk stops at the first fault,
in the compiler's order: a statement is validated whole before the sequence asks whether it may follow a
registration, and the condition budget is checked last.

Where a value is not known here (a bound the evaluator cannot fold, a call it cannot resolve), the check
stays silent: the compiler sees more constants than we do, never fewer dynamic values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.consts import fold
from compiler.ir_walk import walk_stmts
from compiler.ops.resolve import Resolution
from compiler.source import Span
from compiler.types import ScalarType, TensorType, ValueType

DEFER_WAIT = "pld.system.defer_wait"
MAX_CONDITIONS = 64  # kMaxDeferredConditionsPerWaiter: the runtime's MAX_COMPLETIONS_PER_TASK
_STAGE = "OutlineIncoreScopes"


@dataclass(frozen=True, slots=True)
class _Result:
    """What a statement registers: whether it waits, its static condition count (None: not known here) and
    whether it may run after an earlier registration (no tensor read)."""

    waits: bool = False
    count: int | None = 0
    safe: bool = True


class _Fault(Exception):
    """The first contract violation (the compiler stops at its first CHECK)."""

    def __init__(self, found: Diagnostic) -> None:
        super().__init__(found.message)
        self.found = found


def _fault(code: str, span: Span, op: str | None = None) -> _Fault:
    if op is None:
        return _Fault(diagnostic(code, span, stage=_STAGE))
    return _Fault(diagnostic(code, span, stage=_STAGE, op=op))


def _line(stmt: ir.Stmt) -> Span:
    """The span the compiler gives a statement: a compound statement's header line, else the statement."""
    header = getattr(stmt, "header", None)
    return header if isinstance(header, Span) else stmt.span


def is_defer_wait(call: ir.Call, calls: Mapping[Span, Resolution]) -> bool:
    """Whether a call is pld.system.defer_wait (by its resolved op, or by its spelling)."""
    found = calls.get(call.span)
    return call.func == DEFER_WAIT or (found is not None and found.ir_name == DEFER_WAIT)


def run_time_names(function: ir.Function, calls: Mapping[Span, Resolution]) -> frozenset[str]:
    """The names a function binds only to run-time scalars: from an op call, or as the variable of a pl.range /
    pl.parallel loop; a name also bound any other way (a constant, a parameter) is left out."""
    dynamic: set[str] = set()
    other: set[str] = {p.name for p in function.params}
    for stmt in walk_stmts(function.body):
        if isinstance(stmt, ir.For) and isinstance(stmt.target, ir.Name):
            (dynamic if stmt.kind in ("range", "parallel") else other).add(stmt.target.id)
        elif isinstance(stmt, ir.Assign):
            found = calls.get(stmt.value.span) if isinstance(stmt.value, ir.Call) else None
            op_call = found is not None and found.ir_name is not None
            for target in stmt.targets:
                if isinstance(target, ir.Name):
                    (dynamic if op_call else other).add(target.id)
    return frozenset(dynamic - other)


@dataclass(frozen=True, slots=True)
class WaiterContract:
    """The contract for the waiters of one function: its resolved calls, value types and constants."""

    calls: Mapping[Span, Resolution]
    types: Mapping[str, ValueType]
    env: Mapping[str, object]
    dynamic: frozenset[str]  # names bound only to run-time scalars (see run_time_names)

    def check(self, body: tuple[ir.Stmt, ...], scope: Span) -> Diagnostic | None:
        """The first contract violation of a waiter body (`scope`: where the budget error goes), or None."""
        try:
            result = self._seq(body)
        except _Fault as fault:
            return fault.found
        if result.count is not None and result.count > MAX_CONDITIONS:
            return diagnostic("PTO-OI10", scope, stage=_STAGE, count=result.count)
        return None

    # -- statements ------------------------------------------------------------------------------------

    def _seq(self, body: tuple[ir.Stmt, ...]) -> _Result:
        waits, safe, started = False, True, False
        count: int | None = 0
        for stmt in body:
            child = self._stmt(stmt)
            if started and not child.safe:
                raise _fault("PTO-OI9", _line(stmt))
            started = started or child.waits
            waits = waits or child.waits
            count = None if count is None or child.count is None else count + child.count
            safe = safe and child.safe
        return _Result(waits, count, safe)

    def _stmt(self, stmt: ir.Stmt) -> _Result:
        if isinstance(stmt, ir.ExprStmt):
            return self._eval(stmt) if isinstance(stmt.value, ir.Call) else _Result()
        if isinstance(stmt, ir.Assign):
            return self._assign(stmt)
        if isinstance(stmt, ir.Return):
            if stmt.value is not None:
                raise _fault("PTO-OI12b", stmt.span)
            return _Result()
        if isinstance(stmt, ir.For):
            return self._loop(stmt)
        if isinstance(stmt, ir.If):
            # FlattenCallExpr hoists a call of the condition into an assignment just before the if.
            reads = self._scalar(stmt.test, _line(stmt), allow_read=True)
            then, other = self._seq(stmt.body), self._seq(stmt.orelse)
            count = None if then.count is None or other.count is None else max(then.count, other.count)
            return _Result(then.waits or other.waits, count, then.safe and other.safe and not reads)
        if isinstance(stmt, ir.While | ir.With) or (
            isinstance(stmt, ir.Simple) and stmt.kind in ("break", "continue")
        ):
            # A nested scope, or a while loop (CtrlFlowTransform makes one of a loop that breaks or continues,
            # spanned at the break): the contract admits neither.
            raise _fault("PTO-OI11b", _line(stmt))
        return _Result(count=None)  # a statement this model does not follow: nothing is claimed

    def _eval(self, stmt: ir.ExprStmt) -> _Result:
        call = stmt.value
        assert isinstance(call, ir.Call)
        if is_defer_wait(call, self.calls):
            for value in (
                *call.args[1:3],
                *(k.value for k in call.keywords if k.name in ("offsets", "expected")),
            ):
                self._scalar(value, stmt.span, allow_read=False)
            return _Result(True, 1, True)
        found = self.calls.get(call.span)
        if found is not None and found.ir_name is not None:
            raise _fault("PTO-OI8", stmt.span, op=found.ir_name)
        return _Result(count=None)

    def _assign(self, stmt: ir.Assign) -> _Result:
        value = stmt.value
        if isinstance(value, ir.Call) and is_defer_wait(value, self.calls):
            raise _fault("PTO-OI12", stmt.span)
        if any(self._tensor_target(t, value) for t in stmt.targets):
            raise _fault("PTO-OI7", stmt.span)
        reads = self._scalar(value, stmt.span, allow_read=True)
        return _Result(safe=not reads)

    def _tensor_target(self, target: ir.Expr, value: ir.Expr) -> bool:
        """Whether an assignment binds or updates a tensor (a tile is not one: its op fails as bookkeeping)."""
        if isinstance(target, ir.Subscript):
            base = target.value
            return isinstance(base, ir.Name) and isinstance(self.types.get(base.id), TensorType)
        if not isinstance(target, ir.Name):
            return False
        if isinstance(value, ir.Call):
            found = self.calls.get(value.span)
            return found is not None and isinstance(found.result, TensorType)
        if isinstance(value, ir.Subscript):  # `y = x[0:16, :]`: a window of the tensor is a tensor.slice
            return self._tensor_slice(value)
        return isinstance(value, ir.Name) and isinstance(self.types.get(value.id), TensorType)

    def _tensor_slice(self, value: ir.Subscript) -> bool:
        """Whether a subscript takes a window of a tensor (a slice in some index) rather than reading one
        element (all indices scalars: tensor.read, which a waiter may do)."""
        base = value.value
        if not isinstance(base, ir.Name) or not isinstance(self.types.get(base.id), TensorType):
            return False
        index = value.index
        indices = index.elts if isinstance(index, ir.TupleExpr) else (index,)
        return any(isinstance(i, ir.SliceExpr) for i in indices)

    def _loop(self, stmt: ir.For) -> _Result:
        header = _line(stmt)
        if stmt.kind == "parallel":
            raise _fault("PTO-OI11", header)
        if stmt.kind not in ("range", "unroll"):
            return _Result(count=None)
        reads = False
        for bound in (*stmt.iter.args, *(k.value for k in stmt.iter.keywords)):
            # A call in a bound is hoisted before the loop (FlattenCallExpr), and the bound is then a variable.
            reads = self._scalar(bound, header, allow_read=True) or reads
        body = self._seq(stmt.body)
        if reads:
            body = _Result(body.waits, body.count, False)
        if not body.waits:
            return body
        trips = self._trip_count(stmt.iter)
        if trips is None:
            if self._dynamic_bound(stmt.iter):
                raise _fault("PTO-OI10b", header)
            return _Result(True, None, body.safe)
        if trips <= 0:
            return _Result(True, None, body.safe)  # a loop the compiler may fold away first
        if trips > 1 and not body.safe and stmt.kind == "range" and not reads:
            raise _fault("PTO-OI9b", header)
        if body.count is None:
            return _Result(True, None, body.safe)
        count = MAX_CONDITIONS + 1 if body.count > MAX_CONDITIONS // trips else body.count * trips
        return _Result(True, count, body.safe)

    def _trip_count(self, loop: ir.Call) -> int | None:
        values = [fold(a, self.env) for a in loop.args]
        if not 1 <= len(values) <= 3 or loop.keywords:
            return None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return None
        ints = [v for v in values if isinstance(v, int)]
        start, stop, step = (
            (0, ints[0], 1) if len(ints) == 1 else (ints[0], ints[1], ints[2] if len(ints) > 2 else 1)
        )
        if step == 0:
            return None
        return max(0, -((start - stop) // step)) if step > 0 else max(0, -((stop - start) // -step))

    def _dynamic_bound(self, loop: ir.Call) -> bool:
        """A bound that is a run-time scalar: an op call (pl.read), or a name the function binds only from op
        calls or as a pl.range / pl.parallel loop variable (a parameter may be specialised to a constant, and
        a name bound to a constant is folded)."""
        for arg in (*loop.args, *(k.value for k in loop.keywords)):
            if isinstance(arg, ir.Call):
                found = self.calls.get(arg.span)
                if found is not None and found.ir_name is not None:
                    return True
            elif (
                isinstance(arg, ir.Name)
                and arg.id in self.dynamic
                and isinstance(self.types.get(arg.id), ScalarType)
            ):
                return True
        return False

    # -- scalar bookkeeping ------------------------------------------------------------------------------

    def _scalar(self, expr: ir.Expr | None, span: Span, allow_read: bool) -> bool:
        """Check one scalar value; True when it reads a tensor (pl.read, allowed only where `allow_read`)."""
        if isinstance(expr, ir.Call):
            found = self.calls.get(expr.span)
            if found is None:
                return False
            if found.ir_name is None:  # a scalar expression (pl.cast, pl.min of scalars): its operands count
                return any([self._scalar(a, span, allow_read) for a in expr.args])
            if found.ir_name != "tensor.read" or not allow_read:
                raise _fault("PTO-OI8b", span, op=found.ir_name)
            for arg in expr.args[1:]:
                self._scalar(arg, span, allow_read=False)
            return True
        if isinstance(expr, ir.BinOp | ir.Compare):
            return any(
                [self._scalar(expr.left, span, allow_read), self._scalar(expr.right, span, allow_read)]
            )
        if isinstance(expr, ir.UnaryOp):
            return self._scalar(expr.operand, span, allow_read)
        if isinstance(expr, ir.BoolOp | ir.TupleExpr | ir.ListExpr):
            items = expr.values if isinstance(expr, ir.BoolOp) else expr.elts
            return any([self._scalar(e, span, allow_read) for e in items])
        return False
