"""The `pl.submit` / `pl.spmd_submit` constructs as ast_parser reads them: the assignment they stand in
(`out, tid = pl.submit(self.kernel, ...)`), their kernel argument and their deps= / dumps= / core_num=."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.call_attrs import check_call_attrs, check_dumped_tensors
from compiler.frontend.checks.core_num import check_core_num
from compiler.frontend.checks.predicates import check_predicate
from compiler.frontend.checks.spelling import unparse
from compiler.frontend.checks.state import CheckState
from compiler.frontend.consts import DSL_LOOPS
from compiler.source import Span
from compiler.types import ScalarType, TensorType, TileType, ValueType

SUBMITS = ("pl.submit", "pl.spmd_submit")
# The keywords a submit takes (_validate_kernel_call_kwargs); any other is reported before deps= is read.
_SUBMIT_KWARGS = frozenset({"attrs", "deps", "dumps", "allow_early_resolve", "predicate"})
_SPMD_KWARGS = frozenset({"core_num", "sync_start"})


def is_submit(expr: ir.Expr) -> bool:
    """`pl.submit(...)` / `pl.spmd_submit(...)`, spelt with the `pl.` prefix the parser anchors on."""
    return isinstance(expr, ir.Call) and expr.func in SUBMITS


def check_submit_statement(state: CheckState, stmt: ir.Stmt) -> bool:
    """F201..F214 for one statement; True when its submit's targets are not the names the parser binds."""
    if isinstance(stmt, ir.Assign):
        if is_submit(stmt.value):
            assert isinstance(stmt.value, ir.Call)
            nested = [
                e for v in (*stmt.value.args, *(k.value for k in stmt.value.keywords)) for e in _submits(v)
            ]
            if nested:
                _not_unpacked(state, nested[0])
                return False
            return _submit_assignment(state, stmt)
        found = list(_submits(stmt.value))
    elif isinstance(stmt, ir.ExprStmt | ir.Return) and stmt.value is not None:
        found = list(_submits(stmt.value))
    else:
        return False
    if found:
        _not_unpacked(state, found[0])
    return False


def _not_unpacked(state: CheckState, call: ir.Call) -> None:
    state.error("PTO-F207" if call.func == "pl.submit" else "PTO-F208", call.span)


def _submits(expr: ir.Expr) -> list[ir.Call]:
    """The submit calls inside an expression, outermost first (the parser reaches the outer one first)."""
    found: list[ir.Call] = []
    stack: list[ir.Expr] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.Call):
            if node.func in SUBMITS:
                found.append(node)
                continue
            stack.extend(reversed([*node.args, *(k.value for k in node.keywords)]))
        elif isinstance(node, ir.BinOp | ir.Compare):
            stack.extend((node.right, node.left))
        elif isinstance(node, ir.UnaryOp):
            stack.append(node.operand)
        elif isinstance(node, ir.TupleExpr | ir.ListExpr | ir.BoolOp):
            stack.extend(reversed(node.elts if not isinstance(node, ir.BoolOp) else node.values))
        elif isinstance(node, ir.Subscript):
            stack.extend((node.index, node.value))
    return found


def _submit_assignment(state: CheckState, stmt: ir.Assign) -> bool:
    call = stmt.value
    assert isinstance(call, ir.Call)
    construct = call.func
    if len(stmt.targets) != 1:
        return False  # `a = b = pl.submit(...)`: F169 reports it
    target = stmt.targets[0]
    if isinstance(target, ir.TupleExpr | ir.ListExpr) and stmt.annotation is None:
        if not isinstance(target, ir.TupleExpr):
            return False
        if len(target.elts) != 2:
            state.error("PTO-F201", call.span, construct=construct, count=len(target.elts))
            return True
        out, tid = target.elts
        if not isinstance(tid, ir.Name):
            state.error("PTO-F202", call.span, construct=construct)
            return True
        if not isinstance(out, ir.Name | ir.TupleExpr):
            state.error("PTO-F203", call.span, construct=construct)
            return True
        for elt in out.elts if isinstance(out, ir.TupleExpr) else ():
            if not isinstance(elt, ir.Name):
                state.error("PTO-F204", call.span, construct=construct, target=unparse(elt))
                return True
        outs: int | None = len(out.elts) if isinstance(out, ir.TupleExpr) else 1
    else:
        outs = None  # `result = pl.submit(...)` binds the whole tuple
    if not isinstance(target, ir.Name | ir.TupleExpr):
        return False  # an annotated subscript: F168 reports it
    if not call.args:
        state.error("PTO-F205", call.span, construct=construct)
        return False
    kernel = call.args[0]
    if not (
        isinstance(kernel, ir.Attribute)
        and kernel.dotted.count(".") == 1
        and kernel.dotted.startswith("self.")
    ):
        state.error("PTO-F206", call.span, construct=construct)
        return False
    _keywords(state, call, kernel.dotted[len("self.") :], outs)
    return False


def _keywords(state: CheckState, call: ir.Call, name: str, outs: int | None) -> None:
    """deps= / dumps= / core_num=, read after the kernel's keywords and argument count are accepted; then
    the result count against the kernel's."""
    function = state.program_functions.get(name)
    if function is None or call.star_kwargs:
        return
    allowed = _SUBMIT_KWARGS | (_SPMD_KWARGS if call.func == "pl.spmd_submit" else frozenset())
    stray = next((kw for kw in call.keywords if kw.name not in allowed), None)
    if stray is not None:
        if stray.name == "device":
            return  # an orchestrator callee takes it (its role is not modelled here)
        state.error(
            "PTO-F75", call.span, name=name, kw=stray.name, advice=_submit_advice(stray.name, allowed)
        )
        return
    args = call.args[1:]
    needed = sum(1 for p in function.params if p.direction not in ("Out", "InOut"))
    if not needed <= len(args) <= len(function.params) or any(isinstance(a, ir.Opaque) for a in args):
        return
    if not check_call_attrs(state, call, name, args, submit=True):
        return
    if not _deps(state, call.kwarg("deps"), name, call.span) or not _dumps(
        state, call.kwarg("dumps"), args, name
    ):
        return
    if call.func == "pl.spmd_submit":
        for kw in call.keywords:  # _parse_spmd_submit_kwargs, in the keywords' order
            if kw.name == "core_num" and check_core_num(state, kw.value):
                return
            if kw.name == "sync_start" and not _bool_literal(kw.value):
                state.error("PTO-F55", kw.value.span, kw="sync_start")
                return
        if call.kwarg("core_num") is None:
            state.error("PTO-F214", call.span, kernel=name)
            return
    early = call.kwarg("allow_early_resolve")
    if early is not None and not _bool_literal(early):
        state.error("PTO-F55", early.span, kw=f"'{name}' allow_early_resolve")
        return
    predicate = call.kwarg("predicate")
    if predicate is not None and check_predicate(state, predicate, name):
        return
    _result_count(state, call, function, outs)


def _bool_literal(value: ir.Expr) -> bool:
    return isinstance(value, ir.Const) and isinstance(value.value, bool)


def _result_count(state: CheckState, call: ir.Call, function: ir.Function, outs: int | None) -> None:
    """F237: `(a, b), tid = pl.submit(self.k, ...)` with k declaring no result (no `->`) or one."""
    if (
        outs is None
        or call.func != "pl.submit"
        or any(kw.name not in ("attrs", "dumps") for kw in call.keywords)
    ):
        return  # dispatch metadata has checks of its own (predicate, cluster placement) first
    if function.header.line >= state.function.header.line:
        return  # a kernel defined later is not parsed yet
    declared = function.return_type
    if declared is None:
        returns = 0
    elif isinstance(declared, TensorType | TileType | ScalarType):
        returns = 1
    else:
        return  # tuple[...] (one per item) or pl.Tuple[...] (one): the model does not tell them apart
    if returns != outs:
        state.error(
            "PTO-F237", call.span, construct=call.func, count=outs, kernel=function.name, returns=returns
        )


def _deps(state: CheckState, deps: ir.Expr | None, name: str, anchor: Span) -> bool:
    """F209 / F210; False when the parser stops there (or may: a comprehension it unrolls)."""
    if deps is None:
        return True
    if isinstance(deps, ir.Opaque):
        if deps.comp is not None:
            _comprehension(state, deps.comp, name, anchor)
        return False
    if not isinstance(deps, ir.ListExpr | ir.TupleExpr):
        state.error("PTO-F209", deps.span, kernel=name)
        return False
    comps = [e.comp for e in deps.elts if isinstance(e, ir.Opaque) and e.comp is not None]
    if comps:
        for comp in comps:  # unrolled first, in order, before any entry is read
            if _comprehension(state, comp, name, anchor):
                break
        return False
    for entry in deps.elts:
        if isinstance(entry, ir.Const) and entry.value is None:
            continue
        if isinstance(entry, ir.Const) or _typed_not_task_id(state, entry):
            state.error("PTO-F210", entry.span, kernel=name, entry=unparse(entry))
            return False
        if not isinstance(entry, ir.Name | ir.Subscript):
            return False  # an expression the model does not follow
    return True


def _comprehension(state: CheckState, comp: ir.Comprehension, name: str, anchor: Span) -> bool:
    """F243 ... F249: what _unroll_deps_comprehension rejects before it unrolls, in its order; True when one
    was reported. The parser reports at the submit call."""
    if comp.generators != 1:
        state.error("PTO-F243", anchor, kernel=name)
    elif not comp.target:
        state.error("PTO-F244", anchor, kernel=name)
    elif any(_ir_name(state, n) for n in comp.iter_names):
        state.error("PTO-F245", anchor, kernel=name)
    elif any(n != comp.target and _ir_name(state, n) for n in comp.filter_names):
        state.error("PTO-F246", anchor, kernel=name)
    elif comp.iter_call in DSL_LOOPS:
        state.error("PTO-F247", anchor, kernel=name)
    elif comp.iter_fault.startswith("not:"):
        state.error("PTO-F248", anchor, kernel=name, type=comp.iter_fault[len("not:") :])
    elif comp.iter_fault.startswith("item:"):
        state.error("PTO-F249", anchor, kernel=name, type=comp.iter_fault[len("item:") :])
    else:
        return False
    return True


def _ir_name(state: CheckState, name: str) -> bool:
    """A name the parser's scope holds as an IR variable (a parameter or a local bound so far)."""
    return name not in ("self", "pl", "pld") and name not in state.function.closure and state.is_defined(name)


def _typed_not_task_id(state: CheckState, entry: ir.Expr) -> bool:
    if not isinstance(entry, ir.Name):
        return False
    found = state.type_of(entry.id)
    return isinstance(found, TensorType | TileType)


def _dumps(state: CheckState, dumps: ir.Expr | None, args: tuple[ir.Expr, ...], name: str) -> bool:
    """F211 / F212 / F213."""
    if dumps is None:
        return True
    if isinstance(dumps, ir.Opaque):
        return False
    if not isinstance(dumps, ir.ListExpr | ir.TupleExpr):
        state.error("PTO-F211", dumps.span, kernel=name)
        return False
    return check_dumped_tensors(state, dumps.elts, args, name, ("PTO-F212", "PTO-F213"))


def submit_result_types(state: CheckState, stmt: ir.Assign) -> tuple[tuple[str, ValueType], ...]:
    """`out, tid = pl.submit(self.k, ...)`: out takes k's declared tensor / tile result (so deps=[out] later
    is seen not to be a TaskId); empty when the model is unsure."""
    call, targets = stmt.value, stmt.targets
    if not (is_submit(call) and len(targets) == 1 and isinstance(targets[0], ir.TupleExpr)):
        return ()
    assert isinstance(call, ir.Call)
    elts = targets[0].elts
    kernel = call.args[0] if call.args else None
    if len(elts) != 2 or not isinstance(elts[0], ir.Name) or not isinstance(kernel, ir.Attribute):
        return ()
    function = (
        state.program_functions.get(kernel.dotted[len("self.") :])
        if kernel.dotted.startswith("self.")
        else None
    )
    if function is None or function.header.line >= state.function.header.line:
        return ()
    declared = function.return_type
    if isinstance(declared, TensorType | TileType):
        return ((elts[0].id, declared),)
    return ()


def _submit_advice(kw: str, allowed: frozenset[str]) -> str:
    """The parser's hint for a keyword a submit does not take (_validate_kernel_call_kwargs)."""
    if kw in ("core_num", "sync_start") and "core_num" not in allowed:
        return (
            f"'{kw}' is an SPMD launch parameter. Launch the kernel across multiple blocks with "
            "`out, tid = pl.spmd_submit(self.kernel, ..., core_num=N)`."
        )
    return f"Allowed keyword arguments: {sorted(allowed)}"
