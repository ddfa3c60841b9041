"""TypeCheck at pipeline input (src/ir/verifier/type_check_pass.cpp): a loop's yielded values keep the dtype and
shape of its init values, and an if's two branches yield values of one dtype and shape.

The verifier compares the declared iter_arg (the init value's type) with the closing `pl.yield_` value, and
then-yield with else-yield; its first complaint for a pair is the dtype, then the rank, then the first
differing extent. Only values whose types the model surely knows take part: a tensor or tile of static shape
and known dtype, named by the yield, whose name the body assigns only at its top level (a name a nested
branch assigns has a type that depends on the branch walked last).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from compiler import ir
from compiler.catalog import diagnostic
from compiler.frontend.checks.state import CheckState
from compiler.ir_walk import child_blocks
from compiler.source import Span
from compiler.types import TensorType, TileType, ValueType

_Shaped = TensorType | TileType


def closing_yield(body: tuple[ir.Stmt, ...]) -> ir.Assign | None:
    """The body's last statement when it is `targets = pl.yield_(...)`."""
    last = body[-1] if body else None
    if isinstance(last, ir.Assign) and isinstance(last.value, ir.Call) and last.value.func == "pl.yield_":
        return last
    return None


def yielded_types(state: CheckState, body: tuple[ir.Stmt, ...]) -> tuple[ValueType | None, ...] | None:
    """The types of the closing `pl.yield_` values of a body just walked (None for a value the model does not
    surely know); None when the body does not end in a yield with plain positional values."""
    stmt = closing_yield(body)
    if stmt is None:
        return None
    call = stmt.value
    assert isinstance(call, ir.Call)
    if call.keywords or call.star_kwargs or not call.args:
        return None
    names = {arg.id for arg in call.args if isinstance(arg, ir.Name)}
    nested = _nested_assigned(body, names) if names else frozenset()
    return tuple(
        state.type_of(arg.id) if isinstance(arg, ir.Name) and arg.id not in nested else None
        for arg in call.args
    )


def _nested_assigned(body: tuple[ir.Stmt, ...], names: set[str]) -> frozenset[str]:
    """Which of `names` a compound statement of the body (at any depth) assigns."""
    found: set[str] = set()
    stack = [block for stmt in body for block in child_blocks(stmt)]
    stack.extend((s,) for s in body if isinstance(s, ir.For))  # a loop's own target
    while stack:
        for stmt in stack.pop():
            if isinstance(stmt, ir.Assign):
                for target in stmt.targets:
                    found.update(n.id for n in _target_names(target) if n.id in names)
            elif isinstance(stmt, ir.For):
                found.update(n.id for n in _target_names(stmt.target) if n.id in names)
            stack.extend(child_blocks(stmt))
    return frozenset(found)


def _target_names(target: ir.Expr) -> list[ir.Name]:
    if isinstance(target, ir.Name):
        return [target]
    if isinstance(target, ir.TupleExpr | ir.ListExpr):
        return [n for elt in target.elts for n in _target_names(elt)]
    return []


def _sure(value: ValueType | None) -> bool:
    if not isinstance(value, _Shaped) or not value.dtype or value.dtype == "?":
        return False
    if isinstance(value, TensorType) and (value.distributed or not value.ranked):
        return False
    return all(isinstance(d, int) and not isinstance(d, bool) for d in value.shape)


def _first_mismatch(left: ValueType | None, right: ValueType | None) -> tuple[str, dict[str, Any]] | None:
    """CheckTypeEquality's first complaint for two surely known types of one kind, or None."""
    if not (_sure(left) and _sure(right)) or type(left) is not type(right):
        return None
    assert isinstance(left, _Shaped) and isinstance(right, _Shaped)
    if left.dtype != right.dtype:
        return "PTO-F273", {}
    if len(left.shape) != len(right.shape):
        return "PTO-F274", {"expected": len(left.shape), "got": len(right.shape)}
    for axis, (a, b) in enumerate(zip(left.shape, right.shape, strict=True)):
        if a != b:
            return "PTO-F275", {"axis": axis, "expected": a, "got": b}
    return None


def check_loop_yield(
    state: CheckState,
    stmt: ir.For,
    carries: Sequence[ir.Expr],
    inits: Sequence[ValueType],
    yielded: tuple[ValueType | None, ...] | None,
) -> None:
    """F273 ... F275 on a `for ... init_values=` loop: each init value against its yielded value."""
    if yielded is None or state.facts.bad or not (len(carries) == len(inits) == len(yielded)):
        return
    closing = closing_yield(stmt.body)
    if closing is None or len(_target_names(closing.targets[0])) not in (0, len(yielded)):
        return
    kind = "WhileStmt" if stmt.kind == "while_" else "ForStmt"
    for index, (init, value) in enumerate(zip(inits, yielded, strict=True)):
        found = _first_mismatch(init, value)
        if found is not None:
            carry = carries[index]
            name = carry.id if isinstance(carry, ir.Name) else f"iter_arg[{index}]"
            _report(
                state, found, stmt.header, kind, f"declared iter_arg[{index}]", f"yield value[{index}]", name
            )
            return


def check_if_yield(
    state: CheckState,
    stmt: ir.If,
    then: tuple[ValueType | None, ...] | None,
    orelse: tuple[ValueType | None, ...] | None,
) -> None:
    """F273 ... F275 on an if whose two branches end in `pl.yield_`: then-value against else-value."""
    if then is None or orelse is None or state.facts.bad or len(then) != len(orelse):
        return
    closing = closing_yield(stmt.body)
    assert closing is not None
    names = _target_names(closing.targets[0]) if len(closing.targets) == 1 else []
    if len(names) != len(then):
        return
    for index, (left, right) in enumerate(zip(then, orelse, strict=True)):
        found = _first_mismatch(left, right)
        if found is not None:
            left_desc, right_desc = f"then yield value[{index}]", f"else yield value[{index}]"
            _report(state, found, stmt.header, "IfStmt", left_desc, right_desc, names[index].id)
            return


def _report(
    state: CheckState,
    found: tuple[str, dict[str, Any]],
    span: Span,
    kind: str,
    left: str,
    right: str,
    name: str,
) -> None:
    code, fields = found
    state.emit(diagnostic(code, span, stmt=kind, left=left, right=right, name=name, **fields), bad=True)
