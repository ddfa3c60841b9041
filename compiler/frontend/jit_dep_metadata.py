"""The tensor metadata the `@pl.jit` specializer infers for a sub-function's parameters from its call in the
entry (jit/decorator.py `_resolve_dep_call_metadata`, jit/specializer.py `_build_params`): an argument the
inference cannot follow (F314), or a tensor it infers with a dtype the specializer cannot write (F315).

The specializer reads the entry's source: a tensor argument carries metadata only when it is a parameter, a
local bound by `pl.create_tensor` / `pl.slice` / `pl.window` / `pl.reshape`, a subscript of one, or the
output of another sub-function. The model reports only what is sure: an argument that is no name nor
indexed name, or a name every binding of which is a call the inference skips; for one sub-function called
once, by an entry of the same file."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.ir_walk import calls_in_block, walk_expr, walk_stmts
from compiler.types import TensorType

_DEP_KINDS = frozenset({"jit.incore", "jit.inline", "jit.opaque", "jit.extern"})
# `pl.<attr>(...)` calls `_extract_local_tensor_metas` reads a tensor's metadata from.
_TRACKED = frozenset({"create_tensor", "slice", "window", "reshape"})


def function_calls(function: ir.Function) -> list[ir.Call]:
    """Every call in a function's body, nested ones included."""
    return calls_in_block(function.body)


def dep_metadata_faults(
    module: ir.Module, calls_of: Callable[[ir.Function], list[ir.Call]] = function_calls
) -> list[Diagnostic]:
    """F314 / F315: the first sub-function argument of an entry the specializer cannot type (`calls_of`: a
    function's calls, memoised by the caller per function object)."""
    deps = {f.name: f for f in module.functions if f.decorator in _DEP_KINDS}
    if not deps:
        return []
    callers: dict[str, list[tuple[ir.Function, ir.Call]]] = {}  # each sub-function's calls, in source order
    for function in module.functions:
        if function.decorator.startswith("jit"):
            for call in calls_of(function):
                if call.func in deps:
                    callers.setdefault(call.func, []).append((function, call))
    sole = sorted(
        (found[0] for found in callers.values() if len(found) == 1 and found[0][0].decorator == "jit"),
        key=lambda pair: (pair[1].span.line, pair[1].span.col),
    )  # another caller may give the metadata: not modelled
    bindings: dict[int, dict[str, str]] = {}  # each entry's binding kinds, walked once for all its calls
    for entry, call in sole:
        fault = _call_fault(entry, deps[call.func], call, deps, bindings)
        if fault is not None:
            return [fault]
    return []


def _bound_args(dep: ir.Function, call: ir.Call) -> Iterator[tuple[ir.Param, ir.Expr]]:
    """Each parameter of `dep` with the argument the call gives it (`_build_param_mapping`)."""
    params = [p for p in dep.params if p.name != "self"]
    yield from zip(params, call.args, strict=False)
    by_name = {p.name: p for p in params}
    for keyword in call.keywords:
        if keyword.name in by_name:
            yield by_name[keyword.name], keyword.value


def _call_fault(
    entry: ir.Function,
    dep: ir.Function,
    call: ir.Call,
    deps: dict[str, ir.Function],
    bindings: dict[int, dict[str, str]],
) -> Diagnostic | None:
    if call.star_kwargs or any(isinstance(a, ir.Opaque) and a.kind == "Starred" for a in call.args):
        return None
    params = {p.name for p in entry.params}
    for param, arg in _bound_args(dep, call):
        if not isinstance(param.type, TensorType):
            continue  # a scalar, or a parameter the specializer does not treat as a tensor
        if isinstance(arg, ir.Name):
            if arg.id in params:
                continue
            kinds = bindings.get(id(entry))
            if kinds is None:
                kinds = bindings[id(entry)] = _binding_kinds(entry.body, deps)
            kind = kinds.get(arg.id, "")
            if kind == "untracked":
                return diagnostic("PTO-F314", arg.span, name=param.name)
            if kind == "task_id":
                return diagnostic("PTO-F315", arg.span, dtype="task_id")
            continue
        if isinstance(arg, ir.Subscript):
            if isinstance(arg.value, ir.Name) and _only_slices(arg.index):
                return diagnostic("PTO-F314", arg.span, name=param.name)
            continue  # `x[r]`: the per-rank form, typed from its base
        if isinstance(arg, ir.Call | ir.BinOp | ir.Const | ir.Attribute):
            return diagnostic("PTO-F314", arg.span, name=param.name)
    return None


def _only_slices(index: ir.Expr) -> bool:
    """`x[a:b]` / `x[a:b, :]`: no integer index, so `_arg_ref` gives the argument up."""
    items = index.elts if isinstance(index, ir.TupleExpr) else (index,)
    return all(isinstance(item, ir.SliceExpr) for item in items)


def _binding_kinds(body: tuple[ir.Stmt, ...], deps: dict[str, ir.Function]) -> dict[str, str]:
    """How every binding of each name in the entry leaves its metadata: "untracked" (none of them gives
    any), "task_id" (a `pl.create_tensor` of TASK_ID elements with a literal shape), or "" (not sure), in
    one walk of the entry for all its names."""
    unsure: set[str] = set()
    kinds: dict[str, set[str]] = {}
    for stmt in walk_stmts(body):
        if isinstance(stmt, ir.For):
            unsure.update(e.id for e in walk_expr(stmt.target) if isinstance(e, ir.Name))
        elif isinstance(stmt, ir.With):
            if stmt.target is not None:
                unsure.add(stmt.target)
        elif isinstance(stmt, ir.Assign):
            names = [e.id for t in stmt.targets for e in walk_expr(t) if isinstance(e, ir.Name)]
            if not names:
                continue
            if len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ir.Name):
                unsure.update(names)  # a tuple target: a sub-function's outputs may type it
                continue
            kinds.setdefault(names[0], set()).add(_value_kind(stmt.value, deps))
    out: dict[str, str] = {}
    for name, found in kinds.items():
        if name not in unsure and len(found) == 1 and found != {""}:
            out[name] = next(iter(found))
    return out


def _value_kind(value: ir.Expr, deps: dict[str, ir.Function]) -> str:
    if not isinstance(value, ir.Call) or value.func in deps or value.star_kwargs:
        return ""
    parts = value.func.split(".")
    if len(parts) < 2 or parts[0] not in ("pl", "pld"):
        return ""
    attr = parts[-1]
    if len(parts) == 2 and attr in _TRACKED:
        if attr == "create_tensor" and _task_id_tensor(value):
            return "task_id"
        return ""
    return "untracked"


def _task_id_tensor(call: ir.Call) -> bool:
    """`pl.create_tensor([<int literals>], dtype=pl.TASK_ID)`."""
    dtype = call.kwarg("dtype")
    if not (isinstance(dtype, ir.Attribute) and dtype.dotted in ("pl.TASK_ID", "pld.TASK_ID")):
        return False
    shape = call.args[0] if call.args else None
    return isinstance(shape, ir.ListExpr) and all(
        isinstance(e, ir.Const) and type(e.value) is int for e in shape.elts
    )
